// Name resolution across the project: turns a file's references (Ref) into values — definitions
// in some file, instances of classes, project modules, or members of external packages. Results
// are memoised per (file, scope, name); a cycle resolves to nothing instead of looping, and a
// depth limit bounds pathological alias chains.
import { ASYNC_ITERATOR, GLOBAL_OBJECTS, isScript, ITERATOR, PROTOTYPE_SET, PY_SINGLEDISPATCH, SPREAD, THIS_GIVEN, THROWN, type Arg, type FileFacts, type ScopedRef } from "./fact-types.ts";
import { binds, bound, boundNames, boundRefs } from "./bound.ts";
import { IndexMap, SmallMap, type Keyed } from "./small-map.ts";
import { JS_GLOBALS, JS_NAMESPACES } from "./builtins-js.ts";
import { PY_BUILTINS } from "./builtins-py.ts";
import { dirname, GLOB, globFiles, pyRoots, pySubmodule, resolveJs, resolvePy, type ModuleIndex, type PyModule, type PyTarget } from "./modules.ts";
import type { PyLiteral, Ref, Root } from "./ref-types.ts";
import { anyItem, GEN_RETURN, MAP_ENTRY, MEMBERS, NAME_KEY } from "./ref-types.ts";
import { enclosingClass, importedThisOwner, inStaticMethod, thisOwner, type Def, type DefKind } from "./scopes.ts";

export interface FileInfo {
  facts: FileFacts;
  moduleId: string;
  /** Graph node id per def index ("" for object literals, which are no nodes). */
  nodeIds: string[];
  /**
   * The module node's index in the node list of the assembly that made this, and each def's
   * (-1 for object literals): the ends of the edges a full assembly records (edge-ends.ts).
   */
  moduleNode: number;
  defNodes: Int32Array;
  /**
   * Each def's kind as a number (KIND): the hot tests of what a value is (a function? a class?)
   * read one byte of the file's array rather than the def's record, a cache miss each.
   */
  kinds: Uint8Array;
  /**
   * Def index by start offset when the defs are not in start order (see defAt()); null when they
   * are, as extraction sorts them: then a binary search finds one, and the file holds no Map
   * (~130 bytes per def, ~25 MB at 1M lines).
   */
  defByStart: Map<number, number> | null;
  /** Each def's start offset (Def.start), searched by defAt() in one compact array rather than through the defs' records. */
  starts: Int32Array;
  /**
   * Call sites per def index, filled by the flow pass (flow.ts) in rounds; null until one is
   * found. By index rather than by node id: no string-keyed Map entry per function, and an edit
   * (incremental.ts) keeps a def's index where it may rename its id.
   */
  sites: (ArgSite[] | undefined)[] | null;
  /**
   * A test, example or docs file (reach/entries.ts isNonProductionPath, not dependency code): what its calls
   * pass to functions of the production code does not flow into their parameters (param()).
   */
  nonProduction?: boolean;
}

/** The def index for a start offset: the last def starting there (the innermost), as a Map would keep. */
export function defAt(fi: FileInfo, start: number): number | undefined {
  if (fi.defByStart) return fi.defByStart.get(start);
  const starts = fi.starts;
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && starts[lo - 1] === start ? lo - 1 : undefined;
}

/** Def.start of every def, in def order (defAt() searches them). */
export function defStarts(defs: readonly { start: number }[]): Int32Array {
  const starts = new Int32Array(defs.length);
  for (let i = 0; i < defs.length; i++) starts[i] = defs[i]!.start;
  return starts;
}

/** defByStart for defs listed in start order, null; else the Map. */
export function defIndex(defs: readonly { start: number }[]): Map<number, number> | null {
  for (let i = 1; i < defs.length; i++) if (defs[i]!.start < defs[i - 1]!.start) return new Map(defs.map((d, j) => [d.start, j]));
  return null;
}

/** FileInfo.kinds: a def's kind as a number. */
export const KIND = { function: 0, method: 1, class: 2, object: 3, main: 4 } as const satisfies Record<DefKind, number>;

/** KIND of every def, in def order. */
export function defKinds(defs: readonly { kind: DefKind }[]): Uint8Array {
  const kinds = new Uint8Array(defs.length);
  for (let i = 0; i < defs.length; i++) kinds[i] = KIND[defs[i]!.kind];
  return kinds;
}

/** A function or method (KIND 0 or 1). */
export const callable = (fi: FileInfo, def: number): boolean => fi.kinds[def]! <= KIND.method;

export type Value =
  | { k: "def"; fi: FileInfo; def: number }
  /** `self`: the instance may be of a subclass, whose methods a base class method can call. */
  /** `site`: where it was made (`x = C(a)`), for attributes __init__ sets from its parameters. */
  | { k: "inst"; fi: FileInfo; def: number; self?: true; site?: ArgSite }
  | { k: "mod"; fi: FileInfo | null; dir: string | null }
  /** `returned`: the package's value came back from a call (`_(x)`, `express()`), not a function of it. */
  /**
   * `derived`: a member of something a package call returned (`express().use`): a use when
   * called, but not a package function when merely passed around.
   */
  | { k: "ext"; module: string; member: string[]; returned?: boolean; derived?: boolean }
  /** A Python dict/list/tuple/set literal, its items resolved where it was written. */
  | { k: "coll"; fi: FileInfo; scope: number; items: { key: string; ref: Ref }[]; length?: number; of?: PyLiteral }
  /** A method of a dict/list literal (`d.values`, `d.get`), so calling it gives its items. */
  | { k: "cmeth"; coll: Extract<Value, { k: "coll" }>; name: string }
  /** Python `super()`: member lookups continue along `rest`, the MRO after the current class. */
  | { k: "super"; fi: FileInfo; rest: Value[] };

/**
 * A Python import (Resolver.pyImport()): the modules it runs, the module itself, and its
 * submodules asked for by name (null: none of that name); or why it runs none of ours.
 */
export type PyImport =
  | { runs: readonly Value[]; module: Value; subs: SmallMap<string, Value | null> | null }
  | "external" | "missing";

/** A call site that binds arguments to a function's parameters; `offset` 1 skips a bound `self`. */
export interface ArgSite {
  fi: FileInfo;
  scope: number;
  args: Arg[];
  offset: number;
  /**
   * Which call of its file made it (with `items`: the callback slot of an iteration method).
   */
  call?: number;
  items?: true;
  /** The flow round that found it (0 first): a list of sites is in round order, then call order. */
  round?: number;
}

const NO_SITES: readonly ArgSite[] = Object.freeze([]);

/** Builtins are named `<builtin>.name` (pycg convention); they are never packages. */
export const BUILTIN = "<builtin>";

/**
 * Methods of Python literals are builtins named by the literal's type the way PyCG writes them:
 * `<**PyStr**>.join`, `<**PyDict**>.items` (a builtin value whose first member is the type).
 */
export const PY_TYPES: Record<PyLiteral | "str", string> = {
  str: "<**PyStr**>", dict: "<**PyDict**>", list: "<**PyList**>", tuple: "<**PyTuple**>", set: "<**PySet**>",
};
const TYPE_NAMES: ReadonlySet<string> = new Set(Object.values(PY_TYPES));

/** A Python literal itself (`<**PyStr**>`, not its method): calling one raises, so it is never a callee (`def f(cb="x"): cb()`). */
export function isPyLiteral(v: Extract<Value, { k: "ext" }>): boolean {
  return v.module === BUILTIN && v.member.length === 1 && TYPE_NAMES.has(v.member[0]!);
}

/**
 * The kept form of every empty answer: an empty array literal takes 72 bytes, and a third of the
 * memoised answers are empty. Frozen: answers are shared with their callers, never changed.
 */
const NONE: Value[] = Object.freeze([]) as unknown as Value[];
/** The global object, as `globalThis` names it (one shared answer, as STR). */
const GLOBAL_THIS: Value[] = [{ k: "ext", module: BUILTIN, member: ["globalThis"] }];

const MAX_DEPTH = 24;
/** Attributes a package value's name may have (`yaml.Loader.construct_mapping` has 2): see member(). */
const EXT_DEPTH = 8;
/** Memoised answers being computed at once (a stack bound: alias chains through many files). */
const MAX_LEVEL = 1024;
/** resolve() calls one inside another (a stack bound; about 4 frames each). */
const MAX_NESTING = 4096;
/** Recomputations of a cycle's first answer until its answers stop growing. */
const MAX_FIXPOINT = 8;
/** Questions asked again after their chain was cut, one inside another (memoised()). */
const MAX_RETRIES = 64;
/**
 * Values an answer keeps; the rest are not followed (an explosion bound). A call whose answer
 * lost some (Resolver.losses) is a dynamic site (graph.ts), so a negative verdict says so.
 */
export const MAX_VALUES = 24;
/**
 * Answers cut to MAX_VALUES so far (cap()); read through Resolver.losses. A field of a constant
 * object: a module-level `let` read in resolve() cost assembly ~5%.
 */
const LOST = { count: 0 };

/**
 * A memoised answer. Keyed by file, then scope or def, then name, so the hot lookups build no key
 * strings. Three fields (flags in one number): there are hundreds of thousands of them, and an
 * object of seven fields takes 88 bytes against 56.
 */
interface Memo {
  values: Value[];
  /** TAINTED, VOLATILE, DONE, CUT, LOSSY. */
  flags: number;
  /**
   * While it is computed (not DONE): its place on the stack of unfinished answers (memoised()).
   * Once DONE: the level of the outermost unfinished answer it read (Infinity: none but its
   * own); until that one is final, this answer is provisional.
   */
  at: number;
}

/**
 * What a memo map holds: an answer being computed or that may change (Memo), or a final stable
 * answer as its values alone (most of them: a Memo object each was ~30 MB at 1M lines).
 */
type Kept = Memo | Value[];

/** It involved a parameter. */
const TAINTED = 1;
/**
 * The answer may differ in a later flow round or had another question been asked first: it
 * involved a parameter, a subclass or attribute index, a cycle (an unfinished answer) or a
 * depth limit. All other answers are kept by reset(): they are the same in every round.
 */
const VOLATILE = 2;
const DONE = 4;
/**
 * It read an answer cut short by the nesting limit: valid only within one question, unless the
 * cut questions prove to be empty (settleCuts()).
 */
const CUT = 8;
/** It lost values to MAX_VALUES, or read an answer that did: kept as a Memo, so a reader learns it. */
const LOSSY = 16;

/** The memoised questions: a name in a scope (`at`), what function `at` returns, an export, a member of class or object `at`. */
const LOOKUP = 0;
const RETURNS = 1;
const EXPORT = 2;
const MEMBER = 3;
/** An item of a literal (its reference as the key, `at` the literal's scope). */
const ITEM = 4;
/** A generated-__init__ field of a class's instances, from every call of the class (fieldAtSites()). */
const FIELD = 5;
type Asks = typeof LOOKUP | typeof RETURNS | typeof EXPORT | typeof MEMBER | typeof ITEM | typeof FIELD;

/** A memoised question, as memoised() is asked it. */
interface Question {
  asks: Asks;
  fi: FileInfo;
  at: number;
  name: string;
}

/** A memo entry and where it is kept. */
interface Place {
  map: Keyed<unknown, Kept>;
  key: unknown;
  entry: Memo;
}

/**
 * A stable answer of resolve() for one reference object (shared facts reuse reference objects
 * across scopes, hence the chain), valid wherever it is asked `reach` levels above MAX_DEPTH.
 */
interface RefMemo {
  scope: number;
  reach: number;
  values: Value[];
  next: RefMemo | undefined;
}

/** Everything memoised about one file. */
interface FileMemo {
  /** lookup(): per scope (at index scope + 1), per name. */
  names: (SmallMap<string, Kept> | undefined)[];
  exports: Map<string, Kept>;
  results: IndexMap<Kept>;
  mros: Map<number, MroMemo>;
  /** Stable answers of resolve(): the same in every round, so never dropped. */
  refs: Map<Ref, RefMemo>;
  /** classMember(): per def (at its index), per name. */
  members: (SmallMap<string, Kept> | undefined)[];
  /** item(): per scope (at index scope + 1), per reference. */
  items: (Map<Ref, Kept> | undefined)[];
  /** fieldAtSites(): per class def (at its index), per field name. */
  fields: (SmallMap<string, Kept> | undefined)[];
}

interface MroMemo {
  values: Value[];
  volatile: boolean;
  done: boolean;
}

export class Resolver {
  private memos = new Map<FileInfo, FileMemo>();
  /** The last file asked about: most questions in a row are about one file. */
  private lastFile: FileInfo | null = null;
  private lastMemo: FileMemo | null = null;
  /** Where the volatile answers are, to drop them between rounds. */
  private volatiles: { map: Keyed<unknown, unknown>; key: unknown }[] = [];
  private volatileMros: { map: Map<unknown, unknown>; key: unknown }[] = [];
  /** False once the flow rounds are over (endRounds()): no reset() follows to drop anything. */
  private rounds = true;
  private modules = new Map<FileInfo, Map<string, Value[]>>();
  /** Function nodes whose call sites some question read (param()): incremental.ts. */
  readonly askedSites = new Set<string>();
  /**
   * Every name a question asked of some file (a scope's binding, an export, a member): a name
   * not in it was read nowhere, so adding it to a file changes no answer (incremental.ts).
   * Recorded where facts are read by name: lookup() and jsExport() (memo misses: a hit was
   * recorded when it was computed), classMember(), super's members, siteAttr() (which also
   * reads `__init__` members), `prior` roots. pyMember() asks lookup().
   */
  readonly asked = new Set<string>(["__init__"]);
  /**
   * Counts parameter resolutions, including memoised answers that involved one: a resolution
   * that leaves it unchanged does not depend on call sites, so later flow rounds can skip it.
   */
  touches = 0;
  /**
   * Counts what makes an answer volatile (see Memo): a resolution that leaves it unchanged gives
   * the same answer in every flow round and whatever was asked before it.
   */
  private unstable = 0;

  /** What made answers volatile so far (see `unstable`): unchanged across a resolution, its answer is stable. */
  get instability(): number {
    return this.unstable;
  }

  /**
   * Counts answers cut to MAX_VALUES, including memoised answers that read one: a resolution that
   * changes it may have lost values (graph.ts makes its call a dynamic site).
   */
  get losses(): number {
    return LOST.count;
  }
  /** resolve() calls one inside another: bounded, so hostile facts cannot exhaust the stack. */
  private nesting = 0;
  /** Nested re-asks of a question whose chain was cut (memoised()). */
  private retries = 0;
  /** Unfinished memoised answers (the stack of memoised()). */
  private level = 0;
  /**
   * The deepest depth the answer being computed has gone to (or a kept answer it read would
   * have gone to), since the last memoised() or kept answer began (see reached()).
   */
  private deepest = 0;
  /** The outermost unfinished answer read by the answer being computed (Infinity: none). */
  private low = Infinity;
  /** Answers cut short by the nesting limit were read: counted like `unstable`. */
  private cuts = 0;
  /** Provisional answers of the cycles being resolved, innermost last (memoised()). */
  private provisional: Place[] = [];
  /** Answers that read a cut: settled once the question that made them is answered (settleCuts()). */
  private cutPlaces: Place[] = [];
  /** Questions cut by the stack bound (memoised()): answered later from the bottom of the stack. */
  private deferred: ({ map: Keyed<unknown, Kept>; key: unknown } & Question)[] = [];
  /** Cut answers are being checked: outermost answers leave theirs to that check (settleCuts()). */
  private checking = false;
  /** Cut answers are dropped and their questions asked afresh, unchecked (settleCuts()). */
  private fresh = false;
  /** An answer was cut where no cut question tells what it should have read (resolve()). */
  private unchecked = false;

  /**
   * Forget memoised answers that may change once more call sites are known. The others are kept:
   * recomputing them every round was most of the work of assembling a graph.
   */
  reset(): void {
    dropAll(this.volatiles);
    dropAll(this.volatileMros);
    this.objAttrIndex = null;
    this.patchedModules = null;
    this.objAttrsFixed = false;
    this.subclassIndex = null;
    this.subclassesFixed = false;
    this.getattributes = null;
    this.moduleGetattrs = null;
    // Indexes are built here, between rounds, never in the middle of a resolution (half-finished
    // memo entries would be kept); then the answers that did not know them yet are dropped.
    this.indexSubclasses();
    this.unusedClasses = this.findUnusedClasses();
    if ([...this.files.values()].some((f) => f.facts.objAttrs?.length)) this.indexObjAttrs();
    else this.objAttrsFixed = true;
    dropAll(this.volatiles);
  }

  /**
   * The flow rounds are over: volatile answers are kept from now on (the graph pass and later
   * incremental scans read them as they are), so where they are is no longer recorded. At 1M
   * lines that record held ~350k places by the end of assembly, its peak.
   */
  endRounds(): void {
    this.rounds = false;
    this.volatiles = [];
    this.volatileMros = [];
    this.derived = null;
  }

  /**
   * The graph pass of a one-off build is done with `fi`: its stable answers of resolve() (the
   * largest memo, ~60 MB of the live heap at 1M lines of JS) are let go. They are stable (the same
   * however and whenever asked), so a later file reading one of them computes the same values
   * again; nearly all are read by their own file's pass. Not for a kept resolver (incremental
   * scans read them).
   */
  forgetRefs(fi: FileInfo): void {
    const memo = this.memos.get(fi);
    if (memo && memo.refs.size > 0) memo.refs = new Map();
  }

  private memoOf(fi: FileInfo): FileMemo {
    if (fi === this.lastFile) return this.lastMemo!;
    let memo = this.memos.get(fi);
    if (!memo) this.memos.set(fi, (memo = { names: new Array<SmallMap<string, Kept> | undefined>(fi.facts.defs.length + 1), exports: new Map(), results: new IndexMap(), mros: new Map(), refs: new Map(), members: [], items: [], fields: [] }));
    this.lastFile = fi;
    this.lastMemo = memo;
    return memo;
  }

  /** A memoised answer is complete: a volatile one is dropped at the next reset(). */
  private settle<K>(map: Keyed<K, Kept>, key: K, entry: Memo, before: number, unstable: number): void {
    const volatile = this.unstable !== unstable;
    entry.flags |= DONE | (this.touches !== before ? TAINTED : 0) | (volatile ? VOLATILE : 0);
    if (volatile && this.rounds) this.volatiles.push({ map, key });
  }

  /** A memoised answer is reused: its caller depends on whatever it depended on. */
  private hit(entry: Kept): Value[] {
    if (Array.isArray(entry)) return entry;
    const flags = entry.flags;
    if (flags & TAINTED) this.touches++;
    if (flags & LOSSY) LOST.count++;
    if (flags & VOLATILE || !(flags & DONE)) {
      this.unstable++;
      if (entry.at < this.low) this.low = entry.at;
      if (flags & CUT) this.cuts++;
    }
    return entry.values;
  }

  /**
   * The memoised answer for `key`, computed by answer() when there is none. Answers do not depend
   * on which question was asked first: an answer that read an unfinished one (a cycle) is
   * provisional and dropped when the cycle's first answer is recomputed, which happens until it
   * stops changing (a fixpoint over the cycle); answers cut by the nesting limit live only as long
   * as the question that made them, unless what was cut proves empty (settleCuts()); and every
   * answer starts from depth 0, so the depth limit cuts the same way whoever asks.
   */
  private memoised<K>(map: Keyed<K, Kept>, key: K, asks: Asks, fi: FileInfo, at: number, name: string): Value[] {
    if (this.level >= MAX_LEVEL) {
      this.unstable++;
      this.cuts++;
      this.deferred.push({ map: map as Keyed<unknown, Kept>, key, asks, fi, at, name });
      return NONE;
    }
    const level = ++this.level;
    // Its answer starts from depth 0 whoever asks: its depths are none of the asker's.
    const deepest = this.deepest;
    const entry: Memo = { values: NONE, flags: 0, at: level };
    map.set(key, entry);
    const outerLow = this.low;
    const before = this.touches;
    const unstable = this.unstable;
    const cuts = this.cuts;
    const lost = LOST.count;
    const mark = this.provisional.length;
    let values: Value[];
    for (let round = 1; ; round++) {
      this.low = Infinity;
      values = this.answer(asks, fi, at, name, key);
      if (this.low !== level || round >= MAX_FIXPOINT || sameValues(values, entry.values)) break;
      // A cycle through this answer read it unfinished: again, with what it has found so far.
      entry.values = values;
      for (const p of this.provisional.splice(mark)) p.map.delete(p.key);
    }
    this.level--;
    const low = this.low;
    entry.values = values.length === 0 ? NONE : values;
    if (this.cuts !== cuts) entry.flags |= CUT;
    if (LOST.count !== lost) entry.flags |= LOSSY;
    this.settle(map, key, entry, before, unstable);
    // Stable (so neither provisional, cut nor tainted) and whole: final, and read by nobody as a Memo.
    if (!(entry.flags & (VOLATILE | LOSSY))) map.set(key, entry.values);
    entry.at = low < level ? low : Infinity;
    if (low < level) {
      // Part of a cycle whose first answer is still being computed.
      this.provisional.push({ map: map as Keyed<unknown, Kept>, key, entry });
    } else {
      // This answer and those of its cycle are final.
      for (let i = mark; i < this.provisional.length; i++) this.provisional[i]!.entry.at = Infinity;
      this.provisional.length = mark;
    }
    this.low = Math.min(outerLow, low < level ? low : Infinity);
    if (entry.flags & CUT) this.cutPlaces.push({ map: map as Keyed<unknown, Kept>, key, entry });
    if (this.level === 0 && this.cutPlaces.length > 0 && !this.checking) values = this.settleCuts(map, key, { asks, fi, at, name }, values);
    // While cut answers are checked (settleCuts()), the questions cut meanwhile join theirs.
    if (this.level === 0 && !this.checking) {
      this.deferred.length = 0;
      this.unchecked = false;
    }
    this.deepest = deepest;
    return values;
  }

  /** Computes the answer to a memoised question (named by fields: a closure each was garbage). */
  private answer(asks: Asks, fi: FileInfo, at: number, name: string, key: unknown): Value[] {
    switch (asks) {
      case LOOKUP:
        return cap(this.lookupUncached(fi, at, name, 0));
      case RETURNS:
        return cap(this.resolveAll(fi, at, fi.facts.returns.get(at)!, 1));
      case EXPORT:
        return this.jsExportUncached(fi, name, 0);
      case MEMBER: {
        const values = this.classMemberUncached(fi, at, name, 0);
        // Made item lists (arguments gathered at a call site) are per round: kept no longer.
        if (!values.every(identityFree)) this.unstable++;
        return values;
      }
      case ITEM:
        return cap(this.resolve(fi, at, key as Ref, 0));
      case FIELD:
        return this.fieldAtSitesUncached(fi, at, name, 0);
    }
  }

  /**
   * An outermost answer read answers cut short by the stack bound (a chain longer than it: return
   * chains through thousands of functions), which were taken as empty. The cut questions are now
   * answered from the bottom of the stack, the answers that read them left in place (and any
   * question cut meanwhile joins them). When every one is indeed empty and involved no parameter
   * (most return chains end in nothing), those answers are right and kept: a cycle through them
   * started from the empty answer a cycle starts from, and it held. Otherwise all answers that
   * read a cut are dropped, the cut questions asked afresh and then the question (`fresh`: the old
   * way also inside, so it ends), each answer computed twice. Dropping them was half the graph
   * pass's answers at 500k lines.
   */
  private settleCuts<K>(map: Keyed<K, Kept>, key: K, q: Question, values: Value[]): Value[] {
    const deferred = this.deferred;
    if (!this.fresh && deferred.length > 0 && !this.unchecked) {
      const asked = deferred.length;
      this.checking = true;
      for (let i = 0; i < deferred.length; i++) {
        const d = deferred[i]!;
        if (!d.map.has(d.key)) this.memoised(d.map, d.key, d.asks, d.fi, d.at, d.name);
      }
      this.checking = false;
      const right = !this.unchecked && deferred.every((d) => emptyAnswer(d.map.get(d.key)));
      if (right) {
        for (const p of this.cutPlaces) if (p.map.get(p.key) === p.entry) p.entry.flags &= ~CUT;
        this.cutPlaces.length = 0;
        return values;
      }
      deferred.length = asked;
    }
    this.unchecked = false;
    for (const p of this.cutPlaces) if (p.map.get(p.key) === p.entry) p.map.delete(p.key);
    this.cutPlaces.length = 0;
    if (deferred.length > 0 && this.retries < MAX_RETRIES) {
      this.retries++;
      const fresh = this.fresh;
      this.fresh = true;
      this.deferred = [];
      for (const d of deferred) if (!d.map.has(d.key)) this.memoised(d.map, d.key, d.asks, d.fi, d.at, d.name);
      values = this.memoised(map, key, q.asks, q.fi, q.at, q.name);
      this.fresh = fresh;
      this.retries--;
    }
    return values;
  }

  constructor(
    private files: Map<string, FileInfo>,
    private index: ModuleIndex,
  ) {}

  /**
   * The running assembly's deadline check (scan/deadline.ts), called at the first resolution and every 4,096th:
   * set by assemble() for its run only, since a kept resolver serves the next scan's too.
   */
  check: (() => void) | null = null;
  private resolutions = 0;

