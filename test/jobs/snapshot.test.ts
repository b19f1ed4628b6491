// The stored snapshot (src/scan/snapshot.ts, snapshot-graph.ts): what decodes is exactly the pruned
// graph encoded, key order included, and snapshots of the earlier format still decode the same.
import { expect, test } from "bun:test";
import { decodeSnapshot, encodeSnapshot, pruneGraph, SNAPSHOT_FORMAT, type ScanStats } from "../../src/scan/snapshot.ts";
import type { ProjectGraph } from "../../src/scan/callgraph/types.ts";
import type { Dependency } from "../../src/scan/model.ts";
import { projectGraph } from "../callgraph/helpers.ts";

const stats: ScanStats = { dependencies: 1, lockfile_errors: [], unresolved: 0, files_analysed: 3, parse_errors: [{ file: "b.py", message: "syntax" }] };
const dependencies: Dependency[] = [
  { ecosystem: "PyPI", name: "PyYAML", version: "5.3.1", direct: true, dev: false, chain: ["app", "PyYAML"], source: "requirements.txt", resolution: "lowest-match" },
];

// Runs of nodes and edges broken up (a file's nodes and a node's edges in two places), ids that
// are not "<file>#<name>", empty and long member lists, the optional fields of every kind.
const graph: ProjectGraph = {
  dependencies: [{ name: "yaml", ecosystem: "PyPI", dir: "vendor/yaml", files: 2, complete: false }],
  limits: ["dependency code: file limit"],
  files: [{ path: "a.py", language: "python" }, { path: "b.py", language: "python", error: "syntax" }],
  nodes: [
    { id: "a.py#<module>", file: "a.py", line: 1, kind: "module", name: "<module>" },
    { id: "a.py#main", file: "a.py", line: 3, kind: "function", name: "main" },
    { id: "b.py#helper", file: "b.py", line: 1, kind: "function", name: "helper" },
    { id: "a.py#<lambda>@7", file: "a.py", line: 7, kind: "function", name: "<lambda>" },
    { id: "a.py#Svc.run@9.2", file: "a.py", line: 9, kind: "method", name: "Svc.run" },
    { id: "a.py#__main__", file: "a.py", line: 12, kind: "main", name: "__main__" },
  ],
  edges: [
    { from: "a.py#<module>", to: "a.py#main", line: 13, kind: "call" },
    { from: "a.py#<module>", to: "b.py#<module>", line: 1, kind: "import" },
    { from: "a.py#main", to: "b.py#helper", line: 4, kind: "call" },
    { from: "a.py#main", to: "a.py#<lambda>@7", line: 5, kind: "ref" },
    { from: "a.py#<module>", to: "a.py#Svc.run@9.2", line: 14, kind: "call" },
  ],
  uses: [
    { from: "a.py#main", line: 4, ecosystem: "PyPI", module: "yaml", member: ["load"], kind: "call" },
    { from: "b.py#helper", line: 2, ecosystem: "PyPI", module: "yaml", member: [], kind: "import" },
    { from: "a.py#<lambda>@7", line: 7, ecosystem: "PyPI", module: "os.path", member: ["a", "b", "c"], kind: "ref" },
  ],
  dynamic: [
    { from: "a.py#main", line: 6, ecosystem: "PyPI", text: "__import__(x)" },
    { from: "a.py#main", line: 8, ecosystem: "PyPI", text: "eval(s)", kind: "eval" },
  ],
  unresolved: [{ from: "a.py#<module>", line: 2, ecosystem: "PyPI", specifier: ".missing" }],
  entries: [{ file: "a.py", kind: "__main__", label: "a.py:__main__", nodes: ["a.py#<module>", "a.py#__main__"], reason: "if __name__" }],
};

function roundTrip(g: ProjectGraph) {
  const encoded = encodeSnapshot(dependencies, g, stats);
  if (!encoded.ok) throw new Error(encoded.reason);
  const decoded = decodeSnapshot(SNAPSHOT_FORMAT, encoded.data);
  if (!decoded.ok) throw new Error(decoded.reason);
  return decoded.snapshot;
}

test("a snapshot decodes to the pruned graph it was made from, key order included", () => {
  const pruned = pruneGraph(graph);
  expect(pruned.nodes.length).toBe(graph.nodes.length); // every part of the graph is exercised
  const snapshot = roundTrip(graph);
  expect(JSON.stringify(snapshot)).toBe(JSON.stringify({ format: SNAPSHOT_FORMAT, dependencies, graph: pruned, stats }));
});

test("fixture projects' graphs round-trip", async () => {
  for (const name of ["js-transitive", "py-entries", "ts-app", "js-parse-error"]) {
    const g = await projectGraph(name);
    expect(JSON.stringify(roundTrip(g).graph)).toBe(JSON.stringify(pruneGraph(g)));
  }
});

test("a snapshot of format 1 (gzipped JSON of the plain graph) decodes to the same data", () => {
  const old = Bun.gzipSync(new TextEncoder().encode(JSON.stringify({ format: 1, dependencies, graph: pruneGraph(graph), stats })));
  const decoded = decodeSnapshot(1, old);
  expect(decoded.ok && JSON.stringify(decoded.snapshot)).toBe(JSON.stringify(roundTrip(graph)));
});

test("a damaged snapshot is refused with its reason", () => {
  const encoded = encodeSnapshot(dependencies, graph, stats);
  if (!encoded.ok) throw new Error(encoded.reason);
  const stored = JSON.parse(new TextDecoder().decode(Bun.zstdDecompressSync(encoded.data)));
  stored.graph.edges.pop(); // the last edge's kind
  const cut = Bun.zstdCompressSync(new TextEncoder().encode(JSON.stringify(stored)));
  const decoded = decodeSnapshot(SNAPSHOT_FORMAT, cut);
  expect(!decoded.ok && decoded.reason).toBe("the snapshot is unreadable: truncated edges");
  const garbage = decodeSnapshot(SNAPSHOT_FORMAT, new Uint8Array([1, 2, 3]));
  expect(!garbage.ok && garbage.reason).toStartWith("the snapshot is unreadable");
});
