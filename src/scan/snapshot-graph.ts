// The stored form of a snapshot's call graph (SNAPSHOT_FORMAT 2): nodes, edges and uses as flat
// arrays of their values instead of one object each. JSON.stringify wrote every property name of
// ~400k objects per scan job (a 500k-line project: 43 MB of JSON, encoded and gzipped in ~120 ms
// of CPU on every re-scan); here the same graph is ~20 MB, and runs repeat nothing: a node's
// file is written once per run of nodes of that file, its id not at all when it is the usual
// "<file>#<name>", an edge's `from` once per run of edges leaving the same node.
// unpackGraph gives back objects equal to the ones packed, with the same key order.
import type { ExternalUse, GraphEdge, GraphNode, ProjectGraph } from "./callgraph/types.ts";

// A field added to one of the packed types fails to compile here until packGraph and unpackGraph
// carry it (else stored snapshots would silently lose it).
type Only<T, Fields extends keyof T> = [Exclude<keyof T, Fields>] extends [never] ? true : false;
type Holds<T extends true> = T;
type PackedFields = [
  Holds<Only<GraphNode, "id" | "file" | "line" | "kind" | "name">>,
  Holds<Only<GraphEdge, "from" | "to" | "line" | "kind">>,
  Holds<Only<ExternalUse, "from" | "line" | "ecosystem" | "module" | "member" | "kind">>,
];

type Rest = Omit<ProjectGraph, "nodes" | "edges" | "uses">;

export interface PackedGraph extends Rest {
  /** Per file: the file, its count of nodes, then per node: id (0 when "<file>#<name>"), line, kind, name. */
  nodes: (string | number)[];
  /** Per run of edges from one node: from, count, then per edge: to, line, kind. */
  edges: (string | number)[];
  /** Per use: from, line, ecosystem, module, member, kind. */
  uses: (string | number | string[])[];
}

export function packGraph(graph: ProjectGraph): PackedGraph {
  const nodes: (string | number)[] = [];
  let file: string | null = null;
  let countAt = -1;
  for (const n of graph.nodes) {
    if (n.file !== file) {
      file = n.file;
      countAt = nodes.push(file, 0) - 1;
    }
    (nodes[countAt] as number)++;
    const usual = n.id.length === file.length + 1 + n.name.length && n.id.charCodeAt(file.length) === 35 && n.id.startsWith(file) && n.id.endsWith(n.name);
    nodes.push(usual ? 0 : n.id, n.line, n.kind, n.name);
  }
  const edges: (string | number)[] = [];
  let from: string | null = null;
  for (const e of graph.edges) {
    if (e.from !== from) {
      from = e.from;
      countAt = edges.push(from, 0) - 1;
    }
    (edges[countAt] as number)++;
    edges.push(e.to, e.line, e.kind);
  }
  const uses: (string | number | string[])[] = [];
  for (const u of graph.uses) uses.push(u.from, u.line, u.ecosystem, u.module, u.member, u.kind);
  const { nodes: _n, edges: _e, uses: _u, ...rest } = graph;
  return { ...rest, nodes, edges, uses };
}

/** The graph packGraph packed; throws on an array that is not of its shape. */
export function unpackGraph(packed: PackedGraph): ProjectGraph {
  const { nodes: pn, edges: pe, uses: pu, ...rest } = packed;
  const nodes: GraphNode[] = [];
  for (let i = 0; i < pn.length; ) {
    const file = text(pn[i]);
    const end = i + 2 + 4 * count(pn[i + 1]);
    if (end > pn.length) throw new Error("truncated nodes");
    for (i += 2; i < end; i += 4) {
      const name = text(pn[i + 3]);
      const id = pn[i] === 0 ? `${file}#${name}` : text(pn[i]);
      nodes.push({ id, file, line: count(pn[i + 1]), kind: text(pn[i + 2]) as GraphNode["kind"], name });
    }
  }
  const edges: GraphEdge[] = [];
  for (let i = 0; i < pe.length; ) {
    const from = text(pe[i]);
    const end = i + 2 + 3 * count(pe[i + 1]);
    if (end > pe.length) throw new Error("truncated edges");
    for (i += 2; i < end; i += 3) edges.push({ from, to: text(pe[i]), line: count(pe[i + 1]), kind: text(pe[i + 2]) as GraphEdge["kind"] });
  }
  if (pu.length % 6 !== 0) throw new Error("truncated uses");
  const uses: ExternalUse[] = [];
  for (let i = 0; i < pu.length; i += 6) {
    const member = pu[i + 4];
    if (!Array.isArray(member)) throw new Error("malformed use");
    uses.push({
      from: text(pu[i]),
      line: count(pu[i + 1]),
      ecosystem: text(pu[i + 2]) as ExternalUse["ecosystem"],
      module: text(pu[i + 3]),
      member,
      kind: text(pu[i + 5]) as ExternalUse["kind"],
    });
  }
  // pruneGraph's key order, as a snapshot of format 1 decodes with.
  const { files, dynamic, unresolved, entries, ...optional } = rest;
  return { files, nodes, edges, uses, dynamic, unresolved, entries, ...optional };
}

function text(v: unknown): string {
  if (typeof v !== "string") throw new Error("malformed graph: a string expected");
  return v;
}

function count(v: unknown): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) throw new Error("malformed graph: a count expected");
  return v;
}
