// What `reachd advisories status` and `GET /v1/advisories/status` both show: record counts per
// ecosystem, import provenance, and the curated symbol set's size by source. One function, so the
// CLI and the API cannot drift apart.
import type { DB } from "../../store/database.ts";
import { curatedCounts, type CuratedCounts } from "./curated.ts";
import { advisoryStatus, type AdvisoryStatus } from "./store.ts";

export interface DatabaseStatus extends AdvisoryStatus {
  curated_symbols: CuratedCounts;
}

export async function databaseStatus(db: DB): Promise<DatabaseStatus> {
  return { ...(await advisoryStatus(db)), curated_symbols: await curatedCounts(db) };
}
