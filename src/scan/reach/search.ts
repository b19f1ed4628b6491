// Paths from entry points: one breadth-first search per graph (memoised: reach() runs once per
// advisory and the snapshot's pruning asks again), keeping for every node the predecessors on its
// shortest paths. Paths are then read backwards from a use site with an explicit stack, so long
// chains cannot blow the stack. Nodes are numbered by their place in graph.nodes, and callees and
// predecessors are flat typed arrays (compressed rows), not an object per edge.
import { isHashFree, takeEdgeEnds } from "../callgraph/edge-ends.ts";
import type { GraphEdge, GraphNode, ProjectGraph } from "../callgraph/types.ts";

export interface SearchState {
  index: NodeLookup;
  nodes: GraphNode[];
  /** Edges from the nearest entry (0 for entry nodes), -1 when no entry reaches the node. */
  dist: Int32Array;
  /** Per edge of graph.edges, in order: the index of its `from` node, -1 when there is none. */
  edgeFrom: Int32Array;
  /**
   * Predecessors on shortest paths: those of node v are predFrom/predLine[predStart[v]..predStart[v+1]],
   * sorted by predecessor, then line.
   */
  predStart: Int32Array;
  predFrom: Int32Array;
  predLine: Int32Array;
  /** Entry labels of entry nodes. */
  labels: Map<number, string[]>;
  /** What the search of the project's next graph may reuse. */
  memo: SearchMemo;
  graph: ProjectGraph;
  edgeTo: Int32Array;
  /** Per edge, its line when the assembly recorded them (else read from the edge). */
  lines: Int32Array | null;
  /** The search without reference edges (strictState()); null: the same as this one. */
  strict: SearchState | null | undefined;
}

/**
 * A search's node and edge lists with the node index of every edge's ends. A re-scan's graph
 * holds most of the previous graph's node and edge objects, in the same order (the incremental
 * assembly keeps unchanged files' parts): their ends need no lookup by id.
 */
export interface SearchMemo {
  nodes: GraphNode[];
  edges: GraphEdge[];
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  /** Every node id appears once (then a node's id names its index). */
  unique: boolean;
}

const cache = new WeakMap<ProjectGraph, SearchState>();

/** The search of a graph; `previous`: the memo of the same project's last search, to reuse. */
export function searchState(graph: ProjectGraph, previous?: SearchMemo | null): SearchState {
  const hit = cache.get(graph);
  if (hit) return hit;
  const nodes = graph.nodes;
  const count = nodes.length;
  const edges = graph.edges;
  // A full assembly's graph comes with its edges' ends (edge-ends.ts) and unique ids: its ids are
  // looked up file by file, as asked.
  const recorded = takeEdgeEnds(edges);
  const byFile = recorded ? ByFile.of(nodes) : null;
  let index: NodeLookup;
  let unique = true;
  let ends: { edgeFrom: Int32Array; edgeTo: Int32Array };
  if (recorded && byFile) {
    index = byFile;
    for (const k of recorded.byId) recorded.to[k] = byFile.get(edges[k]!.to) ?? -1;
    ends = { edgeFrom: recorded.from, edgeTo: recorded.to };
  } else {
    // An incremental assembly's graph (ids unique by construction, edge-ends.ts) is looked up file
    // by file too: hashing its 107k ids (557k lines) into a Map was most of a re-scan's search.
    const files = isHashFree(nodes) ? ByFile.of(nodes) : null;
    if (files) index = files;
    else {
      const map = new Map<string, number>();
      for (let i = 0; i < count; i++) map.set(nodes[i]!.id, i);
      index = map;
      unique = map.size === count;
    }
    ends = edgeEnds(nodes, edges, index, unique && previous?.unique ? previous : null);
  }
  const { edgeFrom, edgeTo } = ends;
  const lines = recorded && byFile ? recorded.line : null;
  const { dist, predStart, predFrom, predLine, labels } = shortestPaths(graph, index, edgeFrom, edgeTo, lines, null);
  const memo: SearchMemo = { nodes, edges, edgeFrom, edgeTo, unique };
  const state: SearchState = { index, nodes, dist, edgeFrom, predStart, predFrom, predLine, labels, memo, graph, edgeTo, lines, strict: undefined };
  cache.set(graph, state);
  return state;
}

/**
 * The search over call and import edges only (no reference edges: a function stored in a Map or
 * handed to something that may call it), built the first time a path is asked for: evidence
 * prefers paths of real calls, and a reference is a path only where no call path exists.
 */
