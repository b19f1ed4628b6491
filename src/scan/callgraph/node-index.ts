// Node indices as a full assembly knows them: every node id's index (the Map fileInfo() fills
// while it makes the ids unique) and every edge's end nodes and line. The reach search
// (reach/search.ts) then builds no id Map and looks up no edge end: at 557k lines that was 107k
// ids hashed into a Map and 440k ends looked up on the one busy thread. Kept beside the graph,
// keyed by its edge list, so the graph's JSON and snapshot forms stay as they are; a graph
// without them (an incremental assembly, a stored snapshot) is searched by id as before.
import type { GraphEdge, GraphNode } from "./types.ts";

export interface NodeIndex {
  /** Node id → index in the graph's nodes (the last node of an id, as a Map filled in order). */
  ids: Map<string, number>;
  /** Per edge of the graph's edges, in order: its ends' node indices and its line. */
  from: Int32Array;
  to: Int32Array;
  line: Int32Array;
}

/** An end given by its id only (a class's constructor, an object's functions): looked up in `ids`. */
export const BY_ID = -2;

const recorded = new WeakMap<readonly GraphEdge[], { nodes: readonly GraphNode[]; count: number; index: NodeIndex }>();

/**
 * What the assembly recorded for this graph's nodes and edges, or null (none, or they changed
 * since). Taken: a server keeps the last search's edge list for the next one, and would keep the
 * id Map with it.
 */
export function takeNodeIndex(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): NodeIndex | null {
  const hit = recorded.get(edges);
  recorded.delete(edges);
  return hit && hit.nodes === nodes && hit.count === nodes.length && hit.index.from.length === edges.length ? hit.index : null;
}

/** Filled edge by edge as the assembly pushes them; keep() hands them over. */
export class NodeIndexRecorder {
  private from: Int32Array = new Int32Array(1024);
  private to: Int32Array = new Int32Array(1024);
  private line: Int32Array = new Int32Array(1024);
  private count = 0;

  constructor(private ids: Map<string, number>) {}

  push(from: number, to: number, edge: GraphEdge): void {
    if (this.count === this.from.length) {
      this.from = grown(this.from);
      this.to = grown(this.to);
      this.line = grown(this.line);
    }
    this.from[this.count] = from;
    this.to[this.count] = to === BY_ID ? (this.ids.get(edge.to) ?? -1) : to;
    this.line[this.count++] = edge.line;
  }

  /** Kept for `nodes` and `edges`, which must hold exactly the nodes indexed and the edges pushed. */
  keep(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): void {
    if (edges.length !== this.count) return;
    const n = this.count;
    const index = { ids: this.ids, from: this.from.slice(0, n), to: this.to.slice(0, n), line: this.line.slice(0, n) };
    recorded.set(edges, { nodes, count: nodes.length, index });
  }
}

function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}
