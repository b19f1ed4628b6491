// `reachd advisories import PATH`, `reachd advisories status`, and the curated symbol set:
// `reachd advisories symbols import FILE` / `reachd advisories symbols list`.
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { DB } from "../store/database.ts";
import { importAdvisories } from "../scan/advisories/import.ts";
import { databaseStatus } from "../scan/advisories/status.ts";
import { importOperatorCurated, listCurated } from "../scan/advisories/curated.ts";
import { parseCuratedDocument } from "../scan/advisories/curated-format.ts";
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
    const status = await databaseStatus(db);
    out.result(status, [JSON.stringify(status, null, 2)]);
    return 0;
  }
  if (sub === "symbols") return cmdSymbols(db, positionals[0], positionals.slice(1), out);
  throw new UsageError("usage: reachd advisories import PATH | status | symbols import FILE | symbols list");
}

/** A curated file is small (hundreds of entries); anything far larger is not one. */
const MAX_CURATED_BYTES = 16 * 1024 * 1024;

async function cmdSymbols(db: DB, sub: string | undefined, positionals: string[], out: Output): Promise<number> {
  if (sub === "import") {
    const path = positionals[0];
    if (!path) throw new UsageError("usage: reachd advisories symbols import FILE (a reachd-curated-symbols JSON file)");
    const abs = resolve(path);
    if (!existsSync(abs) || !statSync(abs).isFile()) throw new UsageError(`${path} is not a file`);
    if (statSync(abs).size > MAX_CURATED_BYTES) throw new UsageError(`${path} is larger than ${MAX_CURATED_BYTES} bytes`);
    let data: unknown;
    try {
      data = JSON.parse(await Bun.file(abs).text());
    } catch {
      throw new UsageError(`${path} is not valid JSON`);
    }
    const parsed = parseCuratedDocument(data);
    if (!parsed.ok) {
      const lines = parsed.problems.map((p) => `  ${p.field}: ${p.issue}`);
      throw new UsageError(`${path} is not a valid curated symbol file; nothing imported:\n${lines.join("\n")}`);
    }
    const summary = await importOperatorCurated(db, parsed.entries);
    // New symbols can change a finding's level: re-match the latest scans as an advisory import does.
    const queued = summary.inserted + summary.updated > 0 ? await queueReevaluation(db, `curated symbols import ${path}`) : 0;
    const reevaluation = { queued, ...(queued > 0 ? await runQueuedReevaluations(db, createLogger("warn")) : {}) };
    out.result({ ...summary, reevaluation }, [`curated symbols from ${path}: ${JSON.stringify(summary)}`, `re-evaluation: ${JSON.stringify(reevaluation)}`]);
    return 0;
  }
  if (sub === "list") {
    const entries = await listCurated(db);
    const lines = entries.map((e) => {
      const where = e.imports.map((i) => (i.symbols.length ? `${i.path}:{${i.symbols.join(",")}}` : i.path)).join(" ");
      return `${e.id}\t${e.ecosystem}\t${e.package}\t${e.source}\t${where}`;
    });
    out.result({ entries }, lines.length ? lines : ["no curated symbols"]);
    return 0;
  }
  throw new UsageError("usage: reachd advisories symbols import FILE | reachd advisories symbols list [--json]");
}