function strictState(state: SearchState): SearchState | null {
  if (state.strict !== undefined) return state.strict;
  const edges = state.graph.edges;
  let refs = false;
  for (let k = 0; k < edges.length && !refs; k++) if (edges[k]!.kind === "ref") refs = true;
  if (!refs) return (state.strict = null);
  const keep = new Uint8Array(edges.length);
  for (let k = 0; k < edges.length; k++) keep[k] = edges[k]!.kind === "ref" ? 0 : 1;
  const s = shortestPaths(state.graph, state.index, state.edgeFrom, state.edgeTo, state.lines, keep);
  state.strict = { ...state, ...s, strict: null };
  return state.strict;
}

/**
 * Breadth-first search from the graph's entries over its edges (those `keep` marks, when given),
 * keeping every node's predecessors on its shortest paths.
 */
function shortestPaths(
  graph: ProjectGraph,
  index: NodeLookup,
  edgeFrom: Int32Array,
  edgeTo: Int32Array,
  lines: Int32Array | null,
  keep: Uint8Array | null,
): { dist: Int32Array; predStart: Int32Array; predFrom: Int32Array; predLine: Int32Array; labels: Map<number, string[]> } {
  const nodes = graph.nodes;
  const count = nodes.length;
  const edges = graph.edges;
  // Callees of every node (compressed rows): edges of node u are start[u]..start[u+1].
  const start = new Int32Array(count + 1);
  for (let k = 0; k < edges.length; k++) if (edgeFrom[k]! >= 0 && edgeTo[k]! >= 0 && (!keep || keep[k])) start[edgeFrom[k]! + 1]!++;
  for (let i = 0; i < count; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, count);
  const callee = new Int32Array(start[count]!);
  const calleeLine = new Int32Array(start[count]!);
  for (let k = 0; k < edges.length; k++) {
    const from = edgeFrom[k]!;
    const to = edgeTo[k]!;
    if (from < 0 || to < 0 || (keep && !keep[k])) continue;
    const at = fill[from]!++;
    callee[at] = to;
    calleeLine[at] = lines ? lines[k]! : edges[k]!.line;
  }
  const dist = new Int32Array(count).fill(-1);
  const labels = new Map<number, string[]>();
  const labelled = new Set<string>();
  const queue = new Int32Array(count);
  let tail = 0;
  for (const entry of graph.entries) {
    for (const id of entry.nodes) {
      const n = index.get(id);
      if (n === undefined) continue;
      // One label per entry node and entry file, the first entry's (a file's entries come most specific
      // reason first): a node two entries of one file list (discord.py's extension module and its
      // Cog views, a __main__.py run as a module and as a console script) starts each path once.
      // (Entries of other files, `index.mjs` re-exporting `index.js`, each name theirs.)
      const key = `${n}\u0000${entry.file}`;
      if (!labelled.has(key)) {
        labelled.add(key);
        const list = labels.get(n);
        if (list) list.push(entry.label);
        else labels.set(n, [entry.label]);
      }
      if (dist[n] === -1) {
        dist[n] = 0;
        queue[tail++] = n;
      }
    }
  }
  // An edge u → v lies on a shortest path when dist[v] = dist[u] + 1: counted as the search
  // meets it (every edge of a reached node once), then filled in order of u, so each node's
  // predecessors come sorted by predecessor; lines within one are sorted after.
  const predStart = new Int32Array(count + 1);
  for (let head = 0; head < tail; head++) {
    const u = queue[head]!;
    const next = dist[u]! + 1;
    for (let j = start[u]!; j < start[u + 1]!; j++) {
      const v = callee[j]!;
      if (dist[v] === -1) {
        dist[v] = next;
        queue[tail++] = v;
      }
      if (dist[v] === next) predStart[v + 1]!++;
    }
  }
  for (let i = 0; i < count; i++) predStart[i + 1]! += predStart[i]!;
  const predFrom = new Int32Array(predStart[count]!);
  const predLine = new Int32Array(predStart[count]!);
  const at = predStart.slice(0, count);
  for (let u = 0; u < count; u++) {
    if (dist[u]! < 0) continue;
    for (let j = start[u]!; j < start[u + 1]!; j++) {
      const v = callee[j]!;
      if (dist[v] !== dist[u]! + 1) continue;
      const p = at[v]!++;
      predFrom[p] = u;
      predLine[p] = calleeLine[j]!;
    }
  }
  for (let v = 0; v < count; v++) sortLines(predFrom, predLine, predStart[v]!, predStart[v + 1]!);
  for (const list of labels.values()) list.sort();
  return { dist, predStart, predFrom, predLine, labels };
}

