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

/**
 * The UTF-8 bytes of `JSON.stringify(packGraph(graph))`, byte for byte, in pieces appended to
 * `pieces` (concatBytes() joins them), made from pieces kept
 * between calls. A server's re-scan assembles only the edited files (callgraph/incremental.ts):
 * every other file keeps its very node, edge and use objects, and writing the whole packed graph
 * as JSON again was most of a re-scan job (a 557k-line project: pack + stringify + UTF-8 of
 * 17 MB, ~0.45 of a ~1.4 s job). Each run (a file's nodes, a node's edges, a node's uses) is
 * encoded once and kept, keyed by its first object, with the objects it was made from; it is
 * used again only when the run holds the very same objects in the same order (graph objects are
 * never changed in place: an edit makes new ones), so the bytes are those a fresh encoding
 * would give. The kept bytes live as long as the graph's objects (a WeakMap): for a server, the
 * size of the last scans' packed graphs.
 */
export function packedGraphBytes(graph: ProjectGraph, pieces: Uint8Array[] = []): Uint8Array[] {
  const { nodes, edges, uses, ...rest } = graph;
  const head = JSON.stringify(rest);
  // `{...rest, nodes, edges, uses}`: the rest's keys first, as packGraph's object spread gives them.
  pieces.push(encoder.encode(`${head.slice(0, -1)}${head === "{}" ? "" : ","}"nodes":[`));
  runsOf(nodes, nodeFile, packNodes, nodeRuns, pieces);
  pieces.push(encoder.encode(`],"edges":[`));
  runsOf(edges, edgeFrom, packEdges, edgeRuns, pieces);
  pieces.push(encoder.encode(`],"uses":[`));
  runsOf(uses, useFrom, packUses, useRuns, pieces);
  pieces.push(encoder.encode("]}"));
  return pieces;
}

/** One run's encoding: its elements' JSON without the brackets, and what it was made from. */
interface Run<T> {
  items: T[];
  bytes: Uint8Array;
}

const encoder = new TextEncoder();
const nodeRuns = new WeakMap<GraphNode, Run<GraphNode>>();
const edgeRuns = new WeakMap<GraphEdge, Run<GraphEdge>>();
const useRuns = new WeakMap<ExternalUse, Run<ExternalUse>>();
const nodeFile = (n: GraphNode): string => n.file;
const edgeFrom = (e: GraphEdge): string => e.from;
const useFrom = (u: ExternalUse): string => u.from;
/** Marks where the bytes of two runs of one array meet (the array's own commas). */
const COMMA = new Uint8Array([44]);

/** packGraph's node values of nodes[from..to), all of one file. */
function packNodes(list: GraphNode[], from: number, to: number): (string | number)[] {
  const file = list[from]!.file;
  const out: (string | number)[] = [file, to - from];
  for (let i = from; i < to; i++) {
    const n = list[i]!;
    const usual = n.id.length === file.length + 1 + n.name.length && n.id.charCodeAt(file.length) === 35 && n.id.startsWith(file) && n.id.endsWith(n.name);
    out.push(usual ? 0 : n.id, n.line, n.kind, n.name);
  }
  return out;
}

/** packGraph's edge values of edges[from..to), all from one node. */
function packEdges(list: GraphEdge[], from: number, to: number): (string | number)[] {
  const out: (string | number)[] = [list[from]!.from, to - from];
  for (let i = from; i < to; i++) out.push(list[i]!.to, list[i]!.line, list[i]!.kind);
  return out;
}

/** packGraph's use values of uses[from..to) (uses have no run header; runs only share the cache). */
function packUses(list: ExternalUse[], from: number, to: number): (string | number | string[])[] {
  const out: (string | number | string[])[] = [];
  for (let i = from; i < to; i++) {
    const u = list[i]!;
    out.push(u.from, u.line, u.ecosystem, u.module, u.member, u.kind);
  }
  return out;
}

/**
 * `list` as bytes into `out`, a chunk at a time, from the cache where it holds the chunk. A chunk
 * is one run (consecutive items of one key) or several consecutive runs whose keys name nodes of
 * one file ("<file>#..."): a piece per file rather than per node keeps the copying cheap.
 */
function runsOf<T extends object>(
  list: T[], key: (x: T) => string, pack: (list: T[], from: number, to: number) => unknown[], cache: WeakMap<T, Run<T>>, out: Uint8Array[],
): void {
  for (let i = 0; i < list.length;) {
    let k = key(list[i]!);
    const hash = k.indexOf("#");
    const file = hash < 0 ? null : k.slice(0, hash + 1);
    let j = i + 1;
    const ends: number[] = [];
    for (;;) {
      while (j < list.length && key(list[j]!) === k) j++;
      ends.push(j);
      if (j === list.length) break;
      // The next run joins the chunk when its key has the same "<file>#" prefix.
      const next = key(list[j]!);
      if (file === null || !next.startsWith(file)) break;
      k = next;
    }
    const hit = cache.get(list[i]!);
    let bytes: Uint8Array;
    if (hit && sameItems(hit.items, list, i, j)) bytes = hit.bytes;
    else {
      const values: unknown[] = [];
      let from = i;
      for (const end of ends) {
        for (const v of pack(list, from, end)) values.push(v);
        from = end;
      }
      bytes = encoder.encode(JSON.stringify(values).slice(1, -1));
      cache.set(list[i]!, { items: list.slice(i, j), bytes });
    }
    if (i > 0) out.push(COMMA);
    out.push(bytes);
    i = j;
  }
}

function sameItems<T>(items: T[], list: T[], from: number, to: number): boolean {
  if (items.length !== to - from) return false;
  for (let i = from; i < to; i++) if (items[i - from] !== list[i]) return false;
  return true;
}

/**
 * The pieces joined in one buffer. With `scratch`, into a buffer kept for the next call (up to
 * MAX_SCRATCH bytes; the result is only valid until then): on this kind of host, touching 17 MB
 * of newly mapped memory cost ~0.13 s of page faults on every re-scan, where writing over the
 * same pages again costs a few milliseconds.
 */
export function concatBytes(pieces: Uint8Array[], scratch = false): Uint8Array {
  let size = 0;
  for (const p of pieces) size += p.length;
  let out: Uint8Array;
  if (scratch && size <= MAX_SCRATCH) {
    if (!kept || kept.length < size) kept = new Uint8Array(Math.min(MAX_SCRATCH, Math.ceil(size * 1.25)));
    out = kept.subarray(0, size);
  } else out = new Uint8Array(size);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The largest buffer concatBytes keeps between calls (a larger result is allocated each time). */
const MAX_SCRATCH = 64 * 1024 * 1024;
let kept: Uint8Array | null = null;
