import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("plan", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull().unique())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("expires_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("api_keys_account").on("api_keys").column("account_id").execute();

  await db.schema
    .createTable("repos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("url", "text")
    .addColumn("path", "text")
    .addColumn("default_branch", "text")
    .addColumn("credential", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_scan_at", "text")
    .addUniqueConstraint("repos_account_name", ["account_id", "name"])
    .execute();

  await db.schema
    .createTable("scans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("repo_id", "text", (c) => c.notNull().references("repos.id").onDelete("cascade"))
    .addColumn("ref", "text", (c) => c.notNull())
    .addColumn("commit_sha", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("verdict", "text")
    .addColumn("threshold_severity", "text", (c) => c.notNull())
    .addColumn("threshold_reachable_only", "integer", (c) => c.notNull())
    .addColumn("trigger", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("completed_at", "text")
    .addColumn("duration_ms", "integer")
    .addColumn("total_advisories", "integer")
    .addColumn("reachable_count", "integer")
    .addColumn("error_code", "text")
    .addColumn("error_message", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("stats", "text")
    .execute();
  // History pages walk (repo_id, id) in id order; ids are time-sortable.
  await db.schema.createIndex("scans_repo_id").on("scans").columns(["repo_id", "id"]).execute();
  await db.schema.createIndex("scans_status").on("scans").columns(["status", "id"]).execute();

  await db.schema
    .createTable("findings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("scan_id", "text", (c) => c.notNull().references("scans.id").onDelete("cascade"))
    .addColumn("advisory_id", "text", (c) => c.notNull())
    .addColumn("cve_id", "text")
    .addColumn("aliases", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("ecosystem", "text", (c) => c.notNull())
    .addColumn("package", "text", (c) => c.notNull())
    .addColumn("version", "text", (c) => c.notNull())
    .addColumn("severity", "text", (c) => c.notNull())
    .addColumn("cvss_score", "real")
    .addColumn("fix_version", "text")
    .addColumn("reachable", "integer", (c) => c.notNull())
    .addColumn("level", "text", (c) => c.notNull())
    .addColumn("score", "real", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("symbols", "text", (c) => c.notNull())
    .addColumn("call_paths", "text", (c) => c.notNull())
    .addColumn("direct", "integer", (c) => c.notNull())
    .addColumn("chain", "text", (c) => c.notNull())
    .addColumn("risk", "real", (c) => c.notNull())
    .addColumn("reported", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("findings_scan").on("findings").column("scan_id").execute();

  await db.schema
    .createTable("advisories")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("modified", "text", (c) => c.notNull())
    .addColumn("published", "text")
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("aliases", "text", (c) => c.notNull())
    .addColumn("record", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("imported_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("advisory_packages")
    .addColumn("advisory_id", "text", (c) => c.notNull().references("advisories.id").onDelete("cascade"))
    .addColumn("ecosystem", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("advisory_packages_pk", ["advisory_id", "ecosystem", "name"])
    .execute();
  await db.schema
    .createIndex("advisory_packages_lookup")
    .on("advisory_packages")
    .columns(["ecosystem", "name"])
    .execute();
  await db.schema
    .createTable("advisory_imports")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("records", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("inserted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unchanged", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("withdrawn", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("errors", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error_sample", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();

  await db.schema
    .createTable("meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
  await sql`select 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["meta", "advisory_imports", "advisory_packages", "advisories", "findings", "scans", "repos", "api_keys", "accounts"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
