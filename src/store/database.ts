// Opens the SQLite store (WAL, foreign keys on) and applies the migrations at start.
import { Database as SqliteDatabase } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Kysely, Migrator, type MigrationProvider } from "kysely";
import { BunSqliteDialect } from "kysely-bun-sqlite";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./tables.ts";

export type DB = Kysely<Database>;

export interface Store {
  db: DB;
  sqlite: SqliteDatabase;
  close(): Promise<void>;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function openStore(dataDir: string): Promise<Store> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return openStoreAt(join(dataDir, "reachd.db"));
}

/** Opens (creating if needed) the database file and brings its schema up to date. */
export async function openStoreAt(file: string): Promise<Store> {
  const sqlite = new SqliteDatabase(file, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  const db = new Kysely<Database>({ dialect: new BunSqliteDialect({ database: sqlite }) });
  // Unordered: migrations written on parallel branches may land with a lower number after a
  // higher one has already run somewhere; each is independent and still runs exactly once.
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    await db.destroy();
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ""}: ${String(error)}`);
  }
  let closed = false;
  return {
    db,
    sqlite,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
