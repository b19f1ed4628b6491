// The static list of migrations: a folder read at run time would not survive `bun build --compile`.
import type { Migration } from "kysely";
import * as m0001 from "./0001_core.ts";
import * as m0002 from "./0002_advisory_import_skipped.ts";
import * as m0003 from "./0003_curated_symbols.ts";
import * as m0004 from "./0004_repo_settings.ts";
import * as m0005 from "./0005_scan_snapshots.ts";
import * as m0006 from "./0006_users_sessions.ts";
import * as m0007 from "./0007_webhooks.ts";
import * as m0008 from "./0008_scans_account_completed.ts";

export const migrations: Record<string, Migration> = {
  "0001_core": m0001,
  "0002_advisory_import_skipped": m0002,
  "0003_curated_symbols": m0003,
  "0004_repo_settings": m0004,
  "0005_scan_snapshots": m0005,
  "0006_users_sessions": m0006,
  "0007_webhooks": m0007,
  "0008_scans_account_completed": m0008,
};