  /** Values a reference may denote when evaluated in `scope` of `fi`. */
  resolve(fi: FileInfo, scope: number, ref: Ref, depth = 0): Value[] {
    if (this.check !== null && (this.resolutions++ & 4095) === 0) this.check();
    if (depth > this.deepest) this.deepest = depth;
    if (depth > MAX_DEPTH) {
      this.unstable++;
      return NONE;
    }
    // A bare name is lookup()'s question, memoised there (a stable answer comes back the same,
    // with no side effect); a bare literal is read off the facts. Kept answers of their own would
    // only repeat those: they were half of all kept answers.
    const root = ref.root;
    if (ref.path.length === 0 && (root.t === "name" || root.t === "def" || root.t === "items")) return this.root(fi, scope, root, depth);
    // The flow rounds ask for most references again, and the graph pass for many of theirs.
    const byRef = this.memoOf(fi).refs;
    const first = byRef.get(ref);
    for (let m = first; m; m = m.next) if (m.scope === scope && depth + m.reach <= MAX_DEPTH) return this.reached(depth, m);
    if (this.nesting >= MAX_NESTING) {
      // The stack's bound: cut like the nesting limit of memoised answers (valid for one question).
      this.unstable++;
      this.cuts++;
      this.unchecked = true;
      return NONE;
    }
    this.nesting++;
    const unstable = this.unstable;
    const lost = LOST.count;
    const outer = this.deepest;
    this.deepest = depth;
    let values = this.root(fi, scope, root, depth);
    // What a JS call throws rides in its returns under THROWN (facts.ts): read by a `catch (e)`
    // around the call only, never an item of what it returns (`for (const x of f())`, `[...f()]`).
    if (root.t === "call" && values.length > 0 && values.some(thrownOnly)) values = ref.path[0] === THROWN ? values.filter(thrownOnly) : values.filter((v) => !thrownOnly(v));
    for (const name of ref.path) {
      if (values.length === 0) break;
      // JS `this.service.run()`, `const s = this.service; s.run()`: a member of what a getter of
      // ours reads is a member of what it returns. (Not `get.call(this)` of a getter handed to
      // its decorator as a value: the getter itself is called.)
      if (values.some(isGetter) && !((name === "call" || name === "apply") && name === ref.path[0] && (root.t === "name" || root.t === "param"))) values = this.throughGetters(values, depth);
      // A JS class named in the code (`Store.load()`, `registry.Store.load()`, not `super.m()` or
      // `this`) has its static members and what is assigned to it (`Store.load = f`), not the
      // methods of its body, which live on the prototype: `Store.save()` of an instance method throws.
      const classSide = root.t !== "super" && root.t !== "this" && name !== "constructor" && name !== "prototype";
      if (values.length === 1) values = cap(this.memberOf(values[0]!, name, classSide, depth + 1));
      else {
        const all: Value[] = [];
        for (const v of values) for (const m of this.memberOf(v, name, classSide, depth + 1)) all.push(m);
        values = cap(all);
      }
    }
    const reach = this.deepest - depth;
    // Kept only during the flow rounds: the graph pass asks for most references once (arguments,
    // calls without any), so its answers were a Map entry and an object each, kept and never read.
    if (this.rounds && this.unstable === unstable && LOST.count === lost && values.every(identityFree)) {
      // Asked deeper than its reach allowed, it went no deeper than the limit: it holds further.
      let same = first;
      while (same && same.scope !== scope) same = same.next;
      const kept = values.length === 0 ? NONE : values;
      if (same) {
        same.reach = reach;
        same.values = kept;
      } else byRef.set(ref, { scope, reach, values: kept, next: first });
    }
    if (outer > this.deepest) this.deepest = outer;
    this.nesting--;
    return values;
  }

  /**
   * A kept answer read at `depth`: what computing it again would have gone to counts as gone to.
   * A stable answer depends on the depth it is asked at only through the depth limit (answers
   * of memoised() start from 0), so one that went `reach` levels below where it was asked is the
   * same asked anywhere `reach` levels above the limit. Its reach is how deep it went, not where
   * it was asked: read again from deeper (a name's value read through another's), it is kept.
   */
  private reached(depth: number, kept: { reach: number; values: Value[] }): Value[] {
    if (depth + kept.reach > this.deepest) this.deepest = depth + kept.reach;
    return kept.values;
  }

  /** The module a specifier names, seen from `fi` (memoised: files import the same few). */
  module(fi: FileInfo, spec: string): Value[] {
    let memo = this.modules.get(fi);
    if (!memo) this.modules.set(fi, (memo = new Map()));
    let hit = memo.get(spec);
    if (!hit) memo.set(spec, (hit = this.moduleUncached(fi, spec)));
    return hit;
  }

  private moduleUncached(fi: FileInfo, spec: string): Value[] {
    if (fi.facts.language === "python") {
      // The module value its imports share: each file asked for its own, and looked its file up.
      const imported = this.pyImport(fi, spec);
      if (typeof imported !== "string") return [imported.module];
      const t = this.pyTarget(fi, spec);
      return "external" in t ? [{ k: "ext", module: t.external, member: [] }] : NONE;
    }
    // Vite's `import.meta.glob(...)`: every source file the glob matches.
    if (spec.startsWith(GLOB)) {
      const out: Value[] = [];
      for (const file of globFiles(fi.facts.path, spec.slice(GLOB.length), this.index)) {
        const target = this.files.get(file);
        if (target) out.push({ k: "mod", fi: target, dir: null });
      }
      return out;
    }
    const t = resolveJs(fi.facts.path, spec, this.index);
    if ("file" in t) {
      const target = this.files.get(t.file);
      return target ? [{ k: "mod", fi: target, dir: null }] : NONE;
    }
    return "external" in t ? [{ k: "ext", module: t.external, member: [] }] : NONE;
  }

  /** A JS/TS import naming a file of the checkout that is no source (`import pkg from "../package.json"`). */
  importsOtherFile(fi: FileInfo, spec: string): boolean {
    return fi.facts.language !== "python" && "other" in resolveJs(fi.facts.path, spec, this.index);
  }

  /** resolvePy() answers: relative imports per directory, absolute ones per list of roots. */
  private pyTargets = new Map<string | readonly string[], Map<string, PyTarget>>();
  /** pyRoots() per directory, one list object for the directories that share it. */
  private pyRootsByDir = new Map<string, readonly string[]>();
  private pyRootLists = new Map<string, readonly string[]>();

  /**
   * resolvePy() from `fi`, kept per directory (all a relative import reads of the importing
   * file's path) or, for an absolute import, per list of directories it looks in (shared by a
   * package's directories): a package's modules import the same few, and the graph pass asks
   * again for every prefix and every imported name.
   */
  pyTarget(fi: FileInfo, spec: string): PyTarget {
    if (fi !== this.pyFile) this.pyFrom(fi);
    const relative = spec.startsWith(".");
    const bySpec = relative ? this.pyRelative! : this.pyAbsolute!;
    let t = bySpec.get(spec);
    if (!t) bySpec.set(spec, (t = resolvePy(fi.facts.path, spec, this.index, relative ? undefined : this.pyRootList!)));
    return t;
  }

  /** The last file pyTarget() was asked about (one file's imports come in a row): its two maps. */
  private pyFile: FileInfo | null = null;
  private pyRelative: Map<string, PyTarget> | null = null;
  private pyAbsolute: Map<string, PyTarget> | null = null;
  private pyRootList: readonly string[] | null = null;

  private pyFrom(fi: FileInfo): void {
    const dir = dirname(fi.facts.path);
    const roots = this.pyRootsOf(dir);
    this.pyFile = fi;
    this.pyRootList = roots;
    this.pyRelative = this.pyTargetsOf(dir);
    this.pyAbsolute = this.pyTargetsOf(roots);
  }

  private pyTargetsOf(key: string | readonly string[]): Map<string, PyTarget> {
    let bySpec = this.pyTargets.get(key);
    if (!bySpec) this.pyTargets.set(key, (bySpec = new Map()));
    return bySpec;
  }

  private pyRootsOf(dir: string): readonly string[] {
    let roots = this.pyRootsByDir.get(dir);
    if (!roots) {
      const list = pyRoots(dir, this.index);
      const key = list.join("\u0000");
      roots = this.pyRootLists.get(key);
      if (!roots) this.pyRootLists.set(key, (roots = list));
      this.pyRootsByDir.set(dir, roots);
    }
    return roots;
  }

  /** pyImport() answers, kept beside pyTarget()'s (by the same map: directory or roots). */
  private pyImports = new Map<Map<string, PyTarget>, Map<string, PyImport>>();

  /**
   * What a Python import of `spec` runs, seen from `fi`: every package on its dotted path, then the
   * module. Kept as pyTarget() keeps its answers: the graph pass asks it for every import, and
   * built each prefix's string, target and module value again.
   */
  pyImport(fi: FileInfo, spec: string): PyImport {
    if (fi !== this.pyFile) this.pyFrom(fi);
    const bySpec = spec.startsWith(".") ? this.pyRelative! : this.pyAbsolute!;
    let imports = this.pyImports.get(bySpec);
    if (!imports) this.pyImports.set(bySpec, (imports = new Map()));
    let imported = imports.get(spec);
    if (!imported) imports.set(spec, (imported = this.pyImportUncached(fi, spec)));
    return imported;
  }

  private pyImportUncached(fi: FileInfo, spec: string): PyImport {
    const t = this.pyTarget(fi, spec);
    if ("external" in t) return "external";
    if ("missing" in t) return "missing";
    const runs: Value[] = [];
    const dots = /^\.*/.exec(spec)![0];
    const parts = spec.slice(dots.length).split(".").filter((p) => p !== "");
    for (let i = dots.length > 0 ? 0 : 1; i < parts.length; i++) {
      const p = this.pyTarget(fi, dots + parts.slice(0, i).join("."));
      if ("module" in p) runs.push(this.pyModule(p.module));
    }
    const module = this.pyModule(t.module);
    runs.push(module);
    return { runs, module, subs: null };
  }

  /** Submodule `name` of an imported module (`from p import m`), or null (kept per import). */
  pyImportedModule(fi: FileInfo, imported: Exclude<PyImport, string>, spec: string, name: string): Value | null {
    let sub = imported.subs?.get(name);
    if (sub === undefined) {
      const t = this.pyTarget(fi, `${spec}${spec.endsWith(".") ? "" : "."}${name}`);
      sub = "module" in t ? this.pyModule(t.module) : null;
      (imported.subs ??= new SmallMap()).set(name, sub);
    }
    return sub;
  }

  /** The module value of each PyModule (pyTarget() keeps them): made and its file looked up once. */
  private pyModules = new Map<PyModule, Value>();

  /**
   * `<builtin>.head.name` answers (`console.log`, a Python literal's method `<**PyList**>.append`),
   * each made once: `for` loops alone read `__iter__` and `__next__` of a list literal 68k times
   * per 561k Python lines. Kept by the resolver, not the process: the names come from the code
   * scanned, and a server scans repository after repository. Answers are never changed by their
   * readers.
   */
  private builtinMembers = new Map<string, Map<string, Value[]>>();

  private builtinMember(head: string, name: string): Value[] {
    let byName = this.builtinMembers.get(head);
    if (!byName) this.builtinMembers.set(head, (byName = new Map()));
    let answer = byName.get(name);
    if (!answer) byName.set(name, (answer = [{ k: "ext", module: BUILTIN, member: [head, name] }]));
    return answer;
  }

  pyModule(m: PyModule): Value {
    let value = this.pyModules.get(m);
    if (!value) this.pyModules.set(m, (value = { k: "mod", fi: m.file ? (this.files.get(m.file) ?? null) : null, dir: m.dir }));
    return value;
  }

  private root(fi: FileInfo, scope: number, root: Root, depth: number): Value[] {
    const defs = fi.facts.defs;
    switch (root.t) {
      case "param":
        return this.param(fi, root, depth);
      case "items": {
        // Fields set one by one, not spread from objects made for it (two per literal read).
        const coll: Coll = { k: "coll", fi, scope, items: root.items };
        if (root.length !== undefined) coll.length = root.length;
        if (root.of) coll.of = root.of;
        return [coll];
      }
      case "str":
        return STR;
      case "subclasses": {
        // A list per file of the classes that name one of these as a base (their own file's refs).
        const out: Value[] = [];
        for (const c of this.resolve(fi, scope, root.of, depth + 1)) {
          if (c.k !== "def" || c.fi.kinds[c.def] !== KIND.class || c.fi.facts.language !== "python") continue;
          const byFile = new Map<FileInfo, { key: string; ref: Ref }[]>();
          for (const sub of this.subclasses(c.fi, c.def, depth)) {
            if (!this.bases(sub.fi, sub.def, depth + 1).some((b) => b.k === "def" && b.fi === c.fi && b.def === c.def)) continue;
            let items = byFile.get(sub.fi);
            if (!items) byFile.set(sub.fi, (items = []));
            items.push({ key: "[*]", ref: { root: { t: "def", start: sub.fi.facts.defs[sub.def]!.start }, path: [] } });
          }
          for (const [f, items] of byFile) out.push({ k: "coll", fi: f, scope: -1, items: made(items), of: "list" });
        }
        return cap(out);
      }
      case "scoped":
        return this.resolve(fi, root.scope, root.ref, depth + 1);
      case "provided": {
        const out: Value[] = [];
        // A React context's default value (facts-js-react.ts reactContext, "ctxd:") only when no provider gives one.
        const given = this.providers().get(root.token) ?? (root.token.startsWith("ctx:") ? this.providers().get(`ctxd:${root.token.slice(4)}`) : undefined);
        for (const p of given ?? []) out.push(...this.resolve(p.fi, p.scope, p.ref, depth + 1));
        return cap(out);
      }
      case "union": {
        // `u.model_copy()`, `User.model_validate(d)`: what our method of that name returns, else
        // the package base's copy / instance (refs-py.ts).
        if (root.own) {
          const call = root.refs[0]!;
          const ours = call.root.t === "call" && this.resolve(fi, scope, call.root.callee, depth + 1).some((v) => v.k === "def");
          return this.resolve(fi, scope, root.refs[ours ? 0 : 1]!, depth + 1);
        }
        // getattr(o, "m", d) with m a method of o's class: the default is never used.
        if (root.found) {
          const first = this.resolve(fi, scope, root.refs[0]!, depth + 1);
          if (first.length > 0 && first.every((v) => v.k === "def" && v.fi.kinds[v.def] === KIND.method)) return first;
        }
        // `const { a = d } = o`: d only when some value of o may lack a.
        // (A parameter's, `({ log = quiet } = {})`: quiet whenever some call leaves it out.)
        if (root.present && !(root.refs[0]!.root.t === "param" && this.omitted(fi, root.refs[0]!.root))) {
          const member = root.refs[0]!;
          const first = this.resolve(fi, scope, member, depth + 1);
          const holders = first.length > 0 ? this.resolve(fi, scope, { root: member.root, path: member.path.slice(0, -1) }, depth + 1) : NONE;
          let every = holders.length > 0;
          // (An inline literal read as items, `const { pick = other } = { pick: given }`, has its keys.)
          for (const h of holders) {
            const key = member.path.at(-1)!;
            if (h.k === "coll" && fi.facts.language !== "python" ? !h.items.some((i) => i.key === key) : h.k !== "def" || this.member(h, key, depth + 1).length === 0) every = false;
          }
          // (`{ hooks: { before = noop } = {} }`: every value on the way has its member too, as
          // `execute({})` has no hooks.)
          for (let i = 0; every && i < member.path.length - 1; i++) {
            const outer = this.resolve(fi, scope, { root: member.root, path: member.path.slice(0, i) }, depth + 1);
            for (const h of outer) if (h.k !== "def" || this.member(h, member.path[i]!, depth + 1).length === 0) every = false;
          }
          if (every) return first;
        }
        if (root.merge) {
          const merged = this.mergedDict(fi, scope, root.refs, depth);
          if (merged) return [merged];
          // `a | b` of values not all dicts of this file: the dicts' and sets' items, nothing else.
          // (`Perm.R | Perm.W` of a Flag enum's members: a member of that class, `classes/flag_enum_combined_member_method`.)
          if (root.merge === "or") return cap(this.resolveAll(fi, scope, root.refs, depth + 1).filter((v) => v.k === "coll" || (v.k === "inst" && this.enumInstance(v, depth))));
        }
        return cap(this.resolveAll(fi, scope, root.refs, depth + 1));
      }
      case "prior": {
        this.asked.add(root.name);
        // No binding yet: a Python builtin's name read before the module binds it (facts-py.ts unbound).
        if (root.count === 0 && fi.facts.language === "python" && PY_BUILTINS.has(root.name)) return [{ k: "ext", module: BUILTIN, member: [root.name] }];
        const refs = bound(fi.facts.bindings, root.scope, root.name)?.slice(root.from ?? 0, root.count) ?? [];
        return cap(this.resolveAll(fi, root.scope, refs, depth + 1));
      }
      case "name":
        return this.lookup(fi, scope, root.name, depth);
      case "this": {
        const cls = fi.facts.language === "python" ? enclosingClass(defs, scope, false) : thisOwner(defs, scope);
        // Python `self` outside a class is an ordinary name.
        if (cls < 0 && fi.facts.language === "python") return this.lookup(fi, scope, "self", depth);
        // A classic script's top-level `this` is the global object (`(function (root) { ...
        // root.Shapes.area(s) })(this)`), as `globalThis` is.
        if (cls < 0) {
          const imported = this.importedThis(fi, scope, depth);
          if (imported.length > 0 || importedThisOwner(defs, scope) !== null) return imported;
          // A CommonJS module's is its `module.exports` (facts.ts: `this.x = v` there is an export).
          return isScript(fi.facts) ? GLOBAL_THIS : [{ k: "mod", fi, dir: null }];
        }
        // An object literal's `this` is the object; a constructor function's is its instance.
        // (A property descriptor's, `Object.defineProperty(o, "k", { get() {} })`: o, facts-js-accessors.ts descriptorAccessors.)
        // (`const f = obj.m; f.call(other)`, `C.prototype.m.call(o)`: `this` given from outside, facts-js-calls.ts thisGivenOutside.)
        const outside = fi.facts.language !== "python" && this.objAttrIndex?.has(fi) ? this.thisGiven(fi, scope, cls, depth) : NONE;
        if (defs[cls]!.kind === "object") {
          const given = fi.facts.language !== "python" ? bound(fi.facts.bindings, cls, "this") : undefined;
          const own: Value[] = given ? this.resolveAll(fi, cls, given, depth + 1) : [{ k: "def", fi, def: cls }];
          return outside.length > 0 ? cap([...own, ...outside]) : given ? cap(own) : own;
        }
        // A static method's is the class (or a subclass it is called through), as Python's `cls`.
        // A JS function given its `this` (`f.call(obj)`, `f.bind(obj)`): obj too.
        if (defs[cls]!.kind === "function" && fi.facts.language !== "python") {
          const given = bound(fi.facts.bindings, cls, "this");
          if (given) return cap([{ k: "inst", fi, def: cls, self: true }, ...this.resolveAll(fi, cls, given, depth + 1)]);
          // A prototype method given its `this` (`Greeter.prototype.greet.apply(target)`).
          for (let s = scope; s >= 0 && s !== cls; s = defs[s]!.parent) {
            const own = bound(fi.facts.bindings, s, "this");
            if (own) return cap([{ k: "inst", fi, def: cls, self: true }, ...this.resolveAll(fi, s, own, depth + 1)]);
          }
        }
        // (Only classes named somewhere besides their definitions and base lists, as Python's `cls`:
        // `User.create()` of Model's `static create() { return new this() }` makes a User, not a Model.)
        if (fi.facts.language !== "python" && defs[cls]!.kind === "class" && inStaticMethod(defs, scope)) return this.selfClasses(fi, cls, depth);
        if (outside.length > 0) return cap([{ k: "inst", fi, def: cls, self: true }, ...outside]);
        return [{ k: "inst", fi, def: cls, self: true }];
      }
      case "cls": {
        const cls = enclosingClass(defs, scope, false);
        // Outside a class, `cls` is an ordinary name (a class may even be called cls).
        if (cls < 0) return this.lookup(fi, scope, "cls", depth);
        // `__init_subclass__` gets the subclass being defined, never the class itself.
        let m = scope;
        while (m >= 0 && defs[m]!.parent !== cls) m = defs[m]!.parent;
        if (m >= 0 && defs[m]!.name === "__init_subclass__") {
          const subs = this.subclasses(fi, cls, depth);
          if (subs.length > 0) return cap(subs.map(asDef));
        }
        // A method of our metaclass (no classmethod, no `__new__`) gets a class made with it:
        // `def create(cls): return cls()` called as `Shape.create()` makes a Shape.
        if (m >= 0 && defs[m]!.name !== "__new__" && !defs[m]!.decorators?.includes("classmethod")) {
          const made = this.madeBy({ fi, def: cls });
          if (made.length > 0) return cap(made);
        }
        // A classmethod called through a subclass gets the subclass (`Child.make()`): any of them.
        return this.selfClasses(fi, cls, depth);
      }
      case "super": {
        // JS: `super` in a method of an object literal is its `__proto__` (facts.ts: its bases).
        const cls = fi.facts.language !== "python" ? superHome(defs, scope) : enclosingClass(defs, scope, false);
        if (fi.facts.language !== "python" || cls < 0) return this.bases(fi, cls, depth);
        return this.pySuper(fi, cls, depth, root.cls === undefined || root.cls === defs[cls]!.name ? null : this.lookup(fi, scope, root.cls, depth + 1));
      }
      case "module":
        return this.module(fi, root.spec);
      case "def": {
        const def = defAt(fi, root.start);
        return def === undefined ? NONE : [{ k: "def", fi, def }];
      }
      case "call":
      case "new": {
        const bound = root.callee.path.at(-1) === "bind" && fi.facts.language !== "python";
        if (root.t === "call" && bound) {
          // JS `f.bind(o)` is f (with `this` fixed), not what f returns.
          const target = { root: root.callee.root, path: root.callee.path.slice(0, -1) };
          const values = this.resolve(fi, scope, target, depth + 1);
          // (Unless it is our instance or object with a `bind` method of its own: `api.bind()` calls that.)
          if (!values.some((v) => (v.k === "inst" || (v.k === "def" && v.fi.kinds[v.def] === KIND.object)) && this.member(v, "bind", depth + 1).some((m) => m.k === "def"))) {
            return values.filter((v) => v.k === "def" || v.k === "ext");
          }
        }
        // `obj = super().__call__(*args)` in our metaclass's `__call__`: an instance of a class made with it.
        if (root.t === "call" && root.callee.root.t === "super" && root.callee.path.length === 1 && root.callee.path[0] === "__call__" && defs[scope]?.name === "__call__") {
          const cls = enclosingClass(defs, scope, false);
          const made = cls >= 0 ? this.madeBy({ fi, def: cls }) : [];
          if (made.length > 0) return cap(made.map((c): Value => ({ k: "inst", fi: c.fi, def: c.def })));
        }
        let callees = this.resolve(fi, scope, root.callee, depth + 1);
        // A type annotation names our classes' instances; a package's type says nothing we track.
        // Express's Request / Response types (`res: Response` in a controller Express or Nest
        // hands the response to) stand for express.request / express.response, as flow.ts gives
        // route handlers: their methods called are uses of the package.
        if (root.t === "new" && root.typed) callees = callees.flatMap(typedClass);
        // `new shapes[kind]()` of a module (`import * as shapes`): any class it exports by name.
        if (root.t === "new" && callees.length === 0 && root.callee.path.at(-1) === "[*]") callees = this.exportedClasses(fi, scope, root.callee, depth);
        // `a + b` (refs-py.ts): our `__add__`'s result only, no package's or builtin's.
        // (pathlib's `Path(base) / "cfg.toml"`: another path, an object of the same package class.)
        if (root.t === "call" && root.op && callees.length > 0 && callees.every(pathJoin)) return cap(callees.map((v) => ({ ...(v as Extract<Value, { k: "ext" }>), member: (v as Extract<Value, { k: "ext" }>).member.slice(0, -1) })));
        if (root.t === "call" && root.op) callees = callees.filter((v) => v.k === "def" && v.fi.kinds[v.def]! <= KIND.method);
        let results: Value[];
        if (callees.length === 1) results = cap(this.made(callees[0]!, root, fi, scope, depth));
        else {
          results = [];
          for (const v of callees) for (const r of this.made(v, root, fi, scope, depth)) results.push(r);
          results = cap(results);
        }
        // `except E as e`: e may be an instance of a subclass, whose overrides its methods run.
        if (root.t === "call" && root.sub) {
          results = results.map((v) => (v.k === "inst" && !v.site ? { k: "inst", fi: v.fi, def: v.def, self: true } : v));
          // `except Exception as e`: an instance of any of our subclasses of that builtin (made somewhere).
          for (const c of callees) if (c.k === "ext" && c.module === BUILTIN && c.member.length === 1 && !c.returned) results = cap([...results, ...this.builtinSubclasses(c)]);
        }
        // `d.get(k, default)` / `d.pop(k, default)` / `d.setdefault(k, default)` (refs-py.ts): the item, or the default when k is not a key of d's literal.
        if (root.t === "call" && root.args?.length === 2 && root.args[1]!.ref && callees.length > 0 && allGetsWithDefault(callees, fi.facts.language === "python")) {
          const key = root.args[0]!.name;
          const hit = key !== null && allHoldKey(callees, key);
          // (The items of the dicts that hold k: `**kw` is a dict per call, not all of which pass k.)
          if (key !== null) results = this.itemsUnder(callees, key, false, depth);
          if (!hit) results = cap([...results, ...this.resolve(fi, scope, root.args[1]!.ref, depth + 1)]);
        }
        // JS `m.get("a")` (refs-js.ts): the items stored under key a, or under a key not known.
        // Python `d.get("k")` / `d.pop("k")` likewise.
        if (root.t === "call" && root.args?.length === 1 && root.args[0]!.ref === null && callees.length > 0 &&
          (fi.facts.language !== "python" ? callees.every((v) => v.k === "cmeth" && v.name === "get") : root.args[0]!.name?.startsWith("[") && callees.every((v) => v.k === "cmeth" && (v.name === "get" || v.name === "pop")))) {
          const key = root.args[0]!.name;
          results = this.itemsUnder(callees, key, true, depth);
        }
        // JS `xs.at(-1)` (refs-js.ts) of a literal whose items all have their positions: the item there.
        if (root.t === "call" && root.args?.length === 1 && root.args[0]!.ref === null && fi.facts.language !== "python" &&
          callees.length > 0 && callees.every((v) => v.k === "cmeth" && v.name === "at")) {
          results = this.itemAt(callees, Number(root.args[0]!.name!.slice(1, -1)), depth);
        }
        // JS `xs.map(f)` (refs-js.ts) on our array, or on one we do not see: an array of what f returns.
        // `p.then(f)`: a promise of what f returns, read as that value (as `await` reads ours).
        const mapped = root.t === "call" && root.args?.length === 1 && root.args[0]!.name === null && root.args[0]!.ref && fi.facts.language !== "python" ? root.callee.path.at(-1) : undefined;
        if (root.t === "call" && (mapped === "map" || mapped === "flatMap") && callees.every((v) => v.k === "cmeth" && v.name === mapped)) {
          // flatMap: the items of the arrays f returns (or what it returns, when no array).
          results = [{ k: "coll", fi, scope, items: mapped === "map" ? mappedItems(root.args!) : flatMappedItems(root.args!) }];
        } else if (root.t === "call" && root.callee.path.length > 0 && fi.facts.language !== "python" && root.args && (root.args.length === 1 || root.args.length === 2) &&
          root.args[0]!.name === null && root.args[0]!.ref && callees.length > 0 && callees.every((v) => v.k === "cmeth" && (v.name === "reduce" || v.name === "reduceRight"))) {
          // `fs.reduce((f, g) => ..., init)`: what the function returns, or the initial value (with
          // none, an array of one item would be that item: not read, composing reducers return functions).
          const out = this.resolve(fi, scope, mappedItems(root.args)[0]!.ref, depth + 1).slice();
          const init = root.args[1];
          if (init?.ref && init.name === null) out.push(...this.resolve(fi, scope, init.ref, depth + 1));
          results = cap(out);
        } else if (root.t === "call" && mapped === "then") {
          results = cap([...results, ...this.resolve(fi, scope, mappedItems(root.args!)[0]!.ref, depth + 1)]);
        } else if (root.t === "call" && root.args?.length && root.args.length <= 2 && fi.facts.language !== "python" && root.callee.path.length > 0 &&
          (root.args.length === 2 ? root.callee.path.at(-1) === "then" : root.callee.path.at(-1) === "catch") &&
          root.args.every((a) => a.name === null && a.ref) && !callees.some((v) => v.k === "def")) {
          // `p.then(f, g)`: a promise of what either returns; `p.catch(h)`: of what h returns, or
          // p's own value when p fulfils (a builtin's then/catch only, not a method of ours).
          const out = [...results];
          if (root.args.length === 2) for (const a of root.args) out.push(...this.resolve(fi, scope, mappedItems([a])[0]!.ref, depth + 1));
          else out.push(...this.resolve(fi, scope, { root: root.callee.root, path: root.callee.path.slice(0, -1) }, depth + 1), ...this.resolve(fi, scope, mappedItems(root.args)[0]!.ref, depth + 1));
          results = cap(out);
        } else if (root.t === "call" && (mapped === "resolve" || mapped === "get") && callees.length > 0 && callees.every((v) => v.k === "ext")) {
          // A package's container asked for one of our classes (`container.resolve(Mailer)`,
          // Nest's `app.get(UsersService)`): an instance of it, made by the container.
          const made: Value[] = [];
          for (const c of this.resolve(fi, scope, root.args![0]!.ref!, depth + 1)) {
            if (c.k === "def" && c.fi.kinds[c.def] === KIND.class) made.push({ k: "inst", fi: c.fi, def: c.def });
          }
          if (made.length > 0) results = cap(made);
        }
        // A JS legacy method decorator returning a descriptor (`return { ...desc, value: wrapper }`,
        // or `desc` itself): the member is the descriptor's value.
        if (root.t === "call" && root.or && fi.facts.language !== "python" && results.length > 0 &&
          results.every((v) => v.k === "coll" || (v.k === "def" && v.fi.kinds[v.def] === KIND.object))) {
          const values: Value[] = [];
          // (An accessor decorator's descriptor `{ get }`: its getter.)
          for (const v of results) for (const m of this.member(v, "value", depth + 1)) values.push(m);
          if (values.length === 0) for (const v of results) for (const m of this.member(v, "get", depth + 1)) values.push(m);
          if (values.length > 0) return cap(values);
        }
        // A decorated function: when the decorator is a package's or its result is unknown, the
        // name still denotes the function (functools.wraps, lru_cache, route registration).
        // (JS: also when it returns only such an object, a legacy decorator's descriptor.)
        if (root.t === "call" && root.or && (results.length === 0 || callees.every((v) => v.k === "ext") ||
          (fi.facts.language !== "python" && results.every((v) => v.k === "coll")))) {
          const or = this.resolve(fi, scope, root.or, depth + 1);
          // Python `with gen() as x` of a `@contextmanager` generator (no __enter__ of its own): x
          // is what it yields.
          if (fi.facts.language !== "python" || !or.some(isColl)) return or;
          return this.itemsOf(or, depth);
        }
        return results;
      }
    }
  }

