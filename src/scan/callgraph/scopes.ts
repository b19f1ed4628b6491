// Definitions nest like the source; the innermost definition that contains a position owns the
// code at that position. Computed with a sort and a stack (no recursion), so deep nesting is fine.
import type { Ref } from "./ref-types.ts";

export type DefKind = "function" | "method" | "class" | "object" | "main";

export interface Def {
  kind: DefKind;
  /** As written: "run", "exports.run", "this.handler", "" for anonymous default exports. */
  name: string;
  start: number;
  end: number;
  line: number;
  /** A member of an object/class literal: dropped unless that literal is itself a definition. */
  member: boolean;
  /** For class/object literals: start offsets of their member functions. */
  memberStarts: number[];
  bases: Ref[];
  /** Enclosing definition (index into the sorted list) or -1 for module level; set by nestDefs. */
  parent: number;
  /** Display and member-lookup name: "Service.start", "main.helper", "module.exports". */
  qname: string;
  /** Python decorator expressions as written, outermost first. */
  decorators?: string[];
  /** A JS function literal with no name of its own (`<arrowN>`, `<anonymousN>`). */
  anonymous?: boolean;
  /** A class made by a call (Python `type("Name", bases, ns)`): what its range holds is written in the enclosing scope. */
  callMade?: boolean;
  /** JS `const b = function funcB() {}`: named funcB, a name bound only inside itself. */
  ownName?: true;
  /** JS `get x() {}`: runs when the property is read. */
  getter?: true;
  /** JS `set x(v) {}`: runs when the property is assigned. */
  setter?: true;
  /** JS `static m() {}`: `this` in it is the class, not an instance. */
  static?: true;
  /** JS compiled-class method (`_createClass(C, [...])`): the constructor function `this` belongs to. */
  owner?: number;
  /** TypeScript `namespace X {}`: an object whose members are also names in its body. */
  namespace?: true;
  /**
   * JS `var App = App || {}` / `window.App || {}` at a classic script's top level: an ES5 namespace
   * object the other scripts declaring App so share (one global object, extended by each).
   */
  shared?: true;
  /** JS: a non-arrow function, which has its own `arguments`. */
  arguments?: true;
  /** Python `class C(metaclass=M)`: M (its `__call__` runs for `C()`). */
  meta?: Ref;
  /** Python `__call__` that calls `super().__call__(...)` (a metaclass's: creates the instance). */
  superCall?: true;
  /** Python: a function that yields (a generator function: its call gives a generator object). */
  generator?: true;
  /**
   * Python `__new__` of a class: "literal" when each of its return statements gives a constant
   * (`return None`, `return False`, a number or a string: no instance, so `__init__` does not run),
   * "other" once one returns anything else.
   */
  newReturns?: "literal" | "other";
  /** Python class whose metaclass's `__call__` (same module) calls its `__init__`: facts-py-classes.ts `metaInits`. */
  metaInit?: true;
  /**
   * Python class: names its body assigns or declares (`x = 0`, `x: int`) and that its methods set
   * on self to values that are no reference (`self.n = 0`). The class has them, so looking one up
   * ends at this class even when what it holds is not known.
   */
  fields?: string[];
  /** Python class: the names its body annotates (`x: int`, `run: Callable = f`), in order: a dataclass's or NamedTuple's __init__ parameters. */
  initFields?: string[];
  /** JS: the property name a descriptor installs the function under, when not its own name. */
  prop?: string;
  /** Python: further attribute names a descriptor's `__get__` answers for (facts-py-classes.ts descriptors()). */
  props?: string[];
  /**
   * Python `__getattr__(self, name)` that returns `getattr(X, name)`: X, read in the method (a
   * proxy: reading an attribute the class lacks reads it on X).
   */
  delegates?: Ref;
  /** TypeScript: the return type's class, standing for results we do not see (`(): Service`). */
  returnsTyped?: Ref;
  /** JS functions: the names parameters bind, by argument position and member path (flow.ts). */
  params?: { name: string; index: number; path: string[]; dflt: Ref | null; typed?: Ref; property?: true; star?: "*"; memberDefault?: Ref }[];
}

/**
 * Python functions' body starts, by def (set by fact-defs.ts rawDef, read by nestDefs): a definition in
 * the header (a lambda in a parameter default) belongs to the enclosing scope. Beside the Def
 * rather than a field of it, so no Def changes shape (or is encoded with it).
 */
export const BODY_STARTS = new WeakMap<Def, number>();

/**
 * JS/TS function and class declarations that are statements of a class's static block
 * (`static { function init() {} init(); }`), set by fact-defs.ts rawDef: the block runs where the
 * class is defined, so they belong to the scope around the class (nestDefs), not to the class.
 */
