// What a completed scan keeps so that new advisories can be matched later without cloning again:
// the resolved dependencies and the part of the call graph reach() reads. The graph is pruned
// without changing any answer: edges leaving code that no entry point reaches never lie on a path,
// and nodes that are neither reached nor the site of a use are never looked at. Stored as
// zstd-compressed JSON with a format number, the graph packed (snapshot-graph.ts); format 1
// (gzipped JSON of the plain graph) is still read. A snapshot of another format is not read (the
// repository waits for its next real scan).
import { gunzipSync, strFromU8 } from "fflate";
import type { ProjectGraph } from "./callgraph/types.ts";
import type { Dependency, FileError } from "./model.ts";
import { isReachable, searchState } from "./reach/search.ts";
import { concatBytes, packedGraphBytes, unpackGraph, type PackedGraph } from "./snapshot-graph.ts";

/** Bump when the shape of ScanSnapshot, ProjectGraph or Dependency changes incompatibly. */
export const SNAPSHOT_FORMAT = 2;
/** Written by earlier versions: the graph as plain JSON, gzipped. */
const GZIPPED_PLAIN_FORMAT = 1;
/** Snapshots larger than this (gzipped) are not stored: that repository is skipped on re-evaluation. */
export const MAX_SNAPSHOT_BYTES = 16 * 1024 * 1024;

export interface ScanStats {
  dependencies: number;
  lockfile_errors: FileError[];
  unresolved: number;
  files_analysed: number;
  parse_errors: FileError[];
}

export interface ScanSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  dependencies: Dependency[];
  graph: ProjectGraph;
  stats: ScanStats;
}

export function pruneGraph(graph: ProjectGraph): ProjectGraph {
  // The search reach() made for this graph (memoised per graph object), read by index; by id
  // only if ids repeat (assembly makes them unique), where the id's last node answers.
  const state = searchState(graph);
  const { dist, edgeFrom } = state;
  const { unique } = state.memo;
  const sites = new Set<string>();
  for (const list of [graph.uses, graph.dynamic, graph.unresolved]) {
    // A node's sites are next to each other: a repeat of the last one need not be hashed again.
    let last: string | null = null;
    for (const u of list) if (u.from !== last) sites.add((last = u.from));
  }
  // What computed attributes of ours can call (DynamicSite.targets), which reach() searches from
  // when it asks whether such a call matters: kept with the edges out of it.
  const kept = targetClosure(graph, state);
  return {
    files: graph.files.filter((f) => f.error),
    nodes: graph.nodes.filter((n, i) => (unique ? dist[i]! >= 0 : isReachable(state, n.id)) || sites.has(n.id) || kept.has(i)),
    edges: graph.edges.filter((_, k) => edgeFrom[k]! >= 0 && (dist[edgeFrom[k]!]! >= 0 || kept.has(edgeFrom[k]!))),
    uses: graph.uses,
    dynamic: graph.dynamic,
    unresolved: graph.unresolved,
    entries: graph.entries,
    // Which dependency code was analysed (and limits hit): reach() reads them for `transitive`.
    ...(graph.dependencies ? { dependencies: graph.dependencies } : {}),
    ...(graph.limits ? { limits: graph.limits } : {}),
  };
}

/** The nodes (indexes) the dynamic sites' targets reach along the graph's edges, themselves included. */
function targetClosure(graph: ProjectGraph, state: ReturnType<typeof searchState>): Set<number> {
  const seen = new Set<number>();
  const stack: number[] = [];
  for (const d of graph.dynamic) {
    for (const id of d.targets ?? []) {
      const i = state.index.get(id);
      if (i !== undefined && !seen.has(i)) {
        seen.add(i);
        stack.push(i);
      }
    }
  }
  if (stack.length === 0) return seen;
  const next = new Map<number, number[]>();
  graph.edges.forEach((e, k) => {
    const from = state.edgeFrom[k]!;
    const to = state.index.get(e.to);
    if (from < 0 || to === undefined) return;
    const list = next.get(from);
    if (list) list.push(to);
    else next.set(from, [to]);
  });
  while (stack.length > 0) {
    for (const j of next.get(stack.pop()!) ?? []) {
      if (!seen.has(j)) {
        seen.add(j);
        stack.push(j);
      }
    }
  }
  return seen;
}

export type Encoded = { ok: true; data: Uint8Array } | { ok: false; reason: string };

export function encodeSnapshot(dependencies: Dependency[], graph: ProjectGraph, stats: ScanStats): Encoded {
  // The UTF-8 of JSON.stringify({ format, dependencies, graph: packGraph(pruneGraph(graph)), stats }),
  // the packed graph's runs kept from the last scans' (snapshot-graph.ts: a re-scan writes again
  // only the edited files' part).
  const encoder = new TextEncoder();
  const head = JSON.stringify({ format: SNAPSHOT_FORMAT, dependencies });
  const pieces = [encoder.encode(`${head.slice(0, -1)},"graph":`)];
  packedGraphBytes(pruneGraph(graph), pieces);
  pieces.push(encoder.encode(`,${JSON.stringify({ stats }).slice(1)}`));
  // zstd at level 1: every server scan encodes one, and on a 500k-line Python project (20 MB of
  // packed JSON) it took ~20 ms for 1.2 MB, where gzip at level 2 took ~35 ms for 2.2 MB.
  // (Compressed at once: the joined bytes are a buffer kept for the next snapshot.)
  const data = Bun.zstdCompressSync(concatBytes(pieces, true), { level: 1 });
  if (data.length > MAX_SNAPSHOT_BYTES) {
    return { ok: false, reason: `the snapshot is ${data.length} bytes compressed, over the ${MAX_SNAPSHOT_BYTES}-byte limit` };
  }
  return { ok: true, data };
}

export type Decoded = { ok: true; snapshot: ScanSnapshot } | { ok: false; reason: string };

export function decodeSnapshot(format: number, data: Uint8Array): Decoded {
  if (format !== SNAPSHOT_FORMAT && format !== GZIPPED_PLAIN_FORMAT) {
    return { ok: false, reason: `the snapshot has format ${format}; this version reads formats ${GZIPPED_PLAIN_FORMAT} and ${SNAPSHOT_FORMAT}` };
  }
  let value: unknown;
  try {
    value = format === SNAPSHOT_FORMAT ? JSON.parse(new TextDecoder().decode(Bun.zstdDecompressSync(data))) : JSON.parse(strFromU8(gunzipSync(data)));
  } catch (e) {
    return unreadable(e);
  }
  const s = value as Partial<Omit<ScanSnapshot, "format" | "graph">> & { format?: unknown; graph?: Partial<ProjectGraph> } | null;
  const g = s?.graph;
  const shaped =
    s !== null &&
    typeof s === "object" &&
    s.format === format &&
    Array.isArray(s.dependencies) &&
    typeof s.stats === "object" &&
    g !== undefined &&
    [g.files, g.nodes, g.edges, g.uses, g.dynamic, g.unresolved, g.entries].every(Array.isArray);
  if (!shaped) return { ok: false, reason: "the snapshot does not have the expected shape" };
  let graph = g as ProjectGraph;
  if (format === SNAPSHOT_FORMAT) {
    try {
      graph = unpackGraph(g as unknown as PackedGraph);
    } catch (e) {
      return unreadable(e);
    }
  }
  return { ok: true, snapshot: { format: SNAPSHOT_FORMAT, dependencies: s.dependencies!, graph, stats: s.stats! } };
}

function unreadable(e: unknown): Decoded {
  return { ok: false, reason: `the snapshot is unreadable: ${String(e instanceof Error ? e.message : e).slice(0, 200)}` };
}
