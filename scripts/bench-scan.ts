// Scan speed and memory, in one run (`npm run bench`):
//
//   bun scripts/bench-scan.ts [--lines 500000] [--langs js,ts,py] [--no-fixtures] [--workdir DIR] [--reps N]
//
// --reps N runs parse-only and the cold full scan N times each, alternately, and takes the least
// time (and the least CPU time) of each, the largest peak RSS: this machine's speed moves ~10%
// from run to run, and the ratio with it.
//
// For a generated corpus per language (scripts/gen-corpus.ts, --lines lines each) and for the
// repo's fixture projects (test/fixtures/projects/*, each given a lockfile naming a vulnerable
// package so the call graph phase runs), it prints:
//   parse-only   read + tree-sitter parse of every source file on the same worker pool, nothing
//                else: the physical floor of this design
//   full scan    runScan (inventory + advisories + call graph + reach), cold facts cache
//   ratio        full scan / parse-only
//   peak RSS     max resident set of the process that ran the full scan (workers included)
//   re-scan      runScan again after one file changed, in a new process (warm facts cache on
//                disk), and its speed-up over the full scan
//   server re-scan  what a scan job does on the next commit of a repository it scanned: the real
//                job handler (src/jobs/handlers/scan.ts) on a local git repository holding the
//                corpus (provider "local", the job's facts cache under its data directory, on-disk
//                store): the kept checkout fetched to the new commit, runScan with the state kept
//                by the previous job (incremental.ts) and a snapshot for re-evaluation, findings
//                and snapshot stored. Timed: the first job; the second, after a function was
//                appended to one file and committed; the third, after a line was inserted in a
//                function body of that file. The speed-up is the first job against the slower
//                re-scan (like for like); the verdict line gives it against the bare full scan too.
// Each measurement runs in a fresh child process (`--child ...`), timed inside it around the work
// only (not process start-up or advisory database setup). Other engineers may share the CPUs:
// compare ratios within one run.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { generateCorpus, type CorpusLang } from "./gen-corpus.ts";
import { JSC_ENV, missingJscEnv } from "../src/cli/relaunch.ts";

const ROOT = resolve(import.meta.dir, "..");

interface ChildResult {
  ms: number;
  /** CPU time of the whole process (every thread) over the same span. */
  cpuMs: number;
  files: number;
  lines: number;
  findings?: number;
  reachable?: number;
  cacheHits?: number;
  parsed?: number;
  workers?: number;
  /** Milliseconds per phase of runScan (summed over the directories). */
  phases?: Record<string, number>;
  /** Resident MiB of the process at the end of each phase (the largest over the directories). */
  phaseRss?: Record<string, number>;
  /** Server: wall milliseconds of the first scan job (clone, full scan, snapshot, store). */
  firstMs?: number;
  /** Server: wall milliseconds of a third job, after a line was inserted in a function body. */
  bodyMs?: number;
}

/**
 * The most common edit: a statement inserted at the top of the file's first function body (a
 * call to a builtin, so later lines and offsets in the file move).
 */
