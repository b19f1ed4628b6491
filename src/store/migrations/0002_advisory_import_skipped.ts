// Advisory imports count records skipped because they affect no supported ecosystem (an osv.dev
// all.zip of Maven, say): they are neither errors nor stored, and an operator should see them.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("advisory_imports")
    .addColumn("skipped", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("advisory_imports").dropColumn("skipped").execute();
}