  /**
   * The items of the literals behind `d.get(key)` (`cmeth` values): those stored under key, and with
   * `unknown` those stored under a key not known too. (Apart from root(), as yielded() is from ownMember.)
   */
  private itemsUnder(callees: Value[], key: string | null, unknown: boolean, depth: number): Value[] {
    const out: Value[] = [];
    for (const v of callees) {
      if (v.k !== "cmeth") continue;
      for (const i of v.coll.items) {
        if (i.key === NAME_KEY && key !== null) {
          for (const r of this.resolve(v.coll.fi, v.coll.scope, i.ref, depth + 1)) if (namedItem(r, key)) out.push(r);
        } else if (i.key === key || (unknown && i.key === "[*]")) for (const r of this.resolve(v.coll.fi, v.coll.scope, i.ref, depth + 1)) out.push(r);
      }
    }
    return cap(out);
  }

  /**
   * `{**a, "k": f, **b}` (refs-py.ts pyItems: its parts in source order): one dict whose item under a
   * literal key is the last part's that has it, when every part is one dict of this file; else
   * null (the parts' items all count).
   */
  private mergedDict(fi: FileInfo, scope: number, refs: Ref[], depth: number): Coll | null {
    const items: { key: string; ref: Ref }[] = [];
    for (const r of refs) {
      const part = this.resolve(fi, scope, r, depth + 1);
      // A parameter (`**kw`) holds what each call passes, some none: no key of it is sure to replace
      // an earlier one, but a literal key after it replaces its items (`{**kw, "on_ok": f}`).
      if (r.root.t === "name" && r.path.length === 0 && bound(fi.facts.bindings, scope, r.root.name)?.some((b) => b.root.t === "param")) {
        if (part.length === 0 || part.length > 8) return null;
        for (const c of part) {
          if (c.k !== "coll" || c.fi !== fi || c.length !== undefined || (c.of !== undefined && c.of !== "dict")) return null;
          for (const i of c.items) items.push(c.scope === scope ? i : { key: i.key, ref: { root: { t: "scoped", scope: c.scope, ref: i.ref }, path: [] } });
        }
        continue;
      }
      const c = part.length === 1 ? part[0]! : null;
      if (c?.k !== "coll" || c.fi !== fi || c.length !== undefined || (c.of !== undefined && c.of !== "dict")) return null;
      for (const i of c.items) {
        if (i.key !== "[*]") for (let j = items.length - 1; j >= 0; j--) if (items[j]!.key === i.key) items.splice(j, 1);
        items.push(c.scope === scope ? i : { key: i.key, ref: { root: { t: "scoped", scope: c.scope, ref: i.ref }, path: [] } });
      }
    }
    return { k: "coll", fi, scope, items: made(items), of: "dict" };
  }

  /** The items of the lists among `values` (what a `@contextmanager` generator yields), the others as they are. */
  private itemsOf(values: Value[], depth: number): Value[] {
    const out: Value[] = [];
    for (const v of values) {
      if (v.k !== "coll") out.push(v);
      else for (const i of v.items) for (const r of this.item(v.fi, v.scope, i.ref, depth + 1)) out.push(r);
    }
    return cap(out);
  }

  /**
   * What a call gives back that returns its argument `arg` (made()), memoised by the call, scope
   * and parameter: stacked decorators (`@ident` 200 times) nest such calls, and each level was
   * resolved again by every level above it, exponentially. A cycle answers nothing.
   */
  private passedBack(root: object, arg: Ref, index: number, fi: FileInfo, scope: number, depth: number): Value[] {
    let byKey = this.passedBackMemo.get(root);
    if (!byKey) this.passedBackMemo.set(root, (byKey = new Map()));
    const key = `${scope}:${index}`;
    const hit = byKey.get(key);
    if (hit) return hit;
    byKey.set(key, NONE);
    const out = this.resolve(fi, scope, arg, depth + 1);
    byKey.set(key, out);
    return out;
  }

  private passedBackMemo = new WeakMap<object, Map<string, Value[]>>();

  /** The classes the JS modules `ns` of `ns[k]` names export by name (out of root(): see pySuper()). */
  private exportedClasses(fi: FileInfo, scope: number, callee: Ref, depth: number): Value[] {
    const out: Value[] = [];
    for (const m of this.resolve(fi, scope, { root: callee.root, path: callee.path.slice(0, -1) }, depth + 1)) {
      if (m.k !== "mod" || !m.fi || m.fi.facts.language === "python") continue;
      for (const key of m.fi.facts.exports.keys()) {
        for (const v of this.jsExport(m.fi, key, depth + 1)) if (v.k === "def" && v.fi.kinds[v.def] === KIND.class) out.push(v);
      }
    }
    return cap(out);
  }

  /**
   * What calling `v` gives at call `root`. A class called (Python) or constructed (JS `new`) with
   * its arguments recorded makes instances that learn this call's site (siteAttr()); what a
   * function returns was made elsewhere, and this call's arguments are not its constructor's
   * (`merge(Hook(parse=f), b)` returning its `a`).
   */
  private made(v: Value, root: Extract<Root, { t: "call" | "new" }>, fi: FileInfo, scope: number, depth: number): Value[] {
    // Python: a function that only ever returns one of its parameters (`def task(fn): ...; return
    // fn`, a registering decorator) gives back what this call passes there, not what every call does
    // (a decorator's call, facts-py-classes.ts decorators(), has the decorated value as `or`, no args).
    if (root.t === "call" && (root.args || root.or) && v.k === "def" && root.callee.path.length === 0 && v.fi.kinds[v.def] === KIND.function && v.fi.facts.language === "python") {
      const p = returnedParam(v.fi.facts, v.def);
      const arg = !p ? null : root.args ? pickArg({ fi, scope, args: root.args, offset: 0 }, p.index, p.name)?.ref : p.index === 0 ? root.or : null;
      // Nothing (a cycle, or nesting past the depth bound): what every call passes, as before.
      const back = arg ? this.passedBack(root, arg, p!.index, fi, scope, depth) : NONE;
      if (back.length > 0) return back;
    }
    // `Reflect.construct(C, args)`: an instance of C, as `new C(...args)`.
    if (root.t === "call" && v.k === "ext" && v.module === BUILTIN && v.member.length === 2 && v.member[0] === "Reflect" && v.member[1] === "construct" && root.args?.[0]?.ref) {
      const out: Value[] = [];
      for (const c of this.resolve(fi, scope, root.args[0].ref, depth + 1)) if (c.k === "def") for (const r of this.result(c, "new", fi, depth + 1)) out.push(r);
      return out;
    }
    // `Hooks(before=f)` of a TypedDict class of ours: a dict, item before holding f.
    if (root.t === "call" && root.args && v.k === "def" && v.fi.kinds[v.def] === KIND.class && v.fi.facts.language === "python" && this.typedDict(v, depth)) {
      const items: { key: string; ref: Ref }[] = [];
      for (const a of root.args) if (a.ref && a.name !== null && /^[A-Za-z_]\w*$/.test(a.name)) items.push({ key: `[${a.name}]`, ref: a.ref });
      return [{ k: "coll", fi, scope, items, of: "dict" }];
    }
    const results = this.result(v, root.t, fi, depth);
    if (!root.args || v.k !== "def" || v.fi.kinds[v.def] !== KIND.class || !results.some(unsited)) return results;
    return atSite(results, { fi, scope, args: root.args, offset: root.t === "call" ? 1 : 0 });
  }

  /**
   * A member named by a literal prefix and a part we cannot read: Python `getattr(self, "visit_"
   * + kind)` (refs-js.ts `visit_*`), JS `this["on_" + state]` (`[on_*]`). Every name with that prefix
   * along each class's MRO, looked up from the class as a plain name would be (an override hides
   * its base's); of `self`/`this`, for each subclass it may be too (selfClassList). An object
   * literal's, a function's or a Python module's own names likewise.
   */
  private prefixed(v: Value, prefix: string, depth: number): Value[] {
    if (v.k === "mod") return v.fi ? this.prefixedGlobals(v, prefix, depth) : NONE;
    if (v.k !== "inst" && v.k !== "def") return NONE;
    const classes = v.k === "inst" && v.self ? this.selfClassList(v.fi, v.def, depth + 1) : [{ fi: v.fi, def: v.def }];
    const out: Value[] = [];
    for (const c of classes) {
      const names = new Set<string>();
      for (const k of this.mro(c.fi, c.def, depth + 1)) if (k.k === "def") this.prefixNames(k.fi, k.def, prefix, names);
      for (const n of names) for (const m of this.classMember(c.fi, c.def, n)) if (m.k === "def") out.push(m);
    }
    return cap(out);
  }

  /** The names def's members, attributes and class-body bindings have that start with `prefix`. */
  private prefixNames(fi: FileInfo, def: number, prefix: string, into: Set<string>): void {
    const { members, attrs, bindings, defs } = fi.facts;
    const qn = defs[def]!.qname;
    // Methods are keyed `Class.name` (an unnamed literal's bare), ES5 prototype methods `F.prototype.name`.
    for (const head of qn === "" ? [""] : [`${qn}.`, `${qn}.prototype.`]) {
      for (const key of members.keys()) {
        if (!key.startsWith(head) || !key.startsWith(prefix, head.length)) continue;
        const name = key.slice(head.length);
        // (Bare keys are every top-level def's too: an unnamed literal's own are its children.)
        if (name.length > prefix.length && !name.includes(".") && (head !== "" || defs[members.get(key)!]!.parent === def)) into.add(name);
      }
    }
    for (const key of attrs.get(def)?.keys() ?? []) if (key !== SPREAD && key.length > prefix.length && key.startsWith(prefix)) into.add(key);
    for (const name of boundNames(bindings, def)) if (name.length > prefix.length && name.startsWith(prefix)) into.add(name);
    // `o.on_save = f` written outside (setFromOutside).
    const head = `${def}\u0000`;
    for (const key of this.objAttrIndex?.get(fi)?.keys() ?? []) {
      if (key.length > head.length + prefix.length && key.startsWith(head) && key.startsWith(prefix, head.length)) into.add(key.slice(head.length));
    }
  }

  /** `getattr(commands, "cmd_" + name)` of a Python module of ours: its globals with that prefix. */
  private prefixedGlobals(v: Extract<Value, { k: "mod" }>, prefix: string, depth: number): Value[] {
    const fi = v.fi!;
    if (fi.facts.language !== "python") return NONE;
    const out: Value[] = [];
    for (const name of boundNames(fi.facts.bindings, -1)) {
      if (name.length > prefix.length && name.startsWith(prefix)) for (const m of this.member(v, name, depth + 1)) if (m.k === "def") out.push(m);
    }
    return cap(out);
  }

  /**
   * What `cls` in a classmethod of class `cls`, or `type(self)` in a method, may be: the class or
   * any subclass, only those named somewhere besides their definition and base lists (unusedClass)
   * unless that leaves none.
   */
  private selfClasses(fi: FileInfo, cls: number, depth: number): Value[] {
    return cap(this.selfClassList(fi, cls, depth).map(asDef));
  }

  /** selfClasses() as a list of classes (pySuper() walks their MROs). */
  private selfClassList(fi: FileInfo, cls: number, depth: number): { fi: FileInfo; def: number }[] {
    const all = [{ fi, def: cls }, ...this.subclasses(fi, cls, depth)];
    if (all.length === 1) return all;
    const named: { fi: FileInfo; def: number }[] = [];
    for (const c of all) if (!this.unusedClass(c.fi, c.def)) named.push(c);
    return named.length > 0 ? named : all;
  }

  /**
   * Python super() continues along the MRO of type(self) after the class it is written in; self
   * may be an instance of the class or of any subclass (diamonds reorder the MRO). Out of root(),
   * as the other closures of the hot methods (root, result, lookupUncached, member) are out of
   * them or loops: a method whose variables a closure captures makes an environment object at
   * every call, closure made or not (2.8M per assembly at 500k JS lines, 9% of its CPU).
   */
  private pySuper(fi: FileInfo, cls: number, depth: number, from: Value[] | null = null): Value[] {
    // super(B, self) in a subclass of B continues after B (from: what B names); else after cls.
    const after = from?.length === 1 && from[0]!.k === "def" && from[0]!.fi.kinds[from[0]!.def] === KIND.class ? from[0]! : null;
    const self = valueKey(after ?? { k: "def", fi, def: cls });
    const own = after ? valueKey({ k: "def", fi, def: cls }) : self;
    // type(self) is a class named somewhere besides its definition and base lists (unusedClass).
    const out: Value[] = [];
    for (const s of this.selfClassList(fi, cls, depth)) {
      const chain = this.mro(s.fi, s.def, depth + 1);
      let at = chain.findIndex((v) => valueKey(v) === self);
      if (at < 0 && own !== self) at = chain.findIndex((v) => valueKey(v) === own);
      const rest = chain.slice(at + 1);
      if (rest.length > 0) out.push({ k: "super", fi, rest });
    }
    return cap(out);
  }

  /** `xs.at(n)` of `cmeth` values: the item at n (from the end when negative), or any item when positions are not known. */
  private itemAt(callees: Value[], n: number, depth: number): Value[] {
    const out: Value[] = [];
    for (const v of callees) {
      if (v.k !== "cmeth") continue;
      const coll = v.coll;
      const key = positioned(coll) ? `[${n < 0 ? coll.length! + n : n}]` : null;
      for (const i of coll.items) if (key === null || i.key === key) out.push(...this.item(coll.fi, coll.scope, i.ref, depth + 1));
    }
    return cap(out);
  }

  /** `d.values()`, `d.items()`, `d.get(k)`, `d.copy()`: what they give, built from the items. */
  private collMethodResult(v: Extract<Value, { k: "cmeth" }>, depth: number): Value[] {
    const { coll, name } = v;
    const any = (ref: Ref): { key: string; ref: Ref } => ({ key: "[*]", ref });
    switch (name) {
      case "values":
        return [{ ...coll, items: made(coll.items.map((i) => any(i.ref))) }];
      case "items":
        return [{ ...coll, items: made(coll.items.map((i) => any({ root: { t: "items", items: made([{ key: "[1]", ref: i.ref }]) }, path: [] }))) }];
      case "popitem": // Python `k, v = d.popitem()`: one (key, value) pair.
        return coll.fi.facts.language !== "python" ? NONE : cap(coll.items.slice(0, 24).map((i) => ({ ...coll, length: 2, of: "tuple", items: made([{ key: "[1]", ref: i.ref }]) })));
      case "map": // `xs.map(f)`, `xs.flatMap(f)`, `xs.reduce(f, init)` with f known are read where they are called (resolve "call").
      case "flatMap":
      case "reduce":
      case "reduceRight":
        return NONE;
      case "entries": { // a Map's [key, value] pairs (refs-js.ts mapEntry), or an array's [index, item]
        const pairs = coll.items.filter((i) => i.key === MAP_ENTRY);
        return [{ ...coll, items: made(pairs.length > 0 ? pairs.map((i) => any(i.ref)) : coll.items.map((i) => any({ root: { t: "items", items: made([{ key: "[1]", ref: i.ref }]) }, path: [] }))) }];
      }
      case "keys": { // a Map's keys (refs-js.ts mapEntry's "[0]"); an array's are its indices: none
        const keys = coll.items.filter((i) => i.key === MAP_ENTRY && i.ref.root.t === "items" && i.ref.root.items[0]?.key === "[0]");
        return keys.length === 0 ? NONE : [{ ...coll, items: made(keys.map((i) => any({ root: i.ref.root, path: ["[0]"] }))) }];
      }
      case "next": // a generator's: `{ value }`, any item it yields.
        return [{ ...coll, items: made(coll.items.map((i) => ({ key: "value", ref: i.ref }))) }];
      case "reverse":
      case "toReversed": {
        // Items that all have their positions change places; others stay any item.
        if (!positioned(coll) || coll.fi.facts.language === "python") return [coll];
        return [{ ...coll, items: made(coll.items.map((i) => ({ key: `[${coll.length! - 1 - Number(i.key.slice(1, -1))}]`, ref: i.ref }))) }];
      }
      case "flat": // `[[a], [b]].flat()`: the items' items (and items that are no arrays).
        return [{ ...coll, length: undefined, items: made(coll.items.flatMap((i) => [any(i.ref), any({ root: i.ref.root, path: [...i.ref.path, "[*]"] })])) }];
      case "splice": // `xs.splice(0)`: the items taken out, positions unknown (the start is not read)
      case "toSpliced":
        return [{ ...coll, length: undefined, items: made(coll.items.map((i) => any(i.ref))) }];
      case "copy":
      case "filter":
      case "slice":
      case "sort":
      case "toSorted":
        return [coll];
      default: { // get, pop, setdefault: any item
        // JS `[a, b].pop()` / `.shift()` of a literal whose items all have their positions: the last / first.
        const at = (name === "pop" || name === "shift") && coll.length && coll.fi.facts.language !== "python" && coll.items.every((i) => i.key !== "[*]")
          ? `[${name === "pop" ? coll.length - 1 : 0}]` : null;
        const items = at === null ? coll.items : coll.items.filter((i) => i.key === at);
        return cap(items.flatMap((i) => this.item(coll.fi, coll.scope, i.ref, depth + 1)));
      }
    }
  }

  /**
   * What an item of a literal holds: a memoised question like a member's, since items may hold
   * the literal itself (`self.result["a"] = self.result.get("b")`), a cycle that only a memoised
   * question resolves once. Resolved afresh at every asking, each item asked every other one again
   * down to the depth limit: python3-apt's distro.py (a dict of 7 such items) took 36 s, and 120 s
   * was not enough before members were memoised. A bare name is lookup()'s question already.
   */
  private item(fi: FileInfo, scope: number, ref: Ref, depth: number): Value[] {
    const root = ref.root;
    if (ref.path.length === 0 && (root.t === "name" || root.t === "def" || root.t === "items")) return this.resolve(fi, scope, ref, depth);
    const byScope = this.memoOf(fi).items;
    let memo = byScope[scope + 1];
    if (!memo) byScope[scope + 1] = memo = new Map();
    const hit = memo.get(ref);
    if (hit) return this.hit(hit);
    return this.memoised(memo, ref, ITEM, fi, scope, "");
  }

  /** Values with each of our getters replaced by what it returns. */
  private throughGetters(values: Value[], depth: number): Value[] {
    const out: Value[] = [];
    for (const v of values) {
      if (isGetter(v)) out.push(...this.returns(v.fi, v.def, depth + 1));
      else out.push(v);
    }
    return cap(out);
  }

  /** What a function returns, memoised per function (recursion resolves to nothing). */
  private returns(fi: FileInfo, def: number, depth: number): Value[] {
    const own = this.returnsOwn(fi, def, depth);
    // TypeScript `(): Service`: when nothing of ours is seen returned, an instance of that class.
    const typed = fi.facts.defs[def]!.returnsTyped;
    if (!typed || own.some((v) => v.k !== "ext")) return own;
    return cap([...own, ...this.resolve(fi, fi.facts.defs[def]!.parent, typed, depth + 1)]);
  }

  private returnsOwn(fi: FileInfo, def: number, depth: number): Value[] {
    const memo = this.memoOf(fi).results;
    const hit = memo.get(def);
    if (hit) return this.hit(hit);
    if (!fi.facts.returns.has(def)) return NONE;
    return this.memoised(memo, def, RETURNS, fi, def, "");
  }

  /** Whether some call of the function (or a caller we do not see) leaves parameter `root` out. */
  private omitted(fi: FileInfo, root: Extract<Root, { t: "param" }>): boolean {
    const def = defAt(fi, root.def);
    return def === undefined || this.leftOut(fi, def, root.index, root.name);
  }

  /** Whether some call of function `def` (or a caller we do not see) leaves parameter `index` out. */
  leftOut(fi: FileInfo, def: number, index: number, name = ""): boolean {
    const sites = fi.sites?.[def] ?? NO_SITES;
    if (sites.length === 0) return true;
    for (const site of sites) {
      if (site.fi.nonProduction && !fi.nonProduction) continue;
      const arg = pickArg(site, index, name);
      if (!arg || passesUndefined(arg)) return true;
    }
    return false;
  }

  /** A parameter: the arguments its function's call sites pass, and its default. */
  private param(fi: FileInfo, root: Extract<Root, { t: "param" }>, depth: number): Value[] {
    const def = defAt(fi, root.def);
    if (def === undefined) return NONE;
    this.touches++;
    this.unstable++;
    const out: Value[] = [];
    const node = fi.nodeIds[def]!;
    this.askedSites.add(node);
    const sites = fi.sites?.[def] ?? NO_SITES;
    if (root.star) {
      // *args / **kw: a tuple / dict of what each call passes there.
      let empty = false;
      for (const site of sites) {
        const items = starItems(site, root.index, root.star);
        if (items.length > 0) {
          const py = fi.facts.language === "python";
          // Python `*args` of positional arguments only: a tuple of that length (`args[-1]` is the last).
          const length = py && root.star === "*" && items.every((i) => i.key !== "[*]") ? items.length : undefined;
          out.push({ k: "coll", fi: site.fi, scope: site.scope, items: made(items), ...(py ? { of: root.star === "*" ? "tuple" as const : "dict" as const } : {}), ...(length !== undefined ? { length } : {}) });
        }
        // Python: a call passing no keyword there gives an empty dict (once), so `kw.get("k", d)` is also d.
        else if (root.star === "**" && !empty && fi.facts.language === "python" && !site.args.some((a) => a.name === "**")) {
          empty = true;
          out.push({ k: "coll", fi: site.fi, scope: site.scope, items: made([]), of: "dict" });
        }
        // `g(**kw)` forwarded into g's own **kw: the dicts kw holds, keys and all.
        if (root.star === "**") {
          for (const a of site.args) {
            if (a.name !== "**" || !a.ref) continue;
            for (const d of this.resolve(site.fi, site.scope, a.ref, depth + 1)) if (d.k === "coll") out.push(d);
          }
        }
      }
      return cap(out);
    }
    // The default counts when some call (or a caller we do not see) leaves the parameter out.
    let defaulted = sites.length === 0;
    for (const site of sites) {
      // A TypeScript legacy method decorator's first parameter is the prototype, not the method.
      // (Its `target[key]` is the decorated member, though: an object holding the method under
      // any key it is read by, `commands[name] = target[key]`.)
      if (root.index === 0 && legacyDecoratorSite(site, fi.facts.defs[def]!)) {
        const desc = site.args[2]!.ref!.root;
        if (desc.t === "items" && desc.items[0]!.key === "value") out.push(...this.resolve(site.fi, site.scope, { root: { t: "items", items: [{ key: "[*]", ref: desc.items[0]!.ref }] }, path: [] }, depth + 1));
        continue;
      }
      // Python: a function bound as a method (flow.ts decoratedMethod: `wrapper(self, ...)` of a
      // decorated method called as `obj.m()`) gets the receiver as its first parameter.
      if (root.index === 0 && site.offset === 1 && site.call !== undefined && !site.items && fi.kinds[def] === KIND.function && fi.facts.language === "python") {
        const c = site.fi.facts.calls[site.call];
        if (c && c.ref.path.length > 0) out.push(...this.resolve(site.fi, site.scope, { root: c.ref.root, path: c.ref.path.slice(0, -1) }, depth + 1));
        continue;
      }
      // A test's (or an example's) call of production code: its mocks and fixtures are not what
      // the production callers pass, so they do not make production code call or use them.
      if (site.fi.nonProduction && !fi.nonProduction) continue;
      const arg = pickArg(site, root.index, root.name);
      // (JS `f(undefined)` leaves it out too.)
      if (!arg || (passesUndefined(arg) && fi.facts.language !== "python")) defaulted = true;
      else if (arg.ref) {
        const given = this.resolve(site.fi, site.scope, arg.ref, depth + 1);
        // JS `onClick(form.submit)` of our getter `submit`: what the getter returns (read where
        // the argument is written), not the getter. (A getter handed on as a value, not read:
        // `desc.get` given to an accessor decorator, stays the getter.)
        if (arg.ref.path.length > 0 && fi.facts.language !== "python" && given.some(isGetter) && !GETTER_VALUE_STEPS.has(arg.ref.path.at(-1)!)) out.push(...this.throughGetters(given, depth));
        else out.push(...given);
      }
      if (out.length >= MAX_VALUES && site !== sites[sites.length - 1]) {
        LOST.count++;
        break;
      }
    }
    // Python: the default always counts, as in PyCG's ground truth (a flow-insensitive reading: the
    // default object exists and is bound whenever a call leaves the parameter out, and which calls do
    // is not tracked through *args/**kw forwarding). For reachability this errs towards a path.
    if (fi.facts.language === "python") defaulted = true;
    // A JS default is evaluated inside the function (it may name an earlier parameter: `(a, b = a)`),
    // a Python one where the function is defined.
    const at = fi.facts.language === "python" ? fi.facts.defs[def]!.parent : def;
    if (root.default && defaulted) out.push(...this.resolve(fi, at, root.default, depth + 1));
    return cap(out);
  }