function editBody(file: string): void {
  const lines = readFileSync(file, "utf8").split("\n");
  const py = file.endsWith(".py");
  const at = lines.findIndex((l) => (py ? /^\s*def .*:\s*$/ : /^\s*(export )?(default )?(async )?function .*\{\s*$/).test(l));
  if (at < 0 || at + 1 >= lines.length) throw new Error(`no function body to edit in ${file}`);
  const indent = /^\s*/.exec(lines[at + 1]!)![0];
  lines.splice(at + 1, 0, `${indent}${py ? 'print("bench edit")' : 'console.log("bench edit");'}`);
  writeFileSync(file, lines.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Child side: one measurement per process.

/** CPU milliseconds (user + system, all threads of the process) since `from`. */
function cpuOf(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

/** Lines of the source files (counted by the parent: reading them in a child would add to its RSS). */
async function sourceLines(dirs: string[]): Promise<number> {
  const { listFiles, readSource } = await import("../src/scan/callgraph/walk.ts");
  let lines = 0;
  for (const dir of dirs) {
    for (const s of (await listFiles(dir)).sources) {
      const r = await readSource(dir, s.path);
      if ("text" in r) for (let i = r.text.indexOf("\n"); i >= 0; i = r.text.indexOf("\n", i + 1)) lines++;
    }
  }
  return lines;
}

async function childParse(dirs: string[]): Promise<ChildResult> {
  const { listFiles, readSource } = await import("../src/scan/callgraph/walk.ts");
  const { ParsePool } = await import("../src/scan/callgraph/pool.ts");
  const { MIN_POOL_FILES } = await import("../src/scan/callgraph/collect.ts");
  const { parseSource } = await import("../src/scan/callgraph/parser.ts");
  let ms = 0;
  let cpuMs = 0;
  let files = 0;
  let lines = 0;
  for (const dir of dirs) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const listing = await listFiles(dir);
    const texts: { src: (typeof listing.sources)[number]; text: string }[] = [];
    for (const src of listing.sources) {
      const r = await readSource(dir, src.path);
      if ("text" in r) texts.push({ src, text: r.text });
    }
    if (texts.length >= MIN_POOL_FILES) {
      const pool = new ParsePool({ workerUrl: new URL("./bench-parse-worker.ts", import.meta.url).href });
      try {
        await Promise.all(texts.map((t) => pool.analyse(t.src, t.text)));
      } finally {
        pool.close();
      }
    } else {
      for (const t of texts) {
        const p = await parseSource(t.src.grammar, t.text);
        if ("tree" in p) p.tree.delete();
      }
    }
    ms += performance.now() - started;
    cpuMs += cpuOf(cpu);
    files += listing.sources.length;
  }
  return { ms, cpuMs, files, lines };
}

const GIT_ENV = {
  GIT_AUTHOR_NAME: "reachd bench", GIT_AUTHOR_EMAIL: "bench@reachd.invalid", GIT_COMMITTER_NAME: "reachd bench",
  GIT_COMMITTER_EMAIL: "bench@reachd.invalid", GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1",
};

function git(cwd: string, ...args: string[]): void {
  const p = Bun.spawnSync(["git", ...args], { cwd, env: { ...process.env, ...GIT_ENV }, stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${p.stderr.toString()}`);
}

/** The directory's files committed to a git repository in it (made on first use), as the server's repository. */
function commitAll(dir: string, message: string): void {
  git(dir, "init", "-q", "-b", "main");
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "--allow-empty", "-m", message);
}

/**
 * The server's re-scan: two scan jobs of one repository through the real job handler, the second
 * after `edit` changed one file and was committed; only the second is measured.
 */
async function childServer(dirs: string[], edit: ServerEdits): Promise<ChildResult> {
  const { openStore } = await import("../src/store/database.ts");
  const { ensureBundledAdvisories } = await import("../src/scan/advisories/bundled.ts");
  const { createAccount } = await import("../src/accounts/service.ts");
  const { createScan } = await import("../src/api/scans/service.ts");
  const { claimNext } = await import("../src/jobs/queue.ts");
  const { scanHandler } = await import("../src/jobs/handlers/scan.ts");
  const { validateRepoSpec } = await import("../src/scan/sources/index.ts");
  const { loadConfig } = await import("../src/config.ts");
  const { silentLogger } = await import("../src/log.ts");
  const { newId } = await import("../src/ids.ts");
  const { isoNow } = await import("../src/time.ts");
  const out: ChildResult = { ms: 0, cpuMs: 0, files: 0, lines: 0, phases: {}, phaseRss: {} };
  for (const dir of dirs) {
    const dataDir = mkdtempSync(join(tmpdir(), "reachd-bench-server-"));
    const store = await openStore(dataDir);
    try {
      await ensureBundledAdvisories(store.db);
      const roots = dirname(dir);
      const config = loadConfig({ dataDir }, { ...process.env, REACHD_LOCAL_ROOTS: roots });
      const spec = validateRepoSpec({ name: "bench/app", provider: "local", url: null, path: dir, token: null }, [roots]);
      if (!spec.ok) throw new Error(spec.error.message);
      const account = (await createAccount(store.db, { name: "bench", plan: "team" })).id;
      const repoId = newId("repo");
      await store.db.insertInto("repos").values({
        id: repoId, account_id: account, name: "bench/app", provider: "local", url: spec.value.url, path: spec.value.path,
        default_branch: "main", credential: null, created_at: isoNow(), last_scan_at: null,
      }).execute();
      let timing = false;
      const handler = scanHandler({
        db: store.db, config, secretKey: new Uint8Array(32), log: silentLogger,
        onPhase: (name, ms) => {
          if (!timing) return;
          out.phases![name] = (out.phases![name] ?? 0) + ms;
          out.phaseRss![name] = Math.max(out.phaseRss![name] ?? 0, process.memoryUsage.rss() / 1024 / 1024);
        },
      });
      const job = async (): Promise<void> => {
        const scan = await createScan(store.db, account, { repoId, ref: "main", threshold: undefined, trigger: "api" });
        const claimed = await claimNext(store.db);
        if (claimed?.id !== scan.id) throw new Error("the bench's scan job was not the one claimed");
        await handler(claimed, new AbortController().signal);
        const done = await store.db.selectFrom("scans").selectAll().where("id", "=", scan.id).executeTakeFirstOrThrow();
        if (done.status !== "complete") throw new Error(`scan job ${done.status}: ${done.error_message ?? ""}`);
        const stats = JSON.parse(done.stats ?? "{}") as { files_analysed?: number };
        if (timing) out.files += stats.files_analysed ?? 0;
      };
      const first = performance.now();
      await job();
      out.firstMs = (out.firstMs ?? 0) + performance.now() - first;
      if (edit.file.startsWith(`${dir}/`)) appendFileSync(edit.file, edit.text);
      commitAll(dir, "bench edit");
      timing = true;
      const cpu = process.cpuUsage();
      const started = performance.now();
      await job();
      out.ms += performance.now() - started;
      out.cpuMs += cpuOf(cpu);
      if (edit.body.startsWith(`${dir}/`)) editBody(edit.body);
      commitAll(dir, "bench body edit");
      timing = false;
      const body = performance.now();
      await job();
      out.bodyMs = (out.bodyMs ?? 0) + performance.now() - body;
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return out;
}

async function childScan(dirs: string[], cacheDir: string): Promise<ChildResult> {
  const { openStoreAt } = await import("../src/store/database.ts");
  const { ensureBundledAdvisories } = await import("../src/scan/advisories/bundled.ts");
  const { runScan } = await import("../src/scan/pipeline.ts");
  const { FactsCache } = await import("../src/scan/callgraph/cache.ts");
  const store = await openStoreAt(":memory:");
  await ensureBundledAdvisories(store.db);
  const out: ChildResult = { ms: 0, cpuMs: 0, files: 0, lines: 0, findings: 0, reachable: 0, cacheHits: 0, parsed: 0, workers: 0, phases: {}, phaseRss: {} };
  for (const dir of dirs) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const report = await runScan(dir, {
      db: store.db,
      threshold: { severity: "low", reachable_only: false },
      cache: new FactsCache(cacheDir),
      onStats: (s) => {
        out.cacheHits! += s.cacheHits;
        out.parsed! += s.parsed;
        out.workers = Math.max(out.workers!, s.workers);
      },
      onPhase: (name, ms) => {
        out.phases![name] = (out.phases![name] ?? 0) + ms;
        // Where the memory goes: reading RSS costs microseconds, unlike heap statistics.
        out.phaseRss![name] = Math.max(out.phaseRss![name] ?? 0, process.memoryUsage.rss() / 1024 / 1024);
      },
    });
    out.ms += performance.now() - started;
    out.cpuMs += cpuOf(cpu);
    out.files += report.stats.files_analysed;
    out.findings! += report.findings.length;
    out.reachable! += report.findings.filter((f) => f.view.reachable).length;
  }
  await store.close();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Parent side.

function child(args: string[]): { result: ChildResult; maxRss: number } {
  const p = Bun.spawnSync([process.execPath, import.meta.path, "--child", ...args], {
    // reachd's JavaScriptCore options (src/cli/relaunch.ts), as `reachd` and its binary run with.
    cwd: ROOT, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...missingJscEnv(), REACHD_LOG_LEVEL: "error" },
  });
  if (p.exitCode !== 0) throw new Error(`child ${args.join(" ")} failed:\n${p.stderr.toString()}`);
  const line = p.stdout.toString().trim().split("\n").pop()!;
  return { result: JSON.parse(line) as ChildResult, maxRss: p.resourceUsage?.maxRSS ?? 0 };
}

/** Fixture projects copied next to a lockfile naming a vulnerable package (else no call graph). */
function fixtureCopies(work: string): string[] {
  const base = join(ROOT, "test/fixtures/projects");
  const out: string[] = [];
  for (const name of readdirSync(base).sort()) {
    const dir = join(work, "fixtures", name);
    cpSync(join(base, name), dir, { recursive: true });
    if (name.startsWith("py")) writeFileSync(join(dir, "requirements.txt"), "PyYAML==5.3.1\n");
    else {
      writeFileSync(join(dir, "package-lock.json"), JSON.stringify({
        name, version: "1.0.0", lockfileVersion: 3, requires: true,
        packages: { "": { name, version: "1.0.0", dependencies: { lodash: "4.17.20" } }, "node_modules/lodash": { version: "4.17.20" } },
      }));
    }
    out.push(dir);
  }
  return out;
}

const fmt = (n: number): string => Math.round(n).toLocaleString("en-US");
const mib = (b: number): string => `${(b / 1024 / 1024).toFixed(0)} MiB`;

interface Row {
  name: string;
  files: number;
  lines: number;
  parseMs: number;
  parseCpuMs: number;
  scanMs: number;
  scanCpuMs: number;
  rss: number;
  rescanMs: number;
  serverRescanMs: number;
  findings: number;
  reachable: number;
  rescanHits: number;
  scanPhases: Record<string, number>;
  scanPhaseRss: Record<string, number>;
  rescanPhases: Record<string, number>;
  serverPhases: Record<string, number>;
  serverFirstMs: number;
  serverBodyMs: number;
}

/** The server's re-scans: `text` appended to `file`, then a line inserted in a function body of `body`. */
interface ServerEdits {
  file: string;
  text: string;
  body: string;
}

async function measure(name: string, dirs: string[], edit: () => void, cacheDir: string, second: ServerEdits, reps: number): Promise<Row> {
  const lines = await sourceLines(dirs);
  let parse: ChildResult | null = null;
  let scan: { result: ChildResult; maxRss: number } | null = null;
  let parseCpuMs = Infinity;
  let scanCpuMs = Infinity;
  let maxRss = 0;
  for (let r = 0; r < reps; r++) {
    const p = child(["parse", ...dirs]).result;
    if (!parse || p.ms < parse.ms) parse = p;
    parseCpuMs = Math.min(parseCpuMs, p.cpuMs);
    // Cold every time: the last one leaves the cache the re-scan below starts from.
    rmSync(cacheDir, { recursive: true, force: true });
    const s = child(["scan", cacheDir, ...dirs]);
    if (!scan || s.result.ms < scan.result.ms) scan = s;
    scanCpuMs = Math.min(scanCpuMs, s.result.cpuMs);
    maxRss = Math.max(maxRss, s.maxRss);
  }
  if (!parse || !scan) throw new Error("--reps must be at least 1");
  edit();
  const rescan = child(["scan", cacheDir, ...dirs]).result;
  for (const dir of dirs) commitAll(dir, "bench base");
  const server = child(["server", second.file, second.text, second.body, ...dirs]).result;
  return {
    serverRescanMs: server.ms, serverPhases: server.phases ?? {}, serverFirstMs: server.firstMs ?? 0, serverBodyMs: server.bodyMs ?? 0,
    name, files: scan.result.files, lines, parseMs: parse.ms, parseCpuMs, scanMs: scan.result.ms,
    scanCpuMs, rss: maxRss,
    rescanMs: rescan.ms, findings: scan.result.findings ?? 0, reachable: scan.result.reachable ?? 0, rescanHits: rescan.cacheHits ?? 0,
    scanPhases: scan.result.phases ?? {}, scanPhaseRss: scan.result.phaseRss ?? {}, rescanPhases: rescan.phases ?? {},
  };
}

const HEAD = [
  "corpus", "files", "lines", "parse-only s", "parse lines/s", "full scan s", "scan lines/s", "ratio",
  "cpu ratio", "peak RSS", "re-scan s", "speed-up", "server 1st job s", "server re-scan s (add / body)", "speed-up", "findings (reachable)",
];
const WIDTHS = [22, 6, 9, 12, 13, 11, 12, 6, 9, 9, 9, 8, 16, 29, 8, 20];

function line(cells: string[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(WIDTHS[i]!) : c.padStart(WIDTHS[i]!))).join("  ");
}

/** The slower of the server's two re-scans (a function added; a line inserted in a body). */
function serverRescan(r: Row): number {
  return Math.max(r.serverRescanMs, r.serverBodyMs);
}

/** One table row, printed as soon as it is measured. */
function printRow(r: Row): void {
  console.log(line([
    r.name, fmt(r.files), fmt(r.lines), (r.parseMs / 1000).toFixed(2), fmt(r.lines / (r.parseMs / 1000)),
    (r.scanMs / 1000).toFixed(2), fmt(r.lines / (r.scanMs / 1000)), `${(r.scanMs / r.parseMs).toFixed(2)}x`,
    `${(r.scanCpuMs / r.parseCpuMs).toFixed(2)}x`, mib(r.rss), (r.rescanMs / 1000).toFixed(2),
    `${(r.scanMs / r.rescanMs).toFixed(1)}x`, (r.serverFirstMs / 1000).toFixed(2),
    `${(r.serverRescanMs / 1000).toFixed(2)} / ${(r.serverBodyMs / 1000).toFixed(2)}`,
    `${(r.serverFirstMs / serverRescan(r)).toFixed(1)}x`,
    `${r.findings} (${r.reachable})`,
  ]));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === "--child") {
    const [, mode, ...rest] = args;
    const r = mode === "parse" ? await childParse(rest)
      : mode === "server" ? await childServer(rest.slice(3), { file: rest[0]!, text: rest[1]!, body: rest[2]! })
      : await childScan(rest.slice(1), rest[0]!);
    console.log(JSON.stringify(r));
    return;
  }
  const get = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const lines = Number(get("lines") ?? 500_000);
  const reps = Number(get("reps") ?? 1);
  if (!Number.isInteger(reps) || reps < 1) throw new Error("--reps takes a whole number of at least 1");
  const langs = (get("langs") ?? "js,ts,py").split(",").filter((l): l is CorpusLang => ["js", "ts", "py"].includes(l));
  const work = get("workdir") ?? mkdtempSync(join(tmpdir(), "reachd-bench-"));
  const { availableParallelism } = await import("node:os");
  console.log(`reachd bench: ${availableParallelism()} CPUs, bun ${Bun.version}, ${fmt(lines)} lines per language corpus, in ${work}${reps > 1 ? `; parse-only and full scan: least of ${reps} alternated runs` : ""}`);
  // Read by JavaScriptCore at process start, so it reaches the measuring children through their environment.
  const jsc = { ...process.env, ...missingJscEnv() };
  console.log(`JavaScriptCore options of the measuring processes (reachd's own unless set in the environment): ${
    Object.keys(JSC_ENV).map((k) => `${k.slice("BUN_JSC_".length)}=${jsc[k]}`).join(" ")}`);
  const rows: Row[] = [];
  const load = (await import("node:os")).loadavg()[0]!.toFixed(1);
  console.log(`load average at start: ${load} (other processes share the CPUs; "cpu ratio" compares CPU time, which they disturb less)`);
  console.log(line(HEAD));
  const add = (r: Row): void => {
    rows.push(r);
    printRow(r);
  };
  const phaseLine = (r: Row): string => {
    const show = (p: Record<string, number>): string =>
      Object.entries(p).filter(([, ms]) => ms >= 1).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(2)}`).join(", ");
    return `  ${r.name}: full scan ${show(r.scanPhases)} | re-scan ${show(r.rescanPhases)} | server re-scan ${show(r.serverPhases)} (s)`;
  };
  try {
    if (!args.includes("--no-fixtures")) {
      const dirs = fixtureCopies(work);
      const target = join(dirs[0]!, "src/index.js");
      add(await measure(`fixtures (${dirs.length} projects)`, dirs, () => appendFileSync(target, "\nfunction benchEdit() { return 1; }\n"), join(work, "cache-fixtures"),
        { file: target, text: "\nfunction benchEdit2() { return 2; }\n", body: join(dirs.find((d) => d.endsWith("js-esm"))!, "src/index.js") }, reps));
    }
    for (const lang of langs) {
      const corpus = generateCorpus(lang, join(work, `corpus-${lang}`), lines);
      const edit = (): void =>
        appendFileSync(join(corpus.dir, corpus.sample), lang === "py" ? "\n\ndef bench_edit():\n    return 1\n" : "\nfunction benchEdit() { return 1; }\n");
      const sample = join(corpus.dir, corpus.sample);
      const second = { file: sample, text: lang === "py" ? "\n\ndef bench_edit2():\n    return 2\n" : "\nfunction benchEdit2() { return 2; }\n", body: sample };
      add(await measure(`${lang} generated`, [corpus.dir], edit, join(work, `cache-${lang}`), second, reps));
      rmSync(corpus.dir, { recursive: true, force: true });
    }
    console.log("");
    console.log("where the time goes, per phase (facts: read + cache + parse; assemble: resolution and argument flow; gc: the full collection after a big graph whose state a server keeps for its next scan; server re-scan: also the job's checkout, snapshot, store and cleanup):");
    for (const r of rows) console.log(phaseLine(r));
    console.log("");
    console.log("resident memory of the full scan at the end of each phase (MiB; the peak is between two of them):");
    for (const r of rows) {
      console.log(`  ${r.name}: ${Object.entries(r.scanPhaseRss).map(([name, m]) => `${name} ${Math.round(m)}`).join(", ")}, peak ${mib(r.rss)}`);
    }
    const big = rows.filter((r) => !r.name.startsWith("fixtures"));
    if (big.length > 0) {
      const worst = <K extends keyof Row>(f: (r: Row) => number): number => Math.min(...big.map(f));
      const minRate = worst((r) => r.lines / (r.scanMs / 1000));
      const maxRatio = Math.max(...big.map((r) => r.scanMs / r.parseMs));
      const maxCpuRatio = Math.max(...big.map((r) => r.scanCpuMs / r.parseCpuMs));
      const cpuRate = worst((r) => r.lines / (r.scanCpuMs / 1000));
      const minSpeedup = worst((r) => r.scanMs / r.rescanMs);
      // Like for like: the re-scan job against the first job of the same repository (both clone or
      // fetch, scan, snapshot and store); against the bare full scan above too, which has none of those.
      const minServer = worst((r) => r.serverFirstMs / serverRescan(r));
      const minServerBare = worst((r) => r.scanMs / serverRescan(r));
      const maxRss = Math.max(...big.map((r) => r.rss));
      const verdict = (ok: boolean): string => (ok ? "met" : "NOT met");
      console.log("");
      console.log(`full scan >= 50,000 lines/s: slowest ${fmt(minRate)} lines/s, ${verdict(minRate >= 50_000)}`);
      console.log(`full scan <= 3x parse-only: worst ${maxRatio.toFixed(2)}x wall, ${maxCpuRatio.toFixed(2)}x CPU time, ${verdict(maxRatio <= 3)}`);
      console.log(`full scan per CPU-second: slowest ${fmt(cpuRate)} lines (x${availableParallelism()} CPUs when they are ours alone)`);
      console.log(`one-file re-scan >= 10x faster: least ${minSpeedup.toFixed(1)}x in a new process (facts cache on disk), ${verdict(minSpeedup >= 10)}; ` +
        `least ${minServer.toFixed(1)}x in the server (kept state; re-scan job against the first job), ${verdict(minServer >= 10)} ` +
        `(${minServerBare.toFixed(1)}x against the bare full scan, which has no checkout, snapshot or store)`);
      const at = Math.max(...big.map((r) => r.lines));
      console.log(`peak RSS: ${mib(maxRss)} at ${fmt(at)} lines${at >= 1_000_000 ? `, <= 1 GB: ${verdict(maxRss <= 1024 ** 3)}` : " (run --lines 1000000 for the 1 GB target)"}`);
    }
  } finally {
    if (get("workdir") === undefined) rmSync(work, { recursive: true, force: true });
  }
}

await main();
