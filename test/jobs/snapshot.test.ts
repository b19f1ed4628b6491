// The stored snapshot (src/scan/snapshot.ts, snapshot-graph.ts): what decodes is exactly the pruned
// graph encoded, key order included, and snapshots of the earlier format still decode the same.
import { expect, test } from "bun:test";
import { decodeSnapshot, encodeSnapshot, pruneGraph, SNAPSHOT_FORMAT, type ScanStats } from "../../src/scan/snapshot.ts";
import type { ProjectGraph } from "../../src/scan/callgraph/types.ts";
import type { Dependency } from "../../src/scan/model.ts";
import { projectGraph } from "../callgraph/helpers.ts";
import { concatBytes, packedGraphBytes, packGraph } from "../../src/scan/snapshot-graph.ts";

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

/** What encodeSnapshot wrote before its runs were kept between scans: one JSON.stringify of the packed graph. */
function plainEncoding(deps: Dependency[], g: ProjectGraph): string {
  return JSON.stringify({ format: SNAPSHOT_FORMAT, dependencies: deps, graph: packGraph(pruneGraph(g)), stats });
}

function encodedText(deps: Dependency[], g: ProjectGraph): string {
  const encoded = encodeSnapshot(deps, g, stats);
  if (!encoded.ok) throw new Error(encoded.reason);
  return new TextDecoder().decode(Bun.zstdDecompressSync(encoded.data));
}

test("the kept runs encode the same bytes as one JSON.stringify, before and after edits", async () => {
  const bytes = (g: ProjectGraph): string => new TextDecoder().decode(concatBytes(packedGraphBytes(g)));
  const empty: ProjectGraph = { files: [], nodes: [], edges: [], uses: [], dynamic: [], unresolved: [], entries: [] };
  for (const g of [graph, empty, { ...graph, nodes: [{ ...graph.nodes[0]!, file: "é/ü\"\u2028.py", id: "é/ü\"\u2028.py#<module>" }] }]) {
    expect(bytes(g)).toBe(JSON.stringify(packGraph(g)));
    expect(bytes(g)).toBe(JSON.stringify(packGraph(g))); // from the kept runs
  }
  for (const name of ["js-transitive", "py-entries", "ts-app", "js-parse-error"]) {
    const g = await projectGraph(name);
    expect(encodedText(dependencies, g)).toBe(plainEncoding(dependencies, g));
    expect(encodedText(dependencies, g)).toBe(plainEncoding(dependencies, g));
    // As a re-scan leaves it: most objects the same, some new, some gone, runs longer and shorter.
    const nodes = g.nodes.map((n, i) => (i % 3 === 1 ? { ...n, line: n.line + 1 } : n)).filter((_, i) => i % 7 !== 5);
    nodes.splice(2, 0, { ...g.nodes[0]!, id: `${g.nodes[0]!.file}#added`, name: "added" });
    const edges = g.edges.filter((_, i) => i % 5 !== 2).map((e, i) => (i % 4 === 3 ? { ...e, to: `${e.to}x` } : e));
    edges.push(...g.edges.slice(0, 3));
    const uses = [...g.uses.slice(1), ...g.uses.slice(0, 1)];
    const edited = { ...g, nodes, edges, uses };
    expect(encodedText(dependencies, edited)).toBe(plainEncoding(dependencies, edited));
    expect(encodedText(dependencies, g)).toBe(plainEncoding(dependencies, g));
  }
  expect(encodedText([], graph)).toBe(plainEncoding([], graph));
});