  /**
   * What a JS class's constructor returns that is a function or an object literal of ours: its
   * own, else (a derived constructor's `this` is what `super()` gives) a base's, up to 3 levels.
   * With an instance too when it may return something else (`return this`, another value).
   */
  private jsCtorReturns(fi: FileInfo, cls: number, depth: number): Value[] {
    const made: Value = { k: "inst", fi, def: cls };
    for (let level = 0; level < 3; level++) {
      for (const m of this.classMember(fi, cls, "constructor")) {
        if (m.k !== "def" || m.fi.kinds[m.def] !== KIND.method) continue;
        const all = this.returns(m.fi, m.def, depth + 1);
        const out = all.filter((r) => r.k === "def" && (r.fi.kinds[r.def] === KIND.function || r.fi.kinds[r.def] === KIND.object));
        if (out.length > 0) return out.length === all.length ? out : cap([made, ...out]);
      }
      let next: Value | undefined;
      for (const b of this.bases(fi, cls, depth + 1)) if (b.k === "def" && b.fi.kinds[b.def] === KIND.class) { next = b; break; }
      if (next?.k !== "def") return NONE;
      fi = next.fi;
      cls = next.def;
    }
    return NONE;
  }

  /** resolveAll() of a name's values as bound.ts keeps them (one bare). */
  private resolveRefs(fi: FileInfo, scope: number, refs: Ref | readonly Ref[], depth: number): Value[] {
    return isRefList(refs) ? this.resolveAll(fi, scope, refs, depth) : this.resolve(fi, scope, refs, depth);
  }

  /**
   * `this` in `Request.prototype.json = function () {}` of a module importing Request (scopes.ts
   * importedThisOwner): an instance of the function or class the name holds.
   */
  private importedThis(fi: FileInfo, scope: number, depth: number): Value[] {
    const owner = importedThisOwner(fi.facts.defs, scope);
    if (owner === null) return NONE;
    const out: Value[] = [];
    for (const v of this.lookup(fi, -1, owner, depth + 1)) {
      const made = v.k === "mod" && v.fi && v.fi.facts.language !== "python" ? this.jsExport(v.fi, "default", depth + 1) : [v];
      for (const c of made) if (c.k === "def" && (c.fi.kinds[c.def] === KIND.function || c.fi.kinds[c.def] === KIND.class)) out.push({ k: "inst", fi: c.fi, def: c.def, self: true });
    }
    return cap(out);
  }

  /**
   * The values of several refs, in order. One ref (the usual case) returns its answer as it is,
   * with no intermediate array; answers are never changed by their readers.
   */
  private resolveAll(fi: FileInfo, scope: number, refs: readonly Ref[], depth: number): Value[] {
    if (refs.length === 1) return this.resolve(fi, scope, refs[0]!, depth);
    const out: Value[] = [];
    for (const r of refs) for (const v of this.resolve(fi, scope, r, depth)) out.push(v);
    return out;
  }

  /** What calling (or `new`-ing) a value gives back, as far as we track: instances and packages. */
  private result(v: Value, how: "call" | "new", at: FileInfo, depth: number): Value[] {
    if (v.k === "mod" && v.fi && v.fi.facts.language !== "python") {
      // `new (require("./store"))()`: what the module exports as a whole is what gets called.
      const out: Value[] = [];
      for (const d of this.jsExport(v.fi, "default", depth + 1)) {
        if (d.k !== "mod") for (const r of this.result(d, how, at, depth + 1)) out.push(r);
      }
      return out;
    }
    if (v.k === "def") {
      const kind = v.fi.kinds[v.def]!;
      if (kind === KIND.class) {
        // `class C(metaclass=M)` with our M.__call__ that never calls super().__call__: C() is
        // what that returns (`return Proxy(cls)`: `metaclasses/meta_call_returns_other_class_instance`).
        const called = v.fi.facts.language === "python" && (v.fi.facts.defs[v.def]!.meta || v.fi.facts.defs[v.def]!.bases.length > 0) ? this.metaCall(v, depth) : null;
        if (called && !called.creates && called.callees.defs.length > 0) return cap(called.callees.defs.flatMap((c) => this.returns(c.fi, c.def, depth)));
        // One that calls super().__call__ and returns something else too (`return Proxy(inst)`):
        // that, with the instance it made (of a class made with M) read as one of C.
        if (called?.creates && depth < MAX_DEPTH) {
          const wrapped = this.metaReturns(v, called.callees.defs, depth);
          if (wrapped) return wrapped;
        }
        if (v.fi.facts.language === "python" && depth < MAX_DEPTH) {
          const other = this.newReturnsOther(v, depth);
          if (other) return other;
        }
        // JS: a constructor (its own or, through `super()`, a base's) returning a function or an
        // object literal makes `new C()` that value, not the instance (jsCtorReturns: when it
        // returns nothing else).
        if (how === "new" && depth < MAX_DEPTH && v.fi.facts.language !== "python") {
          const other = this.jsCtorReturns(v.fi, v.def, depth);
          if (other.length > 0) return other;
        }
        return [{ k: "inst", fi: v.fi, def: v.def }];
      }
      if (how === "new" && kind === KIND.function) {
        // A constructor function that returns an object (`return { start: boot }`) or a function
        // (`const fn = function baz() {}; return fn`): `new F()` is that value (as well as the
        // instance, flow-insensitively).
        const inst: Value = { k: "inst", fi: v.fi, def: v.def };
        if (v.fi.facts.language === "python") return [inst];
        const objects = this.returns(v.fi, v.def, depth).filter((r) => (r.k === "def" && (r.fi.kinds[r.def] === KIND.object || r.fi.kinds[r.def] === KIND.function)) || r.k === "inst");
        return objects.length === 0 ? [inst] : cap([inst, ...objects]);
      }
      if (kind <= KIND.method) return this.returns(v.fi, v.def, depth);
      return NONE;
    }
    if (v.k === "inst" && v.fi.facts.language === "python") {
      // Calling an instance runs its class's __call__; what that returns is what we get.
      const out: Value[] = [];
      const calls = this.classMember(v.fi, v.def, "__call__");
      for (const c of calls) for (const r of this.result(c, "call", at, depth + 1)) out.push(r);
      // `cls()` in a method of our metaclass (`def create(cls): return cls()`): cls is a class made with it.
      if (!calls.some((c) => c.k === "def")) for (const c of this.madeBy(v)) for (const r of this.result(c, "call", at, depth + 1)) out.push(r);
      return cap(out);
    }
    if (v.k === "ext" && v.module === BUILTIN) return NONE;
    // `importlib.import_module(name)` of a name not known (refs-js.ts reads the literal ones): some
    // module, no package's value (`mod.connect()` is no `importlib.import_module.connect`).
    if (v.k === "ext" && v.module === "importlib" && v.member.length === 1 && v.member[0] === "import_module") return NONE;
    // argparse's `parser.parse_args()`: a Namespace of the program's own values (`set_defaults(func=f)`
    // hands f over as a callback), no package's (`args.func(args)` is no `...parse_args.func`).
    if (v.k === "ext" && v.module === "argparse" && (v.member.at(-1) === "parse_args" || v.member.at(-1) === "parse_intermixed_args")) return NONE;
    if (v.k === "cmeth") return this.collMethodResult(v, depth);
    // `weakref.ref(x)()` (refs-py.ts): x.
    if (v.k === "coll" && how === "call" && v.items.length === 1 && v.items[0]!.key === "[()]") return this.resolve(v.fi, v.scope, v.items[0]!.ref, depth + 1);
    if (v.k === "ext") {
      // JS: `_(x).map()`, `express().use()` read as members of the package itself; `new X()`
      // and Python calls keep the path, so methods read as "pkg.Class.method".
      if (how === "call" && at.facts.language !== "python") return [{ k: "ext", module: v.module, member: [], returned: true }];
      const returned: Extract<Value, { k: "ext" }> = { k: "ext", module: v.module, member: v.member, returned: true };
      if (v.derived) returned.derived = true;
      return [returned];
    }
    return NONE;
  }

  /**
   * A class whose own `__new__` (written in its body) only ever returns instances of other classes
   * (`def __new__(cls, kind): return Circle()`, `super().__new__(Circle)`): `Shape("c")` is those instances.
   * Null otherwise (`super().__new__(cls)`, a singleton's cached instance: an instance of cls).
   */
  private newReturnsOther(v: DefValue, depth: number): Value[] | null {
    // (The class's own `__new__` only: asking every class made for its MRO's changed what pyparsing's graph gave.)
    const defs = v.fi.facts.defs;
    const own = defs.findIndex((d, i) => d.parent === v.def && d.name === "__new__" && v.fi.kinds[i] === KIND.method);
    // Only `return Circle(...)` statements (a class named, called): not a parameter handed back or
    // `object.__new__(cls)`, whose reading in the middle of a class call changed pyparsing's graph.
    const refs = own < 0 ? undefined : v.fi.facts.returns.get(own);
    if (!refs || refs.length === 0 || !refs.every((r) => r.path.length === 0 && r.root.t === "call" && r.root.callee.path.length === 0 &&
      (r.root.callee.root.t === "name" || r.root.callee.root.t === "prior" || r.root.callee.root.t === "cls"))) return null;
    // Some `return super().__new__(cls)` beside `return super().__new__(Circle)`: an instance of
    // the class itself, or of the classes the other returns name (not every subclass cls may be).
    const named = new Set<string>();
    for (const r of refs) if (r.root.t === "call" && (r.root.callee.root.t === "name" || r.root.callee.root.t === "prior") && r.root.callee.root.name !== "cls") named.add(r.root.callee.root.name);
    const mixed = named.size > 0 && named.size < refs.length;
    if (named.size === 0) return null;
    const out: Value[] = mixed ? [{ k: "inst", fi: v.fi, def: v.def }] : [];
    for (const r of this.returns(v.fi, own, depth + 1)) {
      // (Also a subclass's: `return super().__new__(Circle)` in Shape makes a Circle.)
      if (mixed && r.k === "inst" && (r.fi === v.fi && r.def === v.def || !named.has(r.fi.facts.defs[r.def]!.name))) continue;
      if (r.k !== "inst" || (r.fi === v.fi && r.def === v.def)) return null;
      out.push(r);
    }
    return out.length > (mixed ? 1 : 0) ? cap(out) : null;
  }

  lookup(fi: FileInfo, scope: number, name: string, depth: number): Value[] {
    // Asked where the name is bound (or of the module): a scope that does not bind it answers as
    // its outer scope does, and kept no answer of its own (57% of computed lookups at 557k JS).
    const { defs, bindings, language } = fi.facts;
    // Python: in a class body, a method defined above is a name (`start = run`).
    if (language === "python" && scope >= 0 && defs[scope]!.kind === "class" && !binds(bindings, scope, name)) {
      const m = memberDef(fi.facts, scope, name);
      if (m >= 0) return [{ k: "def", fi, def: m }];
    }
    while (scope !== -1 && !binds(bindings, scope, name)) {
      scope = defs[scope]!.parent;
      // Python: a class body's names are not visible inside its methods.
      while (language === "python" && scope >= 0 && defs[scope]!.kind === "class") scope = defs[scope]!.parent;
    }
    const byScope = this.memoOf(fi).names;
    let memo = byScope[scope + 1];
    if (!memo) byScope[scope + 1] = memo = new SmallMap();
    const hit = memo.get(name);
    if (hit) return this.hit(hit);
    this.asked.add(name);
    return this.memoised(memo, name, LOOKUP, fi, scope, name);
  }

  /** lookup() where `scope` binds `name` or is the module's. */
  private lookupUncached(fi: FileInfo, scope: number, name: string, depth: number): Value[] {
    const { bindings, language } = fi.facts;
    const refs = boundRefs(bindings, scope, name);
    if (refs && isRefList(refs) && refs.length > 1 && language === "typescript") return this.typedLast(fi, scope, refs, depth + 1);
    // A Python module's global another module sets (`hooks.on_save = my_save`): that value too.
    // (Also a global bound to a value of no interest, `handler = None`.)
    if (scope === -1 && this.patchedModules?.has(fi)) {
      const patched = this.setFromOutside(fi, -1, name, depth + 1);
      if (patched.length > 0) return cap(refs ? [...this.resolveRefs(fi, scope, refs, depth + 1), ...patched] : patched);
    }
    if (refs) return this.resolveRefs(fi, scope, refs, depth + 1);
    if (language === "python") {
      const star = this.starNames(fi, name, depth);
      if (star.length > 0 || !PY_BUILTINS.has(name)) return star;
      return [{ k: "ext", module: BUILTIN, member: [name] }];
    }
    // CommonJS `exports` is the module itself (`exports.helper()` inside the module).
    // (`module` likewise, whose `exports` is the module: `module.exports.helper()`.)
    if (name === "exports" || name === "module") return [{ k: "mod", fi, dir: null }];
    // A TypeScript script's `/// <reference path="./utils.ts" />`: the top-level names of that file.
    if (scope === -1 && fi.facts.references) {
      const out: Value[] = [];
      for (const spec of fi.facts.references) {
        for (const m of this.module(fi, spec)) {
          if (m.k === "mod" && m.fi && m.fi !== fi && binds(m.fi.facts.bindings, -1, name)) out.push(...this.lookup(m.fi, -1, name, depth + 1));
        }
      }
      if (out.length > 0) return cap(out);
    }
    // JS runtime globals no scope binds: `setTimeout`, `console` (its members are named too).
    if (JS_GLOBALS.has(name)) return [{ k: "ext", module: BUILTIN, member: [name] }];
    return scope === -1 ? this.globalName(fi, name, depth) : NONE;
  }

  /**
   * Files of ours whose names are global, by name (made on first use; graph.ts drops it when an
   * edit is assembled incrementally): every top-level name of a classic script, JS or TypeScript
   * (no import, export or CommonJS module: browser scripts on one page, TypeScript compiled with
   * --outFile), and what a module puts on the global object (`global.helper = helper`). Dependency
   * code and declaration files give none.
   */
  globalProviders: Map<string, FileInfo[]> | null = null;

  /** A free name of JS or TypeScript no file binds for itself: another file's global of that name. */
  private globalName(fi: FileInfo, name: string, depth: number): Value[] {
    if (fi.facts.path.includes("node_modules/")) return NONE;
    return this.providedGlobal(name, fi, depth);
  }

  /** What the files that make `name` global (globalProviders) bind it to, but file `except`'s. */
  private providedGlobal(name: string, except: FileInfo | null, depth: number): Value[] {
    const providers = (this.globalProviders ??= globalProviders(this.files.values())).get(name);
    if (!providers) return NONE;
    const out: Value[] = [];
    for (const p of providers) if (p !== except) for (const v of this.lookup(p, -1, name, depth + 1)) out.push(v);
    return cap(out);
  }

  /**
   * A TypeScript annotation (`a: Cat | Dog`, `s: Service`) stands for the values we do not see
   * arrive: when the name's other bindings (a parameter's arguments, an initialiser) give any of
   * our values, the annotation adds nothing (`speak(new Cat())` is no call of Dog's methods).
   */
  private typedLast(fi: FileInfo, scope: number, refs: readonly Ref[], depth: number): Value[] {
    let typed = 0;
    for (const r of refs) if (isTypedRef(r)) typed++;
    if (typed === 0 || typed === refs.length) return this.resolveAll(fi, scope, refs, depth);
    const out: Value[] = [];
    let ours = false;
    for (const r of refs) {
      if (isTypedRef(r)) continue;
      for (const v of this.resolve(fi, scope, r, depth)) {
        out.push(v);
        if (v.k === "def" || v.k === "inst") ours = true;
      }
    }
    if (ours) return out;
    for (const r of refs) if (isTypedRef(r)) for (const v of this.resolve(fi, scope, r, depth)) out.push(v);
    return out;
  }

  /** What `name` is through the file's `from m import *`: the names in __all__, or else the public ones. */
  private starNames(fi: FileInfo, name: string, depth: number): Value[] {
    const out: Value[] = [];
    for (const spec of fi.facts.stars) {
      for (const m of this.module(fi, spec)) {
        const all = m.k === "mod" ? m.fi?.facts.allNames : undefined;
        if (all ? !all.includes(name) : name.startsWith("_")) continue;
        for (const v of this.member(m, name, depth + 1)) out.push(v);
      }
    }
    return out;
  }

  /** `member`, keeping only the static side of a JS class read as a value when `classSide` (jsClassSide). */
  private memberOf(v: Value, name: string, classSide: boolean, depth: number): Value[] {
    const own = this.member(v, name, depth);
    return classSide && isJsClass(v) ? jsClassSide(own) : own;
  }

  member(v: Value, name: string, depth: number): Value[] {
    if (depth > this.deepest) this.deepest = depth;
    if (depth > MAX_DEPTH) {
      this.unstable++;
      return NONE;
    }
    // Python `self.__setup` written in class Base (refs-js.ts: `__setup@Base`) is `_Base__setup`:
    // Base's own, not a subclass's `__setup`; failing that, read as `__setup`.
    const mangled = name.charCodeAt(0) === 95 && name.charCodeAt(1) === 95 ? name.indexOf("@") : -1;
    if (mangled > 0) {
      const plain = name.slice(0, mangled);
      if ((v.k === "inst" || v.k === "def") && v.fi.facts.language === "python" && v.fi.kinds[v.def] === KIND.class) {
        const owner = name.slice(mangled + 1);
        for (const m of this.mro(v.fi, v.def, depth + 1)) {
          if (m.k !== "def" || m.fi.facts.defs[m.def]!.name !== owner) continue;
          const own = this.ownMember(m.fi, m.def, plain, depth + 1);
          if (own.length > 0) return own;
        }
      }
      name = plain;
    }
    // A name built from a literal prefix (Python `visit_*`, JS `[on_*]`): the members named so.
    const prefix = prefixOf(name);
    if (prefix !== null) return this.prefixed(v, prefix, depth);
    switch (v.k) {
      case "super":
        this.asked.add(name);
        for (const c of v.rest) {
          // A package's base class answers by its import path; a builtin base (Exception, dict) is no edge.
        if (c.k === "ext") return c.module === BUILTIN ? NONE : [{ k: "ext", module: c.module, member: [...c.member, name] }];
          if (c.k !== "def") continue;
          const own = this.ownMember(c.fi, c.def, name, depth);
          if (own.length > 0) return own;
        }
        return NONE;
      case "cmeth":
        return NONE;
      case "coll": {
        // A literal's own iterator (what `for...of` asks our values for) is a builtin's: not an item;
        // calling it (`return this.steps[Symbol.iterator]()`) gives its items, as `values()` does.
        if (name === ITERATOR || name === ASYNC_ITERATOR) return v.fi.facts.language === "python" ? NONE : [{ k: "cmeth", coll: v, name: "values" }];
        // (JS: an item written under that name wins, a legacy accessor decorator's descriptor `{ get }`.)
        // (Python `g.send(x)` of a generator's items, no literal: the next item it yields, any of them.)
        if ((COLL_METHODS.has(name) || (v.fi.facts.language !== "python" ? JS_COLL_METHODS.has(name) : name === "popitem" || (name === "send" && !v.of))) &&
          (v.fi.facts.language === "python" || !v.items.some((i) => i.key === name))) return [{ k: "cmeth", coll: v, name }];
        // `fns[Op.Sub]` of a numeric enum member (refs-js-keys.ts enumKey gives its number as a name): item 1.
        if (v.fi.facts.language !== "python" && name.charCodeAt(0) <= 57 && /^\d+$/.test(name)) name = `[${name}]`;
        // Other methods of a literal (`d.update`, `xs.append`) are builtins, named by its type.
        if (!name.startsWith("[")) {
          if (v.of) return this.builtinMember(PY_TYPES[v.of], name);
          // A JS object made here with named items (a decorator's descriptor `{ value }`).
          const out: Value[] = [];
          for (const i of v.items) if (i.key === name) out.push(...this.item(v.fi, v.scope, i.ref, depth + 1));
          return cap(out);
        }
        const sliced = sliceOf(v, name);
        if (sliced) return [sliced];
        name = fromEnd(v, name);
        const out: Value[] = [];
        for (const i of v.items) {
          if (i.key === NAME_KEY && name !== "[*]") {
            for (const r of this.item(v.fi, v.scope, i.ref, depth + 1)) if (namedItem(r, name)) out.push(r);
          // (A JS generator's return value is no item a loop or spread sees: only `it.next().value`
          // (collMethodResult) and `yield* gen()`'s own value read it.)
          } else if (i.key === name || (name === "[*]" && i.key !== GEN_RETURN) || (i.key === "[*]" && name !== GEN_RETURN)) for (const r of this.item(v.fi, v.scope, i.ref, depth + 1)) out.push(r);
        }
        // `d[Event.START]` (refs-py-strings.ts pyKey) of a dict that has no such key (its keys are the
        // constants' values): any item.
        if (out.length === 0 && name.includes(".") && !v.items.some((i) => i.key === name) && v.fi.facts.language === "python") {
          for (const i of v.items) if (!i.key.includes(".")) for (const r of this.item(v.fi, v.scope, i.ref, depth + 1)) out.push(r);
        }
        return cap(out);
      }
      case "ext": {
        if (name === "default" && v.member.length === 0) return [v];
        // `window.Util` read in a file that did not put it there: the global another file made.
        if (v.module === BUILTIN && v.member.length === 1 && !v.returned && GLOBAL_OBJECTS.has(v.member[0]!)) {
          const provided = this.providedGlobal(name, null, depth);
          if (provided.length > 0) return provided;
        }
        // Items and members of builtin values (`len(x).bit_length`, `xs[0]`) are not tracked,
        // but members of JS namespace objects are builtins themselves (`console.log`, `JSON.parse`).
        // So are the methods of Python literals (`" ".join` → `<**PyStr**>.join`).
        if (v.module === BUILTIN && v.member.length === 1 && !v.returned && (JS_NAMESPACES.has(v.member[0]!) || TYPE_NAMES.has(v.member[0]!)) && !name.startsWith("[")) {
          return this.builtinMember(v.member[0]!, name);
        }
        // JS `Math.max.apply(null, xs)`, `JSON.stringify.call(null, o)`: a call of the builtin itself.
        if (v.module === BUILTIN && (name === "call" || name === "apply") && v.member.length >= 2 && !v.returned && JS_NAMESPACES.has(v.member[0]!)) return [v];
        // (Nor our hidden keys, `<thrown>` of fact-types.ts THROWN, GEN_SENT's: no package has them.)
        if (name.startsWith("[") || name.charCodeAt(0) === 60 || name.charCodeAt(0) < 32 || v.module === BUILTIN) return NONE;
        // A namedtuple class or instance (`Route = namedtuple("Route", ["view"])`, `Route(...)`):
        // its public names are its fields, data, not functions of the package's.
        if (v.returned && v.member.length === 1 && isNamedTuple(v) && !name.startsWith("_") && name !== "count" && name !== "index") return NONE;
        // A package value's name grows by the attributes read from it. Grown past the depth of an
        // import path, by an attribute it already has (`x = x.parent` in a loop, a parameter fed
        // its own attribute), or past EXT_DEPTH attributes, it is the analysis going round a
        // cycle, not a name the package has (k-limited access paths): no value.
        if (v.member.length >= EXT_DEPTH || (v.member.length >= 3 && v.member.includes(name))) return NONE;
        const ext: Extract<Value, { k: "ext" }> = { k: "ext", module: v.module, member: [...v.member, name] };
        if (v.returned || v.derived) ext.derived = true;
        return [ext];
      }
      case "mod": {
        if (v.fi?.facts.language === "python" || v.fi === null) return this.pyMember(v, name, depth);
        // `require("./b").default` of a CommonJS module whose module.exports has a `default` member
        // of its own (`module.exports = { default: fn, __esModule: true }`, Babel's and tsc's
        // interop output): that member, not module.exports (a default import still reads the latter).
        if (name === "default" && v.fi.facts.cjs.length > 0) {
          const own: Value[] = [];
          for (const r of v.fi.facts.cjs) for (const c of this.resolve(v.fi, -1, r, depth + 1)) if (c.k !== "mod") own.push(...this.member(c, "default", depth + 1));
          if (own.length > 0) return cap(own);
        }
        const exported = this.jsExport(v.fi, name, depth);
        // `module.exports` (the module's own, no export of that name): the module.
        return exported.length === 0 && name === "exports" ? [v] : exported;
      }
      case "def":
        if (v.k === "def" && (name === "call" || name === "apply") && v.fi.facts.language !== "python") {
          // JS `f.call(o, a)` / `f.apply(o, args)` call f itself.
          if (callable(v.fi, v.def)) return [v];
        }
        // JS `Base.prototype` (`Base.prototype.hello.call(this)`, `= List.prototype.each`): reads
        // members as Base's instances do.
        if (name === "prototype" && v.fi.facts.language !== "python" && (v.fi.kinds[v.def] === KIND.function || v.fi.kinds[v.def] === KIND.class)) {
          const own = this.classMember(v.fi, v.def, name);
          const proto: Value = { k: "inst", fi: v.fi, def: v.def };
          // `B.prototype = Object.create(A.prototype)`: B's instances read A's members where B
          // has none of its own, so `B.prototype.run` is B's run, not also A's.
          const kept = own.filter((o) => o.k !== "inst" || o.fi === v.fi && o.def === v.def);
          return kept.length === 0 ? [proto] : cap([...kept, proto]);
        }
        {
          const own = this.classMember(v.fi, v.def, name);
          // `Box[int]` of a Python class (a generic alias, `__class_getitem__`) is the class
          // itself: `Box[int](1)` makes a Box (an Enum's `Level["LOW"]` is its member: classMember).
          if (name.startsWith("[") && v.fi.facts.language === "python" && v.fi.kinds[v.def] === KIND.class && !own.some((o) => o.k !== "ext")) {
            // Our `__class_getitem__` gives what it returns (`Box[int]` is `IntBox`; no call, as `obj[k]`).
            const hooks = this.classMember(v.fi, v.def, "__class_getitem__").filter((m) => m.k === "def" && m.fi.kinds[m.def] === KIND.method);
            const got = hooks.flatMap((m) => (m.k === "def" ? this.returns(m.fi, m.def, depth + 1) : []));
            if (got.length > 0) return cap(got);
            // Our metaclass's `__getitem__` (`Api["GET"]` with `def __getitem__(cls, key)` in M):
            // what that returns (no edge, as `obj[k]`).
            if (hooks.length === 0) {
              const meta: Value[] = [];
              for (const m of this.metaclasses(v, depth)) {
                // (`for s in Pipeline`: the items of what the metaclass's `__iter__` returns.)
                const iter = name === "[*]" ? this.classMember(m.fi, m.def, "__iter__") : NONE;
                for (const g of iter.length > 0 ? iter : this.classMember(m.fi, m.def, "__getitem__")) {
                  if (g.k !== "def" || g.fi.kinds[g.def] !== KIND.method) continue;
                  for (const r of this.returns(g.fi, g.def, depth + 1)) {
                    if (iter.length === 0) meta.push(r);
                    else if (r.k === "coll") meta.push(...this.member(r, "[*]", depth + 1));
                    else if (r.k === "inst") for (const n of this.classMember(r.fi, r.def, "__next__")) if (n.k === "def") meta.push(...this.returns(n.fi, n.def, depth + 1));
                  }
                }
              }
              if (meta.length > 0) return cap(meta);
            }
            return [v];
          }
          // `for s in Pipeline` with our metaclass's `__iter__` (`__aiter__`): the protocol asks the
          // class, whose metaclass answers.
          if (own.length === 0 && (name === "__iter__" || name === "__aiter__") && v.fi.facts.language === "python" && v.fi.kinds[v.def] === KIND.class) {
            const out: Value[] = [];
            for (const m of this.metaclasses(v, depth)) out.push(...this.classMember(m.fi, m.def, name).filter((g) => g.k === "def" && g.fi.kinds[g.def] === KIND.method));
            if (out.length > 0) return cap(out);
          }
          // `Banner.style` read on the class itself: its class attribute, never what a method
          // sets on an instance (`self.style = style`, which ownMember adds for instance reads).
          if (own.length > 0 && v.fi.facts.language === "python" && v.fi.kinds[v.def] === KIND.class && !name.startsWith("[")) {
            const kept = this.classAttribute(v, name, depth);
            if (kept !== null) return kept;
          }
          // A Python class is an instance of its metaclass: `Model.describe()` with `def
          // describe(cls)` in our metaclass (not its dunders: `C()` runs no `M.__init__`).
          if (own.length > 0 || name.startsWith("_") || name.startsWith("[") || v.fi.facts.language !== "python" || v.fi.kinds[v.def] !== KIND.class) return own;
          const out: Value[] = [];
          for (const m of this.metaclasses(v, depth)) {
            out.push(...this.member({ k: "inst", fi: m.fi, def: m.def }, name, depth + 1));
            out.push(...this.metaNamespace(m, name, depth));
          }
          // `cls` in our metaclass's `__new__` (`cls = super().__new__(mcs, ...)`; `cls.setup()`)
          // reads as the metaclass: the classes made with it have the attribute.
          for (const c of this.madeBy(v)) out.push(...this.classMember(c.fi, c.def, name));
          return out.length > 0 ? cap(out) : own;
        }
      case "inst": {
        if (name === "__class__" && v.fi.facts.language === "python") {
          if (!v.self) return [{ k: "def", fi: v.fi, def: v.def }];
          // `self.__class__` / `type(self)` in a method: the class or a subclass, as `cls` is.
          return this.selfClasses(v.fi, v.def, depth);
        }
        // JS `this.constructor` is the class (or constructor function) itself: `this.constructor.create()`.
        // In a method (`this`), the class or a made subclass, as Python's `type(self)` is: `(this.constructor as typeof Shape).label()`.
        if (name === "constructor" && v.fi.facts.language !== "python") return v.self && v.fi.kinds[v.def] === KIND.class ? this.selfClasses(v.fi, v.def, depth) : [{ k: "def", fi: v.fi, def: v.def }];
        if (name.startsWith("[") && v.fi.facts.language === "python") return this.instItems(v, name, depth);
        // JS: what `for...of` takes from our iterable, what its generator `[Symbol.iterator]` yields.
        if (name === "[*]") {
          const items = this.instItems(v, name, depth);
          if (items.length > 0) return items;
        }
        // Python: our `__getattribute__` runs for every attribute read on an instance (graph.ts
        // calls it as it calls `__getattr__`), beside what the read finds (`object.__getattribute__`).
        if (!v.self && v.fi.facts.language === "python" && !name.startsWith("__") && !name.startsWith("[") && this.anyGetattribute()) {
          const hooks = this.classMember(v.fi, v.def, "__getattribute__").filter(isPyGetattr);
          if (hooks.length > 0) return cap([...hooks, ...this.member({ k: "inst", fi: v.fi, def: v.def, self: true }, name, depth + 1).filter((m) => !holdsSame(hooks, m))]);
        }
        const made = v.site ? this.siteAttr(v, v.site, name, depth) : v.fi.facts.language === "python" ? this.fieldAtSites(v, name, depth) : null;
        if (made) return made;
        const own = this.classMember(v.fi, v.def, name);
        // An instance of our metaclass is a class made with it (`cls = super().__new__(mcs, ...)`
        // then `cls.setup()` in its __new__): that attribute of each such class.
        if (own.length === 0 && v.fi.facts.language === "python" && !name.startsWith("_") && !name.startsWith("[")) {
          const out: Value[] = [];
          for (const c of this.madeBy(v)) out.push(...this.classMember(c.fi, c.def, name));
          if (out.length > 0) return cap(out);
        }
        if (own.length === 0 && v.fi.facts.language === "python" && !name.startsWith("_") && !name.startsWith("[") && (v.fi.facts.defs[v.def]!.meta || v.fi.facts.defs[v.def]!.bases.length > 0)) {
          const out: Value[] = [];
          for (const m of this.metaclasses({ k: "def", fi: v.fi, def: v.def }, depth)) out.push(...this.metaNamespace(m, name, depth));
          if (out.length > 0) return cap(out);
        }
        // Python: an attribute the class does not have is what its __getattr__ returns (graph.ts
        // calls __getattr__, then what it returns when that is called); dunders bypass it.
        if (own.length === 0 && !v.self && v.fi.facts.language === "python" && !name.startsWith("__") && !name.startsWith("[")) {
          const getattrs = this.classMember(v.fi, v.def, "__getattr__").filter(isPyGetattr);
          // A proxy's `return getattr(self._target, name)`: also that attribute of the target.
          let out: Value[] | null = null;
          for (const g of getattrs) {
            const x = g.k === "def" ? g.fi.facts.defs[g.def]!.delegates : undefined;
            if (!x || g.k !== "def") continue;
            out ??= [...getattrs];
            for (const t of this.resolve(g.fi, g.def, x, depth + 1)) if (t.k !== "inst" || t.fi !== v.fi || t.def !== v.def) out.push(...this.member(t, name, depth + 1));
          }
          return out ? cap(out) : getattrs;
        }
        // (Only methods, class attributes holding our functions or classes (`formatter = plain`,
        // `reader_class = Reader`, which a subclass may set anew), are looked up in the subclasses:
        // other attributes rarely differ, and asking is not free.)
        // Python dicts and lists too (`ACTIONS = {"go": go}` replaced in a subclass).
        // (JS too: a field holding a function, `protected sink = toConsole`, a subclass's field replaces.)
        if (!v.self || (own.length > 0 && !own.some(overridable) && !own.some((m) => m.k === "def" || (m.k === "coll" && v.fi.facts.language === "python")))) return own;
        // `self.hook()` written in a base class: self may be an instance of a subclass, whose hook
        // (an override, or the only one) runs; the base's own counts unless @abstractmethod.
        // Classes named nowhere but in their definition and base lists are never instantiated
        // (unusedClass): self is none of them, unless that leaves nothing.
        const subs = this.subclasses(v.fi, v.def, depth);
        for (const skip of [true, false]) {
          const out: Value[] = skip && this.unusedClass(v.fi, v.def) ? [] : own.filter((m) => !abstract(m));
          // (Seen values compared field by field, as cap() does: a Set of valueKey() strings built
          // for each such read was a tenth of Python assembly's CPU. At most 24 subclasses of 24 members.)
          for (const c of subs) {
            if (skip && this.unusedClass(c.fi, c.def)) continue;
            for (const m of this.classMember(c.fi, c.def, name)) {
              if (abstract(m) || holdsSame(out, m)) continue;
              out.push(m);
            }
          }
          if (out.length > 0) return cap(out);
        }
        return own;
      }
    }
  }

