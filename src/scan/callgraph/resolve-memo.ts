// The resolver's memo: answers kept per question, which of them later flow rounds must drop
// (volatile, tainted), and the cycles and cuts being settled.
import { THROWN } from "./fact-types.ts";
import type { Ref, Root } from "./ref-types.ts";
import type { ModuleIndex, PyModule, PyTarget } from "./modules.ts";
import { IndexMap, type Keyed, SmallMap } from "./small-map.ts";
import { type FileInfo, LOST, MAX_DEPTH, MAX_FIXPOINT, MAX_LEVEL, MAX_NESTING, MAX_RETRIES, NONE, type PyImport, type Value } from "./value-types.ts";
import { cap, type DefValue, dropAll, identityFree, isGetter, sameValues, thrownOnly } from "./resolve-helpers.ts";
import type { MethodRead } from "./method-reads.ts";

/**
 * A memoised answer. Keyed by file, then scope or def, then name, so the hot lookups build no key
 * strings. Three fields (flags in one number): there are hundreds of thousands of them, and an
 * object of seven fields takes 88 bytes against 56.
 */
export interface Memo {
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
export type Kept = Memo | Value[];

/** It involved a parameter. */
export const TAINTED = 1;
/**
 * The answer may differ in a later flow round or had another question been asked first: it
 * involved a parameter, a subclass or attribute index, a cycle (an unfinished answer) or a
 * depth limit. All other answers are kept by reset(): they are the same in every round.
 */
export const VOLATILE = 2;
export const DONE = 4;
/**
 * It read an answer cut short by the nesting limit: valid only within one question, unless the
 * cut questions prove to be empty (settleCuts()).
 */
export const CUT = 8;
/** It lost values to MAX_VALUES, or read an answer that did: kept as a Memo, so a reader learns it. */
export const LOSSY = 16;

/** The memoised questions: a name in a scope (`at`), what function `at` returns, an export, a member of class or object `at`. */
export const LOOKUP = 0;
export const RETURNS = 1;
export const EXPORT = 2;
export const MEMBER = 3;
/** An item of a literal (its reference as the key, `at` the literal's scope). */
export const ITEM = 4;
/** A generated-__init__ field of a class's instances, from every call of the class (fieldAtSites()). */
export const FIELD = 5;
/** An attribute our code set on a package's object (extAttr(); its extAttrKey as the key). */
export const EXT_ATTR = 6;
/** An attribute code elsewhere set on our class, function or module (setFromOutside(); `def\0name\0production-only` as the key). */
export const OBJ_ATTR = 7;
/** A Python name's bindings before a read in its own scope (a `prior` root, the key; prior()). */
export const PRIOR = 8;
export type Asks = typeof LOOKUP | typeof RETURNS | typeof EXPORT | typeof MEMBER | typeof ITEM | typeof FIELD | typeof EXT_ATTR | typeof OBJ_ATTR | typeof PRIOR;

/** A memoised question, as memoised() is asked it. */
export interface Question {
  asks: Asks;
  fi: FileInfo;
  at: number;
  name: string;
}

/** A memo entry and where it is kept. */
export interface Place {
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
export interface FileMemo {
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
  /** objAttr(): by `def\0name\0production-only`. */
  outside: Map<string, Kept>;
  /** prior(): by the `prior` root. */
  priors: Map<Root, Kept>;
}

export interface MroMemo {
  values: Value[];
  volatile: boolean;
  done: boolean;
}

/** A memoised answer that is empty and involved no parameter: what a cut question read as its answer. */
function emptyAnswer(kept: Kept | undefined): boolean {
  if (kept === undefined) return false;
  if (Array.isArray(kept)) return kept.length === 0;
  return kept.values.length === 0 && (kept.flags & (DONE | TAINTED)) === DONE;
}

export abstract class ResolverMemo {
  // Answered by the layers above (resolve-indexes.ts, resolve-names.ts, resolve-roots.ts, resolve-members.ts).
  protected abstract indexSubclasses(): void;
  protected abstract findUnusedClasses(): Map<FileInfo, Set<number>>;
  protected abstract indexObjAttrs(): void;
  protected abstract lookupUncached(fi: FileInfo, scope: number, name: string, depth: number): Value[];
  protected abstract resolveAll(fi: FileInfo, scope: number, refs: readonly Ref[], depth: number): Value[];
  protected abstract jsExportUncached(fi: FileInfo, name: string, depth: number): Value[];
  protected abstract classMemberUncached(fi: FileInfo, def: number, name: string, depth: number): Value[];
  protected abstract fieldAtSitesUncached(fi: FileInfo, def: number, name: string, depth: number): Value[];
  protected abstract setFromOutsideUncached(fi: FileInfo, def: number, name: string, productionOnly: boolean): Value[];
  protected abstract priorUncached(fi: FileInfo, root: Extract<Root, { t: "prior" }>): Value[];
  protected abstract root(fi: FileInfo, scope: number, root: Root, depth: number): Value[];
  protected abstract throughGetters(values: Value[], depth: number): Value[];
  protected abstract memberOf(v: Value, name: string, classSide: boolean, depth: number): Value[];

