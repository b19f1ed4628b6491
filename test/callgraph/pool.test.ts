// The parse worker pool: the same graphs as in-process parsing, crashes and stuck files as
// per-file errors, a fallback when workers cannot start, and cancellation that ends every worker.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildProjectGraph, type BuildOptions } from "../../src/scan/callgraph/index.ts";
import { callgraphJson } from "../../src/scan/callgraph/render.ts";
import { FactsCache } from "../../src/scan/callgraph/cache.ts";
import type { CollectStats } from "../../src/scan/callgraph/collect.ts";
import { liveWorkers, ParsePool, startedWorkers } from "../../src/scan/callgraph/pool.ts";
import { generateCorpus } from "../../scripts/gen-corpus.ts";
import { FIXTURES, PROJECTS } from "./helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "reachd-pool-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const MISBEHAVING = join(FIXTURES, "workers/misbehaving.ts");
const WASM_PROBE = join(FIXTURES, "workers/wasm-probe.ts");

async function graphJson(root: string, pool: BuildOptions["pool"]): Promise<{ json: string; stats: CollectStats }> {
  let stats: CollectStats | null = null;
  const g = await buildProjectGraph(root, { pool, onStats: (s) => (stats = s) });
  return { json: JSON.stringify(callgraphJson(g)), stats: stats! };
}

async function noWorkersLeft(): Promise<void> {
  // Workers report their exit asynchronously; give them a moment.
  for (let i = 0; i < 100 && liveWorkers() > 0; i++) await Bun.sleep(20);
  expect(liveWorkers()).toBe(0);
}

