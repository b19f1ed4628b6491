// Re-evaluation without cloning again: every completed scan keeps a compact snapshot of what
// matching and reach need (inventory + call graph, gzipped JSON, versioned), and advisory imports
// queue one re-evaluation job per repository in a durable table so they survive a restart.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("scan_snapshots")
    .addColumn("scan_id", "text", (c) => c.primaryKey().references("scans.id").onDelete("cascade"))
    .addColumn("format", "integer", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("data", "blob", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("reeval_jobs")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("repo_id", "text", (c) => c.notNull().references("repos.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull()) // queued | running | done
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    /** What happened: "created <scan id>", "unchanged", or why the repository was skipped. */
    .addColumn("outcome", "text")
    .addColumn("scan_id", "text")
    .execute();
  await db.schema.createIndex("reeval_jobs_status").on("reeval_jobs").columns(["status", "id"]).execute();
  // One pending job per repository is enough: it re-matches against whatever is stored when it runs.
  await sql`CREATE UNIQUE INDEX reeval_jobs_one_queued ON reeval_jobs (repo_id) WHERE status = 'queued'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reeval_jobs").execute();
  await db.schema.dropTable("scan_snapshots").execute();
}
