// The node indices of every edge's ends (and its line), as a full assembly knows them when it
// makes the edge: the reach search (reach/search.ts) then need not look up 200k+ edge ends by id
// string at 500k lines. Kept beside the graph, keyed by its edge list, so the graph's JSON and
// snapshot forms stay as they are; a graph without them (an incremental assembly, a stored
// snapshot) is searched by id as before. Recorded only when no file path holds a "#": then node
// ids are unique and an id's path ends at its first "#" (search.ts reads ids so).
import type { GraphEdge, GraphNode } from "./types.ts";

/** Per edge of graph.edges, in order. */
export interface EdgeEnds {
  from: Int32Array;
  /** BY_ID where the end is known by its id only. */
  to: Int32Array;
  line: Int32Array;
  /** The edges whose `to` is BY_ID. */
  byId: number[];
}

/** An end the assembly knows by id only (an object literal's functions). */
export const BY_ID = -2;

const recorded = new WeakMap<readonly GraphEdge[], EdgeEnds>();

/**
 * The ends recorded for this edge list, or null (none, or the list changed since). Taken once: a
 * server keeps the last search's edge list for the next scan, and need not keep these with it.
 */
export function takeEdgeEnds(edges: readonly GraphEdge[]): EdgeEnds | null {
  const ends = recorded.get(edges);
  recorded.delete(edges);
  return ends && ends.from.length === edges.length ? ends : null;
}

/** Filled edge by edge as the assembly pushes them; keep() hands them over. */
export class EdgeEndsRecorder {
  private from: Int32Array = new Int32Array(1024);
  private to: Int32Array = new Int32Array(1024);
  private line: Int32Array = new Int32Array(1024);
  private byId: number[] = [];
  private count = 0;

  push(from: number, to: number, line: number): void {
    if (this.count === this.from.length) {
      this.from = grown(this.from);
      this.to = grown(this.to);
      this.line = grown(this.line);
    }
    if (to === BY_ID) this.byId.push(this.count);
    this.from[this.count] = from;
    this.to[this.count] = to;
    this.line[this.count++] = line;
  }

  /** Kept for `edges`, which must hold exactly the edges pushed, in order. */
  keep(edges: readonly GraphEdge[]): void {
    if (edges.length !== this.count) return;
    const n = this.count;
    recorded.set(edges, { from: this.from.slice(0, n), to: this.to.slice(0, n), line: this.line.slice(0, n), byId: this.byId });
  }
}

/** Node lists of assemblies whose paths hold no "#" (see above): their ids are unique, an id's path ends at its first "#". */
const hashFree = new WeakSet<readonly GraphNode[]>();

/** Marks `nodes` as an assembly's whose file paths hold no "#" (the caller checked). */
export function markHashFree(nodes: readonly GraphNode[]): void {
  hashFree.add(nodes);
}

/** Whether markHashFree() marked this node list. */
export function isHashFree(nodes: readonly GraphNode[]): boolean {
  return hashFree.has(nodes);
}

function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
