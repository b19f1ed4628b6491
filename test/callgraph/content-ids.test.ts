// Content ids (a checkout's git blob ids, collect.ts): a re-scan with kept state takes an
// unchanged file's facts without reading it, and reads, hashes and parses a file whose id changed.
import { afterAll, expect, test } from "bun:test";
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { callgraphJson } from "../../src/scan/callgraph/render.ts";
import type { CollectStats } from "../../src/scan/callgraph/collect.ts";
import { newIncrementalState, type IncrementalState } from "../../src/scan/callgraph/incremental.ts";
import { listFiles } from "../../src/scan/callgraph/walk.ts";
import { PROJECTS } from "./helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "reachd-ids-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Ids as git would give them: the hash of each file's bytes. */
async function idsOf(root: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const path of (await listFiles(root)).all) ids.set(path, new Bun.CryptoHasher("sha1").update(readFileSync(join(root, path))).digest("hex"));
  return ids;
}

async function build(root: string, state: IncrementalState | undefined, ids: Map<string, string> | null): Promise<{ json: string; stats: CollectStats }> {
  let stats: CollectStats | null = null;
  const g = await buildProjectGraph(root, { pool: false, incremental: state, contentIds: ids, onStats: (s) => (stats = s) });
  return { json: JSON.stringify(callgraphJson(g)), stats: stats! };
}

test.each(["js-esm", "py-app", "ts-app"])("%s: unchanged ids are not read; a changed id is re-read and the graph is a fresh build's", async (project) => {
  const root = join(tmp, project);
  cpSync(join(PROJECTS, project), root, { recursive: true });
  const state = newIncrementalState();
  const first = await build(root, state, await idsOf(root));
  expect(first.stats.parsed).toBe(first.stats.files);

  // Same ids: every file is kept, none read. Proof: a file rewritten behind the ids' back keeps
  // its old facts (the documented trust in the caller's ids).
  const ids = await idsOf(root);
  const victim = [...state.facts.keys()].sort()[0]!;
  const original = readFileSync(join(root, victim), "utf8");
  writeFileSync(join(root, victim), original.includes("def ") ? "def surprise():\n    pass\n" : "function surprise() {}\n");
  const trusted = await build(root, state, ids);
  expect(trusted.stats.cacheHits).toBe(trusted.stats.files);
  expect(trusted.stats.parsed).toBe(0);
  expect(trusted.json).toBe(first.json);

  // Its id changes with it: read and parsed again, and the graph is what a fresh build makes.
  appendFileSync(join(root, victim), original.includes("def ") ? "\ndef added():\n    surprise()\n" : "\nfunction added() { surprise(); }\n");
  const changed = await build(root, state, await idsOf(root));
  expect(changed.stats.parsed).toBe(1);
  const fresh = await build(root, undefined, null);
  expect(changed.json).toBe(fresh.json);
  expect(changed.json).not.toBe(first.json);

  // Without ids (or with ids of other content) files are read and hashed as before.
  const plain = await build(root, state, null);
  expect(plain.stats.parsed).toBe(0);
  expect(plain.json).toBe(fresh.json);
});

test("a file the memo has not seen is read even when it has an id", async () => {
  const root = join(tmp, "new-file");
  cpSync(join(PROJECTS, "js-esm"), root, { recursive: true });
  const state = newIncrementalState();
  await build(root, state, await idsOf(root));
  writeFileSync(join(root, "extra.js"), "export function extra() { return 1; }\n");
  const second = await build(root, state, await idsOf(root));
  expect(second.stats.parsed).toBe(1);
  expect(second.json).toBe((await build(root, undefined, null)).json);
});