/** Node id → index in the graph's nodes. */
export interface NodeLookup {
  get(id: string): number | undefined;
}

/**
 * The ids of a graph whose paths hold no "#" (edge-ends.ts), where each file's nodes are next to
 * each other: an id's path ends at its first "#", and a file's ids go into a Map when one of them
 * is first asked for. Reach asks for nodes of some hundreds of files, the search for none: a Map
 * of all of them (107k ids at 557k lines) was a fifth of the reach phase.
 */
class ByFile implements NodeLookup {
  private files = new Map<number, Map<string, number>>();

  private constructor(
    private nodes: readonly GraphNode[],
    private starts: Map<string, number>,
  ) {}

  /** Null when a file's nodes are not all next to each other. */
  static of(nodes: readonly GraphNode[]): ByFile | null {
    const starts = new Map<string, number>();
    let last: string | null = null;
    for (let i = 0; i < nodes.length; i++) {
      const file = nodes[i]!.file;
      if (file === last) continue;
      if (starts.has(file)) return null;
      starts.set(file, i);
      last = file;
    }
    return new ByFile(nodes, starts);
  }

  get(id: string): number | undefined {
    const cut = id.indexOf("#");
    const first = cut < 0 ? undefined : this.starts.get(id.slice(0, cut));
    if (first === undefined) return undefined;
    let ids = this.files.get(first);
    if (!ids) {
      ids = new Map();
      const file = this.nodes[first]!.file;
      for (let i = first; i < this.nodes.length && this.nodes[i]!.file === file; i++) ids.set(this.nodes[i]!.id, i);
      this.files.set(first, ids);
    }
    return ids.get(id);
  }
}

/**
 * The node index of every edge's `from` and `to` (-1: no such node). With the previous search of
 * the project (both graphs' ids unique), the edges both graphs share at the start and at the end
 * (same objects, same order) take their ends from it: a node the graphs share at the start keeps
 * its index, one they share at the end moves by the difference in node count, and ends anywhere
 * else (the edited files' nodes) are looked up by id, as are the other edges' ends.
 */
function edgeEnds(nodes: GraphNode[], edges: GraphEdge[], index: NodeLookup, previous: SearchMemo | null): { edgeFrom: Int32Array; edgeTo: Int32Array } {
  const edgeFrom = new Int32Array(edges.length);
  const edgeTo = new Int32Array(edges.length);
  // A node's edges are mostly next to each other: the last `from` answers without a lookup.
  let lastId: string | null = null;
  let lastFrom = -1;
  const lookUp = (lo: number, hi: number): void => {
    for (let k = lo; k < hi; k++) {
      const e = edges[k]!;
      if (e.from !== lastId) {
        lastId = e.from;
        lastFrom = index.get(e.from) ?? -1;
      }
      edgeFrom[k] = lastFrom;
      edgeTo[k] = index.get(e.to) ?? -1;
    }
  };
  if (!previous) {
    lookUp(0, edges.length);
    return { edgeFrom, edgeTo };
  }
  const [nodeHead, nodeTail] = shared(previous.nodes, nodes);
  const [edgeHead, edgeTail] = shared(previous.edges, edges);
  const oldCount = previous.nodes.length;
  const shift = nodes.length - oldCount;
  const oldTail = oldCount - nodeTail;
  // The new index of a node the graphs share, -2 for one to look up (an edited file's node, or none).
  const moved = (old: number): number => (old >= 0 && old < nodeHead ? old : old >= oldTail ? old + shift : -2);
  const edgeShift = edges.length - previous.edges.length;
  const take = (lo: number, hi: number, offset: number): void => {
    for (let k = lo; k < hi; k++) {
      let from = moved(previous.edgeFrom[k - offset]!);
      let to = moved(previous.edgeTo[k - offset]!);
      // Only then is the edge object read: most ends come from the arrays alone.
      if (from === -2) from = index.get(edges[k]!.from) ?? -1;
      if (to === -2) to = index.get(edges[k]!.to) ?? -1;
      edgeFrom[k] = from;
      edgeTo[k] = to;
    }
  };
  take(0, edgeHead, 0);
  lookUp(edgeHead, edges.length - edgeTail);
  take(edges.length - edgeTail, edges.length, edgeShift);
  return { edgeFrom, edgeTo };
}

