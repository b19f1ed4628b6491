// Per-repository entry settings (extra entry-point globs, excluded paths), stored as JSON arrays
// of strings: they are read whole by every scan and never queried by element.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("repos").addColumn("entry_points", "text", (c) => c.notNull().defaultTo("[]")).execute();
  await db.schema.alterTable("repos").addColumn("exclude_paths", "text", (c) => c.notNull().defaultTo("[]")).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("repos").dropColumn("exclude_paths").execute();
  await db.schema.alterTable("repos").dropColumn("entry_points").execute();
}
