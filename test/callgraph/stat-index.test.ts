// The stat index (stat-index.ts): a re-scan in a new process takes unchanged files' facts from
// the cache without reading them, and reads every file whose stat changed, was racy, or whose
// index is missing or corrupt. Real files, real cache directory; the racy window is shortened
// (RACY_WAIT) so that tests need not wait two seconds for files they just wrote.
import { afterAll, expect, test } from "bun:test";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FactsCache } from "../../src/scan/callgraph/cache.ts";
import { collectFacts, type CollectStats } from "../../src/scan/callgraph/collect.ts";
import type { FileFacts } from "../../src/scan/callgraph/fact-types.ts";
import { StatIndex } from "../../src/scan/callgraph/stat-index.ts";
import { listFiles } from "../../src/scan/callgraph/walk.ts";
import { PROJECTS } from "./helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "reachd-stat-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const RACY = 40;
const settle = () => Bun.sleep(RACY + 20);
let n = 0;

function setup(project: string): { root: string; cacheDir: string } {
  const dir = join(tmp, `${++n}`);
  cpSync(join(PROJECTS, project), join(dir, "p"), { recursive: true });
  return { root: join(dir, "p"), cacheDir: join(dir, "cache") };
}

/** One build's facts phase as the CLI's runs it: facts cache + stat index of the root. */
async function collect(root: string, cacheDir: string, racy = RACY): Promise<{ facts: FileFacts[]; stats: CollectStats }> {
  const index = new StatIndex(cacheDir, root, racy);
  const cache = new FactsCache(cacheDir);
  const r = await collectFacts(root, (await listFiles(root)).sources, { cache, statIndex: index, pool: false });
  cache.flush(); // as buildProjectGraph does at the end of a build: its index file names the entries
  index.save();
  return r;
}

/** The same files' facts with nothing kept: what every build must give. */
async function fresh(root: string): Promise<string> {
  return JSON.stringify((await collectFacts(root, (await listFiles(root)).sources, { pool: false })).facts, (_k, v) => (v instanceof Map ? [...v] : v));
}
/** Set a file's mtime to another stat's, to the nanosecond (utimes takes only microseconds). */
function setMtime(path: string, like: { mtimeNs: bigint }): void {
  const ns = like.mtimeNs;
  const p = Bun.spawnSync(["touch", "-m", "-d", `@${ns / 1_000_000_000n}.${(ns % 1_000_000_000n).toString().padStart(9, "0")}`, path]);
  if (p.exitCode !== 0) throw new Error(p.stderr.toString());
}

const json = (facts: FileFacts[]) => JSON.stringify(facts, (_k, v) => (v instanceof Map ? [...v] : v));

test.each(["js-esm", "py-app", "ts-app"])("%s: unchanged files are not read; edited, replaced and re-timed files are", async (project) => {
  const { root, cacheDir } = setup(project);
  await settle();
  const first = await collect(root, cacheDir);
  expect(first.stats.unread).toBe(0);
  const again = await collect(root, cacheDir);
  expect(again.stats.unread).toBe(again.stats.files);
  expect(json(again.facts)).toBe(json(first.facts));

  const files = (await listFiles(root)).sources.map((s) => s.path);
  const [edited, retimed, replaced] = files;
  // Appended to: size and mtime change.
  appendFileSync(join(root, edited!), project.startsWith("py") ? "\ndef appended():\n    pass\n" : "\nfunction appended() {}\n");
  // Same size, mtime put back: ctime still changes.
  const st = statSync(join(root, retimed!), { bigint: true });
  const text = readFileSync(join(root, retimed!), "utf8");
  writeFileSync(join(root, retimed!), text.replace(/[a-z]/, (c) => (c === "z" ? "y" : "z")));
  setMtime(join(root, retimed!), st);
  expect(statSync(join(root, retimed!), { bigint: true }).mtimeNs).toBe(st.mtimeNs);
  expect(statSync(join(root, retimed!), { bigint: true }).size).toBe(st.size);
  // Replaced by another file (rename over it) of the same size and mtime: another inode.
  if (replaced) {
    const old = statSync(join(root, replaced), { bigint: true });
    const other = join(root, `${replaced}.new`);
    const body = readFileSync(join(root, replaced), "utf8");
    writeFileSync(other, body.replace(/[a-z]/, (c) => (c === "q" ? "r" : "q")));
    setMtime(other, old);
    renameSync(other, join(root, replaced));
    expect(statSync(join(root, replaced), { bigint: true }).mtimeNs).toBe(old.mtimeNs);
  }
  await settle();
  const changed = await collect(root, cacheDir);
  const touched = replaced ? 3 : 2;
  expect(changed.stats.unread).toBe(changed.stats.files - touched);
  expect(json(changed.facts)).toBe(await fresh(root));
});

test("a file changed within the racy window is read again next time even though its stat did not change", async () => {
  const { root, cacheDir } = setup("js-esm");
  await settle();
  const path = (await listFiles(root)).sources[0]!.path;
  appendFileSync(join(root, path), "\n// just now\n");
  // Built at once: the file's mtime is within the window, so it is not recorded.
  const first = await collect(root, cacheDir, 60_000 * 60 * 24 * 365 * 100);
  expect(first.stats.unread).toBe(0);
  const second = await collect(root, cacheDir, 60_000 * 60 * 24 * 365 * 100);
  expect(second.stats.unread).toBe(0);
  await settle();
  const third = await collect(root, cacheDir);
  expect(third.stats.unread).toBe(0); // recorded now, used from the next build
  const fourth = await collect(root, cacheDir);
  expect(fourth.stats.unread).toBe(fourth.stats.files);
  expect(json(fourth.facts)).toBe(await fresh(root));
});

test("a truncated, corrupt or foreign index, another extractor's keys, or pruned cache entries only cost reads", async () => {
  const { root, cacheDir } = setup("ts-app");
  await settle();
  await collect(root, cacheDir);
  const file = new StatIndex(cacheDir, root).file;
  const good = readFileSync(file, "utf8");
  const want = await fresh(root);
  // Rows made under another extractor/grammar/reachd version (grammar tag): well-formed, stat
  // unchanged, but their keys name that version's facts.
  const otherTag = good.replace(/"[0-9a-f]{16}"\]/g, '"0123456789abcdef"]');
  expect(otherTag).not.toBe(good);
  const badIndexes = [good.slice(0, good.length / 2), "", "\u0000\u0001garbage", JSON.stringify({ v: 3, rows: [] }), JSON.stringify({ v: 2, rows: [["x", 1]] }), "null", otherTag];
  for (const bad of badIndexes) {
    writeFileSync(file, bad);
    const r = await collect(root, cacheDir);
    expect(r.stats.unread).toBe(0);
    expect(json(r.facts)).toBe(want);
    // Rewritten by that build: the next one reads nothing.
    expect((await collect(root, cacheDir)).stats.unread).toBe(r.stats.files);
  }
  // The index points at cache entries that were pruned meanwhile: read, parsed, right.
  const index = readFileSync(file);
  rmSync(cacheDir, { recursive: true, force: true });
  mkdirSync(join(cacheDir, "stat-v1"), { recursive: true });
  writeFileSync(file, index);
  const r = await collect(root, cacheDir);
  expect(r.stats.unread).toBe(0);
  expect(json(r.facts)).toBe(want);
});