export const STATIC_BLOCK_DECLS = new WeakSet<Def>();
/** JS function literals whose value is dropped where written (`(function () {});`, `!function () {}`): never called (facts.ts anonymousRefs). */
export const DISCARDED_LITERALS = new WeakSet<Def>();

/** Sort outer-first, drop members of literals that are not definitions, and set `parent`. */
export function nestDefs(raw: Def[]): Def[] {
  const members = new Set<number>();
  for (const d of raw) for (const m of d.memberStarts) members.add(m);
  // By start, those with one start in the order found (the sort is stable); the query reports
  // most in source order already. No Map of lists per start: most starts have one def.
  let sorted = true;
  for (let i = 1; i < raw.length && sorted; i++) sorted = raw[i - 1]!.start <= raw[i]!.start;
  const byStart = sorted ? raw : raw.slice().sort((a, b) => a.start - b.start);
  // Several patterns may capture one node (a class that is also a variable's value): keep the
  // first that applies, a named reading before the anonymous one (`<arrow>`, `<anonymous>`).
  // Starts differ between the defs kept, so they are in source order, outer first.
  const kept: Def[] = [];
  for (let i = 0; i < byStart.length; ) {
    const start = byStart[i]!.start;
    let pick: Def | null = null;
    for (; i < byStart.length && byStart[i]!.start === start; i++) {
      const d = byStart[i]!;
      if (d.member && !members.has(start)) continue;
      if (pick === null || (pick.anonymous && !d.anonymous)) pick = d;
    }
    if (pick !== null) kept.push(pick);
  }
  const stack: number[] = [];
  for (let i = 0; i < kept.length; i++) {
    const d = kept[i]!;
    while (stack.length > 0 && kept[stack[stack.length - 1]!]!.end <= d.start) stack.pop();
    d.parent = stack.length > 0 ? stack[stack.length - 1]! : -1;
    // Python evaluates a parameter default where the function is defined: `def run(cb=lambda
    // e: log(e))` makes the lambda in run's enclosing scope (`main.<lambda1>`). Not a method's:
    // in the class body it would read as a method of the class, binding its first parameter.
    const body = d.parent >= 0 ? BODY_STARTS.get(kept[d.parent]!) : undefined;
    const up = body !== undefined && d.start < body ? kept[d.parent]!.parent : -2;
    if (up === -1 || (up >= 0 && kept[up]!.kind !== "class")) d.parent = up;
    // `type("Greeter", (), {"hello": lambda self: greet()})`: the dict is written in the
    // enclosing scope, so is the lambda (`main.<lambda1>`, as PyCG names it), not in the class.
    else if (d.parent >= 0 && kept[d.parent]!.kind === "class" && (kept[d.parent]!.callMade || STATIC_BLOCK_DECLS.has(d))) d.parent = kept[d.parent]!.parent;
    stack.push(i);
  }
  return kept;
}

/**
 * The code scope (graph node) owning a position: the innermost definition containing it that is
 * not an object literal, or -1. For one file's finished defs (from nestDefs, none added after).
 */
export function scopeFinder(defs: Def[]): (pos: number) => number {
  return innermostFinder(defs, (d) => d.kind === "object");
}

/**
 * TypeScript: the namespace whose body (not a function of it) holds a position, or -1; null when
 * the file declares no namespace. Code there runs at the namespace's definition (an IIFE) and sees
 * its members by their bare names (facts.ts inNamespace).
 */
export function namespaceFinder(defs: Def[]): ((pos: number) => number) | null {
  if (!defs.some((d) => d.namespace)) return null;
  // An object literal of the body (`export const hooks = { a: f() }`) is still the body's code.
  const inner = innermostFinder(defs, (d) => d.kind === "object" && !d.namespace);
  return (pos) => {
    const found = inner(pos);
    return found >= 0 && defs[found]!.namespace ? found : -1;
  };
}

/**
 * The innermost definition containing a position that `skip` does not pass over, or -1. Ranges and
 * containment copied into typed arrays once: extraction asks this for nearly every fact, and Def
 * objects come in many shapes (optional fields), so reading their fields in a binary search was
 * polymorphic.
 */
function innermostFinder(defs: Def[], skip: (d: Def) => boolean): (pos: number) => number {
  const n = defs.length;
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  // The innermost definition containing each one's range: its parent, except for a Python
  // parameter default's lambda, whose parent is the function's own (nestDefs).
  const parents = new Int32Array(n);
  const skipped = new Uint8Array(n);
  const open: number[] = [];
  for (let i = 0; i < n; i++) {
    const d = defs[i]!;
    starts[i] = d.start;
    ends[i] = d.end;
    while (open.length > 0 && ends[open[open.length - 1]!]! <= d.start) open.pop();
    parents[i] = open.length > 0 ? open[open.length - 1]! : -1;
    open.push(i);
    skipped[i] = skip(d) ? 1 : 0;
  }
  return (pos) => {
    let lo = 0;
    let hi = n - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! <= pos) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    while (found >= 0 && !(starts[found]! <= pos && pos < ends[found]!)) found = parents[found]!;
    while (found >= 0 && skipped[found] === 1) found = parents[found]!;
    return found;
  };
}

