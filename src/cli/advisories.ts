// `reachd advisories import PATH` and `reachd advisories status`.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { DB } from "../store/database.ts";
import { importAdvisories, advisoryStatus } from "../scan/advisories/import.ts";
import { changedAnything, queueReevaluation, runQueuedReevaluations } from "../jobs/reeval.ts";
import { createLogger } from "../log.ts";
import { UsageError } from "./args.ts";
import type { Output } from "./output.ts";

export async function cmdAdvisories(db: DB, sub: string | undefined, positionals: string[], out: Output): Promise<number> {
  if (sub === "import") {
    const path = positionals[0];
    if (!path) throw new UsageError("usage: reachd advisories import PATH (an OSV or legacy Node.js security-wg JSON file, a directory of them, or an osv.dev all.zip)");
    const abs = resolve(path);
    if (!existsSync(abs)) throw new UsageError(`${path} does not exist`);
    const summary = await importAdvisories(db, { path: abs }, { source: abs });
    // Re-evaluation jobs are durable: run here, or by a serving process, whichever claims them first.
    const queued = changedAnything(summary) ? await queueReevaluation(db, `advisory import ${summary.import_id}`) : 0;
    const reevaluation = { queued, ...(queued > 0 ? await runQueuedReevaluations(db, createLogger("warn")) : {}) };
    out.result({ ...summary, reevaluation }, [
      `imported from ${path}: ${JSON.stringify(summary)}`,
      `re-evaluation: ${JSON.stringify(reevaluation)}`,
    ]);
    return 0;
  }
  if (sub === "status") {
    const status = await advisoryStatus(db);
    out.result(status, [JSON.stringify(status, null, 2)]);
    return 0;
  }
  throw new UsageError("usage: reachd advisories import PATH | reachd advisories status");
}
