// The per-file facts cache: hits on unchanged content, misses on changed content, corrupt entries
// and index files ignored (and entries rewritten), content moved to another path re-labelled,
// builds side by side, and size-bounded pruning of least recently used packs.
import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { callgraphJson } from "../../src/scan/callgraph/render.ts";
import { extractorFiles, FactsCache } from "../../src/scan/callgraph/cache.ts";
import type { CollectStats } from "../../src/scan/callgraph/collect.ts";
import { FACTS_VERSION } from "../../src/scan/callgraph/fact-types.ts";
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

const versionDir = (cacheDir: string) => join(cacheDir, `facts-v${FACTS_VERSION}`);
const files = (dir: string, ext: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(ext)).map((f) => join(dir, f)) : []);
const packs = (cacheDir: string) => files(join(versionDir(cacheDir), "packs"), ".pack");
const indexFiles = (cacheDir: string) => files(join(versionDir(cacheDir), "index"), ".idx");

interface Record_ {
  key: string;
  pack: string;
  offset: number;
  length: number;
}

/** The entries the index files list, read as the format says (a P line per pack, an E line per entry). */
function entries(cacheDir: string): Record_[] {
  const out = new Map<string, Record_>();
  for (const file of indexFiles(cacheDir).sort()) {
    const lines = readFileSync(file, "utf8").trim().split("\n");
    expect(lines[0]).toBe("RCHDIDX1");
    const ids: string[] = [];
    for (const line of lines.slice(1)) {
      const f = line.split(" ");
      if (f[0] === "P") ids.push(f[1]!);
      else out.set(f[1]!, { key: f[1]!, pack: join(versionDir(cacheDir), "packs", `${ids[Number(f[2])]}.pack`), offset: Number(f[3]), length: Number(f[4]) });
    }
  }
  return [...out.values()];
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
    const all = entries(cacheDir).sort((x, y) => x.offset - y.offset);
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(packs(cacheDir)).toHaveLength(1);
    const pack = all[0]!.pack;
    const bytes = readFileSync(pack);
    // Entry 0: another key in its record (an index pointing at the wrong record); entry 1: its
    // bytes are not an encoding; entry 2: a JSON text in place of the encoding; the last entry:
    // cut off by truncating the pack.
    bytes.fill(0x61, all[0]!.offset, all[0]!.offset + 64);
    bytes.fill(0xff, all[1]!.offset + 64, all[1]!.offset + all[1]!.length);
    const foreign = Buffer.from(JSON.stringify({ path: "x", defs: [] }).padEnd(all[2]!.length - 64));
    foreign.copy(bytes, all[2]!.offset + 64);
    writeFileSync(pack, bytes);
    const last = all[all.length - 1]!;
    truncateSync(pack, last.offset + Math.floor(last.length / 2));
    const cache = new FactsCache(cacheDir);
    const again = await build(root, cache);
    expect(again.json).toBe(expected);
    expect(again.stats.parsed).toBe(4);
    expect(cache.writes).toBe(4);
    expect(cache.misses).toBe(4);
    const third = await build(root, new FactsCache(cacheDir));
    expect(third.stats.cacheHits).toBe(third.stats.files);
    expect(third.json).toBe(expected);
  });

  test("damaged or foreign index files and a missing pack are misses, never errors", async () => {
    const { root, cacheDir } = setup("py-app");
    const expected = (await build(root, new FactsCache(cacheDir))).json;
    const [index] = indexFiles(cacheDir);
    const good = readFileSync(index!, "utf8");
    const dir = join(versionDir(cacheDir), "index");
    // Each damage in turn, in a file that sorts after the good one (its places are tried first).
    const bad = [
      good.slice(0, good.length / 2), // truncated: the entries it still lists are right
      "", "\u0000\u0001garbage", "RCHDIDX1\nP ../../etc 1\nE x 0 0 10\n", good.replace(/^RCHDIDX1/, "RCHDIDX9"),
      good.replace(/ (\d+) (\d+)$/gm, (_m, off, len) => ` ${Number(off) + 1} ${len}`), // every offset one off
      good.replace(/ (\d+)$/gm, " 99999999999"), // lengths past the end of the pack
    ];
    for (const text of bad) {
      const path = join(dir, "999999999999999-1-zz.idx");
      writeFileSync(path, text);
      const cache = new FactsCache(cacheDir);
      const r = await build(root, cache);
      expect(r.json).toBe(expected);
      // The good file still lists every entry: a damaged place is passed over for it.
      expect(r.stats.cacheHits).toBe(r.stats.files);
      rmSync(path, { force: true }); // or merged into one file by a build's pruning
    }
    // Every pack removed behind the index files' backs: all misses, the same graph.
    for (const p of packs(cacheDir)) rmSync(p);
    const cache = new FactsCache(cacheDir);
    const r = await build(root, cache);
    expect(r.stats.cacheHits).toBe(0);
    expect(r.json).toBe(expected);
  });

  test("builds side by side each write their own pack and index; both are found afterwards", async () => {
    const a = setup("js-esm");
    const b = setup("py-app");
    const cacheDir = a.cacheDir;
    const [ra, rb] = await Promise.all([build(a.root, new FactsCache(cacheDir)), build(b.root, new FactsCache(cacheDir))]);
    expect(packs(cacheDir)).toHaveLength(2);
    expect(indexFiles(cacheDir)).toHaveLength(2);
    const [sa, sb] = await Promise.all([build(a.root, new FactsCache(cacheDir)), build(b.root, new FactsCache(cacheDir))]);
    expect(sa.stats.cacheHits).toBe(sa.stats.files);
    expect(sb.stats.cacheHits).toBe(sb.stats.files);
    expect(sa.json).toBe(ra.json);
    expect(sb.json).toBe(rb.json);
    // A build of hits only writes no pack, and its index file lists no entries.
    expect(packs(cacheDir)).toHaveLength(2);
    expect(entries(cacheDir)).toHaveLength(ra.stats.files + rb.stats.files);
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

  test("pruning keeps the directory under its bound, least recently used pack first, and drops other versions and dead writers' files", async () => {
    const a = setup("py-app");
    const b = setup("js-esm");
    const cacheDir = a.cacheDir;
    const stale = join(cacheDir, "facts-v0", "ab");
    mkdirSync(stale, { recursive: true });
    writeFileSync(join(stale, "old"), "x".repeat(1000));
    const wantA = (await build(a.root, null)).json;
    const wantB = (await build(b.root, null)).json;
    await build(a.root, new FactsCache(cacheDir));
    expect(existsSync(join(cacheDir, "facts-v0"))).toBe(false);
    await Bun.sleep(5);
    await build(b.root, new FactsCache(cacheDir));
    await Bun.sleep(5);
    // A's entries are hit again: its pack is now the more recently used one.
    expect((await build(a.root, new FactsCache(cacheDir))).stats.parsed).toBe(0);
    const sizes = new Map(packs(cacheDir).map((p) => [p, statSync(p).size]));
    expect(sizes.size).toBe(2);
    // A dead writer's pack (named by no index, old) and index temp file; a young one is spared.
    const dead = join(versionDir(cacheDir), "packs", "000000000000001-1-dead.pack");
    const young = join(versionDir(cacheDir), "packs", `${String(Date.now()).padStart(15, "0")}-1-young.pack`);
    const tmpIndex = join(versionDir(cacheDir), "index", "x.idx.1.abc.tmp");
    for (const f of [dead, young, tmpIndex]) writeFileSync(f, "x".repeat(100));
    const old = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(dead, old, old);
    utimesSync(tmpIndex, old, old);
    const total = [...sizes.values()].reduce((x, y) => x + y, 0) + 100;
    const bound = total - 1;
    new FactsCache(cacheDir, bound).prune();
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(tmpIndex)).toBe(false);
    expect(existsSync(young)).toBe(true);
    rmSync(young);
    const left = packs(cacheDir);
    const leftTotal = left.reduce((x, p) => x + statSync(p).size, 0);
    expect(leftTotal).toBeLessThanOrEqual(bound * 0.8);
    expect(left).toHaveLength(1);
    // The pack left is A's (used last), and the index files were merged into one without B's entries.
    expect(indexFiles(cacheDir)).toHaveLength(1);
    expect(new Set(entries(cacheDir).map((e) => e.pack))).toEqual(new Set(left));
    const againA = await build(a.root, new FactsCache(cacheDir, bound));
    expect(againA.stats.parsed).toBe(0);
    expect(againA.json).toBe(wantA);
    const againB = await build(b.root, new FactsCache(cacheDir, bound));
    expect(againB.stats.cacheHits).toBe(0);
    expect(againB.json).toBe(wantB);
  });

  test("a cancelled build closes its pack and indexes the entries it wrote", async () => {
    const { root, cacheDir } = setup("ts-app");
    const ac = new AbortController();
    // Cancelled right after its third entry is written.
    class CancellingCache extends FactsCache {
      override putEncoded(key: string, bytes: Uint8Array): void {
        super.putEncoded(key, bytes);
        if (this.writes === 3) ac.abort(new Error("scan canceled"));
      }
    }
    const openInCache = () =>
      readdirSync("/proc/self/fd").filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(cacheDir);
        } catch {
          return false;
        }
      });
    await expect(buildProjectGraph(root, { cache: new CancellingCache(cacheDir), pool: false, signal: ac.signal })).rejects.toThrow("scan canceled");
    expect(openInCache()).toEqual([]);
    expect(entries(cacheDir)).toHaveLength(3);
    const next = await build(root, new FactsCache(cacheDir));
    expect(next.stats.cacheHits).toBe(3);
    expect(next.json).toBe((await build(root, null)).json);
  });

  test("a cache that cannot be written costs only the speed-up: same graph, nothing written, no error", async () => {
    const { root, cacheDir } = setup("py-app");
    mkdirSync(join(cacheDir, ".."), { recursive: true });
    writeFileSync(cacheDir, "a file where the cache directory should be");
    const cache = new FactsCache(cacheDir);
    const r = await build(root, cache);
    expect(r.json).toBe((await build(root, null)).json);
    expect(cache.writes).toBe(0);
    expect(r.stats.parsed).toBe(r.stats.files);
    expect(readFileSync(cacheDir, "utf8")).toBe("a file where the cache directory should be");
  });

  test("index files are merged once they are many, even by builds that only hit", async () => {
    const { root, cacheDir } = setup("js-cjs");
    const want = (await build(root, new FactsCache(cacheDir))).json;
    for (let i = 0; i < 12; i++) expect((await build(root, new FactsCache(cacheDir))).stats.parsed).toBe(0);
    expect(indexFiles(cacheDir).length).toBeLessThanOrEqual(9);
    const last = await build(root, new FactsCache(cacheDir));
    expect(last.stats.parsed).toBe(0);
    expect(last.json).toBe(want);
  });
});
