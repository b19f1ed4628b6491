// Incremental assembly: a re-scan re-resolves only the files whose edges could have changed and
// takes every other file's edges, uses, dynamic sites and unresolved imports from the previous
// scan of the same project.
//
// Why reuse is sound. In incremental mode (graph.ts) the resolver forgets its memo before each
// file, so a file's part of the graph is a deterministic function of what its resolution reads:
// the facts of the files it touched (every access to FileInfo.facts/nodeIds/defByStart is
// recorded), the call sites of the function nodes whose parameters it resolved (argSites), and
// globals: the module index, the getter/setter names, the subclass and outside-attribute indexes.
// The flow pass (argSites) and the indexes are recomputed in full on every scan; a file is reused
// only when none of its facts, touched files or read call-site lists changed and every global is
// equal, else it is re-resolved. Added, removed or reordered files, or any changed global: full
// assembly. The per-file memo reset keeps the proof independent of the resolver's memo (whose
// answers no longer depend on which question came first: test/callgraph/order.test.ts).
import type { FileFacts } from "./facts.ts";
import type { ModuleIndex } from "./modules.ts";
import type { ArgSite, FileInfo } from "./resolve.ts";
import type { DynamicSite, ExternalUse, GraphEdge, UnresolvedImport } from "./types.ts";

/** Records which files (by position) and which call-site lists one file's resolution reads. */
export class ReadTracker {
  private on = false;
  private stamp = 0;
  private seen: Int32Array;
  private files: number[] = [];
  private nodes = new Set<string>();

  constructor(size: number) {
    this.seen = new Int32Array(size);
  }

  begin(): void {
    this.on = true;
    this.stamp++;
    this.files = [];
    this.nodes = new Set();
  }

  end(): { files: number[]; nodes: Set<string> } {
    this.on = false;
    return { files: this.files, nodes: this.nodes };
  }

  file(id: number): void {
    if (!this.on || this.seen[id] === this.stamp) return;
    this.seen[id] = this.stamp;
    this.files.push(id);
  }

  sites(node: string): void {
    if (this.on) this.nodes.add(node);
  }
}

/** A FileInfo whose every read of the file's facts is told to the tracker. */
class TrackedInfo implements FileInfo {
  constructor(
    private readonly f: FileFacts,
    readonly moduleId: string,
    private readonly ids: string[],
    private readonly starts: Map<number, number>,
    private readonly id: number,
    private readonly tracker: ReadTracker,
  ) {}

  get facts(): FileFacts {
    this.tracker.file(this.id);
    return this.f;
  }

  get nodeIds(): string[] {
    this.tracker.file(this.id);
    return this.ids;
  }

  get defByStart(): Map<number, number> {
    this.tracker.file(this.id);
    return this.starts;
  }
}

export function trackedInfo(plain: FileInfo, id: number, tracker: ReadTracker): FileInfo {
  return new TrackedInfo(plain.facts, plain.moduleId, plain.nodeIds, plain.defByStart, id, tracker);
}

/** Call sites per node whose reads (param resolution) are told to the tracker. */
export class TrackedSites extends Map<string, ArgSite[]> {
  constructor(
    from: Map<string, ArgSite[]>,
    private readonly tracker: ReadTracker,
  ) {
    super(from);
  }

  override get(node: string): ArgSite[] | undefined {
    this.tracker.sites(node);
    return super.get(node);
  }
}

/** One file's share of the graph and what producing it read. */
export interface FilePart {
  /** Paths of the files whose facts were read (the file itself included). */
  reads: string[];
  /** Function nodes whose call sites were read. */
  sites: string[];
  edges: GraphEdge[];
  uses: ExternalUse[];
  dynamic: DynamicSite[];
  unresolved: UnresolvedImport[];
}

/** What a scan keeps for the next scan of the same project (in memory, plain data). */
export interface AssemblyState {
  /** The facts assembled, in order: an unchanged file has the very same object (collect.ts). */
  facts: FileFacts[];
  globals: string;
  /** Call-site keys per function node, in order. */
  sites: Map<string, string>;
  parts: Map<string, FilePart>;
}