describe("parse worker pool", () => {
  const projects = readdirSync(PROJECTS).sort();

  test.each(projects)("fixture project %s: the pool gives the same graph JSON as in-process", async (name) => {
    const root = join(PROJECTS, name);
    const inProcess = await graphJson(root, false);
    const pooled = await graphJson(root, { size: 2, minFiles: 0 });
    expect(inProcess.stats.workers).toBe(0);
    expect(pooled.stats.workers).toBe(2);
    expect(pooled.stats.workersBroken).toBe(false);
    expect(pooled.json).toBe(inProcess.json);
    await noWorkersLeft();
  }, 60_000);

  test("one pool serves the app's files and every dependency-crawl layer", async () => {
    // js-transitive: the app, then its packages, then what they import (three layers).
    const root = join(PROJECTS, "js-transitive");
    const inProcess = await graphJson(root, false);
    const before = startedWorkers();
    const pooled = await graphJson(root, { size: 2, minFiles: 0 });
    const started = startedWorkers() - before;
    expect(JSON.parse(pooled.json).dependencies.length).toBeGreaterThanOrEqual(3);
    expect(pooled.json).toBe(inProcess.json);
    // A pool per layer started a worker per layer at least.
    expect(started).toBeGreaterThanOrEqual(1);
    expect(started).toBeLessThanOrEqual(2);
    await noWorkersLeft();
  }, 60_000);

  test.each(["js", "ts", "py"] as const)("generated %s corpus: the pool gives the same graph JSON as in-process", async (lang) => {
    const c = generateCorpus(lang, join(tmp, `corpus-${lang}`), 4000);
    const inProcess = await graphJson(c.dir, false);
    const pooled = await graphJson(c.dir, { size: 3, minFiles: 0 });
    expect(pooled.stats.workers).toBe(3);
    expect(pooled.stats.parsed).toBe(c.files);
    expect(pooled.json).toBe(inProcess.json);
    expect(JSON.parse(pooled.json).edges.length).toBeGreaterThan(c.files);
  }, 60_000);

  test("a worker crash costs its file a per-file error; the other files are analysed", async () => {
    const root = join(tmp, "crash");
    const c = generateCorpus("js", root, 1500);
    writeFileSync(join(root, "src/crash.js"), "function f() { return 1; }\nf();\n");
    let stats: CollectStats | null = null;
    const g = await buildProjectGraph(root, { pool: { size: 2, minFiles: 0, workerUrl: MISBEHAVING }, onStats: (s) => (stats = s) });
    const crashed = g.files.find((f) => f.path === "src/crash.js")!;
    expect(crashed.error).toContain("analysis crashed");
    expect(g.files.filter((f) => f.error)).toHaveLength(1);
    expect(g.files).toHaveLength(c.files + 1);
    // 2 when the crashing file happened to be a fresh worker's first (it is tried once more).
    expect(stats!.workersCrashed).toBeGreaterThanOrEqual(1);
    expect(stats!.workersCrashed).toBeLessThanOrEqual(2);
    expect(stats!.workersBroken).toBe(false);
    expect(g.nodes.some((n) => n.file === c.sample && n.name === "run")).toBe(true);
    await noWorkersLeft();
  }, 60_000);

  test("facts a worker sends that do not decode cost their file a per-file error and are not cached; good ones are cached as they arrive", async () => {
    const root = join(tmp, "garbled");
    const c = generateCorpus("js", root, 1500);
    writeFileSync(join(root, "src/garbled.js"), "function g() { return 1; }\ng();\n");
    const cacheDir = join(tmp, "garbled-cache");
    const g = await buildProjectGraph(root, { pool: { size: 2, minFiles: 0, workerUrl: MISBEHAVING }, cache: new FactsCache(cacheDir) });
    expect(g.files.find((f) => f.path === "src/garbled.js")!.error).toBe("not analysed: unreadable facts from worker");
    expect(g.files.filter((f) => f.error)).toHaveLength(1);
    expect(g.nodes.some((n) => n.file === c.sample && n.name === "run")).toBe(true);
    // The other files' facts were cached as they decoded; the garbled file is parsed again.
    let stats: CollectStats | null = null;
    const again = await buildProjectGraph(root, { pool: { size: 2, minFiles: 0 }, cache: new FactsCache(cacheDir), onStats: (s) => (stats = s) });
    expect(stats!.cacheHits).toBe(c.files);
    expect(stats!.parsed).toBe(1);
    expect(again.files.filter((f) => f.error)).toEqual([]);
    expect(again.nodes.some((n) => n.file === "src/garbled.js" && n.name === "g")).toBe(true);
    // And the real worker's answer for it was cached as it arrived, before it was decoded.
    await buildProjectGraph(root, { pool: { size: 2, minFiles: 0 }, cache: new FactsCache(cacheDir), onStats: (s) => (stats = s) });
    expect(stats!.cacheHits).toBe(c.files + 1);
    await noWorkersLeft();
  }, 60_000);

  test("a file that never finishes times out as a per-file error instead of hanging the scan", async () => {
    const root = join(tmp, "hang");
    generateCorpus("py", root, 1000);
    writeFileSync(join(root, "hang.py"), "def f():\n    return 1\n");
    const started = performance.now();
    // A loaded machine can take longer than the per-file limit to start a worker: three such
    // start-ups in a row would hand every file to the in-process fallback, which never hangs.
    const g = await buildProjectGraph(root, { pool: { size: 2, minFiles: 0, workerUrl: MISBEHAVING, fileTimeoutMs: 3000, startTimeoutMs: 40_000 } });
    expect(performance.now() - started).toBeLessThan(50_000);
    expect(g.files.find((f) => f.path === "hang.py")!.error).toContain("took longer than 3000 ms");
    expect(g.files.filter((f) => f.error).map((f) => f.path)).toEqual(["hang.py"]);
    await noWorkersLeft();
  }, 60_000);

  test("workers that cannot start: parsing falls back to in-process with the same result", async () => {
    const root = join(PROJECTS, "js-cjs");
    const expected = await graphJson(root, false);
    const broken = await graphJson(root, { size: 2, minFiles: 0, workerUrl: join(tmp, "no-such-worker.ts") });
    expect(broken.stats.workersBroken).toBe(true);
    expect(broken.json).toBe(expected.json);
    await noWorkersLeft();
  }, 60_000);

  test("a worker is sent the compiled WASM modules with its first file of each grammar only", async () => {
    const pool = new ParsePool({ size: 1, workerUrl: WASM_PROBE });
    try {
      const sent = async (path: string, grammar: "javascript" | "python") =>
        (await pool.analyse({ path, language: grammar, grammar }, "")).facts?.error;
      expect(await sent("a.js", "javascript")).toBe("wasm 2");
      expect(await sent("b.js", "javascript")).toBe("wasm none");
      expect(await sent("c.py", "python")).toBe("wasm 2");
      expect(await sent("d.py", "python")).toBe("wasm none");
      expect(await sent("e.js", "javascript")).toBe("wasm none");
    } finally {
      pool.close();
    }
    await noWorkersLeft();
  }, 60_000);

  test("cancelling a scan terminates every worker promptly", async () => {
    const c = generateCorpus("ts", join(tmp, "cancel"), 20_000);
    const ac = new AbortController();
    const build = buildProjectGraph(c.dir, { signal: ac.signal, pool: { size: 2 } });
    build.catch(() => {});
    for (let i = 0; i < 500 && liveWorkers() === 0; i++) await Bun.sleep(10);
    expect(liveWorkers()).toBeGreaterThan(0);
    const aborted = performance.now();
    ac.abort(new Error("scan canceled"));
    await expect(build).rejects.toThrow("scan canceled");
    expect(performance.now() - aborted).toBeLessThan(2000);
    await noWorkersLeft();
  }, 60_000);
});
