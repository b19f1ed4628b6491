// Memoised answers across argument-flow rounds (resolve.ts, flow.ts): an answer cut short by the
// depth limit or a cycle used to be memoised in a later round and reused by the graph pass, so
// some plain calls of imported functions had no edge and some imports read as missing (a false
// `unknown`). On a generated corpus every `depN.funcK(...)` call names a function that exists.
import { afterAll, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { generateCorpus } from "../../scripts/gen-corpus.ts";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { listFiles } from "../../src/scan/callgraph/walk.ts";
import { tempDir } from "../support/server.ts";

const tmp = tempDir("reachd-flow-memo-");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** `(file, line) -> target node` for every call of an imported module's function, read from the text. */
async function moduleCalls(dir: string): Promise<{ file: string; line: number; to: string }[]> {
  const out: { file: string; line: number; to: string }[] = [];
  for (const src of (await listFiles(dir)).sources) {
    const text = readFileSync(join(dir, src.path), "utf8");
    const pkg = src.path.split("/").slice(0, -1).join("/");
    const aliases = new Map<string, string>();
    for (const m of text.matchAll(/^from \. import (\w+) as (\w+)$/gm)) aliases.set(m[2]!, `${pkg}/${m[1]}.py`);
    for (const m of text.matchAll(/^import ([\w.]+) as (\w+)$/gm)) aliases.set(m[2]!, `${m[1]!.replace(/\./g, "/")}.py`);
    text.split("\n").forEach((line, i) => {
      for (const m of line.matchAll(/\b(dep\d+)\.(func\d+)\(/g)) {
        const module = aliases.get(m[1]!);
        if (module) out.push({ file: src.path, line: i + 1, to: `${module}#${m[2]}` });
      }
    });
  }
  return out;
}

test("every call of an imported module's function has its edge, and no existing import reads as missing", async () => {
  const corpus = generateCorpus("py", join(tmp, "py"), 3_000);
  const graph = await buildProjectGraph(corpus.dir);
  const calls = await moduleCalls(corpus.dir);
  expect(calls.length).toBeGreaterThan(50);
  const nodes = new Set(graph.nodes.map((n) => n.id));
  const edges = new Set(graph.edges.map((e) => `${e.from.split("#")[0]}:${e.line}:${e.to}`));
  const missing = calls.filter((c) => nodes.has(c.to) && !edges.has(`${c.file}:${c.line}:${c.to}`));
  expect(missing).toEqual([]);
  expect(graph.unresolved).toEqual([]);
}, 120_000);
