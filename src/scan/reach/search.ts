// Paths from entry points: one breadth-first search per graph (memoised, since reach() runs once
// per advisory), keeping for every node the predecessors on its shortest paths. Paths are then
// read backwards from a use site with an explicit stack, so long chains cannot blow the stack.
import type { GraphNode, ProjectGraph } from "../callgraph/types.ts";

interface Pred {
  from: number;
  line: number;
}

export interface SearchState {
  index: Map<string, number>;
  nodes: GraphNode[];
  /** Edges from the nearest entry (0 for entry nodes), -1 when no entry reaches the node. */
  dist: Int32Array;
  preds: Pred[][];
  /** Entry labels of entry nodes. */
  labels: Map<number, string[]>;
}

const cache = new WeakMap<ProjectGraph, SearchState>();

export function searchState(graph: ProjectGraph): SearchState {
  const hit = cache.get(graph);
  if (hit) return hit;
  const count = graph.nodes.length;
  const index = new Map<string, number>();
  for (let i = 0; i < count; i++) index.set(graph.nodes[i]!.id, i);
  // Callees of every node as flat arrays (compressed rows): edges of node u are start[u]..start[u+1].
  const froms: number[] = [];
  const tos: number[] = [];
  const lines: number[] = [];
  const start = new Int32Array(count + 1);
  for (const e of graph.edges) {
    const from = index.get(e.from);
    const to = index.get(e.to);
    if (from === undefined || to === undefined) continue;
    froms.push(from);
    tos.push(to);
    lines.push(e.line);
    start[from + 1]!++;
  }
  for (let i = 0; i < count; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, count);
  const callee = new Int32Array(froms.length);
  const calleeLine = new Int32Array(froms.length);
  for (let k = 0; k < froms.length; k++) {
    const at = fill[froms[k]!]!++;
    callee[at] = tos[k]!;
    calleeLine[at] = lines[k]!;
  }
  const dist = new Int32Array(count).fill(-1);
  const preds: Pred[][] = graph.nodes.map(() => []);
  const labels = new Map<number, string[]>();
  const queue: number[] = [];
  for (const entry of graph.entries) {
    for (const id of entry.nodes) {
      const n = index.get(id);
      if (n === undefined) continue;
      const list = labels.get(n) ?? [];
      if (!list.includes(entry.label)) list.push(entry.label);
      labels.set(n, list);
      if (dist[n] === -1) {
        dist[n] = 0;
        queue.push(n);
      }
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head]!;
    const next = dist[u]! + 1;
    for (let j = start[u]!; j < start[u + 1]!; j++) {
      const v = callee[j]!;
      if (dist[v] === -1) {
        dist[v] = next;
        queue.push(v);
      }
      if (dist[v] === next) preds[v]!.push({ from: u, line: calleeLine[j]! });
    }
  }
  for (const list of preds) list.sort((a, b) => a.from - b.from || a.line - b.line);
  for (const list of labels.values()) list.sort();
  const state: SearchState = { index, nodes: graph.nodes, dist, preds, labels };
  cache.set(graph, state);
  return state;
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
export function pathsTo(state: SearchState, nodeId: string, tail: string[], limit: number): string[][] {
  const start = state.index.get(nodeId);
  if (start === undefined || state.dist[start]! < 0) return [];
  const results: string[][] = [];
  const stack: { n: number; sites: string[] }[] = [{ n: start, sites: [] }];
  for (let steps = 0; stack.length > 0 && steps < MAX_STEPS && results.length < limit; steps++) {
    const { n, sites } = stack.pop()!;
    if (state.dist[n] === 0) {
      for (const label of state.labels.get(n) ?? []) {
        if (results.length < limit) results.push([label, ...collapse([...sites].reverse()), ...tail]);
      }
      continue;
    }
    const preds = state.preds[n]!;
    for (let i = preds.length - 1; i >= 0; i--) {
      const p = preds[i]!;
      stack.push({ n: p.from, sites: [...sites, `${state.nodes[p.from]!.file}:${p.line}`] });
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

/** Keep `limit` distinct paths, shortest first (ties in source order, for stable output). */
export function bestPaths(paths: string[][], limit: number): string[][] {
  const seen = new Set<string>();
  const unique: string[][] = [];
  for (const p of paths) {
    const key = p.join(" -> ");
    if (!seen.has(key)) {
      seen.add(key);
      unique.push(p);
    }
  }
  unique.sort((a, b) => a.length - b.length || comparePaths(a, b));
  return unique.slice(0, limit);
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