  /**
   * Items of an instance of our class: `obj[k]` is what its __getitem__ returns; what a `for`
   * loop takes (`[*]`) is what __next__ returns on what __iter__ returned.
   */
  private instItems(v: Extract<Value, { k: "inst" }>, name: string, depth: number): Value[] {
    const returnsOf = (fns: Value[]): Value[] =>
      fns.flatMap((f) => (f.k === "def" && f.fi.facts.defs[f.def]!.kind !== "class" ? this.returns(f.fi, f.def, depth + 1) : []));
    const getitem = (): Value[] => returnsOf(this.classMember(v.fi, v.def, "__getitem__"));
    // (A dict subclass's `__missing__` gives what a key it lacks reads: `dunders/p23_missing_on_dict_subclass_returns_function`.)
    if (name !== "[*]") {
      const got = getitem();
      if (v.fi.facts.language !== "python") return cap(got);
      const missing = returnsOf(this.classMember(v.fi, v.def, "__missing__"));
      return missing.length > 0 ? cap([...got, ...missing]) : cap(got);
    }
    // Iteration uses __getitem__ only when the class has no __iter__ (JS: `[Symbol.iterator]`,
    // or for `for await` `[Symbol.asyncIterator]`, a generator method whose items are what it yields).
    // (Python `async for`: __aiter__, then __anext__.)
    const py = v.fi.facts.language === "python";
    let iter = this.classMember(v.fi, v.def, py ? "__iter__" : ITERATOR);
    let next = "__next__";
    if (iter.length === 0) {
      iter = this.classMember(v.fi, v.def, py ? "__aiter__" : ASYNC_ITERATOR);
      if (py) next = "__anext__";
    }
    if (iter.length === 0) return cap(getitem());
    // (__iter__ may return an iterator over a collection: `iter(self.items)`, a generator's items.)
    if (py) return cap(returnsOf(iter).flatMap((it) => (it.k === "inst" ? returnsOf(this.classMember(it.fi, it.def, next)) : it.k === "coll" ? this.member(it, "[*]", depth + 1) : [])));
    const out: Value[] = [];
    for (const f of iter) if (f.k === "def" && f.fi.facts.defs[f.def]!.kind !== "class") out.push(...this.iteratorItems(this.returns(f.fi, f.def, depth + 1), depth));
    return cap(out);
  }

  /**
   * JS: what iterators give (what `[Symbol.iterator]()` returned): a generator's items, or the
   * `value` of what the iterator's `next()` returns (`{ done, value }`), the iterator an instance
   * (`this`, another class's) or an object literal with a next method.
   */
  private iteratorItems(its: Value[], depth: number): Value[] {
    const out: Value[] = [];
    for (const it of its) {
      if (it.k === "coll") out.push(...this.member(it, "[*]", depth + 1));
      else if (it.k === "inst" || (it.k === "def" && it.fi.kinds[it.def] === KIND.object)) {
        for (const n of this.member(it, "next", depth + 1)) {
          if (n.k !== "def" || n.fi.facts.defs[n.def]!.kind === "class") continue;
          for (const r of this.returns(n.fi, n.def, depth + 1)) if (r.k === "def" && r.fi.kinds[r.def] === KIND.object) out.push(...this.member(r, "value", depth + 1));
        }
      }
    }
    return cap(out);
  }

  private pyMember(v: { fi: FileInfo | null; dir: string | null }, name: string, depth: number): Value[] {
    const own = v.fi ? this.lookup(v.fi, -1, name, depth + 1) : NONE;
    if (own.length > 0) return own;
    const sub = v.dir !== null ? pySubmodule(v.dir, name, this.index) : null;
    return sub ? [this.pyModule(sub)] : NONE;
  }

  /** A named export of a JS/TS module: ESM exports, CommonJS exports, re-exports. */
  jsExport(fi: FileInfo, name: string, depth: number): Value[] {
    // Memoised like lookup(): every importer of a module asks for the same few names.
    // Exports can be values that flow through parameters: tracked like lookup() (flow.ts rounds).
    const memo = this.memoOf(fi).exports;
    const hit = memo.get(name);
    if (hit) return this.hit(hit);
    this.asked.add(name);
    return this.memoised(memo, name, EXPORT, fi, 0, name);
  }

  private jsExportUncached(fi: FileInfo, name: string, depth: number): Value[] {
    const { exports, cjs, stars } = fi.facts;
    const out: Value[] = [];
    for (const r of exports.get(name) ?? []) out.push(...this.resolve(fi, -1, r, depth + 1));
    const cjsValues = (): Value[] => cjs.flatMap((r) => this.resolve(fi, -1, r, depth + 1));
    // Every export (`Object.values(ns)`, `for (k in ns) ns[k]()` of a namespace import).
    if (name === MEMBERS) {
      for (const refs of exports.values()) for (const r of refs) out.push(...this.resolve(fi, -1, r, depth + 1));
      for (const c of cjsValues()) if (c.k !== "mod" || c.fi !== fi) out.push(...this.member(c, MEMBERS, depth + 1));
      for (const spec of stars) for (const m of this.module(fi, spec)) if (m.k !== "mod" || m.fi !== fi) out.push(...this.member(m, MEMBERS, depth + 1));
      return cap(out);
    }
    if (name === "default") {
      out.push(...cjsValues());
      // CommonJS seen through ESM: the default import is module.exports itself (also beside an
      // `exports.default = f`, read as Babel's interop does: `import b from "./b.cjs"`, `b.default()`).
      if (out.length === 0 || fi.facts.cjsDefault) out.push({ k: "mod", fi, dir: null });
      return cap(out);
    }
    if (out.length === 0) {
      for (const c of cjsValues()) out.push(...(c.k === "mod" && c.fi === fi ? [] : this.member(c, name, depth + 1)));
    }
    if (out.length === 0) {
      for (const spec of stars) for (const m of this.module(fi, spec)) out.push(...this.member(m, name, depth + 1));
    }
    return cap(out);
  }

  /**
   * A member of a class or object literal, its bases' included. A memoised question like lookup():
   * the members of `this` are asked through a new reference object in every method, and each
   * asking resolved the attributes afresh (an object per literal, most of the flow pass's garbage
   * in JS); and attributes that read each other (`this.a = f(this.b)`, `this.b = g(this.a)`) are a
   * cycle, which only a memoised question resolves once: recomputed at every asking, a chain of
   * them asked each other exponentially often (elysia's compiled build never finished).
   */
  classMember(fi: FileInfo, def: number, name: string): Value[] {
    const byDef = this.memoOf(fi).members;
    let memo = byDef[def];
    if (!memo) byDef[def] = memo = new SmallMap();
    const hit = memo.get(name);
    if (hit) return this.hit(hit);
    this.asked.add(name);
    return this.memoised(memo, name, MEMBER, fi, def, name);
  }

  private classMemberUncached(fi: FileInfo, def: number, name: string, depth: number): Value[] {
    if (fi.facts.language === "python" && fi.facts.defs[def]!.kind === "class") {
      // Python looks members up along the class's MRO (C3); the first class that has it wins.
      const mro = this.mro(fi, def, depth);
      // An Enum's members (constant-case names, `cls.SAFE` of `SAFE = "safe"` too) and `Level["LOW"]`
      // are instances of the class, whatever value the body gave them.
      if ((name.startsWith("[") || /^[A-Z][A-Z0-9_]*$/.test(name)) && mro.some((c) => c.k === "ext" && c.module === "enum")) return [{ k: "inst", fi, def }];
      // `Stage.__members__`: a mapping of the members' names to them (`.items()` pairs whose [1] is
      // a member: `stdlib/p24_enum_members_dunder_items_loop`).
      if (name === "__members__" && mro.some((c) => c.k === "ext" && c.module === "enum")) {
        return [{ k: "coll", fi, scope: -1, items: [{ key: "[*]", ref: { root: { t: "def", start: fi.facts.defs[def]!.start }, path: ["[*]"] } }], of: "dict" }];
      }
      // A member's `.value` is what the body gave some member (`ADD = partial(add)`): ours only (no
      // string's methods), unless a class of ours defines `value`.
      // A member's `.name` is a str (`self.name.lower()`), unless a class of ours defines `name`.
      if (name === "name" && mro.some((c) => c.k === "ext" && c.module === "enum") &&
        !mro.some((c) => c.k === "def" && this.ownMember(c.fi, c.def, "name", depth).length > 0)) return STR;
      if (name === "value" && mro.some((c) => c.k === "ext" && c.module === "enum")) {
        const values = this.enumValues(fi, def, mro, depth);
        if (values.length > 0) return values;
      }
      // One of ours that has it holding no known value (`count = 0`, `text: str`, `self.n = 0`)
      // wins too: a package base is not asked for it (a NamedTuple's field is no `typing.NamedTuple.text`).
      let held = false;
      for (const c of mro) {
        // A package's base class answers by its import path; a builtin base (Exception, dict) is no edge.
        if (c.k === "ext") {
          // (An Enum's constant-case member was answered above.)
          if (c.module === BUILTIN || held) return NONE;
          const alts = this.alternativeBases(mro, c, depth);
          return alts.length > 1 ? alts.map((a) => ({ k: "ext", module: a.module, member: [...a.member, name] })) : [{ k: "ext", module: c.module, member: [...c.member, name] }];
        }
        if (c.k !== "def" || held) continue;
        const own = this.ownMember(c.fi, c.def, name, depth);
        if (own.length > 0) return own;
        held = c.fi.facts.defs[c.def]!.fields?.includes(name) === true;
      }
      return NONE;
    }
    const own = this.ownMember(fi, def, name, depth);
    if (own.length > 0) return own;
    const out: Value[] = [];
    for (const base of this.bases(fi, def, depth)) out.push(...this.member(base, name, depth + 1));
    return cap(out);
  }

  /**
   * The package classes one base of a class of ours may be, `ext` among them: `class Loader(Base)`
   * with `try: from yaml import CSafeLoader as Base` / `except ImportError: from yaml import
   * SafeLoader as Base` is a subclass of either (`imports/try_import_class_fallback_subclassed`).
   * Only a class written with that one base: two package bases are two classes, the first wins.
   */
  private alternativeBases(mro: Value[], ext: Value, depth: number): Extract<Value, { k: "ext" }>[] {
    for (const o of mro) {
      if (o.k !== "def" || o.fi.facts.language !== "python" || o.fi.facts.defs[o.def]!.bases.length !== 1) continue;
      const bases = this.bases(o.fi, o.def, depth + 1);
      if (bases.length < 2 || !bases.includes(ext)) continue;
      const out: Extract<Value, { k: "ext" }>[] = [];
      for (const b of bases) if (b.k === "ext" && b.module !== BUILTIN) out.push(b);
      return out.length === bases.length ? out : [];
    }
    return [];
  }

  /**
   * A Python class attribute read on the class (`Banner.style`) whose class also sets it on
   * instances in a method (`self.style = s`): the class body's value only. Null when no class of
   * the MRO is so (ownMember's answer stands).
   */
  private classAttribute(v: DefValue, name: string, depth: number): Value[] | null {
    for (const c of this.mro(v.fi, v.def, depth + 1)) {
      if (c.k !== "def") return null;
      const named = boundRefs(c.fi.facts.bindings, c.def, name);
      if (!named) {
        if (this.ownMember(c.fi, c.def, name, depth + 1).length > 0) return null;
        continue;
      }
      const sets = c.fi.facts.attrs.get(c.def)?.get(name);
      if (!sets || sets.length === 0) return null;
      const values = this.resolveRefs(c.fi, c.def, named, depth + 1);
      // (A descriptor's getter runs as ownMember reads it.)
      return cap(c.fi.facts.pyDescriptorAttrs?.includes(name) ? values.map((x) => this.descriptorGet(c.fi, x)) : values);
    }
    return null;
  }

  /** An instance of a class of ours whose MRO holds a package's enum class (an Enum member). */
  private enumInstance(v: Extract<Value, { k: "inst" }>, depth: number): boolean {
    return v.fi.facts.language === "python" && v.fi.kinds[v.def] === KIND.class && this.mro(v.fi, v.def, depth + 1).some((c) => c.k === "ext" && c.module === "enum");
  }

  /** enum member values of our kinds (functions, classes, instances) of the Enum class `def`. */
  private enumValues(fi: FileInfo, def: number, mro: Value[], depth: number): Value[] {
    for (const c of mro) if (c.k === "def" && this.ownMember(c.fi, c.def, "value", depth).length > 0) return NONE;
    const out: Value[] = [];
    for (const n of boundNames(fi.facts.bindings, def)) {
      if (!/^[A-Z][A-Z0-9_]*$/.test(n)) continue;
      for (const r of bound(fi.facts.bindings, def, n) ?? []) for (const v of this.resolve(fi, def, r, depth + 1)) if (v.k === "def" || v.k === "inst") out.push(v);
    }
    return cap(out);
  }

  /** DI providers of the project by token (facts-js-di.ts diProviders), made when a `provided` value is first asked for. */
  private providerIndex: Map<string, { fi: FileInfo; scope: number; ref: Ref }[]> | null = null;

  private providers(): Map<string, { fi: FileInfo; scope: number; ref: Ref }[]> {
    if (!this.providerIndex) {
      const index = new Map<string, { fi: FileInfo; scope: number; ref: Ref }[]>();
      for (const fi of this.files.values()) {
        for (const p of fi.facts.provides ?? []) {
          const list = index.get(p.token);
          if (!list) index.set(p.token, [{ fi, scope: p.scope, ref: p.ref }]);
          else if (list.length < 24) list.push({ fi, scope: p.scope, ref: p.ref });
        }
      }
      this.providerIndex = index;
    }
    return this.providerIndex;
  }

  private subclassIndex: Map<string, { fi: FileInfo; def: number }[]> | null = null;
  /** Python classes by their own metaclass of ours (`madeBy`), by the metaclass's valueKey. */
  private metaIndex: Map<string, DefValue[]> | null = null;

  /** The Python classes whose `metaclass=` (or one facts-py.ts gave them from a base) is our class m. */
  private madeBy(m: { fi: FileInfo; def: number }): DefValue[] {
    if (!this.metaIndex) {
      const index = new Map<string, DefValue[]>();
      this.metaIndex = index;
      for (const fi of this.files.values()) {
        if (fi.facts.language !== "python") continue;
        const defs = fi.facts.defs;
        for (let def = 0; def < defs.length; def++) {
          // (A subclass of `class Base(metaclass=M)`, also of another module, is made with M too.)
          if (defs[def]!.kind !== "class" || (!defs[def]!.meta && defs[def]!.bases.length === 0)) continue;
          const c: DefValue = { k: "def", fi, def };
          for (const meta of this.metaclasses(c, 1)) {
            const key = valueKey(meta);
            const list = index.get(key);
            if (!list) index.set(key, [c]);
            else if (list.length < 64) list.push(c);
          }
        }
      }
    }
    return this.metaIndex.get(valueKey({ k: "def", fi: m.fi, def: m.def })) ?? [];
  }

  /**
   * `super().__call__(...)` in our metaclass's `__call__` (scope): it makes the instance, running
   * the `__new__` and `__init__` of each class made with the metaclass (those of its own module
   * are facts-py-classes.ts metaInits' protocol calls).
   */
  metaSuperCtors(fi: FileInfo, scope: number): DefValue[] {
    const cls = enclosingClass(fi.facts.defs, scope, false);
    if (cls < 0) return [];
    const out: DefValue[] = [];
    for (const c of this.madeBy({ fi, def: cls })) {
      if (c.fi.facts.defs[c.def]!.metaInit) continue;
      for (const name of ["__new__", "__init__"]) {
        for (const m of this.member(c, name, 1)) if (m.k === "def" && m.fi.kinds[m.def] !== KIND.class) out.push(m);
      }
    }
    return out;
  }
  /** By the class's file, then `${def}\0${name}`: most files have none, and need no key string. */
  private objAttrIndex: Map<FileInfo, Map<string, { fi: FileInfo; scope: number; ref: Ref }[]>> | null = null;
  /** Python modules of ours some file sets a global of (`hooks.on_save = f`): objAttrIndex has them under scope -1. */
  private patchedModules: Set<FileInfo> | null = null;

  /**
   * Whether the attributes set from outside are the same in every round: none are set, or every
   * object they are set on resolved stably. Then reading them makes no answer volatile, and
   * Python member answers (all of which read them) are kept from round to round.
   */
  private objAttrsFixed = false;

  /** Index attributes set from outside (`a.f = func`) by the class (of the instance) `a` is. */
  private indexObjAttrs(): void {
    const index = new Map<FileInfo, Map<string, { fi: FileInfo; scope: number; ref: Ref }[]>>();
    const unstable = this.unstable;
    const touches = this.touches;
    for (const other of this.files.values()) {
      for (const a of other.facts.objAttrs ?? []) {
        const owners = this.resolve(other, a.scope, a.obj, 1);
        // JS `Request.prototype.json = f` on a required module: what its module.exports is.
        const jsMod = other.facts.language !== "python" && owners.some((v) => v.k === "mod" && v.fi !== null);
        for (const v of jsMod ? owners.flatMap((m) => (m.k === "mod" && m.fi ? this.jsExport(m.fi, "default", 1) : [m])) : owners) {
          // (`mod.hook = f` on a Python module of ours: its global hook, keyed as scope -1.)
          const pyMod = v.k === "mod" && v.fi?.facts.language === "python";
          if (v.k !== "inst" && v.k !== "def" && !pyMod) continue;
          // (A `@render.register(T)` implementation counts on a module's own singledispatch render only.)
          if (a.dispatch && !(pyMod && v.fi!.facts.defs.some((d) => d.parent === -1 && d.name === a.name && d.decorators?.some((t) => PY_SINGLEDISPATCH.has(t))))) continue;
          // (JS: on a function or class only, fact-defs.ts patchedImport.)
          if (v.k !== "def" && other.facts.language !== "python") continue;
          const fi = v.fi!;
          let byKey = index.get(fi);
          if (!byKey) index.set(fi, (byKey = new Map()));
          if (pyMod) (this.patchedModules ??= new Set()).add(fi);
          const key = `${pyMod ? -1 : (v as { def: number }).def}\u0000${a.name}`;
          // (`cls.registry[k] = cls`: the item is the class v itself, not any class cls may be:
          // a subclass with its own registry keeps its own, `classes/q3_subclass_own_registry_not_base`.)
          const item: Ref = a.mutates && v.k === "def" && a.obj.root.t === "cls" && fi === other ? itemIsClass(a.value, fi.facts.defs[v.def]!.start) : a.value;
          const list = byKey.get(key);
          if (list) list.push({ fi: other, scope: a.scope, ref: item });
          else byKey.set(key, [{ fi: other, scope: a.scope, ref: item }]);
          // An item stored into a class attribute the class inherits (`cls.registry[key] = cls` in
          // `__init_subclass__`, cls a subclass): the collection is the base's, which defines it in
          // its body, so `Handler.registry["json"]` holds it too (`stdlib/p24_init_subclass_registry_other_module_lookup`).
          if (a.mutates && v.k === "def" && other.facts.language === "python" && fi.kinds[v.def] === KIND.class && !boundRefs(fi.facts.bindings, v.def, a.name)) {
            for (const c of this.mro(fi, v.def, 1)) {
              if (c.k !== "def" || c.fi.kinds[c.def] !== KIND.class || !boundRefs(c.fi.facts.bindings, c.def, a.name)) continue;
              let baseKeys = index.get(c.fi);
              if (!baseKeys) index.set(c.fi, (baseKeys = new Map()));
              const baseKey = `${c.def}\u0000${a.name}`;
              const held = baseKeys.get(baseKey);
              if (held) held.push({ fi: other, scope: a.scope, ref: item });
              else baseKeys.set(baseKey, [{ fi: other, scope: a.scope, ref: item }]);
              break;
            }
          }
        }
      }
    }
    this.objAttrIndex = index;
    this.objAttrsFixed = this.unstable === unstable && this.touches === touches;
  }

