// `reachd scan PATH` and `reachd callgraph PATH`: the pipeline on a local directory, no server.
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Config } from "../config.ts";
import { openStore, openStoreAt, type Store } from "../store/database.ts";
import { ensureBundledAdvisories } from "../scan/advisories/bundled.ts";
import { runScan } from "../scan/pipeline.ts";
import { compareFindings } from "../scan/report/finding.ts";
import { renderTable } from "../scan/report/table.ts";
import { toSarif } from "../scan/report/sarif.ts";
import { buildProjectGraph } from "../scan/callgraph/index.ts";
import { defaultCacheDir, FactsCache } from "../scan/callgraph/cache.ts";
import type { CollectStats } from "../scan/callgraph/collect.ts";
import { createLogger } from "../log.ts";
import { callgraphJson } from "../scan/callgraph/render.ts";
import { toDot, toPycg } from "../scan/callgraph/pycg.ts";
import { SEVERITIES, type ThresholdSeverity } from "../scan/model.ts";
import { VERSION } from "../version.ts";
import { UsageError, list, str, type Flags } from "./args.ts";
import { checkGlobs, normalizeGlobs } from "../scan/reach/settings.ts";

/** --entry/--exclude, checked like the API's entry_points/exclude_paths. */
function entrySettings(flags: Flags): { entryGlobs: string[]; exclude: string[] } {
  const entryGlobs = normalizeGlobs(list(flags, "entry"));
  const exclude = normalizeGlobs(list(flags, "exclude"));
  const issue = [...checkGlobs("--entry", entryGlobs), ...checkGlobs("--exclude", exclude)][0];
  if (issue) throw new UsageError(`${issue.field.replace(/\[\d+\]$/, "")} ${issue.issue}`);
  return { entryGlobs, exclude };
}

function directory(positionals: string[]): string {
  const path = positionals[0];
  if (!path) throw new UsageError("a PATH to a directory is required");
  const abs = resolve(path);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UsageError(`${path} is not a directory`);
  return abs;
}

/** `callgraph` also takes a source file, as PyCG's command line does: the graph of the file's
 * directory, so names are relative to it (`main.func` for `case/main.py`). */
function callgraphRoot(positionals: string[]): string {
  const path = positionals[0];
  const abs = path ? resolve(path) : "";
  if (abs && existsSync(abs) && statSync(abs).isFile()) return dirname(abs);
  return directory(positionals);
}

/** The facts cache of a local run: --cache-dir, else the user's cache dir; none with --no-cache. */
function localCache(flags: Flags): FactsCache | null {
  if (flags["no-cache"] === true) return null;
  const dir = str(flags, "cache-dir");
  if (dir === "") throw new UsageError("--cache-dir needs a directory");
  return new FactsCache(resolve(dir ?? defaultCacheDir()));
}

/** Debug log of how the call graph's facts were obtained (cache hits, workers). */
function statsLogger(config: Config): (stats: CollectStats) => void {
  const log = createLogger(config.logLevel);
  return (stats) => log.debug("callgraph facts", { ...stats });
}

/** The data dir's advisories when it has been set up, else the bundled set in memory. */
async function advisoryStore(config: Config): Promise<Store> {
  const store = existsSync(join(config.dataDir, "reachd.db")) ? await openStore(config.dataDir) : await openStoreAt(":memory:");
  await ensureBundledAdvisories(store.db);
  return store;
}

export async function cmdScan(config: Config, positionals: string[], flags: Flags): Promise<number> {
  const root = directory(positionals);
  const format = str(flags, "format") ?? (flags.json ? "json" : "table");
  if (!["table", "json", "sarif"].includes(format)) throw new UsageError("--format must be table, json or sarif");
  const severity = str(flags, "severity") ?? "low";
  if (!(SEVERITIES as readonly string[]).includes(severity)) throw new UsageError(`--severity must be one of ${SEVERITIES.join(", ")}`);
  const threshold = { severity: severity as ThresholdSeverity, reachable_only: flags["reachable-only"] === true };
  const cache = localCache(flags);

  const settings = entrySettings(flags);
  const store = await advisoryStore(config);
  try {
    const started = performance.now();
    const report = await runScan(root, { db: store.db, threshold, cache, onStats: statsLogger(config), ...settings });
    const findings = report.findings.filter((f) => f.reported).map((f) => f.view).sort(compareFindings);
    if (format === "json") {
      const summary = {
        path: root,
        verdict: report.verdict,
        duration_ms: Math.round(performance.now() - started),
        total_advisories: report.totalAdvisories,
        reachable_count: report.reachableCount,
        threshold,
        stats: report.stats,
        findings,
      };
      process.stdout.write(JSON.stringify(summary, null, 2) + "\n");
    } else if (format === "sarif") {
      const doc = toSarif({ id: "local", repo_name: root, ref: "working tree", commit_sha: null, completed_at: null, tool_version: VERSION }, findings);
      process.stdout.write(JSON.stringify(doc, null, 2) + "\n");
    } else {
      process.stdout.write(renderTable(findings, { color: process.stdout.isTTY === true }));
      process.stdout.write(`verdict: ${report.verdict}\n`);
    }
    // Exit 1 when anything is reported at or over the threshold, so CI can gate on it.
    return findings.length > 0 ? 1 : 0;
  } finally {
    await store.close();
  }
}

export async function cmdCallgraph(config: Config, positionals: string[], flags: Flags): Promise<number> {
  const root = callgraphRoot(positionals);
  const format = str(flags, "format") ?? "json";
  if (!["json", "pycg", "dot"].includes(format)) throw new UsageError("--format must be json, pycg or dot");
  const graph = await buildProjectGraph(root, { cache: localCache(flags), onStats: statsLogger(config), ...entrySettings(flags) });
  if (format === "dot") process.stdout.write(toDot(graph));
  else process.stdout.write(JSON.stringify(format === "pycg" ? toPycg(graph) : callgraphJson(graph), null, 2) + "\n");
  return 0;
}
