// Plain functions over values and facts that the resolver layers share: value identity and
// capping, C3 linearisation, argument picking, collection slices and the like.
import { type Arg, type FileFacts, isScript, THROWN } from "./fact-types.ts";
import type { Def } from "./scopes.ts";
import type { Keyed } from "./small-map.ts";
import { PY_BUILTINS } from "./builtins-py.ts";
import { anyItem, type Ref, type Root } from "./ref-types.ts";
import { bound, boundNames } from "./bound.ts";
import { type ArgSite, BUILTIN, type FileInfo, KIND, LOST, MAX_VALUES, NONE, PY_TYPES, type Value } from "./value-types.ts";

/** A Nuxt or Nitro project's config file: its folder ("" or "web/") and which. */
const AUTO_IMPORT_CONFIG = /^((?:.*\/)?)(nuxt|nitro)\.config\.(?:ts|js|mjs)$/;

/** Resolver.globalProviders for these files. */
export function globalProviders(iter: Iterable<FileInfo>): Map<string, FileInfo[]> {
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
export function derivedClasses(files: Iterable<FileInfo>): { classes: { fi: FileInfo; def: number }[]; mros: Value[][]; keys: string[][] } {
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
export const CAP_WORD_NAME = /^(?:[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*|[A-Z][0-9]*)$/;
/** Class decorators and package base classes that give a class an __init__ taking its annotated fields. */
const GENERATED_INIT_DECORATORS: ReadonlySet<string> = new Set([
  "dataclass", "dataclasses.dataclass", "attr.s", "attr.attrs", "attr.define", "attr.frozen", "attr.mutable",
  "attrs.define", "attrs.frozen", "attrs.mutable", "define", "frozen", "mutable",
]);
const GENERATED_INIT_BASES: ReadonlySet<string> = new Set(["typing.NamedTuple", "pydantic.BaseModel", "typing_extensions.NamedTuple"]);

/** Resolver.initFieldsOf() of an MRO (the class first). */
export function generatedInitFields(mro: Value[]): readonly string[] | null {
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
export const PLAIN_CLASS_DECORATORS = new Set(["dataclass", "dataclasses.dataclass", "total_ordering", "functools.total_ordering", "final", "typing.final", "runtime_checkable", "typing.runtime_checkable"]);

/**
 * Instances made by a call, as made at `site` (the other values as they are). An instance
 * a called function returns (`merge(first, None)` returning its parameter `first`, made by
 * `Hook(on_request)`) was made at its own site: this call's arguments are not its constructor's.
 */
export function atSite(values: Value[], site: ArgSite): Value[] {
  const out: Value[] = [];
  for (const v of values) out.push(unsited(v) ? { k: "inst", fi: v.fi, def: v.def, site } : v);
  return out;
}

/**
 * Python bases whose constructor is object's or tuple's: instantiating a subclass uses no package
 * (typing's abstract generics too, subscripted as bases: `class NullFile(IO[str])`).
 */
export const MARKER_BASES = new Set(["ABC", "NamedTuple", "Protocol", "Generic", "TypedDict", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag",
  "IO", "TextIO", "BinaryIO", "Iterable", "Iterator", "Mapping", "MutableMapping", "Sequence", "MutableSequence", "Collection",
  "Container", "Sized", "Hashable", "Reversible", "AsyncIterable", "AsyncIterator", "Awaitable"]
  .map((b) => `${b === "ABC" ? "abc" : b.endsWith("Enum") || b.endsWith("Flag") ? "enum" : "typing"}.${b}.__init__`));
/** A Python method declared `@abstractmethod`: only a subclass's override runs on an instance. */
export const isAbstractMethod = (v: Value): boolean =>
  v.k === "def" && v.fi.facts.language === "python" && (v.fi.facts.defs[v.def]!.decorators?.some((d) => d === "abstractmethod" || d === "abc.abstractmethod") ?? false);

/** `p / "x"` of pathlib's path p: the package's `__truediv__`, a path again (`(Path(b) / "x").read_text()`). */
export const pathJoin = (v: Value): boolean => v.k === "ext" && v.module === "pathlib" && v.member.length === 2 && v.member[1] === "__truediv__";

/** Our `__getattr__` method (a read of an attribute the class lacks runs it), or `__getattribute__` (any read). */
export const isPyGetattr = (v: Value): boolean =>
  v.k === "def" && v.fi.facts.language === "python" && (v.fi.facts.defs[v.def]!.name === "__getattr__" || v.fi.facts.defs[v.def]!.name === "__getattribute__") && v.fi.facts.defs[v.def]!.kind === "method";
/** A method of our class that a subclass may override (not a nested class or a data attribute). */
export const overridable = (v: Value): boolean =>
  v.k === "def" && (v.fi.kinds[v.def] === KIND.method || (v.fi.kinds[v.def] === KIND.function && v.fi.facts.language !== "python" && v.fi.facts.defs[v.def]!.name.includes(".prototype.")));
export const isColl = (v: Value): boolean => v.k === "coll";
/** The literal a JS function's `throw v` adds to its returns (fact-types.ts THROWN): read only as `f().<thrown>`. */
export const thrownOnly = (v: Value): boolean => v.k === "coll" && v.items.length > 0 && v.items[0]!.key === THROWN;

/**
 * Every callee is `d.get` (Python also `d.pop`, `d.setdefault`): a `d.get(k, default)` call.
 * (Apart from root(): an arrow there reading its `fi` made every root() call allocate its scope.)
 */
export function allGetsWithDefault(callees: Value[], python: boolean): boolean {
  for (const v of callees) if (v.k !== "cmeth" || !(v.name === "get" || ((v.name === "pop" || v.name === "setdefault") && python))) return false;
  return true;
}

/** Every callee is a method of a literal that has an item under `key` (apart from root(), as allGetsWithDefault()). */
export function allHoldKey(callees: Value[], key: string): boolean {
  for (const v of callees) if (v.k !== "cmeth" || !v.coll.items.some((i) => i.key === key)) return false;
  return true;
}
export const asDef = (c: { fi: FileInfo; def: number }): Value => ({ k: "def", fi: c.fi, def: c.def });

/** A JS argument that is `undefined` itself (`f(undefined)`), which leaves its parameter out as no argument does. */
export function passesUndefined(arg: Arg): boolean {
  return arg.ref?.root.t === "name" && arg.ref.root.name === "undefined" && arg.ref.path.length === 0;
}

/** An instance made at a call (Python `C(a)`, JS `new C(a)`): it learns the call's site (siteAttr()). */
const sited = (v: Value): v is Extract<Value, { k: "inst" }> => v.k === "inst" && !v.self;
/** An instance that has not learnt its site yet (atSite()). */
export const unsited = (v: Value): v is Extract<Value, { k: "inst" }> => sited(v) && v.site === undefined;

export const isRefList = (refs: Ref | readonly Ref[]): refs is readonly Ref[] => Array.isArray(refs);

/** A Python string literal's value. */
export const STR: Value[] = [{ k: "ext", module: BUILTIN, member: [PY_TYPES.str] }];

/** Code of ours: a definition or an instance of one of our classes. */
export const isOurs = (v: Value): boolean => v.k === "def" || v.k === "inst";

/** A TypeScript annotation's value (typeValue in facts-js.ts): `new C` marked typed, or a union of them. */
export function isTypedRef(r: Ref): boolean {
  if (r.path.length > 0) return false;
  const root = r.root;
  if (root.t === "new") return root.typed === true;
  if (root.t !== "union") return false;
  for (const x of root.refs) if (!isTypedRef(x)) return false;
  return true;
}

/** Shared by the misses of lookups that find refs (attributes, bindings). */
export const NO_REFS: readonly never[] = Object.freeze([]);

/** Shared by every answer that calls nothing (most of them): callees() is asked for every value. */
export const NO_CALLEES = Object.freeze({ nodes: Object.freeze([]) as readonly string[], ext: Object.freeze([]) as readonly Value[] });
export const NO_CALLEE_DEFS = Object.freeze({ defs: Object.freeze([]) as readonly DefValue[], ext: NO_CALLEES.ext });

export type DefValue = Extract<Value, { k: "def" }>;

export const nodeIdOf = (d: DefValue): string => d.fi.nodeIds[d.def]!;

export type Coll = Extract<Value, { k: "coll" }>;

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

export function mappedItems(args: { ref: Ref | null }[]): { key: string; ref: Ref }[] {
  let items = mappedByArgs.get(args);
  if (!items) mappedByArgs.set(args, items = [{ key: "[*]", ref: { root: { t: "call", callee: args[0]!.ref! }, path: [] } }]);
  return items;
}

const flatMappedByArgs = new WeakMap<object, { key: string; ref: Ref }[]>();
export function flatMappedItems(args: { ref: Ref | null }[]): { key: string; ref: Ref }[] {
  let items = flatMappedByArgs.get(args);
  if (!items) {
    const root: Root = { t: "call", callee: args[0]!.ref! };
    flatMappedByArgs.set(args, items = [{ key: "[*]", ref: { root, path: [] } }, { key: "[*]", ref: { root, path: ["[*]"] } }]);
  }
  return items;
}

export function made<T extends object>(items: T): T {
  madeItems.add(items);
  return items;
}

/** The same values in any order. */
export function sameValues(a: Value[], b: Value[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((v) => holdsSame(b, v));
}

export function dropAll(places: { map: Keyed<unknown, unknown>; key: unknown }[]): void {
  for (const { map, key } of places) map.delete(key);
  places.length = 0;
}

/** Path steps that read a getter itself, not its value (`Object.getOwnPropertyDescriptor(o, k).get`, a decorator's `{ get }`). */
export const GETTER_VALUE_STEPS = new Set(["get", "set"]);

/** A JS getter of ours (`get area() {}`). */
export function isGetter(v: Value): v is DefValue {
  return v.k === "def" && v.fi.facts.defs[v.def]!.getter === true;
}

/** Python: a method that reading an attribute runs (a property's getter, `__getattr__`). */
export function readRuns(v: Value): v is DefValue {
  return isGetter(v) || isPyGetattr(v);
}

/** A JS/TS class of ours (a def of kind class). */
export function isJsClass(v: Value): boolean {
  return v.k === "def" && v.fi.kinds[v.def] === KIND.class && v.fi.facts.language !== "python";
}

/**
 * What a JS class read as a value has of `own` (its members by that name, its bases' too): not a
 * method written in a class body without `static` (an instance method or accessor, on the prototype).
 */
export function jsClassSide(own: Value[]): Value[] {
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
export function memberDef(facts: FileFacts, def: number, name: string): number {
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
    // this literal's own, whose name was made unique, `foo@12`. An unnamed literal inside a
    // function shares the function's qname, so `f({ a: 1 })` there is asked for members of
    // `g({ create() {} })` beside it: its own only, as well.)
    const own = facts.defs[def]!;
    // (Python: a class defined again under the same name, `class A: def b` twice or once per
    // `if`/`else` branch, whose members share their qnames: this class's own b, not the first
    // class's: `classes/x9_class_redefined_same_method_name`; typing_extensions' `Protocol`.)
    const other = idx >= 0 ? facts.defs[idx]!.parent : -1;
    const redefined = facts.language === "python" && other >= 0 && other !== def && facts.defs[other]!.kind === "class" && own.kind === "class";
    if (((qn === "" || (own.name === "" && own.kind === "object")) || redefined) && idx >= 0 && facts.defs[idx]!.parent !== def) {
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
export function fromEnd(v: Coll, name: string): string {
  const m = /^\[-(\d+)\]$/.exec(name);
  if (!m) return name;
  const at = v.length === undefined ? -1 : v.length - Number(m[1]);
  return at >= 0 ? `[${at}]` : "[*]";
}

/** `xs[1:3]`: the items in that range, renumbered from 0 (any item when the length is unknown). */
export function sliceOf(v: Coll, name: string): Coll | null {
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
export function typedClass(v: Value): Value[] {
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
export function legacyDecoratorSite(site: ArgSite, d: Def): boolean {
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
export function returnedParam(facts: FileFacts, def: number): { index: number; name: string } | null {
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

/**
 * JS `function (mod) { return (mod && mod.__esModule) ? mod : { "default": mod }; }` (tsc's and
 * Babel's interop helpers): every return (at most 4) is one parameter, bare or as the only value
 * of an object literal's keys (at most 4). The parameter and those literals' keys; null otherwise.
 */
export function wrappedParam(facts: FileFacts, def: number): { index: number; name: string; bare: boolean; wraps: string[][] } | null {
  const list = facts.returns.get(def);
  if (!list || list.length === 0 || list.length > 4) return null;
  let name: string | null = null;
  let bare = false;
  const wraps: string[][] = [];
  const same = (n: string): boolean => (name ??= n) === n;
  for (const r of list) {
    if (r.path.length > 0) return null;
    if (r.root.t === "name") {
      if (!same(r.root.name)) return null;
      bare = true;
    } else if (r.root.t === "items" && r.root.length === undefined && r.root.items.length > 0 && r.root.items.length <= 4) {
      const keys: string[] = [];
      for (const i of r.root.items) {
        if (i.key.startsWith("[") || i.ref.path.length > 0 || i.ref.root.t !== "name" || !same(i.ref.root.name)) return null;
        keys.push(i.key);
      }
      wraps.push(keys);
    } else return null;
  }
  if (wraps.length === 0) return null;
  const refs = bound(facts.bindings, def, name!);
  if (!refs || refs.length !== 1) return null;
  const p = refs[0]!.root;
  return p.t === "param" && !p.star && refs[0]!.path.length === 0 ? { index: p.index, name: p.name, bare, wraps } : null;
}

/** The argument a site passes for a parameter: by keyword, else by position after `offset`. */
export function pickArg(site: ArgSite, index: number, name: string): Arg | null {
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
export function starItems(site: ArgSite, index: number, star: "*" | "**"): { key: string; ref: Ref }[] {
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
export function c3(lists: Value[][]): Value[] {
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
export function superHome(defs: Def[], scope: number): number {
  for (let d = scope, from = -1; d >= 0; from = d, d = defs[d]!.parent) {
    const k = defs[d]!.kind;
    if (k === "class" || (k === "object" && from >= 0 && defs[from]!.arguments)) return d;
  }
  return -1;
}

export const isNamedTuple = (v: Extract<Value, { k: "ext" }>): boolean =>
  (v.member[0] === "namedtuple" && v.module === "collections") || (v.member[0] === "NamedTuple" && v.module === "typing");

const collIds = new WeakMap<object, number>();
let nextColl = 0;

export const COLL_METHODS = new Set(["values", "items", "get", "pop", "popleft", "setdefault", "copy"]);
/** An item key that is a position ("[0]"). */
const POSITION = /^\[\d+\]$/;

/** A literal whose items all have their positions (its length known). */
export const positioned = (coll: Coll): boolean => !!coll.length && coll.items.every((i) => POSITION.test(i.key));

/**
 * JS arrays: `find`/`findLast`/`at`/`shift` give an item, `filter`/`slice`/`reverse`/`sort` the array;
 * `map` (what its callback returns: read at the call), a generator's `next()` (`{ value }`), `entries()`.
 */
export const JS_COLL_METHODS = new Set(["find", "findLast", "at", "shift", "filter", "slice", "reverse", "toReversed", "sort", "toSorted", "flat", "map", "flatMap", "reduce", "reduceRight", "next", "entries", "keys", "splice", "toSpliced"]);

export function valueKey(v: Value): string {
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
export function prefixOf(name: string): string | null {
  const last = name.length - 1;
  if (name.charCodeAt(last) === 42) return name.length > 1 && name.charCodeAt(0) !== 91 && name.charCodeAt(0) !== 42 ? name.slice(0, -1) : null;
  return last > 2 && name.charCodeAt(last) === 93 && name.charCodeAt(last - 1) === 42 && name.charCodeAt(0) === 91 ? name.slice(1, -2) : null;
}

export function cap(values: Value[]): Value[] {
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
export function holdsSame(values: Value[], v: Value): boolean {
  for (let i = 0; i < values.length; i++) if (sameValue(values[i]!, v)) return true;
  return false;
}

/**
 * holdsSame() over a list that only grows, for lists too long to scan per value: a def or instance
 * found by file and def, a literal by its items (what sameValue() compares of them), other values
 * (never the same as one of those) scanned. The members of a class's 24 subclasses (up to 24 each,
 * mostly class attributes holding lists) scanned once per member were over half of pip's assembly CPU.
 */
export class SameValues {
  private defs = new Map<FileInfo, Set<number>>();
  private insts = new Map<FileInfo, Set<number>>();
  private colls = new Map<object, Extract<Value, { k: "coll" }>[]>();
  private others: Value[] = [];

  constructor(values: Value[]) {
    for (let i = 0; i < values.length; i++) this.add(values[i]!);
  }

  add(v: Value): void {
    if (v.k === "coll") {
      const list = this.colls.get(v.items);
      if (list) list.push(v);
      else this.colls.set(v.items, [v]);
      return;
    }
    if (v.k !== "def" && v.k !== "inst") {
      this.others.push(v);
      return;
    }
    const by = v.k === "def" ? this.defs : this.insts;
    const set = by.get(v.fi);
    if (set) set.add(v.def);
    else by.set(v.fi, new Set([v.def]));
  }

  has(v: Value): boolean {
    if (v.k === "coll") {
      const list = this.colls.get(v.items);
      if (list) for (let i = 0; i < list.length; i++) if (list[i]!.fi === v.fi && list[i]!.scope === v.scope) return true;
      return false;
    }
    if (v.k !== "def" && v.k !== "inst") return holdsSame(this.others, v);
    return (v.k === "def" ? this.defs : this.insts).get(v.fi)?.has(v.def) === true;
  }
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
export const PY_EXCEPTIONS = [...PY_BUILTINS].filter((n) => /^[A-Z]/.test(n) && /(?:Error|Exception|ExceptionGroup|Warning|Exit|Interrupt|Iteration)$/.test(n));

/**
 * Whether a value stored as `d[fn.__name__] = fn` is found under `key` (`"[stop]"`): a function
 * or class of ours by its name; any other value (a package's, a wrapper) may be under any key.
 */
export function namedItem(v: Value, key: string): boolean {
  if (v.k !== "def") return true;
  const d = v.fi.facts.defs[v.def]!;
  return d.kind === "object" || `[${d.name}]` === key;
}

/**
 * A metaclass that may make or register classes by reflection: any but `abc.ABCMeta`, which
 * only checks abstract methods (`class Exporter(metaclass=ABCMeta)`'s subclasses nobody names
 * are still never instantiated: `metaclasses/abcmeta_subclass_dispatch`).
 */
export function ownMeta(meta: Ref | undefined): boolean {
  if (!meta) return false;
  const name = meta.path.length === 0 && meta.root.t === "name" ? meta.root.name : meta.path.length === 1 && meta.root.t === "name" && meta.root.name === "abc" ? meta.path[0] : null;
  return name !== "ABCMeta";
}

/** `cls.registry[k] = cls`'s item (an items root holding `cls`) as the class at `start`; any other value as it is. */
export function itemIsClass(value: Ref, start: number): Ref {
  const root = value.root;
  if (root.t !== "items" || value.path.length > 0 || root.items.length !== 1) return value;
  const one = root.items[0]!;
  if (one.ref.root.t !== "cls" || one.ref.path.length > 0) return value;
  return { root: { t: "items", items: [{ key: one.key, ref: { root: { t: "def", start }, path: [] } }] }, path: [] };
}

/** extAttrIndex's key of attribute `name` of a package's value made by a call (`threading.local()`) or read from one. */
export function extAttrKey(v: Extract<Value, { k: "ext" }>, name: string): string {
  return `${v.module}\u0000${v.member.join("\u0000")}\u0000\u0000${name}`;
}