  /**
   * Allocation-site sensitivity: `a = C(f1); b = C(f2); b.fn()` calls only f2 when C's own
   * __init__ is the only place that sets fn, as `self.fn = param`. Null: ask the class as usual.
   */
  private siteAttr(v: Extract<Value, { k: "inst" }>, site: ArgSite, name: string, depth: number): Value[] | null {
    this.asked.add(name);
    const { defs, members, bindings, attrs } = v.fi.facts;
    const qn = defs[v.def]!.qname;
    const python = v.fi.facts.language === "python";
    const init = members.get(python ? `${qn}.__init__` : `${qn}.constructor`);
    if (init === undefined && python) return this.fieldAtSite(v, site, name, depth);
    if (init === undefined || members.has(`${qn}.${name}`) || binds(bindings, v.def, name)) return null;
    const all = attrs.get(v.def)?.get(name);
    // (Beside a TypeScript parameter property's annotation, which stands for unseen values only.)
    const sets = all?.length === 2 && isTypedRef(all[1]!.ref) ? all.slice(0, 1) : all;
    if (!sets || sets.length !== 1 || this.setFromOutside(v.fi, v.def, name, depth + 1).length > 0) return null;
    const { scope, ref } = sets[0]!;
    if (scope !== init || ref.path.length > 0) return null;
    let param: Root | null = ref.root;
    // (A TypeScript parameter property, `constructor(private run: Fn)`, is the parameter itself.)
    if (param.t === "name") {
      this.asked.add(param.name);
      const refs = bound(bindings, init, param.name);
      param = refs?.length === 1 && refs[0]!.path.length === 0 ? refs[0]!.root : null;
    }
    if (param?.t !== "param" || param.star) return null;
    const arg = pickArg(site, param.index, param.name);
    if (arg?.ref) return this.resolve(site.fi, site.scope, arg.ref, depth + 1);
    // What a splat passes is not known position by position: any site's argument may be it.
    if (site.args.some((a) => a.name === "*" || a.name === "**")) return null;
    // A literal (`Hook(None)`) holds no function; a parameter left out holds its default, which
    // Python evaluates where the function is defined, JS inside it.
    if (arg || !param.default) return NONE;
    return this.resolve(v.fi, python ? defs[init]!.parent : init, param.default, depth + 1);
  }

  /**
   * A field of a dataclass, attrs class, NamedTuple or pydantic model (no `__init__` of ours: the
   * generated one stores each parameter in the field of its name, in the order the body annotates
   * them): what the site passes for it. Null: ask the class as usual (its default, a method).
   */
  private fieldAtSite(v: Extract<Value, { k: "inst" }>, site: ArgSite, name: string, depth: number): Value[] | null {
    const index = this.initFieldsOf(v.fi, v.def, depth)?.indexOf(name) ?? -1;
    if (index < 0) return null;
    const arg = pickArg(site, index + 1, name);
    if (arg?.ref) return this.resolve(site.fi, site.scope, arg.ref, depth + 1);
    if (site.args.some((a) => a.name === "*" || a.name === "**")) return null;
    // A literal passed holds no function; a field left out holds its default (the class's).
    return arg ? NONE : null;
  }

  /**
   * A generated-__init__ field (fieldAtSite()) of an instance not known to be made at one call
   * (made in a list, passed on, `self`): what every call of the class passes for it (the flow
   * pass records them under the class: flow.ts Targets), and the class default when one leaves it out.
   */
  private fieldAtSites(v: Extract<Value, { k: "inst" }>, name: string, depth: number): Value[] | null {
    const { fi, def } = v;
    if (!this.initFieldsOf(fi, def, depth)?.includes(name)) return null;
    // Memoised (per class and field, as classMember()): the arguments are often fields of other
    // instances of the class (`Segment(seg.text, style)`), a cycle the memo's fixpoint closes and
    // plain recursion went round down to the depth bound at every branch (pip: minutes).
    const byDef = this.memoOf(fi).fields;
    let memo = byDef[def];
    if (!memo) byDef[def] = memo = new SmallMap();
    const hit = memo.get(name);
    if (hit) return this.hit(hit);
    this.asked.add(name);
    return this.memoised(memo, name, FIELD, fi, def, name);
  }

  private fieldAtSitesUncached(fi: FileInfo, def: number, name: string, depth: number): Value[] {
    const index = this.initFieldsOf(fi, def, depth)?.indexOf(name) ?? -1;
    if (index < 0) return NONE;
    this.touches++;
    this.unstable++;
    this.askedSites.add(fi.nodeIds[def]!);
    const sites = fi.sites?.[def] ?? NO_SITES;
    const out: Value[] = [];
    let defaulted = sites.length === 0;
    for (const site of sites) {
      const arg = pickArg(site, index + 1, name);
      if (!arg) defaulted = true;
      else if (arg.ref) for (const r of this.resolve(site.fi, site.scope, arg.ref, depth + 1)) out.push(r);
    }
    if (defaulted) for (const r of this.classMember(fi, def, name)) out.push(r);
    return cap(out);
  }

  /**
   * The parameters of the generated __init__ that makes a class's instances (dataclass, attrs,
   * NamedTuple, pydantic), in Python's order: the fields of its generating bases first, a field
   * a subclass declares again keeping its first place. Null when the __init__ that runs is not
   * generated: the first class of the MRO with a say defines its own (a decorated one's own
   * __init__ wins over the decorator's too). flow.ts asks it too. The answer follows from the MRO
   * and the facts, so it is kept per MRO (a recomputed MRO is a new array).
   */
  initFieldsOf(fi: FileInfo, def: number, depth = 0): readonly string[] | null {
    const mro = this.mro(fi, def, depth);
    let fields = this.initFieldsByMro.get(mro);
    if (fields === undefined) this.initFieldsByMro.set(mro, (fields = generatedInitFields(mro)));
    return fields;
  }

  private readonly initFieldsByMro = new WeakMap<Value[], readonly string[] | null>();

  /** The package's value (a member of it) the outermost decorator of function `def` made of it, when that decorator is a package's. */
  private packageDecoratedMember(fi: FileInfo, def: number, name: string, depth: number): Value[] {
    const d = fi.facts.defs[def]!;
    const out: Value[] = [];
    for (const r of bound(fi.facts.bindings, d.parent, d.name) ?? NO_REFS) {
      if (r.root.t !== "call" || !r.root.or || r.path.length > 0) continue;
      // (The decorated function itself at the bottom of the decorators' calls.)
      let inner: Ref = r.root.or;
      for (let i = 0; i < 8 && inner.root.t === "call" && inner.root.or; i++) inner = inner.root.or;
      if (inner.root.t !== "def" || inner.root.start !== d.start) continue;
      for (const c of this.resolve(fi, d.parent, r.root.callee, depth + 1)) {
        // (A singledispatch function's `register` is modelled: flow of the registered implementations.)
        if (c.k !== "ext" || c.module === BUILTIN || c.member.some((m) => m.startsWith("singledispatch"))) return NONE;
        out.push({ k: "ext", module: c.module, member: [...c.member, name] });
      }
    }
    return cap(out);
  }

  /**
   * JS: what `.call(obj)` / `.apply(obj)` / `.bind(obj)` written elsewhere give as `this` to the
   * function or method whose `this` is read at scope (owner: thisOwner's def; of a class or
   * object literal, the member of it the scope is in).
   */
  private thisGiven(fi: FileInfo, scope: number, owner: number, depth: number): Value[] {
    const defs = fi.facts.defs;
    let m = scope;
    if (defs[owner]!.kind === "function") m = owner;
    else while (m >= 0 && defs[m]!.parent !== owner) m = defs[m]!.parent;
    if (m < 0 || (defs[m]!.kind !== "function" && defs[m]!.kind !== "method")) return NONE;
    return this.setFromOutside(fi, m, THIS_GIVEN, depth);
  }

  private setFromOutside(fi: FileInfo, def: number, name: string, depth: number): Value[] {
    if (!this.objAttrsFixed) this.unstable++;
    const byKey = this.objAttrIndex?.get(fi);
    if (!byKey) return NONE;
    const hits = byKey.get(`${def}\u0000${name}`);
    if (!hits) return NONE;
    const out: Value[] = [];
    for (const h of hits) for (const v of this.resolve(h.fi, h.scope, h.ref, depth + 1)) out.push(v);
    return cap(out);
  }

  /**
   * The classes with bases (the only ones a subclass index lists), found at the first index: the
   * facts do not change between rounds, and each round's index walked every def of every file.
   * With the MRO each was indexed by and its keys, reused while the MRO is the same (memoised)
   * answer. Dropped with the rounds (endRounds()).
   */
  private derived: { classes: { fi: FileInfo; def: number }[]; mros: Value[][]; keys: string[][] } | null = null;

  /** Index project classes by every class in their MRO. */
  private indexSubclasses(): void {
    const unstable = this.unstable;
    const index = new Map<string, { fi: FileInfo; def: number }[]>();
    const derived = (this.derived ??= derivedClasses(this.files.values()));
    const { classes, mros, keys } = derived;
    for (let c = 0; c < classes.length; c++) {
      const cls = classes[c]!;
      const mro = this.mro(cls.fi, cls.def, 1);
      if (mro !== mros[c]) {
        mros[c] = mro;
        keys[c] = mro.slice(1).map(valueKey);
      }
      for (const key of keys[c]!) {
        const list = index.get(key);
        if (list) list.push(cls);
        else index.set(key, [cls]);
      }
    }
    this.subclassIndex = index;
    this.subclassesFixed = this.unstable === unstable;
  }

  /**
   * Whether the subclass index is the same in every round: every MRO it was built from was a
   * stable answer (bases that no parameter or cycle decides). Then asking for subclasses makes
   * no answer volatile, and `this.m()` answers (which ask, for overrides) are kept from round to round.
   */
  private subclassesFixed = false;

  /** Refs of `ns["name"]` in a metaclass's `__new__` (metaNamespace), made once each (memos are kept by Ref). */
  private nsRefs = new Map<string, Ref>();

  /**
   * `ns["describe"] = describe` in our metaclass m's `__new__(mcs, name, bases, ns)`: the functions
   * stored under that name in the namespace, which every class made with m has (`metaclasses/meta_new_injects_method`).
   */
  private metaNamespace(m: DefValue, name: string, depth: number): Value[] {
    const out: Value[] = [];
    for (const n of this.classMember(m.fi, m.def, "__new__")) {
      if (n.k !== "def" || n.fi.kinds[n.def] !== KIND.method) continue;
      const ns = boundNames(n.fi.facts.bindings, n.def).find((b) => bound(n.fi.facts.bindings, n.def, b)?.some((r) => r.root.t === "param" && r.root.index === 3));
      if (!ns) continue;
      const key = `${n.fi.moduleId}\0${n.def}\0${ns}\0${name}`;
      let ref = this.nsRefs.get(key);
      if (!ref) this.nsRefs.set(key, (ref = { root: { t: "name", name: ns }, path: [`[${name}]`] }));
      for (const x of this.resolve(n.fi, n.def, ref, depth + 1)) if (x.k === "def") out.push(x);
    }
    return out;
  }

  /** Whether any Python method of the project is named `__getattribute__` (most have none: no lookup then). */
  private getattributes: boolean | null = null;

  /** Python modules of ours defining a top-level `__getattr__` (PEP 562), by file: its def index. */
  private moduleGetattrs: Map<FileInfo, number> | null = null;

  /**
   * Our module's `__getattr__` that a read of `name` on it runs (PEP 562): the module binds no such
   * top-level name (`pkg.heavy` with `def __getattr__(name)` in pkg/__init__.py); null otherwise.
   */
  moduleGetattr(v: Value, name: string): number | null {
    if (!this.anyModuleGetattr() || v.k !== "mod" || !v.fi || name.startsWith("__") || name.startsWith("[")) return null;
    const at = this.moduleGetattrs!.get(v.fi);
    return at === undefined || boundRefs(v.fi.facts.bindings, -1, name) !== undefined ? null : at;
  }

  /** Whether some module of ours defines a top-level `__getattr__` (moduleGetattr). */
  anyModuleGetattr(): boolean {
    if (this.moduleGetattrs === null) {
      this.moduleGetattrs = new Map();
      for (const fi of this.files.values()) {
        if (fi.facts.language !== "python") continue;
        const at = fi.facts.defs.findIndex((d) => d.parent === -1 && d.kind === "function" && d.name === "__getattr__");
        if (at >= 0) this.moduleGetattrs.set(fi, at);
      }
    }
    return this.moduleGetattrs.size > 0;
  }

  private anyGetattribute(): boolean {
    if (this.getattributes === null) {
      this.getattributes = false;
      for (const fi of this.files.values()) {
        if (fi.facts.language === "python" && fi.facts.defs.some((d) => d.kind === "method" && d.name === "__getattribute__")) this.getattributes = true;
      }
    }
    return this.getattributes;
  }

  /** Python classes never instantiated (unusedClass), per file by def; found with the subclass index. */
  private unusedClasses: Map<FileInfo, Set<number>> | null = null;

  /**
   * A class whose CapWords name no text of the project holds besides where a class of that name
   * is defined or named as a base (facts.pyUsed; JS/TS: jsUsedNames) is never instantiated — unless it
   * is decorated (registration), has a metaclass, or one of its bases (or theirs) has
   * `__init_subclass__` (registries reach subclasses by reflection).
   */
  private unusedClass(fi: FileInfo, def: number): boolean {
    return (this.unusedClasses ??= this.findUnusedClasses()).get(fi)?.has(def) === true;
  }

  /** The names of the project's classes (an edit that names one anew assembles in full: incremental.ts). */
  pyClassNames = new Set<string>();

