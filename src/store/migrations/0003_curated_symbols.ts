// The curated vulnerable-symbol set (src/scan/advisories/curated.ts): one row per advisory,
// package and source, so an operator's entry and the embedded one coexist and matching picks by
// precedence; re-syncing the embedded set never touches the operator's rows.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("curated_symbols")
    .addColumn("advisory_id", "text", (c) => c.notNull())
    .addColumn("ecosystem", "text", (c) => c.notNull())
    .addColumn("package", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("package_name", "text", (c) => c.notNull())
    .addColumn("aliases", "text", (c) => c.notNull())
    .addColumn("imports", "text", (c) => c.notNull())
    .addColumn("why", "text", (c) => c.notNull())
    .addColumn("imported_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("curated_symbols_pk", ["advisory_id", "ecosystem", "package", "source"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("curated_symbols").ifExists().execute();
}