/** Nearest enclosing class (or object literal, for JS `this`) of a scope, or -1. */
export function enclosingClass(defs: Def[], scope: number, objects: boolean): number {
  let d = scope;
  while (d >= 0) {
    const k = defs[d]!.kind;
    if (k === "class" || (objects && k === "object")) return d;
    d = defs[d]!.parent;
  }
  return -1;
}

/** Whether JS `this` in `scope` is that of a static method. */
export function inStaticMethod(defs: Def[], scope: number): boolean {
  const d = pastArrows(defs, scope);
  return d >= 0 && defs[d]!.static === true;
}

/** The def whose `this` code in `scope` sees: an arrow function sees the `this` around it. */
function pastArrows(defs: Def[], scope: number): number {
  let d = scope;
  while (d >= 0 && defs[d]!.name.startsWith("<arrow")) d = defs[d]!.parent;
  return d;
}

/**
 * What JS `this` is an instance of inside `scope`: the enclosing class or object literal, else
 * (pre-class code) the constructor function it is written in, or `X` for `X.prototype.m = function`.
 * Arrow functions see the `this` around them.
 */
export function thisOwner(defs: Def[], scope: number): number {
  let from = scope;
  for (;;) {
    // A function (not an arrow) written in a method's or function's body has its own `this`
    // (`[1].forEach(function () { this.stop(); })` in a class method: not the instance).
    const own = pastArrows(defs, from);
    const parent = own >= 0 && defs[own]!.kind === "function" && defs[own]!.arguments === true ? defs[own]!.parent : -1;
    const nested = parent >= 0 && (defs[parent]!.kind === "method" || defs[parent]!.kind === "function");
    const cls = nested ? -1 : enclosingClass(defs, from, true);
    // An arrow written as a member of an object literal sees the `this` around the literal.
    if (cls >= 0 && objectArrow(defs, from, cls)) {
      from = defs[cls]!.parent;
      if (from < 0) return -1;
      continue;
    }
    if (cls >= 0) return cls;
    const d = pastArrows(defs, from);
    if (d < 0 || defs[d]!.kind !== "function") return -1;
    if (defs[d]!.owner !== undefined) return defs[d]!.owner!;
    // `this.start = function () { this.listen(); }`: a method of the same instance.
    if (defs[d]!.name.startsWith("this.")) {
      from = defs[d]!.parent;
      continue;
    }
    const proto = /^([\w$]+)\.prototype\.[^.]+$/.exec(defs[d]!.name);
    if (!proto) return d;
    return topFunctions(defs).get(proto[1]!) ?? -1;
  }
}

/**
 * Whether `scope` is an arrow (in arrows) written as a member of `obj`, an object literal: its
 * `this` is the one around the literal (`table = { start: () => this.start() }` in a class field,
 * `this.handlers = { a: () => this.run() }` in a constructor: the instance), not the literal.
 * (Arrows have no `arguments` of their own.)
 */
function objectArrow(defs: Def[], scope: number, obj: number): boolean {
  const o = defs[obj]!;
  if (o.kind !== "object" || scope === obj) return false;
  for (let d = scope; d !== obj; d = defs[d]!.parent) {
    if (d < 0) return false;
    const k = defs[d]!.kind;
    if ((k !== "function" && k !== "method") || defs[d]!.arguments) return false;
  }
  return true;
}

/**
 * `X` when `scope` is (an arrow in) a top-level `X.prototype.m = function` whose X the file does
 * not define (an imported constructor: resolve.ts finds its instances), else null.
 */
export function importedThisOwner(defs: Def[], scope: number): string | null {
  const d = pastArrows(defs, scope);
  if (d < 0 || defs[d]!.kind !== "function" || defs[d]!.parent !== -1) return null;
  const proto = /^([\w$]+)\.prototype\.[^.]+$/.exec(defs[d]!.name);
  return proto && !topFunctions(defs).has(proto[1]!) ? proto[1]! : null;
}

const topFunctionIndex = new WeakMap<Def[], Map<string, number>>();

/** Module-level functions by name (built once per file: prototype methods look their owner up). */
function topFunctions(defs: Def[]): Map<string, number> {
  let index = topFunctionIndex.get(defs);
  if (!index) {
    index = new Map();
    for (let i = 0; i < defs.length; i++) {
      const d = defs[i]!;
      if (d.parent === -1 && d.kind === "function" && !index.has(d.qname)) index.set(d.qname, i);
    }
    topFunctionIndex.set(defs, index);
  }
  return index;
}