  private memos = new Map<FileInfo, FileMemo>();
  /** The last file asked about: most questions in a row are about one file. */
  private lastFile: FileInfo | null = null;
  private lastMemo: FileMemo | null = null;
  /** Where the volatile answers are, to drop them between rounds. */
  private volatiles: { map: Keyed<unknown, unknown>; key: unknown }[] = [];
  protected volatileMros: { map: Map<unknown, unknown>; key: unknown }[] = [];
  /** False once the flow rounds are over (endRounds()): no reset() follows to drop anything. */
  protected rounds = true;
  protected modules = new Map<FileInfo, Map<string, Value[]>>();
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
  protected unstable = 0;

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
  protected deepest = 0;
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
    this.instAttrIndex = null;
    this.extAttrIndex = null;
    this.patchedModules = null;
    this.objAttrsFixed = false;
    this.subclassIndex = null;
    this.subclassesFixed = false;
    this.getattributes = null;
    this.moduleGetattrs = null;
    this.argparseDefaults = null;
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

  protected memoOf(fi: FileInfo): FileMemo {
    if (fi === this.lastFile) return this.lastMemo!;
    let memo = this.memos.get(fi);
    if (!memo) this.memos.set(fi, (memo = { names: new Array<SmallMap<string, Kept> | undefined>(fi.facts.defs.length + 1), exports: new Map(), results: new IndexMap(), mros: new Map(), refs: new Map(), members: [], items: [], fields: [], outside: new Map(), priors: new Map() }));
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
  protected hit(entry: Kept): Value[] {
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
  protected memoised<K>(map: Keyed<K, Kept>, key: K, asks: Asks, fi: FileInfo, at: number, name: string): Value[] {
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
      case EXT_ATTR: {
        if (!this.objAttrsFixed) this.unstable++;
        const out: Value[] = [];
        for (const h of this.extAttrIndex?.get(key as string) ?? []) for (const r of this.resolve(h.fi, h.scope, h.ref, 1)) out.push(r);
        return cap(out);
      }
      case OBJ_ATTR:
        return this.setFromOutsideUncached(fi, at, name, (key as string).endsWith("\u00001"));
      case PRIOR:
        return this.priorUncached(fi, key as Extract<Root, { t: "prior" }>);
    }
  }

  /**
   * What a Python name read in its own scope before its later bindings holds (a `prior` root: the
   * bindings made so far). Memoised: a name rebound from itself again and again (pydantic's
   * `_apply_constraint`: `s = s.copy()`, `s = _check_func(check, s)`, `s = _apply_constraint(s, c)`
   * thirty times over) read each earlier binding's priors afresh, twice the work per binding.
   */
  protected prior(fi: FileInfo, root: Extract<Root, { t: "prior" }>): Value[] {
    const memo = this.memoOf(fi).priors;
    const hit = memo.get(root);
    if (hit) return this.hit(hit);
    return this.memoised(memo, root, PRIOR, fi, root.scope, root.name);
  }

  /** setFromOutside()'s memoised question: attribute `name` set from elsewhere on `def` of fi (-1: the module). */
  protected objAttr(fi: FileInfo, def: number, name: string, productionOnly: boolean): Value[] {
    this.asked.add(name);
    const memo = this.memoOf(fi).outside;
    const key = `${def}\u0000${name}\u0000${productionOnly ? 1 : 0}`;
    const hit = memo.get(key);
    if (hit) return this.hit(hit);
    return this.memoised(memo, key, OBJ_ATTR, fi, def, name);
  }

  /**
   * What our code set as attribute `name` of a package's object (`_local.conn = Conn()`), by its
   * extAttrKey. Memoised: the values set are often such attributes themselves (a parser's
   * `sym.lineno = t1.lineno`, `lookahead.lineno = sym.lineno` on tokens a lexer made), a cycle
   * that plain recursion went round to the depth bound at every branch (jsonpath_ng's vendored
   * yacc.py: 3,400 lines, minutes).
   */
  protected extAttr(key: string, hits: readonly { fi: FileInfo }[], name: string): Value[] {
    this.asked.add(name);
    const hit = this.extAttrs.get(key);
    if (hit) return this.hit(hit);
    return this.memoised(this.extAttrs, key, EXT_ATTR, hits[0]!.fi, -1, name);
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
    protected files: Map<string, FileInfo>,
    protected index: ModuleIndex,
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

  /** resolvePy() answers: relative imports per directory, absolute ones per list of roots. */
  protected pyTargets = new Map<string | readonly string[], Map<string, PyTarget>>();
  /** pyRoots() per directory, one list object for the directories that share it. */
  protected pyRootsByDir = new Map<string, readonly string[]>();
  protected pyRootLists = new Map<string, readonly string[]>();

  /** The last file pyTarget() was asked about (one file's imports come in a row): its two maps. */
  protected pyFile: FileInfo | null = null;
  protected pyRelative: Map<string, PyTarget> | null = null;
  protected pyAbsolute: Map<string, PyTarget> | null = null;
  protected pyRootList: readonly string[] | null = null;

  /** pyImport() answers, kept beside pyTarget()'s (by the same map: directory or roots). */
  protected pyImports = new Map<Map<string, PyTarget>, Map<string, PyImport>>();

  /** The module value of each PyModule (pyTarget() keeps them): made and its file looked up once. */
  protected pyModules = new Map<PyModule, Value>();

  /**
   * `<builtin>.head.name` answers (`console.log`, a Python literal's method `<**PyList**>.append`),
   * each made once: `for` loops alone read `__iter__` and `__next__` of a list literal 68k times
   * per 561k Python lines. Kept by the resolver, not the process: the names come from the code
   * scanned, and a server scans repository after repository. Answers are never changed by their
   * readers.
   */
  protected builtinMembers = new Map<string, Map<string, Value[]>>();

  protected passedBackMemo = new WeakMap<object, Map<string, Value[]>>();

  /**
   * Files of ours whose names are global, by name (made on first use; graph.ts drops it when an
   * edit is assembled incrementally): every top-level name of a classic script, JS or TypeScript
   * (no import, export or CommonJS module: browser scripts on one page, TypeScript compiled with
   * --outFile), and what a module puts on the global object (`global.helper = helper`). Dependency
   * code and declaration files give none.
   */
  globalProviders: Map<string, FileInfo[]> | null = null;

  /** DI providers of the project by token (facts-js-di.ts diProviders), made when a `provided` value is first asked for. */
  protected providerIndex: Map<string, { fi: FileInfo; scope: number; ref: Ref }[]> | null = null;

  protected subclassIndex: Map<string, { fi: FileInfo; def: number }[]> | null = null;
  /** Python classes by their own metaclass of ours (`madeBy`), by the metaclass's valueKey. */
  protected metaIndex: Map<string, DefValue[]> | null = null;
  /** By the class's file, then `${def}\0${name}`: most files have none, and need no key string. */
  protected objAttrIndex: Map<FileInfo, Map<string, { fi: FileInfo; scope: number; ref: Ref }[]>> | null = null;
  /**
   * Python: attributes set from outside on instances made at known calls only (`c = C(); c.cb = a`),
   * keyed as objAttrIndex, each with the call that made its instance (ArgSite.made):
   * read on those instances and on `self`, not on other instances nor on the class (instStores()).
   */
  protected instAttrIndex: Map<FileInfo, Map<string, { fi: FileInfo; scope: number; ref: Ref; made: object }[]>> | null = null;
  /** instStores()' answers by the index's store list, then by the instance's ArgSite.made (the list itself: `self`). */
  protected instStoresMemo = new WeakMap<object, Map<object, Value[]>>();
  /**
   * Python: attributes our code sets on an object a package made (`_local = threading.local()`;
   * `_local.conn = Conn()`, `app.state.db = Database()`), by resolve-helpers.ts extAttrKey.
   */
  protected extAttrIndex: Map<string, { fi: FileInfo; scope: number; ref: Ref }[]> | null = null;
  /** extAttr()'s answers, by extAttrKey (volatile ones dropped by reset(), as the memos' are). */
  private extAttrs = new Map<string, Kept>();
  /** Python modules of ours some file sets a global of (`hooks.on_save = f`): objAttrIndex has them under scope -1. */
  protected patchedModules: Set<FileInfo> | null = null;

  /**
   * Whether the attributes set from outside are the same in every round: none are set, or every
   * object they are set on resolved stably. Then reading them makes no answer volatile, and
   * Python member answers (all of which read them) are kept from round to round.
   */
  protected objAttrsFixed = false;

  protected readonly initFieldsByMro = new WeakMap<Value[], readonly string[] | null>();

  /**
   * The classes with bases (the only ones a subclass index lists), found at the first index: the
   * facts do not change between rounds, and each round's index walked every def of every file.
   * With the MRO each was indexed by and its keys, reused while the MRO is the same (memoised)
   * answer. Dropped with the rounds (endRounds()).
   */
  protected derived: { classes: { fi: FileInfo; def: number }[]; mros: Value[][]; keys: string[][] } | null = null;

  /**
   * Whether the subclass index is the same in every round: every MRO it was built from was a
   * stable answer (bases that no parameter or cycle decides). Then asking for subclasses makes
   * no answer volatile, and `this.m()` answers (which ask, for overrides) are kept from round to round.
   */
  protected subclassesFixed = false;

  /** Refs of `ns["name"]` in a metaclass's `__new__` (metaNamespace), made once each (memos are kept by Ref). */
  protected nsRefs = new Map<string, Ref>();

  /** Whether any Python method of the project is named `__getattribute__` (most have none: no lookup then). */
  protected getattributes: boolean | null = null;

  /** Python modules of ours defining a top-level `__getattr__` (PEP 562), by file: its def index. */
  protected moduleGetattrs: Map<FileInfo, number> | null = null;

  /** argparse `set_defaults(name=v)` keyword arguments of the project, by name (resolve-members.ts argparseDefault). */
  protected argparseDefaults: Map<string, { fi: FileInfo; scope: number; ref: Ref; on: Ref }[]> | null = null;

  /** Python classes never instantiated (unusedClass), per file by def; found with the subclass index. */
  protected unusedClasses: Map<FileInfo, Set<number>> | null = null;

  /** The names of the project's classes (an edit that names one anew assembles in full: incremental.ts). */
  pyClassNames = new Set<string>();

  /** Classes whose subclasses some question asked (subclasses()), by valueKey. */
  protected readonly askedSubclasses = new Set<string>();

  /**
   * Python: where each name a plain method may have is read (method-reads.ts), made at the first
   * `self` sitedSelf() asks about (resolve-roots.ts); false when some ref was too deep to index.
   */
  protected methodReadIndex: Map<string, MethodRead[] | null> | false | null = null;
  /** Python functions and methods no code can call (resolve-roots.ts deadDefs), by file; made once. */
  protected deadDefsIndex: Map<FileInfo, Set<number>> | null = null;
  /** Methods whose `self` sitedSelf() is reading (a method read through another's `self`: a cycle). */
  protected readonly sitedSelfBusy = new Set<string>();
}