/** The inputs every file's resolution may read besides facts and call sites, as one string. */
export function globalsKey(index: ModuleIndex, getters: Set<string>, setters: Set<string>, indexes: string): string {
  const h = new Bun.CryptoHasher("sha256");
  const list = (xs: Iterable<unknown>): void => {
    h.update(JSON.stringify([...xs]));
    h.update("\u0000");
  };
  list(index.all);
  list(index.sources);
  list(index.pyDirs);
  list(index.localPackages);
  list(index.mains);
  list(index.pyVendored ?? []);
  h.update(JSON.stringify(index.tsPaths ?? null));
  h.update("\u0000");
  list([...getters].sort());
  list([...setters].sort());
  h.update(indexes);
  return h.digest("hex");
}

/** Call-site keys per node: equal keys from unchanged files are the same call sites. */
export function siteKeys(argSites: Map<string, ArgSite[]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [node, list] of argSites) {
    out.set(node, list.map((s) => `${s.fi.facts.path}\u0000${s.call ?? "?"}\u0000${s.items ? "items" : s.offset}`).join("\n"));
  }
  return out;
}

/**
 * Files whose previous parts can be taken as they are, or null when the whole graph must be
 * assembled (no previous state, files added/removed/reordered, a global changed).
 */
export function reusableParts(
  prev: AssemblyState | null | undefined,
  facts: FileFacts[],
  globals: string,
  argSites: Map<string, ArgSite[]>,
  sites: Map<string, string>,
): Map<string, FilePart> | null {
  if (!prev || prev.facts.length !== facts.length || prev.globals !== globals) return null;
  if (new Set(facts.map((f) => f.path)).size !== facts.length) return null;
  const changed = new Set<string>();
  for (let i = 0; i < facts.length; i++) {
    const before = prev.facts[i]!;
    const now = facts[i]!;
    if (before.path !== now.path) return null;
    if (before !== now) changed.add(now.path);
  }
  const changedNodes = new Set<string>();
  for (const [node, keys] of sites) {
    if (prev.sites.get(node) !== keys) changedNodes.add(node);
    else if (argSites.get(node)!.some((s) => changed.has(s.fi.facts.path))) changedNodes.add(node);
  }
  for (const node of prev.sites.keys()) if (!sites.has(node)) changedNodes.add(node);
  const out = new Map<string, FilePart>();
  for (const f of facts) {
    const part = prev.parts.get(f.path);
    if (!part || changed.has(f.path)) continue;
    if (part.reads.some((p) => changed.has(p)) || part.sites.some((n) => changedNodes.has(n))) continue;
    out.set(f.path, part);
  }
  return out;
}

/** Previous scans' state per project, kept by whoever scans the same project again (runScan callers). */
export interface IncrementalState {
  /** Facts by path and content key, so unchanged files keep their very FileFacts object. */
  facts: Map<string, { key: string; facts: FileFacts; contentId?: string }>;
  /**
   * Reuse files' parts of the graph too. Off by default: the per-file memo reset that makes it
   * sound costs ~2.5x the plain assembly's CPU, and an edit re-resolves every file that read the
   * edited one (about half of the generated corpora for one new function), so today it is no
   * faster than assembling in full.
   */
  reuseAssembly: boolean;
  assembly: AssemblyState | null;
  /** Files re-resolved by the last build (null: assembled in full); for tests and benchmarks. */
  lastResolved?: string[] | null;
}

export function newIncrementalState(opts: { reuseAssembly?: boolean } = {}): IncrementalState {
  return { facts: new Map(), reuseAssembly: opts.reuseAssembly ?? false, assembly: null };
}

/**
 * States of the projects scanned last, for the next scan of each. A scan takes its project's
 * state out (a scan running meanwhile gets a fresh one) and gives it back when it succeeded.
 * Few are kept: a state holds every file's facts.
 */
export class IncrementalStates {
  private readonly states = new Map<string, IncrementalState>();

  constructor(private readonly max = 2) {}

  take(key: string): IncrementalState {
    const state = this.states.get(key);
    this.states.delete(key);
    return state ?? newIncrementalState();
  }

  give(key: string, state: IncrementalState): void {
    this.states.delete(key);
    this.states.set(key, state);
    while (this.states.size > this.max) this.states.delete(this.states.keys().next().value!);
  }
}
