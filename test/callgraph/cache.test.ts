// The per-file facts cache: hits on unchanged content, misses on changed content, corrupt entries
// ignored (and rewritten), content moved to another path re-labelled, and size-bounded pruning.
import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync, appendFileSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { callgraphJson } from "../../src/scan/callgraph/render.ts";
import { extractorFiles, FactsCache } from "../../src/scan/callgraph/cache.ts";
import type { CollectStats } from "../../src/scan/callgraph/collect.ts";
import { FACTS_VERSION } from "../../src/scan/callgraph/facts.ts";
import { PROJECTS } from "./helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "reachd-cache-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;

/** A private copy of a fixture project and an empty cache directory. */
function setup(project: string): { root: string; cacheDir: string } {
  const dir = join(tmp, `${++n}`);
  const root = join(dir, "project");
  cpSync(join(PROJECTS, project), root, { recursive: true });
  return { root, cacheDir: join(dir, "cache") };
}

async function build(root: string, cache: FactsCache | null): Promise<{ json: string; stats: CollectStats }> {
  let stats: CollectStats | null = null;
  const g = await buildProjectGraph(root, { cache, pool: false, onStats: (s) => (stats = s) });
  return { json: JSON.stringify(callgraphJson(g)), stats: stats! };
}

function entries(cacheDir: string): string[] {
  const base = join(cacheDir, `facts-v${FACTS_VERSION}`);
  if (!existsSync(base)) return [];
  return readdirSync(base).flatMap((sub) => readdirSync(join(base, sub)).map((f) => join(base, sub, f)));
}

describe("facts cache", () => {
  test.each(["js-esm", "py-app", "ts-app"])("%s: the second build is all hits with the same graph; one changed file is the only miss", async (project) => {
    const { root, cacheDir } = setup(project);
    const uncached = await build(root, null);
    const first = await build(root, new FactsCache(cacheDir));
    expect(first.stats.cacheHits).toBe(0);
    expect(first.stats.parsed).toBe(first.stats.files);
    expect(entries(cacheDir)).toHaveLength(first.stats.files);
    expect(first.json).toBe(uncached.json);

    const second = await build(root, new FactsCache(cacheDir));
    expect(second.stats.cacheHits).toBe(second.stats.files);
    expect(second.stats.parsed).toBe(0);
    expect(second.json).toBe(uncached.json);

    // Change one file: only it is parsed again, and the graph shows the change.
    const files = JSON.parse(second.json).files as { path: string; language: string }[];
    const target = files.find((f) => !f.path.includes("test"))!;
    const python = target.language === "python";
    appendFileSync(join(root, target.path), python ? "\n\ndef added_by_test():\n    return 1\n" : "\nexport function addedByTest() { return 1; }\n");
    const third = await build(root, new FactsCache(cacheDir));
    expect(third.stats.parsed).toBe(1);
    expect(third.stats.cacheHits).toBe(third.stats.files - 1);
    expect(third.json).toBe((await build(root, null)).json);
    expect(third.json).toContain(python ? `${target.path}#added_by_test` : `${target.path}#addedByTest`);
  });

  test("corrupt, truncated and foreign entries are misses, never errors, and get rewritten", async () => {
    const { root, cacheDir } = setup("js-cjs");
    const expected = (await build(root, new FactsCache(cacheDir))).json;
    const all = entries(cacheDir);
    expect(all.length).toBeGreaterThanOrEqual(4);
    writeFileSync(all[0]!, "");
    writeFileSync(all[1]!, Buffer.from("RCHDFCT1 not a serialized value at all"));
    const good = Bun.file(all[2]!);
    writeFileSync(all[2]!, (await good.bytes()).subarray(0, Math.floor(good.size / 2)));
    writeFileSync(all[3]!, JSON.stringify({ path: "x", defs: [] }));
    const cache = new FactsCache(cacheDir);
    const again = await build(root, cache);
    expect(again.json).toBe(expected);
    expect(again.stats.parsed).toBeGreaterThanOrEqual(3);
    expect(cache.writes).toBe(again.stats.parsed);
    const third = await build(root, new FactsCache(cacheDir));
    expect(third.stats.cacheHits).toBe(third.stats.files);
    expect(third.json).toBe(expected);
  });

  test("the key covers every extractor module analyse.ts reaches, not only the ones named by hand", () => {
    const files = extractorFiles();
    // Modules that decide facts and that the hand-written list once missed.
    for (const name of ["analyse.ts", "facts.ts", "facts-py.ts", "facts-js.ts", "wasm-node.ts", "captures.ts", "fields.ts", "bound.ts", "parser.ts"]) {
      expect(files).toContain(name);
    }
    // Assembly and reach decide no facts: they are not part of the key.
    for (const name of ["resolve.ts", "graph.ts", "flow.ts"]) expect(files).not.toContain(name);
  });

  test("content moved to another path is a hit, labelled with its new path", async () => {
    const { root, cacheDir } = setup("js-esm");
    const before = await build(root, new FactsCache(cacheDir));
    const moved = (JSON.parse(before.json).files as { path: string }[]).map((f) => f.path).find((p) => p.startsWith("src/"))!;
    const to = moved.replace(/\.(\w+)$/, "-moved.$1");
    renameSync(join(root, moved), join(root, to));
    const after = await build(root, new FactsCache(cacheDir));
    expect(after.stats.parsed).toBe(0);
    expect(after.json).toBe((await build(root, null)).json);
    expect(after.json).toContain(`"${to}#<module>"`);
    expect(after.json).not.toContain(`"${moved}#<module>"`);
  });

  test("the same text under another grammar is another entry", async () => {
    const text = "export function run(x) { return x; }\nrun(1);\n";
    const cache = new FactsCache(join(tmp, "keys"));
    expect(cache.key("javascript", text)).not.toBe(cache.key("tsx", text));
    expect(cache.key("javascript", text)).toBe(cache.key("javascript", text));
    expect(cache.key("javascript", text)).not.toBe(cache.key("javascript", `${text} `));
  });

  test("pruning keeps the directory under its bound, least recently used first, and drops other versions", async () => {
    const { root, cacheDir } = setup("py-app");
    const stale = join(cacheDir, "facts-v0", "ab");
    mkdirSync(stale, { recursive: true });
    writeFileSync(join(stale, "old"), "x".repeat(1000));
    await build(root, new FactsCache(cacheDir));
    expect(existsSync(join(cacheDir, "facts-v0"))).toBe(false);
    const all = entries(cacheDir);
    const sizes = all.map((p) => statSync(p).size);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(all.length).toBeGreaterThanOrEqual(3);
    // Age every entry but the last so that it is the most recently used.
    const old = new Date(Date.now() - 3_600_000);
    for (const p of all.slice(0, -1)) utimesSync(p, old, old);
    const bound = total - 1;
    const cache = new FactsCache(cacheDir, bound);
    cache.prune();
    const left = entries(cacheDir);
    const leftTotal = left.reduce((a, p) => a + statSync(p).size, 0);
    expect(leftTotal).toBeLessThanOrEqual(bound * 0.8);
    expect(left.length).toBeLessThan(all.length);
    if (left.length > 0) expect(left).toContain(all[all.length - 1]!);
    // A build after pruning still gives the full graph (pruned entries are just misses).
    expect((await build(root, new FactsCache(cacheDir, bound))).json).toBe((await build(root, null)).json);
  });
});