/** How many items two lists share (same objects) at their start, and then at their end. */
function shared<T>(before: T[], after: T[]): [number, number] {
  const most = Math.min(before.length, after.length);
  let head = 0;
  while (head < most && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < most - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return [head, tail];
}

/** Insertion sort by line within runs of one predecessor (rows are short and nearly sorted). */
function sortLines(from: Int32Array, line: Int32Array, lo: number, hi: number): void {
  for (let i = lo + 1; i < hi; i++) {
    const f = from[i]!;
    const l = line[i]!;
    let j = i - 1;
    while (j >= lo && from[j] === f && line[j]! > l) {
      line[j + 1] = line[j]!;
      j--;
    }
    line[j + 1] = l;
  }
}

export function isReachable(state: SearchState, nodeId: string): boolean {
  const n = state.index.get(nodeId);
  return n !== undefined && state.dist[n]! >= 0;
}

/** Bound on the work spent listing alternative shortest paths to one node. */
const MAX_STEPS = 5_000;

/**
 * Up to `limit` shortest paths from an entry to `nodeId`, each as segments: the entry label,
 * then one "file:line" per call/import site, then `tail`.
 */
export function pathsTo(full: SearchState, nodeId: string, tail: string[], limit: number): string[][] {
  const start = full.index.get(nodeId);
  if (start === undefined || full.dist[start]! < 0) return [];
  // Paths of calls and imports only when there are any; else paths through a reference, marked so.
  const strict = strictState(full);
  const state = strict && strict.dist[start]! >= 0 ? strict : full;
  const marked = strict !== null && state === full;
  const results: string[][] = [];
  const stack: { n: number; sites: string[] }[] = [{ n: start, sites: [] }];
  for (let steps = 0; stack.length > 0 && steps < MAX_STEPS && results.length < limit; steps++) {
    const { n, sites } = stack.pop()!;
    if (state.dist[n] === 0) {
      for (const label of state.labels.get(n) ?? []) {
        if (results.length >= limit) continue;
        const path = [label, ...collapse([...sites].reverse()), ...tail];
        if (marked) throughReference.add(path);
        results.push(path);
      }
      continue;
    }
    for (let i = state.predStart[n + 1]! - 1; i >= state.predStart[n]!; i--) {
      const from = state.predFrom[i]!;
      stack.push({ n: from, sites: [...sites, `${state.nodes[from]!.file}:${state.predLine[i]}`] });
    }
  }
  return results;
}

/**
 * One segment per source position: a callback defined and handed on in one line
 * (`app.get("/", (req, res) => render(req))`) is two hops at the same `file:line`, which reads as
 * a stutter in the evidence rather than as two places to look.
 */
function collapse(sites: string[]): string[] {
  return sites.filter((s, i) => i === 0 || s !== sites[i - 1]);
}

/** Paths pathsTo() found only through a reference edge: ranked after every path of calls. */
const throughReference = new WeakSet<string[]>();

/**
 * Keep `limit` distinct paths, paths of calls before paths through a reference (pathsTo() gives
 * those only for a node no path of calls reaches), then shortest first (ties in source order, for stable output). Picked
 * by insertion into the best so far, as a stable sort and its first `limit` would pick them: a
 * vulnerable function called from a thousand places gives some thousands of paths for five.
 */
export function bestPaths(paths: string[][], limit: number): string[][] {
  if (limit <= 0) return [];
  const seen = new Set<string>();
  const best: string[][] = [];
  const tier = (p: string[]): number => (throughReference.has(p) ? 1 : 0);
  const before = (a: string[], b: string[]): boolean => (tier(a) - tier(b) || a.length - b.length || comparePaths(a, b)) < 0;
  for (const p of paths) {
    const key = p.join(" -> ");
    if (seen.has(key)) continue;
    seen.add(key);
    if (best.length === limit && !before(p, best[limit - 1]!)) continue;
    let at = best.length;
    while (at > 0 && before(p, best[at - 1]!)) at--;
    best.splice(at, 0, p);
    if (best.length > limit) best.pop();
  }
  return best;
}

/** Segment by segment; "file:line" segments by file, then by line number (so 9 < 10). */
function comparePaths(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    const mx = /^(.*):(\d+)$/.exec(x);
    const my = /^(.*):(\d+)$/.exec(y);
    if (mx && my && mx[1] === my[1]) return Number(mx[2]) - Number(my[2]);
    return x < y ? -1 : 1;
  }
  return 0;
}