  private findUnusedClasses(): Map<FileInfo, Set<number>> {
    const out = new Map<FileInfo, Set<number>>();
    const used = new Set<string>();
    for (const fi of this.files.values()) for (const name of fi.facts.pyUsed ?? []) used.add(name);
    for (const name of this.index.pyConfigNames ?? []) used.add(name);
    const js = this.jsUsedClassNames();
    this.pyClassNames = new Set();
    for (const fi of this.files.values()) {
      if (fi.facts.language !== "python") {
        if (js) this.jsUnusedClasses(fi, js, out);
        continue;
      }
      const defs = fi.facts.defs;
      for (let def = 0; def < defs.length; def++) {
        const d = defs[def]!;
        if (d.kind === "class") this.pyClassNames.add(d.name);
        if (d.kind !== "class" || used.has(d.name) || !CAP_WORD_NAME.test(d.name) || ownMeta(d.meta)) continue;
        if (d.decorators?.some((t) => !PLAIN_CLASS_DECORATORS.has(t.replace(/\(.*$/s, "")))) continue;
        // (A class's own __init_subclass__ runs for its subclasses only; a metaclass for it too.)
        const hooked = fi.facts.language === "python" && this.mro(fi, def, 1).some((m, i) => m.k === "def" && m.fi.kinds[m.def] === KIND.class &&
          (ownMeta(m.fi.facts.defs[m.def]!.meta) || (i > 0 && m.fi.facts.members.has(`${m.fi.facts.defs[m.def]!.qname}.__init_subclass__`))));
        if (hooked) continue;
        let set = out.get(fi);
        if (!set) out.set(fi, (set = new Set()));
        set.add(def);
      }
    }
    return out;
  }

  /**
   * The class-like names JS/TS files use (facts.jsUsed), with what entry files export (files no
   * other file of the project imports: a package's API, a program's main; also what their
   * `export *` reach), and the abstract classes; null when no JS file has a class.
   */
  private jsUsedClassNames(): { used: Set<string>; abstract: Set<string> } | null {
    const files = [...this.files.values()].filter((f) => f.facts.language !== "python");
    if (!files.some((f) => f.facts.defs.some((d) => d.kind === "class"))) return null;
    const fileOf = (from: FileInfo, spec: string): FileInfo | undefined => {
      const t = resolveJs(from.facts.path, spec, this.index);
      return "file" in t ? this.files.get(t.file) : undefined;
    };
    const used = new Set<string>();
    const abstract = new Set<string>();
    const imported = new Set<FileInfo>();
    const whole: FileInfo[] = [];
    for (const fi of files) {
      for (const spec of fi.facts.jsWhole ?? []) {
        const target = fileOf(fi, spec);
        if (target) whole.push(target);
      }
      for (const name of fi.facts.jsUsed ?? []) used.add(name);
      // A default export imported under another name (`import Pooch from "./dog"`): used by that name.
      const defaults = fi.facts.jsDefaultImports ?? [];
      for (let i = 0; i + 1 < defaults.length; i += 2) {
        let target = fileOf(fi, defaults[i + 1]!);
        let name = target?.facts.jsDefault;
        // Through `export { default } from "./m"` barrels (a few).
        for (let hop = 0; hop < 4 && target && name?.startsWith("from:"); hop++) {
          target = fileOf(target, name.slice(5));
          name = target?.facts.jsDefault;
        }
        if (name !== undefined && !name.startsWith("from:") && name !== defaults[i]) used.add(name);
      }
      for (const name of fi.facts.jsAbstract ?? []) abstract.add(name);
      for (const spec of [...fi.facts.imports.map((i) => i.spec), ...fi.facts.stars]) {
        const target = fileOf(fi, spec);
        if (target && target !== fi) imported.add(target);
      }
    }
    // An entry's exports, and those of the modules its `export *` reach (a package's index); a
    // module imported whole (`import * as ns`: `new ns[kind]()`) too.
    const api = [...files.filter((f) => !imported.has(f)), ...whole];
    const seen = new Set(api);
    for (let i = 0; i < api.length && i < 20_000; i++) {
      const fi = api[i]!;
      for (const name of fi.facts.jsExported ?? []) used.add(name);
      const dflt = fi.facts.jsDefault?.startsWith("from:") ? [fi.facts.jsDefault.slice(5)] : [];
      for (const spec of [...fi.facts.stars, ...dflt]) {
        const target = fileOf(fi, spec);
        if (target && !seen.has(target) && seen.size < 10_000) {
          seen.add(target);
          api.push(target);
        }
      }
    }
    return { used, abstract };
  }

  /**
   * JS/TS classes of `fi` never made (unusedClass): a CapWords name no file uses (jsUsedClassNames),
   * not decorated; a TypeScript abstract class. A class whose name another class of the project
   * shares counts by name, as in Python.
   */
  private jsUnusedClasses(fi: FileInfo, js: { used: Set<string>; abstract: Set<string> }, out: Map<FileInfo, Set<number>>): void {
    const defs = fi.facts.defs;
    for (let def = 0; def < defs.length; def++) {
      const d = defs[def]!;
      if (d.kind !== "class" || !CAP_WORD_NAME.test(d.name)) continue;
      this.pyClassNames.add(d.name);
      const never = fi.facts.language === "typescript" && js.abstract.has(d.name);
      if (!never && (js.used.has(d.name) || (d.decorators?.length ?? 0) > 0)) continue;
      let set = out.get(fi);
      if (!set) out.set(fi, (set = new Set()));
      set.add(def);
    }
  }

  /**
   * JS/TS: whether `scope` is the constructor of a class never made, nor any subclass of it (unusedClass):
   * code nothing runs, whose calls (`super(lower)` in an unmade subclass) hand nothing over (flow.ts).
   */
  unmadeConstructor(fi: FileInfo, scope: number): boolean {
    const d = scope >= 0 ? fi.facts.defs[scope] : undefined;
    if (!d || d.name !== "constructor" || fi.facts.language === "python" || d.parent < 0 || fi.kinds[d.parent] !== KIND.class) return false;
    if (!this.unusedClass(fi, d.parent)) return false;
    for (const c of this.subclasses(fi, d.parent, 0)) if (!this.unusedClass(c.fi, c.def)) return false;
    return true;
  }

  /** Project classes that have class `def` in their MRO (known once the flow pass has begun). */
  private subclasses(fi: FileInfo, def: number, _depth: number): { fi: FileInfo; def: number }[] {
    if (!this.subclassesFixed) this.unstable++;
    const key = valueKey({ k: "def", fi, def });
    this.askedSubclasses.add(key);
    const subs = this.subclassIndex?.get(key);
    if (!subs) return [];
    if (subs.length <= MAX_VALUES) return subs;
    LOST.count++;
    return subs.slice(0, MAX_VALUES);
  }

  /**
   * Instances of the project's classes that have builtin class `v` in their MRO (`except
   * Exception as e`), of those named somewhere besides their definition and base lists (unusedClass).
   */
  private builtinSubclasses(v: Extract<Value, { k: "ext" }>): Value[] {
    if (!this.subclassesFixed) this.unstable++;
    // `except Exception` / `except BaseException`: subclasses of every builtin exception class
    // (`class JobError(ValueError)` is an Exception too; the builtins' own bases are not indexed).
    const name = v.member[0]!;
    const bases = name === "Exception" || name === "BaseException" ? PY_EXCEPTIONS : [name];
    const out: Value[] = [];
    for (const base of bases) {
      const key = valueKey({ k: "ext", module: BUILTIN, member: [base] });
      this.askedSubclasses.add(key);
      for (const c of this.subclassIndex?.get(key) ?? []) {
        if (!this.unusedClass(c.fi, c.def) && !out.some((o) => o.k === "inst" && o.fi === c.fi && o.def === c.def)) out.push({ k: "inst", fi: c.fi, def: c.def });
        if (out.length >= MAX_VALUES) return out;
      }
    }
    return out;
  }

  /** Classes whose subclasses some question asked (subclasses()), by valueKey. */
  private readonly askedSubclasses = new Set<string>();

  /**
   * Index classes with bases that an edit added (incremental.ts) where indexSubclasses() would
   * have listed them, unless a question asked for the subclasses of a class in their MRO: then
   * false, and the index is left as it was.
   */
  addSubclasses(added: { fi: FileInfo; def: number }[]): boolean {
    const index = this.subclassIndex;
    if (!index) return false;
    const entries = added.map((c) => ({ c, keys: this.mro(c.fi, c.def, 1).slice(1).map(valueKey) }));
    if (entries.some((e) => e.keys.some((k) => this.askedSubclasses.has(k)))) return false;
    const order = new Map([...this.files.values()].map((f, i) => [f, i]));
    const after = (a: { fi: FileInfo; def: number }, b: { fi: FileInfo; def: number }): boolean =>
      (order.get(a.fi)! - order.get(b.fi)! || a.def - b.def) > 0;
    for (const { c, keys } of entries) {
      for (const key of keys) {
        const list = index.get(key);
        if (!list) {
          index.set(key, [c]);
          continue;
        }
        let at = list.length;
        while (at > 0 && after(list[at - 1]!, c)) at--;
        list.splice(at, 0, c);
      }
    }
    // The new classes' own standing (unusedClass) is found again at the next question.
    this.unusedClasses = null;
    return true;
  }

  /** C3 linearisation of a Python class: itself, then its bases in method resolution order. */
  /** A class of ours whose MRO has typing's TypedDict: calling it makes a plain dict. */
  private typedDict(v: Extract<Value, { k: "def" }>, depth: number): boolean {
    const bases = v.fi.facts.defs[v.def]!.bases;
    if (bases.length === 0) return false;
    return this.mro(v.fi, v.def, depth + 1).some((c) => c.k === "ext" && c.member.length === 1 && c.member[0] === "TypedDict" && (c.module === "typing" || c.module === "typing_extensions"));
  }

  mro(fi: FileInfo, def: number, depth: number): Value[] {
    const memo = this.memoOf(fi).mros;
    const hit = memo.get(def);
    if (hit) {
      if (hit.volatile || !hit.done) this.unstable++;
      return hit.values;
    }
    const self: Value = { k: "def", fi, def };
    const entry: MroMemo = { values: [self], volatile: false, done: false }; // a cyclic hierarchy ends here
    memo.set(def, entry);
    const unstable = this.unstable;
    if (depth > this.deepest) this.deepest = depth;
    if (depth > MAX_DEPTH) this.unstable++;
    const bases = depth > MAX_DEPTH ? [] : this.bases(fi, def, depth);
    const lists = bases.map((b) => (b.k === "def" && b.fi.facts.defs[b.def]!.kind === "class" ? this.mro(b.fi, b.def, depth + 1) : [b]));
    entry.values = [self, ...c3(lists.concat([bases]))];
    entry.volatile = this.unstable !== unstable;
    entry.done = true;
    if (entry.volatile && this.rounds) this.volatileMros.push({ map: memo, key: def });
    return entry.values;
  }

  /**
   * What generator `def` yields: the items of the lists its calls return. (Apart from ownMember,
   * whose every call would otherwise allocate the scope this reading's closure needs.)
   */
  private yielded(fi: FileInfo, def: number, depth: number): Value[] {
    return this.iteratorItems(this.returns(fi, def, depth), depth);
  }

  /** An instance of another file's class whose own `__get__` is a getter: that getter; else v. */
  private descriptorGet(fi: FileInfo, v: Value): Value {
    if (v.k !== "inst" || v.fi === fi || v.self) return v;
    const get = memberDef(v.fi.facts, v.def, "__get__");
    return get >= 0 && v.fi.facts.defs[get]!.getter ? { k: "def", fi: v.fi, def: get } : v;
  }

  private ownMember(fi: FileInfo, def: number, name: string, depth: number, ordered = false): Value[] {
    const { bindings, attrs, language } = fi.facts;
    // JS `o[1]` of an object literal is its member "1" (`{ 1: f }`, `{ "1": f }`): keys are strings.
    if (language !== "python" && name.charCodeAt(0) === 91 && /^\[\d+\]$/.test(name) && fi.facts.defs[def]!.kind === "object") name = name.slice(1, -1);
    // JS `Object.values(o)`: every member of an object literal.
    if (name === MEMBERS && language !== "python" && fi.facts.defs[def]!.kind === "object") return this.allMembers(fi, def, depth);
    // What `for...of` takes from an object literal with a generator `[Symbol.iterator]` (or
    // `[Symbol.asyncIterator]`): what it yields.
    if (name === "[*]" && language !== "python" && fi.facts.defs[def]!.kind === "object") {
      const sync = memberDef(fi.facts, def, ITERATOR);
      const iter = sync >= 0 ? sync : memberDef(fi.facts, def, ASYNC_ITERATOR);
      if (iter >= 0) return this.yielded(fi, iter, depth + 1);
      // `handlers[type]()` with a key we cannot read (a parameter, a value from outside): any
      // member of the literal, as a Python dict's `d[key]` is any item.
      const all = this.allMembers(fi, def, depth + 1);
      // And any value stored under such a key (`topics[t] = fn`, `topics[t].push(fn)`'s list:
      // facts-js-objects.ts objectAssignment, facts-js-calls.ts storedItems).
      const stored = attrs.get(def)?.get("[*]");
      if (!stored) return all;
      const out = [...all];
      for (const a of stored) for (const r of this.resolve(fi, a.scope, a.ref, depth + 1)) out.push(r);
      return cap(out);
    }
    // A decorated Python method is bound to what its decorators return, not to the bare def.
    const named = boundRefs(bindings, def, name);
    if (named && language === "python") {
      let values = this.resolveRefs(fi, def, named, depth + 1);
      // An instance of another module's class with a `__get__` (`data = Field()`, Field imported):
      // reading the attribute runs that getter (facts-py-classes.ts descriptorGetters; a class of this
      // module's top was bound to its `__get__` at facts time).
      if (fi.facts.pyDescriptorAttrs?.includes(name)) values = values.map((v) => this.descriptorGet(fi, v));
      // `self.key = key` in a method beside the class attribute `key = default_key`: the
      // instance's attribute hides the class's once set (flow-insensitive: either;
      // `classes/callable_attr_default_lambda_replaced`).
      const sets = attrs.get(def)?.get(name);
      if (sets && sets.length > 0) {
        const all = [...values];
        for (const a of sets) all.push(...this.resolve(fi, a.scope, a.ref, depth + 1));
        return cap(all);
      }
      // A class-level list or dict (`registry = []`) may get items from outside (`C.registry.append(f)`),
      // and `C.fmt = staticmethod(f)` elsewhere adds f to a class attribute (as `C.m = f` to a
      // method: flow-insensitive, both; `flow/p22_class_attr_rebound_on_class_before_instance_call`).
      const patched = this.setFromOutside(fi, def, name, depth + 1);
      return patched.length > 0 ? cap([...values, ...patched]) : cap(values);
    }
    // `{ run, ...a }`, `{ ...a, ...b }`: a spread written after the key (or a later spread) gives it.
    const spreads = language !== "python" ? attrs.get(def)?.get(SPREAD) : undefined;
    if (!ordered && spreads && spreads.length > 0 && spreads[spreads.length - 1]!.later) {
      const spreadValues = this.laterSpread(fi, def, spreads, name, depth);
      if (spreadValues) return spreadValues;
    }
    // JS `C.prototype.m = f` at the top level replaces the class's own m (facts-js-members.ts staticMember).
    if (language !== "python" && fi.kinds[def] === KIND.class) {
      const replaced = attrs.get(def)?.get(PROTOTYPE_SET + name);
      if (replaced) return cap(this.attrValues(fi, replaced, depth + 1));
    }
    const idx = memberDef(fi.facts, def, name);
    // A decorated JS method likewise (facts.ts binds it in its class as `@name`).
    const decorated = idx >= 0 && language !== "python" && bindings[def + 1] ? boundRefs(bindings, def, `@${name}`) : undefined;
    if (decorated) return cap(this.resolveRefs(fi, def, decorated, depth + 1));
    if (idx >= 0) {
      // Python `C.m = f` elsewhere replaces the method: f too (flow-insensitive: both); so does
      // `Hooks.onReady = f` on a TypeScript namespace's exported variable (`export let onReady = () => {}`),
      // and `p.play = function () {}` on an instance of an ES5 constructor whose prototype has play.
      // JS `api.fetch = function () {}` at the top level on an object literal with a method fetch
      // replaces it (set in a function, it may or may not have run: both).
      if (language !== "python" && fi.kinds[def] === KIND.object) {
        const sets = attrs.get(def)?.get(name);
        if (sets && sets.some((a) => a.ref.root.t === "def" && a.ref.root.start !== fi.facts.defs[idx]!.start)) {
          const values = this.attrValues(fi, sets, depth + 1);
          return sets.every((a) => a.scope === -1) ? cap(values) : cap([{ k: "def", fi, def: idx }, ...values]);
        }
      }
      // Python `self.render = custom` in a method of the class with a method render: the
      // instance's attribute hides the method once set (flow-insensitive: both;
      // `classes/p23_instance_attribute_shadows_method`).
      const shadowing = language === "python" && fi.kinds[def] === KIND.class ? attrs.get(def)?.get(name) : undefined;
      const patched = language === "python" ? (shadowing?.length ? [...this.attrValues(fi, shadowing, depth + 1), ...this.setFromOutside(fi, def, name, depth + 1)] : this.setFromOutside(fi, def, name, depth + 1))
        : (fi.facts.defs[def]!.namespace || fi.kinds[def] === KIND.function) && attrs.get(def)?.has(name) ? this.attrValues(fi, attrs.get(def)!.get(name)!, depth + 1) : NONE;
      return patched.length === 0 ? [{ k: "def", fi, def: idx }] : cap([{ k: "def", fi, def: idx }, ...patched]);
    }
    // A Python function's `__call__` is the function (`greet.__call__()`).
    if (name === "__call__" && language === "python" && fi.kinds[def] === KIND.function) return [{ k: "def", fi, def }];
    const out: Value[] = [];
    if (named) for (const v of this.resolveRefs(fi, def, named, depth + 1)) out.push(v);
    const own = attrs.get(def);
    const sets = own?.get(name) ?? NO_REFS;
    // A TypeScript parameter property's annotation (`private repo: Repo`): only when what the
    // constructor is given says nothing of ours (typedLast).
    let typed = 0;
    for (const a of sets) {
      if (language === "typescript" && isTypedRef(a.ref)) typed++;
      else out.push(...this.resolve(fi, a.scope, a.ref, depth + 1));
    }
    if (typed > 0 && !out.some(isOurs)) for (const a of sets) if (isTypedRef(a.ref)) out.push(...this.resolve(fi, a.scope, a.ref, depth + 1));
    // `{ ...mixin }`, `Object.assign(C.prototype, mixin)`: members the mixin has.
    if (out.length === 0 && name !== SPREAD && own) {
      for (const a of own.get(SPREAD) ?? NO_REFS) {
        for (const m of this.resolve(fi, a.scope, a.ref, depth + 1)) out.push(...this.member(m, name, depth + 1));
      }
      // A JS registry's `handlers[event] = fn` (facts-js-objects.ts objectAssignment): any member it lacks.
      if (out.length === 0 && language !== "python" && !name.startsWith("[")) {
        for (const a of own.get("[*]") ?? NO_REFS) out.push(...this.resolve(fi, a.scope, a.ref, depth + 1));
      }
    }
    // `obj.attr = f` elsewhere (another function, another module) adds to what the class sets;
    // JS: `C.prototype.m = f` in a module importing C (fact-defs.ts patchedImport).
    if (language === "python" || (out.length === 0 && this.objAttrIndex?.has(fi))) out.push(...this.setFromOutside(fi, def, name, depth + 1));
    // `p.func` of `p = functools.partial(f, ...)` (read as f, refs-py.ts) is f, when nothing sets a
    // `func` of f's; so is `f.__wrapped__` of a function a package's decorator kept (`@lru_cache
    // def f`), when no `@functools.wraps(fn)` of ours set it (facts-py.ts).
    if (out.length === 0 && (name === "func" || name === "__wrapped__") && language === "python" && fi.kinds[def] === KIND.function) return [{ k: "def", fi, def }];
    // `send.delay(1)` of `@shared_task def send`, `cli.command()` of `@click.group() def cli`,
    // `fib.cache_clear()` of `@lru_cache def fib`: an attribute of ours that the outermost
    // decorator, a package's, made of the function: that package value's member
    // (`celery.shared_task.delay`, `click.group.command`).
    if (out.length === 0 && language === "python" && fi.kinds[def] === KIND.function && fi.facts.defs[def]!.decorators?.length && !name.startsWith("__") && !name.startsWith("[")) {
      const made = this.packageDecoratedMember(fi, def, name, depth + 1);
      if (made.length > 0) return made;
    }
    // A TypeScript script's top-level namespace merges with the one of that name in the files its
    // `/// <reference path>` comments name (`Validation.isEmail` declared in validation.ts).
    if (out.length === 0 && fi.facts.references && fi.facts.defs[def]!.namespace && fi.facts.defs[def]!.parent === -1) {
      const ns = fi.facts.defs[def]!.name;
      for (const spec of fi.facts.references) {
        for (const m of this.module(fi, spec)) {
          if (m.k !== "mod" || !m.fi || m.fi === fi || !binds(m.fi.facts.bindings, -1, ns)) continue;
          for (const v of this.lookup(m.fi, -1, ns, depth + 1)) if (v.k === "def" && v.fi !== fi) out.push(...this.member(v, name, depth + 1));
        }
      }
    }
    return cap(out);
  }

  /** What the assignments `sets` give an attribute. */
  private attrValues(fi: FileInfo, sets: readonly ScopedRef[], depth: number): Value[] {
    const out: Value[] = [];
    for (const a of sets) for (const v of this.resolve(fi, a.scope, a.ref, depth)) out.push(v);
    return out;
  }

  /**
   * Member `name` of an object literal as its spreads give it, written after the literal's own
   * key: from the last spread back, what each gives, until one whose every value has the member
   * (`{ ...defaults, ...opts }` with an `opts` that may lack it gives defaults' too) or the spread
   * the own key is written after (then the own key's too). Null when no spread gives it.
   */
  private laterSpread(fi: FileInfo, def: number, spreads: ScopedRef[], name: string, depth: number): Value[] | null {
    const out: Value[] = [];
    for (let i = spreads.length - 1; i >= 0; i--) {
      const s = spreads[i]!;
      if (!s.later || s.later.includes(name)) break;
      const values = this.resolve(fi, s.scope, s.ref, depth + 1);
      let every = values.length > 0;
      for (const v of values) {
        const m = v.k === "def" ? this.member(v, name, depth + 1) : NONE;
        if (m.length === 0) every = false;
        for (const x of m) out.push(x);
      }
      if (every) return cap(out);
    }
    if (out.length === 0) return null;
    for (const x of this.ownMember(fi, def, name, depth + 1, true)) out.push(x);
    return cap(out);
  }

  /**
   * Every member of a JS object literal: its functions and objects, what its properties hold, and
   * what is assigned to it after (`handlers.start = function () {}`, here or in another module).
   */
  private allMembers(fi: FileInfo, def: number, depth: number): Value[] {
    const out: Value[] = [];
    for (const start of fi.facts.defs[def]!.memberStarts) {
      const m = defAt(fi, start);
      if (m !== undefined) out.push({ k: "def", fi, def: m });
    }
    const assigned = new Set<string>();
    this.prefixNames(fi, def, "", assigned);
    for (const name of assigned) {
      if (name.charCodeAt(0) === 91) continue;
      const idx = memberDef(fi.facts, def, name);
      if (idx >= 0) out.push({ k: "def", fi, def: idx });
      for (const v of this.setFromOutside(fi, def, name, depth + 1)) out.push(v);
    }
    for (const [key, refs] of fi.facts.attrs.get(def) ?? []) {
      // `{ ...defaults(), extra }`: the members of an object literal spread in (`Object.values(o)`).
      if (key === SPREAD) {
        for (const a of refs) {
          for (const v of this.resolve(fi, a.scope, a.ref, depth + 1)) {
            if (v.k === "def" && v.fi.kinds[v.def] === KIND.object && !(v.fi === fi && v.def === def)) for (const m of this.member(v, MEMBERS, depth + 1)) out.push(m);
          }
        }
        continue;
      }
      for (const a of refs) for (const v of this.resolve(fi, a.scope, a.ref, depth + 1)) out.push(v);
    }
    return cap(out);
  }

  /** The base classes of class `cls` (resolved where the class is written). */
  private bases(fi: FileInfo, cls: number, depth: number): Value[] {
    const d = cls < 0 ? undefined : fi.facts.defs[cls]!;
    // Most classes and every function and object literal have none: asked on each member miss.
    if (!d || d.bases.length === 0) return NONE;
    // Loops, not closures: a closure's captured variables cost an object at every call (root()).
    const out: Value[] = [];
    for (const b of d.bases) {
      // `class C(base_factory())`: the classes of ours the call returns (a package's call, six's
      // `with_metaclass(M, Base)` or `namedtuple(...)`, gives no base we can read).
      const made = b.root.t === "call" && b.path.length === 0 && fi.facts.language === "python";
      for (const v of this.resolve(fi, d.parent, b, depth + 1)) {
        if (made && v.k !== "def") continue;
        // JS `class C extends require("./base")`: the module's export is the base class.
        const bases = v.k === "mod" && v.fi && v.fi.facts.language !== "python" ? this.jsExport(v.fi, "default", depth + 1) : [v];
        for (const c of bases) if (c.k === "def" || c.k === "ext") out.push(c);
      }
    }
    return out;
  }

  /** Graph nodes that run when a value is called, and external values that get called. */
  callees(v: Value): { nodes: readonly string[]; ext: readonly Value[] } {
    const { defs, ext } = this.calleeDefs(v);
    return defs.length === 0 && ext.length === 0 ? NO_CALLEES : { nodes: defs.map(nodeIdOf), ext };
  }

  /** JS: what the getters of ours among `values` return (`xs.forEach(fmt.row)` of a getter row hands that on); NONE without one. */
  getterReturns(values: Value[]): Value[] {
    if (!values.some(isGetter)) return NONE;
    const out: Value[] = [];
    for (const v of values) if (isGetter(v)) out.push(...this.returns(v.fi, v.def, 1));
    return cap(out);
  }

  /**
   * callees() with each node as the def it is (its file's node id and index: graph.ts records
   * the index of each edge's end without looking its id up).
   */
  calleeDefs(v: Value, depth = 0): { defs: readonly DefValue[]; ext: readonly Value[] } {
    const none = NO_CALLEE_DEFS;
    if (depth > 4) return none;
    if (v.k === "ext") return isPyLiteral(v) ? none : { defs: [], ext: [v] };
    if (v.k === "mod") {
      if (!v.fi || v.fi.facts.language === "python") return none;
      const out = { defs: [] as DefValue[], ext: [] as Value[] };
      for (const d of this.jsExport(v.fi, "default", depth)) {
        if (d.k === "mod") continue;
        const c = this.calleeDefs(d, depth + 1);
        out.defs.push(...c.defs);
        out.ext.push(...c.ext);
      }
      return out;
    }
    // `d.items()` is tracked for what it gives, and is a builtin call `<**PyDict**>.items`.
    if (v.k === "cmeth") return v.coll.of ? { defs: [], ext: [{ k: "ext", module: BUILTIN, member: [PY_TYPES[v.coll.of], v.name] }] } : none;
    if (v.k === "coll" || v.k === "super") return none;
    if (v.k === "inst") {
      if (v.fi.facts.language !== "python") return none;
      const calls = this.classMember(v.fi, v.def, "__call__");
      // An instance of our metaclass is a class made with it: calling it makes one (its __init__).
      const made = calls.some((c) => c.k === "def") ? [] : this.madeBy(v);
      if (made.length === 0) return this.flatCallees(calls, depth);
      const out = { defs: [] as DefValue[], ext: [] as Value[] };
      for (const c of made) {
        const m = this.calleeDefs(c, depth + 1);
        out.defs.push(...m.defs);
        out.ext.push(...m.ext);
      }
      return out;
    }
    const kind = v.fi.kinds[v.def]!;
    if (kind <= KIND.method) return { defs: [v], ext: NO_CALLEE_DEFS.ext };
    if (kind !== KIND.class) return none;
    const python = v.fi.facts.language === "python";
    if (python) {
      // `class C(metaclass=M)` with our M.__call__: C() runs that, which makes the instance only
      // when it calls super().__call__ (charged to C()'s caller). A field read for other classes.
      const called = this.metaCall(v, depth);
      // (A class of another module, or a subclass, made with M: its constructors are calls of
      // M.__call__'s super().__call__, graph.ts metaSuperCtors.)
      if (called && (!called.creates || v.fi.facts.defs[v.def]!.metaInit || this.metaclasses(v, depth).some((m) => this.madeBy(m).some((c) => c.fi === v.fi && c.def === v.def)))) return called.callees;
      // X() runs X.__new__ and X.__init__ as the MRO finds them; a package's base class's
      // constructor is a use of that package (`ext.Base.__init__`).
      const init = this.member(v, "__init__", depth + 1).filter((c) => c.k !== "ext" || !MARKER_BASES.has(`${c.module}.${c.member.join(".")}`));
      const ctor = [...this.member(v, "__new__", depth + 1).filter((c) => c.k === "def"), ...init];
      // A dataclass's generated __init__ calls __post_init__ (one written by hand does not); an
      // attrs class's its __attrs_post_init__.
      if (!init.some((c) => c.k === "def")) {
        ctor.push(...this.member(v, "__post_init__", depth + 1).filter((c) => c.k === "def"));
        ctor.push(...this.member(v, "__attrs_post_init__", depth + 1).filter((c) => c.k === "def"));
      }
      const made = this.flatCallees(ctor.filter((c) => c.k === "def" || c.k === "ext"), depth);
      return called ? { defs: [...called.callees.defs, ...made.defs], ext: made.ext } : made;
    }
    const ctor = this.member(v, "constructor", depth + 1);
    const defs: DefValue[] = [v];
    for (const c of ctor) {
      // An external base class's constructor is not app code.
      if (c.k === "def" && callable(c.fi, c.def)) defs.push(c);
    }
    // `class Model extends Base {}` of a constructor function Base: the implicit `super()` calls
    // Base (the first base up the chain that is no class without a constructor of its own).
    if (defs.length === 1 && v.fi.facts.defs[v.def]!.bases.length > 0) {
      for (const b of this.mro(v.fi, v.def, depth + 1)) {
        if (b.k !== "def" || (b.fi === v.fi && b.def === v.def)) { if (b.k !== "def") break; continue; }
        const bk = b.fi.kinds[b.def]!;
        if (bk === KIND.class) continue;
        if (bk === KIND.function) defs.push(b);
        break;
      }
    }
    return { defs, ext: [] };
  }

  /**
   * What `C()` gives when our metaclass's `__call__` (calls) makes the instance with
   * super().__call__ but returns something else besides: its return values, an instance of a class
   * made with the metaclass being one of C. Null when it returns only such instances (or nothing
   * we read): C() is then an instance of C.
   */
  private metaReturns(v: DefValue, calls: DefValue[], depth: number): Value[] | null {
    const out: Value[] = [];
    let other = false;
    let own = false;
    for (const c of calls) {
      const cls = enclosingClass(c.fi.facts.defs, c.def, false);
      const made = cls >= 0 ? this.madeBy({ fi: c.fi, def: cls }) : [];
      for (const r of this.returns(c.fi, c.def, depth + 1)) {
        if (r.k === "inst" && made.some((m) => m.fi === r.fi && m.def === r.def)) own = true;
        else if (r.k === "def" || r.k === "inst") {
          other = true;
          out.push(r);
        }
      }
    }
    if (!other) return null;
    if (own) out.push({ k: "inst", fi: v.fi, def: v.def });
    return cap(out);
  }

  /** Our `__call__` of a class's metaclass (null when there is none), and whether it calls super().__call__. */
  private metaCall(v: DefValue, depth: number): { callees: { defs: DefValue[]; ext: Value[] } ; creates: boolean } | null {
    const calls: Value[] = [];
    for (const m of this.metaclasses(v, depth)) calls.push(...this.member(m, "__call__", depth + 1).filter((c) => c.k === "def"));
    if (calls.length === 0) return null;
    const callees = this.flatCallees(calls, depth);
    return { callees, creates: callees.defs.some((c) => c.fi.facts.defs[c.def]!.superCall === true) };
  }

  /**
   * Our metaclasses of a Python class: its own `metaclass=M`, else the first one along its MRO
   * (a subclass of `class Base(metaclass=M)` has M too, also from another module).
   */
  private metaclasses(v: DefValue, depth: number): DefValue[] {
    const own = v.fi.facts.defs[v.def]!;
    let at: DefValue | null = own.meta ? v : null;
    if (!at && own.bases.length > 0) {
      for (const c of this.mro(v.fi, v.def, depth + 1)) {
        if (c.k === "def" && c.fi.facts.defs[c.def]!.meta) {
          at = c;
          break;
        }
      }
    }
    if (!at) return [];
    const out: DefValue[] = [];
    for (const m of this.resolve(at.fi, at.fi.facts.defs[at.def]!.parent, at.fi.facts.defs[at.def]!.meta!, depth + 1)) {
      if (m.k === "def" && m.fi.kinds[m.def] === KIND.class) out.push(m);
    }
    return out;
  }

  private flatCallees(values: Value[], depth: number): { defs: DefValue[]; ext: Value[] } {
    const out = { defs: [] as DefValue[], ext: [] as Value[] };
    for (const c of values) {
      if (c.k === "ext") {
        if (c.module !== BUILTIN) out.ext.push(c);
        continue;
      }
      if (c.k !== "def") continue;
      const kind = c.fi.kinds[c.def]!;
      if (kind <= KIND.method) out.defs.push(c);
      else if (kind === KIND.class) {
        const inner = this.calleeDefs(c, depth + 1);
        out.defs.push(...inner.defs);
        out.ext.push(...inner.ext);
      }
    }
    return out;
  }
}

/** A Nuxt or Nitro project's config file: its folder ("" or "web/") and which. */
const AUTO_IMPORT_CONFIG = /^((?:.*\/)?)(nuxt|nitro)\.config\.(?:ts|js|mjs)$/;

/** Resolver.globalProviders for these files. */
function globalProviders(iter: Iterable<FileInfo>): Map<string, FileInfo[]> {
  const out = new Map<string, FileInfo[]>();
  const files = [...iter];
  // Nuxt and Nitro auto-import the exports of server/utils/ (Nuxt: utils/ and composables/ too)
  // into every file of the project: the folders of their projects, by config file.
  const autoDirs: string[] = [];
  for (const fi of files) {
    const m = AUTO_IMPORT_CONFIG.exec(fi.facts.path);
    if (m) for (const d of m[2] === "nuxt" ? ["server/utils/", "utils/", "composables/"] : ["server/utils/", "utils/"]) autoDirs.push(`${m[1]}${d}`);
  }
  for (const fi of files) {
    const f = fi.facts;
    if (f.language === "python" || f.path.includes("node_modules/") || /\.d\.[cm]?ts$/.test(f.path)) continue;
    const auto = autoDirs.length > 0 && !isScript(f) && autoDirs.some((d) => f.path.startsWith(d) && (!f.path.slice(d.length).includes("/") || /\/index\.[cm]?[jt]s$/.test(f.path)));
    const names = isScript(f) ? boundNames(f.bindings, -1) : auto ? [...(f.globals ?? []), ...[...f.exports.keys()].filter((n) => n !== "default")] : (f.globals ?? []);
    for (const name of names) {
      const list = out.get(name);
      if (list) list.push(fi);
      else out.set(name, [fi]);
    }
  }
  return out;
}

/** The classes that have bases, in file and def order, with room for their MROs and keys. */
function derivedClasses(files: Iterable<FileInfo>): { classes: { fi: FileInfo; def: number }[]; mros: Value[][]; keys: string[][] } {
  const classes: { fi: FileInfo; def: number }[] = [];
  for (const fi of files) {
    const defs = fi.facts.defs;
    for (let def = 0; def < defs.length; def++) {
      const d = defs[def]!;
      // (JS constructor functions too: `Square.prototype = Object.create(Shape.prototype)`,
      // `util.inherits(Square, Shape)` give them bases, also of a required module's Shape.)
      if ((d.kind === "class" || d.kind === "function") && d.bases.length > 0) classes.push({ fi, def });
    }
  }
  return { classes, mros: [], keys: [] };
}

/** What facts-py-names.ts `pyUsedNames` records: a capital, then some lower-case letter; or a lone capital (digits allowed). */
const CAP_WORD_NAME = /^(?:[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*|[A-Z][0-9]*)$/;
/** Class decorators and package base classes that give a class an __init__ taking its annotated fields. */
const GENERATED_INIT_DECORATORS: ReadonlySet<string> = new Set([
  "dataclass", "dataclasses.dataclass", "attr.s", "attr.attrs", "attr.define", "attr.frozen", "attr.mutable",
  "attrs.define", "attrs.frozen", "attrs.mutable", "define", "frozen", "mutable",
]);
const GENERATED_INIT_BASES: ReadonlySet<string> = new Set(["typing.NamedTuple", "pydantic.BaseModel", "typing_extensions.NamedTuple"]);

/** Resolver.initFieldsOf() of an MRO (the class first). */
function generatedInitFields(mro: Value[]): readonly string[] | null {
  let byBase = false;
  let generated = false;
  for (const c of mro) {
    if (c.k === "ext") {
      if (!GENERATED_INIT_BASES.has(`${c.module}.${c.member.join(".")}`)) continue;
      generated = byBase = true;
      break;
    }
    if (c.k !== "def" || c.fi.facts.defs[c.def]!.kind !== "class") continue;
    if (c.fi.facts.members.has(`${c.fi.facts.defs[c.def]!.qname}.__init__`)) return null;
    if (generatesFields(c)) {
      generated = true;
      break;
    }
  }
  if (!generated) return null;
  // Python collects the fields from the base end of the MRO: a dataclass's from its dataclass
  // bases (a plain base's annotations are no fields), a model's or NamedTuple's from its classes.
  const out: string[] = [];
  for (let i = mro.length - 1; i >= 0; i--) {
    const c = mro[i]!;
    if (c.k !== "def") continue;
    const own = c.fi.facts.defs[c.def]!.initFields;
    if (!own || !(byBase || generatesFields(c))) continue;
    for (const name of own) if (!out.includes(name)) out.push(name);
  }
  return out;
}

function generatesFields(c: Extract<Value, { k: "def" }>): boolean {
  return c.fi.facts.defs[c.def]!.decorators?.some((t) => GENERATED_INIT_DECORATORS.has(t.replace(/\(.*$/s, ""))) ?? false;
}

/** Class decorators that register nothing (a class under any other may be made by reflection). */
const PLAIN_CLASS_DECORATORS = new Set(["dataclass", "dataclasses.dataclass", "total_ordering", "functools.total_ordering", "final", "typing.final", "runtime_checkable", "typing.runtime_checkable"]);

/**
 * Instances made by a call, as made at `site` (the other values as they are). An instance
 * a called function returns (`merge(first, None)` returning its parameter `first`, made by
 * `Hook(on_request)`) was made at its own site: this call's arguments are not its constructor's.
 */
function atSite(values: Value[], site: ArgSite): Value[] {
  const out: Value[] = [];
  for (const v of values) out.push(unsited(v) ? { k: "inst", fi: v.fi, def: v.def, site } : v);
  return out;
}

/**
 * Python bases whose constructor is object's or tuple's: instantiating a subclass uses no package
 * (typing's abstract generics too, subscripted as bases: `class NullFile(IO[str])`).
 */
const MARKER_BASES = new Set(["ABC", "NamedTuple", "Protocol", "Generic", "TypedDict", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag",
  "IO", "TextIO", "BinaryIO", "Iterable", "Iterator", "Mapping", "MutableMapping", "Sequence", "MutableSequence", "Collection",
  "Container", "Sized", "Hashable", "Reversible", "AsyncIterable", "AsyncIterator", "Awaitable"]
  .map((b) => `${b === "ABC" ? "abc" : b.endsWith("Enum") || b.endsWith("Flag") ? "enum" : "typing"}.${b}.__init__`));
/** A Python method declared `@abstractmethod`: only a subclass's override runs on an instance. */
const abstract = (v: Value): boolean =>
  v.k === "def" && v.fi.facts.language === "python" && (v.fi.facts.defs[v.def]!.decorators?.some((d) => d === "abstractmethod" || d === "abc.abstractmethod") ?? false);

/** `p / "x"` of pathlib's path p: the package's `__truediv__`, a path again (`(Path(b) / "x").read_text()`). */
const pathJoin = (v: Value): boolean => v.k === "ext" && v.module === "pathlib" && v.member.length === 2 && v.member[1] === "__truediv__";

/** Our `__getattr__` method (a read of an attribute the class lacks runs it), or `__getattribute__` (any read). */
export const isPyGetattr = (v: Value): boolean =>
  v.k === "def" && v.fi.facts.language === "python" && (v.fi.facts.defs[v.def]!.name === "__getattr__" || v.fi.facts.defs[v.def]!.name === "__getattribute__") && v.fi.facts.defs[v.def]!.kind === "method";
/** A method of our class that a subclass may override (not a nested class or a data attribute). */
const overridable = (v: Value): boolean =>
  v.k === "def" && (v.fi.kinds[v.def] === KIND.method || (v.fi.kinds[v.def] === KIND.function && v.fi.facts.language !== "python" && v.fi.facts.defs[v.def]!.name.includes(".prototype.")));
const isColl = (v: Value): boolean => v.k === "coll";
/** The literal a JS function's `throw v` adds to its returns (fact-types.ts THROWN): read only as `f().<thrown>`. */
const thrownOnly = (v: Value): boolean => v.k === "coll" && v.items.length > 0 && v.items[0]!.key === THROWN;

/**
 * Every callee is `d.get` (Python also `d.pop`, `d.setdefault`): a `d.get(k, default)` call.
 * (Apart from root(): an arrow there reading its `fi` made every root() call allocate its scope.)
 */
function allGetsWithDefault(callees: Value[], python: boolean): boolean {
  for (const v of callees) if (v.k !== "cmeth" || !(v.name === "get" || ((v.name === "pop" || v.name === "setdefault") && python))) return false;
  return true;
}

/** Every callee is a method of a literal that has an item under `key` (apart from root(), as allGetsWithDefault()). */
function allHoldKey(callees: Value[], key: string): boolean {
  for (const v of callees) if (v.k !== "cmeth" || !v.coll.items.some((i) => i.key === key)) return false;
  return true;
}
const asDef = (c: { fi: FileInfo; def: number }): Value => ({ k: "def", fi: c.fi, def: c.def });

/** A JS argument that is `undefined` itself (`f(undefined)`), which leaves its parameter out as no argument does. */
function passesUndefined(arg: Arg): boolean {
  return arg.ref?.root.t === "name" && arg.ref.root.name === "undefined" && arg.ref.path.length === 0;
}

/** An instance made at a call (Python `C(a)`, JS `new C(a)`): it learns the call's site (siteAttr()). */
const sited = (v: Value): v is Extract<Value, { k: "inst" }> => v.k === "inst" && !v.self;
/** An instance that has not learnt its site yet (atSite()). */
const unsited = (v: Value): v is Extract<Value, { k: "inst" }> => sited(v) && v.site === undefined;

const isRefList = (refs: Ref | readonly Ref[]): refs is readonly Ref[] => Array.isArray(refs);

/** A Python string literal's value. */
const STR: Value[] = [{ k: "ext", module: BUILTIN, member: [PY_TYPES.str] }];

/** Code of ours: a definition or an instance of one of our classes. */
export const isOurs = (v: Value): boolean => v.k === "def" || v.k === "inst";

/** A TypeScript annotation's value (typeValue in facts-js.ts): `new C` marked typed, or a union of them. */
function isTypedRef(r: Ref): boolean {
  if (r.path.length > 0) return false;
  const root = r.root;
  if (root.t === "new") return root.typed === true;
  if (root.t !== "union") return false;
  for (const x of root.refs) if (!isTypedRef(x)) return false;
  return true;
}

/** Shared by the misses of lookups that find refs (attributes, bindings). */
const NO_REFS: readonly never[] = Object.freeze([]);

/** Shared by every answer that calls nothing (most of them): callees() is asked for every value. */
const NO_CALLEES = Object.freeze({ nodes: Object.freeze([]) as readonly string[], ext: Object.freeze([]) as readonly Value[] });
const NO_CALLEE_DEFS = Object.freeze({ defs: Object.freeze([]) as readonly DefValue[], ext: NO_CALLEES.ext });

export type DefValue = Extract<Value, { k: "def" }>;

const nodeIdOf = (d: DefValue): string => d.fi.nodeIds[d.def]!;

type Coll = Extract<Value, { k: "coll" }>;

/**
 * A value that compares the same however often it is made. Collections are compared by the
 * identity of their item lists, and instances made at a call site by that site's: when the list
 * or site was made while resolving, the value made once and reused would merge differently
 * (cap()) than made afresh each time.
 */
export function identityFree(v: Value): boolean {
  switch (v.k) {
    case "coll":
      return !madeItems.has(v.items);
    case "cmeth":
      return !madeItems.has(v.coll.items);
    case "inst":
      return v.site === undefined;
    default:
      return true;
  }
}

/** Item lists made while resolving (the others are the facts' own, the same every time). */
const madeItems = new WeakSet<object>();
/** The items of `xs.map(f)` (f's results) by the call's arguments (facts' own, so the same list every time). */
const mappedByArgs = new WeakMap<object, { key: string; ref: Ref }[]>();

function mappedItems(args: { ref: Ref | null }[]): { key: string; ref: Ref }[] {
  let items = mappedByArgs.get(args);
  if (!items) mappedByArgs.set(args, items = [{ key: "[*]", ref: { root: { t: "call", callee: args[0]!.ref! }, path: [] } }]);
  return items;
}

const flatMappedByArgs = new WeakMap<object, { key: string; ref: Ref }[]>();
function flatMappedItems(args: { ref: Ref | null }[]): { key: string; ref: Ref }[] {
  let items = flatMappedByArgs.get(args);
  if (!items) {
    const root: Root = { t: "call", callee: args[0]!.ref! };
    flatMappedByArgs.set(args, items = [{ key: "[*]", ref: { root, path: [] } }, { key: "[*]", ref: { root, path: ["[*]"] } }]);
  }
  return items;
}

function made<T extends object>(items: T): T {
  madeItems.add(items);
  return items;
}

/** A memoised answer that is empty and involved no parameter: what a cut question read as its answer. */
function emptyAnswer(kept: Kept | undefined): boolean {
  if (kept === undefined) return false;
  if (Array.isArray(kept)) return kept.length === 0;
  return kept.values.length === 0 && (kept.flags & (DONE | TAINTED)) === DONE;
}

/** The same values in any order. */
function sameValues(a: Value[], b: Value[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((v) => holdsSame(b, v));
}

function dropAll(places: { map: Keyed<unknown, unknown>; key: unknown }[]): void {
  for (const { map, key } of places) map.delete(key);
  places.length = 0;
}

/** Path steps that read a getter itself, not its value (`Object.getOwnPropertyDescriptor(o, k).get`, a decorator's `{ get }`). */
const GETTER_VALUE_STEPS = new Set(["get", "set"]);

/** A JS getter of ours (`get area() {}`). */
function isGetter(v: Value): v is DefValue {
  return v.k === "def" && v.fi.facts.defs[v.def]!.getter === true;
}

/** A JS/TS class of ours (a def of kind class). */
function isJsClass(v: Value): boolean {
  return v.k === "def" && v.fi.kinds[v.def] === KIND.class && v.fi.facts.language !== "python";
}

/**
 * What a JS class read as a value has of `own` (its members by that name, its bases' too): not a
 * method written in a class body without `static` (an instance method or accessor, on the prototype).
 */
function jsClassSide(own: Value[]): Value[] {
  if (own.length === 0) return own;
  let out: Value[] | null = null;
  for (let i = 0; i < own.length; i++) {
    const o = own[i]!;
    let instanceSide = false;
    if (o.k === "def" && o.fi.kinds[o.def] === KIND.method) {
      const d = o.fi.facts.defs[o.def]!;
      instanceSide = d.static !== true && d.parent >= 0 && o.fi.kinds[d.parent] === KIND.class;
    }
    if (instanceSide) out ??= own.slice(0, i);
    else if (out) out.push(o);
  }
  return out ?? own;
}

/** Member defs by def and name, per facts object: building the key strings was most of ownMember(). */
const memberDefs = new WeakMap<FileFacts, (Map<string, number> | undefined)[]>();

/** The last file memberDef() was asked about, and its lists: most questions in a row are of one file (a WeakMap lookup each was most of memberDef's time). */
let lastFacts: FileFacts | null = null;
let lastByDef: (Map<string, number> | undefined)[] = [];

/** The def that is member `name` of def `def` (`C.name`, `C.prototype.name`), or -1. */
function memberDef(facts: FileFacts, def: number, name: string): number {
  let byDef = lastByDef;
  if (facts !== lastFacts) {
    let found = memberDefs.get(facts);
    if (!found) memberDefs.set(facts, (found = []));
    lastFacts = facts;
    lastByDef = byDef = found;
  }
  let byName = byDef[def];
  if (!byName) byDef[def] = byName = new Map();
  let idx = byName.get(name);
  if (idx === undefined) {
    const qn = facts.defs[def]!.qname;
    // An unnamed object literal (`export default { start() {} }`) has members named bare.
    const key = qn === "" ? name : `${qn}.${name}`;
    idx = facts.members.get(key) ?? facts.members.get(`${qn}.prototype.${name}`) ?? -1;
    // (Another unnamed literal's member of that name, `Object.assign({}, { foo() {} })` twice:
    // this literal's own, whose name was made unique, `foo@12`.)
    if (qn === "" && idx >= 0 && facts.defs[idx]!.parent !== def) {
      idx = -1;
      for (let i = def + 1; i < facts.defs.length; i++) {
        const d = facts.defs[i]!;
        if (d.parent === def && d.name === name) {
          idx = i;
          break;
        }
      }
    }
    byName.set(name, idx);
  }
  return idx;
}

/** `xs[-1]` of a sequence literal of known length is its last item; unknown length: any item. */
function fromEnd(v: Coll, name: string): string {
  const m = /^\[-(\d+)\]$/.exec(name);
  if (!m) return name;
  const at = v.length === undefined ? -1 : v.length - Number(m[1]);
  return at >= 0 ? `[${at}]` : "[*]";
}

/** `xs[1:3]`: the items in that range, renumbered from 0 (any item when the length is unknown). */
function sliceOf(v: Coll, name: string): Coll | null {
  const m = /^\[(-?\d+)?:(-?\d+)?(?::(-?\d+)?)?\]$/.exec(name);
  if (!m) return null;
  const step = m[3] === undefined ? 1 : Number(m[3]);
  if (step === 0) return null;
  if (v.length === undefined) return { ...v, items: made(v.items.map((i) => ({ key: "[*]", ref: i.ref }))) };
  const n = v.length;
  // Python's slice bounds: negative ones count from the end, then clamped (to [-1, n-1] going backwards).
  const bound = (s: string | undefined, d: number): number => {
    if (s === undefined) return d;
    const x = Number(s);
    const at = x < 0 ? n + x : x;
    return step > 0 ? Math.min(n, Math.max(0, at)) : Math.min(n - 1, Math.max(-1, at));
  };
  const start = bound(m[1], step > 0 ? 0 : n - 1);
  const stop = bound(m[2], step > 0 ? n : -1);
  // Old index → new index (`xs[::2]`: 0 → 0, 2 → 1; `xs[::-1]`: n-1 → 0).
  const at = new Map<number, number>();
  for (let i = start, j = 0; step > 0 ? i < stop : i > stop; i += step, j++) at.set(i, j);
  const items: { key: string; ref: Ref }[] = [];
  for (const i of v.items) {
    const k = /^\[(\d+)\]$/.exec(i.key);
    if (!k) items.push(i);
    else {
      const j = at.get(Number(k[1]));
      if (j !== undefined) items.push({ key: `[${j}]`, ref: i.ref });
    }
  }
  return { ...v, items: made(items), length: at.size };
}

/** What a TypeScript annotation's type stands for (root "new" typed): our class, or Express's request / response. */
function typedClass(v: Value): Value[] {
  if (v.k === "def") return v.fi.facts.defs[v.def]!.kind === "class" ? [v] : NONE;
  if (v.k === "ext" && v.module === "express" && v.member.length === 1 && (v.member[0] === "Request" || v.member[0] === "Response")) {
    return [{ k: "ext", module: "express", member: [v.member[0] === "Request" ? "request" : "response"] }];
  }
  return NONE;
}

/**
 * Whether a site is a method decorator's (facts.ts: the method, nothing, the descriptor `{ value }`, a getter's `{ get }`)
 * and the decorator a legacy `(target, key, descriptor)` one: it has a third parameter, or a second
 * named for the key, itself and not a member of it (a standard decorator's are `(value, context)`,
 * often `(value, { kind, name })`).
 */
function legacyDecoratorSite(site: ArgSite, d: Def): boolean {
  const a = site.args;
  if (a.length !== 3 || a[1]!.ref !== null) return false;
  const desc = a[2]!.ref?.root;
  if (desc?.t !== "items" || desc.items.length !== 1 || (desc.items[0]!.key !== "value" && desc.items[0]!.key !== "get")) return false;
  return d.params?.some((q) => q.index === 2 || (q.index === 1 && q.path.length === 0 && /key|name|prop/i.test(q.name))) ?? false;
}

/**
 * The parameter a Python function returns on every `return` (a name bound only as that plain
 * parameter in the function), or null.
 */
function returnedParam(facts: FileFacts, def: number): { index: number; name: string } | null {
  const list = facts.returns.get(def);
  if (!list || list.length === 0) return null;
  let name: string | null = null;
  for (const r of list) {
    if (r.path.length > 0) return null;
    const n = r.root.t === "name" || r.root.t === "prior" ? r.root.name : null;
    if (n === null || (name !== null && n !== name)) return null;
    name = n;
  }
  const refs = bound(facts.bindings, def, name!);
  if (!refs || refs.length !== 1) return null;
  const p = refs[0]!.root;
  return p.t === "param" && !p.star && refs[0]!.path.length === 0 ? { index: p.index, name: p.name } : null;
}

/** The argument a site passes for a parameter: by keyword, else by position after `offset`. */
function pickArg(site: ArgSite, index: number, name: string): Arg | null {
  let position = 0;
  let found: Arg | null = null;
  // Python `f(*xs)` / `f(**d)`: a parameter no plain argument fills is an item of the splat.
  let splat: Arg | null = null;
  let splatAt = 0;
  let kw: Arg | null = null;
  for (const a of site.args) {
    if (a.name === name) return a;
    if (a.name === "**") kw ??= a;
    if (a.name === "*" && splat === null && found === null) {
      splat = a;
      splatAt = position;
    }
    if (a.name !== null || splat !== null) continue; // positions after a splat are unknown
    if (index >= 0 && position === index - site.offset && found === null) found = a;
    position++;
  }
  if (found) return found;
  const at = index - site.offset;
  // (JS `f(...xs)` too: facts.ts.)
  if (splat?.ref && index >= 0 && at >= splatAt) {
    const item: Ref = { root: splat.ref.root, path: [...splat.ref.path, `[${at - splatAt}]`] };
    // Python `fn(*args, **kwargs)` (a wrapper forwarding both): the item, or the keyword.
    if (!kw?.ref || !name) return { name: null, ref: item };
    return { name: null, ref: { root: { t: "union", refs: [item, { root: kw.ref.root, path: [...kw.ref.path, `[${name}]`] }] }, path: [] } };
  }
  if (kw?.ref && name && site.fi.facts.language === "python") return { name: null, ref: { root: kw.ref.root, path: [...kw.ref.path, `[${name}]`] } };
  return null;
}

/** The arguments a call passes into `*args` (positional from `index`) or `**kw` (unmatched keywords). */
function starItems(site: ArgSite, index: number, star: "*" | "**"): { key: string; ref: Ref }[] {
  const out: { key: string; ref: Ref }[] = [];
  let position = 0;
  // Python `f(*xs)`: xs's items from the parameter's position on; positions after it are unknown.
  let splat = false;
  for (const a of site.args) {
    if (star === "*" && a.name === null) {
      const at = position - (index - site.offset);
      if (a.ref && (splat || at >= 0)) out.push({ key: splat ? "[*]" : `[${at}]`, ref: a.ref });
      position++;
    } else if (star === "*" && a.name === "*" && a.ref && !splat) {
      const from = index - site.offset - position;
      out.push({ key: "[*]", ref: anyItem(from > 0 ? { root: a.ref.root, path: [...a.ref.path, `[${from}:]`] } : a.ref) });
      splat = true;
    } else if (star === "**" && a.name !== null && a.name !== "*" && a.name !== "**" && a.ref) {
      out.push({ key: `[${a.name}]`, ref: a.ref });
    }
  }
  return out;
}

/** C3 merge of MRO lists; on an inconsistent hierarchy, the remaining classes in list order. */
function c3(lists: Value[][]): Value[] {
  const key = (v: Value): string => valueKey(v);
  const seqs = lists.map((l) => [...l]).filter((l) => l.length > 0);
  const out: Value[] = [];
  for (let guard = 0; seqs.some((l) => l.length > 0) && guard < 256; guard++) {
    let pick: Value | null = null;
    for (const l of seqs) {
      if (l.length === 0) continue;
      const head = l[0]!;
      const hk = key(head);
      if (!seqs.some((o) => o.slice(1).some((x) => key(x) === hk))) {
        pick = head;
        break;
      }
    }
    if (!pick) pick = seqs.find((l) => l.length > 0)![0]!;
    const pk = key(pick);
    out.push(pick);
    for (const l of seqs) {
      const i = l.findIndex((x) => key(x) === pk);
      if (i >= 0) l.splice(i, 1);
    }
  }
  return out;
}

/**
 * Where JS `super` looks (the home object of the method it is in): the class, or the object
 * literal of a method (a non-arrow function directly in it; arrows see the `super` around them).
 */
function superHome(defs: Def[], scope: number): number {
  for (let d = scope, from = -1; d >= 0; from = d, d = defs[d]!.parent) {
    const k = defs[d]!.kind;
    if (k === "class" || (k === "object" && from >= 0 && defs[from]!.arguments)) return d;
  }
  return -1;
}

const isNamedTuple = (v: Extract<Value, { k: "ext" }>): boolean =>
  (v.member[0] === "namedtuple" && v.module === "collections") || (v.member[0] === "NamedTuple" && v.module === "typing");

const collIds = new WeakMap<object, number>();
let nextColl = 0;

const COLL_METHODS = new Set(["values", "items", "get", "pop", "popleft", "setdefault", "copy"]);
/** An item key that is a position ("[0]"). */
const POSITION = /^\[\d+\]$/;

/** A literal whose items all have their positions (its length known). */
const positioned = (coll: Coll): boolean => !!coll.length && coll.items.every((i) => POSITION.test(i.key));

/**
 * JS arrays: `find`/`findLast`/`at`/`shift` give an item, `filter`/`slice`/`reverse`/`sort` the array;
 * `map` (what its callback returns: read at the call), a generator's `next()` (`{ value }`), `entries()`.
 */
const JS_COLL_METHODS = new Set(["find", "findLast", "at", "shift", "filter", "slice", "reverse", "toReversed", "sort", "toSorted", "flat", "map", "flatMap", "reduce", "reduceRight", "next", "entries", "keys", "splice", "toSpliced"]);

function valueKey(v: Value): string {
  switch (v.k) {
    case "cmeth":
      return `${valueKey(v.coll)}.${v.name}`;
    case "ext":
      return `e:${v.module}:${v.member.join(".")}`;
    case "mod":
      return `m:${v.fi?.facts.path}:${v.dir}`;
    case "coll": {
      let id = collIds.get(v.items);
      if (id === undefined) collIds.set(v.items, (id = nextColl++));
      return `c:${v.fi.facts.path}:${v.scope}:${id}`;
    }
    case "super":
      return `s:${v.fi.facts.path}:${v.rest.map(valueKey).join(",")}`;
    default:
      return `${v.k}:${v.fi.facts.path}:${v.def}`;
  }
}

/**
 * Distinct values, at most MAX_VALUES. Compared field by field rather than through valueKey()
 * strings: this runs for nearly every resolution step, and key strings were most of its garbage.
 */
/**
 * The literal prefix of a member name refs-js.ts built from one and a part it cannot read: `visit_*`
 * (Python getattr) or `[on_*]` (a JS computed key). Null for any other name (`[*]`, `*`, `**`).
 */
function prefixOf(name: string): string | null {
  const last = name.length - 1;
  if (name.charCodeAt(last) === 42) return name.length > 1 && name.charCodeAt(0) !== 91 && name.charCodeAt(0) !== 42 ? name.slice(0, -1) : null;
  return last > 2 && name.charCodeAt(last) === 93 && name.charCodeAt(last - 1) === 42 && name.charCodeAt(0) === 91 ? name.slice(1, -2) : null;
}

function cap(values: Value[]): Value[] {
  if (values.length <= 1) return values;
  const out: Value[] = [];
  outer: for (let at = 0; at < values.length; at++) {
    const v = values[at]!;
    for (let i = 0; i < out.length; i++) {
      const o = out[i]!;
      if (!sameValue(o, v)) continue;
      // Instances of one class made at different sites merge into one that knows no site.
      if (o.k === "inst" && o.site && (v.k !== "inst" || v.site !== o.site)) out[i] = { k: "inst", fi: o.fi, def: o.def, ...(o.self ? { self: true as const } : {}) };
      continue outer;
    }
    out.push(v);
    if (out.length >= MAX_VALUES) {
      if (anyNew(values, at + 1, out)) {
        LOST.count++;
        keepOwn(values, at + 1, out);
      }
      break;
    }
  }
  return out;
}

/**
 * A full answer gives up package values (`yaml.load`, `typing.NamedTuple`) before values of our
 * own code: an own class or function cut at the bound loses real edges, a package's name only a
 * pseudo-name. Each own value left out replaces the last package value kept, if any.
 */
function keepOwn(values: Value[], from: number, out: Value[]): void {
  let ext = out.length - 1;
  for (let at = from; at < values.length; at++) {
    const v = values[at]!;
    if (v.k !== "def" && v.k !== "inst") continue;
    while (ext >= 0 && out[ext]!.k !== "ext") ext--;
    if (ext < 0) return;
    if (out.some((o) => sameValue(o, v))) continue;
    out[ext--] = v;
  }
}

/**
 * Some of `values` from `from` on is none of `kept`. (Apart from cap(): a closure over cap's
 * locals would make every call of it allocate their scope.)
 */
function anyNew(values: Value[], from: number, kept: Value[]): boolean {
  for (let at = from; at < values.length; at++) if (!holdsSame(kept, values[at]!)) return true;
  return false;
}

/** Some value of `values` is the same as `v` (sameValue()). */
function holdsSame(values: Value[], v: Value): boolean {
  for (let i = 0; i < values.length; i++) if (sameValue(values[i]!, v)) return true;
  return false;
}

/** valueKey(a) === valueKey(b), without the strings. */
function sameValue(a: Value, b: Value): boolean {
  if (a === b) return true;
  switch (a.k) {
    case "ext": {
      if (b.k !== "ext" || a.module !== b.module || a.member.length !== b.member.length) return false;
      for (let i = 0; i < a.member.length; i++) if (a.member[i] !== b.member[i]) return false;
      return true;
    }
    case "mod":
      return b.k === "mod" && a.fi === b.fi && a.dir === b.dir;
    case "coll":
      return b.k === "coll" && a.fi === b.fi && a.scope === b.scope && a.items === b.items;
    case "cmeth":
      return b.k === "cmeth" && a.name === b.name && sameValue(a.coll, b.coll);
    case "super": {
      if (b.k !== "super" || a.fi !== b.fi || a.rest.length !== b.rest.length) return false;
      for (let i = 0; i < a.rest.length; i++) if (!sameValue(a.rest[i]!, b.rest[i]!)) return false;
      return true;
    }
    default:
      return b.k === a.k && a.fi === b.fi && a.def === b.def;
  }
}

/** Python's builtin exception classes (by their names' endings), which `except Exception` catches. */
const PY_EXCEPTIONS = [...PY_BUILTINS].filter((n) => /^[A-Z]/.test(n) && /(?:Error|Exception|ExceptionGroup|Warning|Exit|Interrupt|Iteration)$/.test(n));

/**
 * Whether a value stored as `d[fn.__name__] = fn` is found under `key` (`"[stop]"`): a function
 * or class of ours by its name; any other value (a package's, a wrapper) may be under any key.
 */
function namedItem(v: Value, key: string): boolean {
  if (v.k !== "def") return true;
  const d = v.fi.facts.defs[v.def]!;
  return d.kind === "object" || `[${d.name}]` === key;
}

/**
 * A metaclass that may make or register classes by reflection: any but `abc.ABCMeta`, which
 * only checks abstract methods (`class Exporter(metaclass=ABCMeta)`'s subclasses nobody names
 * are still never instantiated: `metaclasses/abcmeta_subclass_dispatch`).
 */
function ownMeta(meta: Ref | undefined): boolean {
  if (!meta) return false;
  const name = meta.path.length === 0 && meta.root.t === "name" ? meta.root.name : meta.path.length === 1 && meta.root.t === "name" && meta.root.name === "abc" ? meta.path[0] : null;
  return name !== "ABCMeta";
}

/** `cls.registry[k] = cls`'s item (an items root holding `cls`) as the class at `start`; any other value as it is. */
function itemIsClass(value: Ref, start: number): Ref {
  const root = value.root;
  if (root.t !== "items" || value.path.length > 0 || root.items.length !== 1) return value;
  const one = root.items[0]!;
  if (one.ref.root.t !== "cls" || one.ref.path.length > 0) return value;
  return { root: { t: "items", items: [{ key: one.key, ref: { root: { t: "def", start }, path: [] } }] }, path: [] };
}
