// Python class machinery: decorators and their markers, parameters and injected values, metaclass
// and `__init_subclass__` hooks, descriptors, Enum members, singledispatch registrations.
import { type Arg, type FactsDraft, PY_SINGLEDISPATCH } from "./fact-types.ts";
import type { Node } from "web-tree-sitter";
import { type Ref, type Root, stringLiteral } from "./ref-types.ts";
import { addTo } from "./fact-text.ts";
import { field } from "./fields.ts";
import { lineOf as line } from "./wasm-node.ts";
import { CASE_LINE, CLASS_PATTERN } from "./facts-py-names.ts";
import type { PyCtx } from "./facts-py-ctx.ts";
import { pyAncestors, pyStraight, straightIn } from "./facts-py-flow.ts";

/**
 * Whether the file calls a class of that name other than in `case` patterns and its own
 * `class Name(` line: a class only matched is never the subject (`match/class_pattern_subclass_dispatch`).
 */
export function madeInFile(at: Node, name: string): boolean {
  const text = at.tree.rootNode.text;
  const calls = new RegExp(`\\b${name}[ \\t]*\\(`, "g");
  let n = 0;
  for (const _ of text.matchAll(calls)) n++;
  CASE_LINE.lastIndex = 0;
  for (let m = CASE_LINE.exec(text); m !== null && n > 0; m = CASE_LINE.exec(text)) for (const c of m[1]!.matchAll(CLASS_PATTERN)) if (c[1] === name) n--;
  for (const _ of text.matchAll(new RegExp(`\\bclass[ \\t]+${name}[ \\t]*\\(`, "g"))) n--;
  return n > 0;
}

/** Whether a class of that name is defined at the top of the file holding `at`. */
export function topClass(at: Node, name: string): boolean {
  for (const c of at.tree.rootNode.namedChildren) {
    const d = c?.type === "decorated_definition" ? field(c, "definition") : c;
    if (d?.type === "class_definition" && field(d, "name")?.text === name) return true;
  }
  return false;
}

/** The keywords of a class statement but `metaclass=` (`class Page(Base, render=fancy)`), as arguments. */
export function classKeywords(arg: Node, ctx: PyCtx): Arg[] {
  const out: Arg[] = [];
  for (const a of arg.parent?.namedChildren ?? []) {
    if (a?.type !== "keyword_argument") continue;
    const name = field(a, "name")?.text;
    const value = field(a, "value");
    if (!name || name === "metaclass" || !value) continue;
    out.push({ name, ref: ctx.ref(value) });
  }
  return out;
}

export function protocolCalls(facts: FactsDraft, scope: number, at: number, value: Ref, a: string, b: string | null, args: Arg[] = []): void {
  for (const name of b ? [a, b] : [a]) {
    facts.calls.push({ scope, ref: { root: value.root, path: [...value.path, name] }, line: at, kind: "call", args, protocol: true });
  }
}

const INJECTORS = /^(?:[\w.]+\.)?(?:Depends|Security)$/;
const ANNOTATED = /^(?:typing\.|typing_extensions\.)?Annotated$/;

const isInjection = (n: Node | null | undefined): boolean =>
  n?.type === "call" && INJECTORS.test(field(n, "function")?.text ?? "");

/** A class named by an annotation: `Service`, `mod.Service`, `"Service"`. */
function annotatedClass(t: Node | null | undefined): Ref | null {
  const text = t?.type === "string" ? stringLiteral(t) : t?.type === "identifier" || t?.type === "attribute" ? t.text : null;
  if (!text || !/^[A-Za-z_]\w*(\.[A-Za-z_]\w*){0,7}$/.test(text)) return null;
  const parts = text.split(".");
  return { root: { t: "name", name: parts[0]! }, path: parts.slice(1) };
}

/**
 * FastAPI dependency injection: for `svc: Service = Depends(get_service)` and
 * `svc: Annotated[Service, Depends(get_service)]` FastAPI calls the dependency itself (that call
 * is in the code) and passes what it returns, an instance of the annotated class: the parameter
 * holds one (`typed`: only when the class is ours; a package's type says nothing we can follow).
 */
function injected(type: Node | null, dflt: Node | null): Ref | null {
  let t = type?.type === "type" ? type.namedChild(0) : null;
  if (!t) return null;
  // `Annotated[...]` parses as a generic type, `typing.Annotated[...]` as a subscript.
  const generic = t.type === "generic_type" ? t.namedChild(0) : t.type === "subscript" ? field(t, "value") : null;
  if (generic && ANNOTATED.test(generic.text)) {
    const args = (t.type === "generic_type" ? t.namedChild(1)?.namedChildren ?? [] : t.childrenForFieldName("subscript"))
      .map((a) => (a?.type === "type" ? a.namedChild(0) : a));
    if (!args.slice(1).some(isInjection)) return null;
    t = args[0] ?? null;
  } else if (!isInjection(dflt)) return null;
  const callee = annotatedClass(t);
  return callee ? { root: { t: "new", callee, typed: true }, path: [] } : null;
}

/**
 * The names of the classes defined at the top of a file (topClass), per tree, read once. (Not a
 * `Protocol`: a package's object may be one, `emit(io.StringIO())` for `out: Writer`, whose stub
 * methods run nothing: `classes/q7_protocol_annotated_param_given_package_object`.)
 */
const TOP_CLASSES = new WeakMap<object, Set<string>>();

function topClasses(at: Node): Set<string> {
  let names = TOP_CLASSES.get(at.tree);
  if (names) return names;
  names = new Set();
  for (const c of at.tree.rootNode.namedChildren) {
    const d = c?.type === "decorated_definition" ? field(c, "definition") : c;
    const name = d?.type === "class_definition" ? field(d, "name")?.text : undefined;
    if (name && !/\bProtocol\b/.test(field(d!, "superclasses")?.text ?? "")) names.add(name);
  }
  TOP_CLASSES.set(at.tree, names);
  return names;
}

/** `Optional[...]` / `Union[...]` as an annotation writes them (also `typing.` / `t.` prefixed). */
const OPTIONAL_OR_UNION = /^(?:[A-Za-z_]\w*\.)?(?:Optional|Union)$/;

/**
 * A parameter's annotation naming classes defined at the top of its file (`c: Service`,
 * `c: "Service"`, `Optional[Service]`, `Service | None`, `Union[A, B]`): an instance of each,
 * marked typed. The resolver reads it only where no caller of ours is seen passing one of our
 * values (typedLast in resolve-names.ts), as TypeScript's annotations are read. (Not an imported
 * class: reading those in pip's vendored rich moved a hundred edges, real ones lost with junk.)
 * Bounded: four classes, two levels of `Optional` / `Union` / `|`.
 */
function annotationValue(type: Node | null, at: Node): Ref | null {
  const t = type?.type === "type" ? type.namedChild(0) : null;
  const refs: Ref[] = [];
  const walk = (n: Node | null | undefined, depth: number): void => {
    if (!n || refs.length >= 4 || depth > 2) return;
    if (n.type === "type") return walk(n.namedChild(0), depth);
    if (n.type === "none") return;
    if (n.type === "binary_operator" && field(n, "operator")?.text === "|") {
      walk(field(n, "left"), depth + 1);
      walk(field(n, "right"), depth + 1);
      return;
    }
    const generic = n.type === "generic_type" ? n.namedChild(0) : n.type === "subscript" ? field(n, "value") : null;
    if (generic) {
      if (!OPTIONAL_OR_UNION.test(generic.text)) return;
      const args = n.type === "generic_type" ? n.namedChild(1)?.namedChildren ?? [] : n.childrenForFieldName("subscript");
      for (const a of args) walk(a, depth + 1);
      return;
    }
    const callee = annotatedClass(n);
    if (!callee || callee.root.t !== "name" || callee.path.length > 0 || !topClasses(at).has(callee.root.name)) return;
    refs.push({ root: { t: "new", callee, typed: true }, path: [] });
  };
  walk(t, 0);
  return refs.length === 0 ? null : refs.length === 1 ? refs[0]! : { root: { t: "union", refs }, path: [] };
}

/** Default values that hold no call. */
const SIMPLE_DEFAULTS = new Set(["identifier", "none", "true", "false", "integer", "float", "string", "attribute", "lambda"]);

/** Parameters become bindings of the function's scope, valued by its call sites' arguments. */
export function params(def: Node, list: Node, ctx: PyCtx): void {
  const index = ctx.defIndex.get(def.startIndex);
  if (index === undefined) return;
  let position = 0;
  let keywordOnly = false;
  for (const p of list.namedChildren) {
    if (!p) continue;
    let nameNode: Node | null = null;
    let defaultNode: Node | null = null;
    switch (p.type) {
      case "identifier":
        nameNode = p;
        break;
      case "typed_parameter":
        nameNode = p.namedChild(0);
        break;
      case "default_parameter":
      case "typed_default_parameter":
        nameNode = field(p, "name");
        defaultNode = field(p, "value");
        break;
      case "list_splat_pattern":
      case "dictionary_splat_pattern": {
        // *args: the positional arguments from here on; **kw: the keyword arguments.
        const inner = p.namedChild(0);
        const star = p.type === "list_splat_pattern" ? "*" : "**";
        if (inner?.type === "identifier") {
          addTo(ctx.facts.bindings, index, inner.text, { root: { t: "param", def: def.startIndex, index: position, name: inner.text, star }, path: [] });
        }
        keywordOnly = true;
        continue;
      }
      case "keyword_separator":
        keywordOnly = true;
        continue;
      default:
        continue;
    }
    if (!nameNode || nameNode.type !== "identifier") continue;
    // `def f(x=setup())`: the default is evaluated where f is defined, so are its calls.
    // (Not in a lambda, whose calls run when it is called; FastAPI's `Depends(dep)` stays with the
    // route, for which FastAPI calls dep.)
    if (defaultNode && !SIMPLE_DEFAULTS.has(defaultNode.type) && ctx.decorators && !defaultNode.text.includes("lambda") && !isInjection(defaultNode)) {
      for (const c of defaultNode.descendantsOfType("call")) if (c) ctx.decorators.set(c.startIndex, ctx.facts.defs[index]!.parent);
    }
    const dflt = injected(field(p, "type"), defaultNode) ?? (defaultNode ? ctx.ref(defaultNode) : null);
    const name = nameNode.text;
    const root: Extract<Root, { t: "param" }> = { t: "param", def: def.startIndex, index: keywordOnly ? -1 : position, name };
    if (dflt) {
      root.default = dflt;
      // `g = lambda f=f: f()` then `f = b`: the default is read where the def runs (asOf, below).
      const parent = ctx.facts.defs[index]!.parent;
      if (dflt.root.t === "name" && pyStraight(def, ctx.facts, parent, false)) (ctx.defaultReads ??= []).push({ root, scope: parent, line: line(def) });
      // A method's: where the class body runs it, in the scope around the class (when no class
      // on the way binds the name: applyScopeStatements).
      else if (dflt.root.t === "name" && parent >= 0 && ctx.facts.defs[parent]!.kind === "class") {
        let outer = parent;
        while (outer >= 0 && ctx.facts.defs[outer]!.kind === "class") outer = ctx.facts.defs[outer]!.parent;
        const up = pyAncestors(def);
        if (straightIn(up, up.length - 1, ctx.facts, outer, false, true)) (ctx.defaultReads ??= []).push({ root, scope: outer, line: line(def), through: parent });
      }
    }
    if (!keywordOnly) position++;
    addTo(ctx.facts.bindings, index, name, { root, path: [] });
    // The annotation: the values of ours no call we see passes (not FastAPI's injected value, the default above).
    const typed = dflt?.root.t === "new" && dflt.root.typed ? null : annotationValue(field(p, "type"), def);
    if (typed) addTo(ctx.facts.bindings, index, name, typed);
  }
}

/** `@x.setter`, `@x.deleter`, `@x.getter` of a property: markers too. */
const ACCESSOR_DECORATOR = /^[A-Za-z_]\w*\.(?:setter|deleter|getter)$/;
const PROPERTIES = new Set(["property", "cached_property", "functools.cached_property"]);

/** functools.wraps as a decorator is written. */
const WRAPS = new Set(["wraps", "functools.wraps"]);

/** Decorators the resolver knows as markers, not as wrappers whose result replaces the function. */
// (`@override` / `@typing.override` is a call of the package's decorator, as `@final` and
// `@overload` are: `decorators/override_marker_from_typing_extensions`.)
const MARKERS = new Set(["staticmethod", "classmethod", "property", "abstractmethod", "abc.abstractmethod"]);

/**
 * `@a @b def f` is `f = a(b(f))`: each decorator is called with what the one below gave, and the
 * name is bound to the outermost result (falling back to the function when that is unknown).
 */
export function decorators(node: Node, ctx: PyCtx): void {
  const { facts } = ctx;
  const defNode = field(node, "definition");
  if (!defNode) return;
  const def = ctx.defIndex.get(defNode.startIndex);
  if (def === undefined) return;
  const d = facts.defs[def]!;
  const decs = node.namedChildren.filter((c): c is Node => c !== null && c.type === "decorator");
  d.decorators = decs.map((c) => markerAlias(ctx, node, (c.namedChild(0)?.text ?? "").slice(0, 80)));
  // `@property` / `@cached_property` methods are getters, `@x.setter` ones setters: a read of the
  // attribute on the way to a call (`o.svc.run()`) runs the getter, and reads what it returns.
  if (facts.defs[d.parent]?.kind === "class") {
    if (d.decorators.some((t) => PROPERTIES.has(t))) d.getter = true;
    else if (d.decorators.some((t) => t === `${d.name}.setter`)) d.setter = true;
  }
  const self: Ref = { root: { t: "def", start: d.start }, path: [] };
  dispatchRegister(facts, d);
  let value: Ref = self;
  const scope = ctx.scope(node);
  for (let i = decs.length - 1; i >= 0; i--) {
    const expr = decs[i]!.namedChild(0);
    if (!expr || MARKERS.has(d.decorators[i]!) || (expr.type === "attribute" && ACCESSOR_DECORATOR.test(expr.text))) continue;
    const callee = attrsFieldHook(expr, node, ctx) ?? ctx.ref(expr);
    if (!callee) continue;
    // `@functools.wraps(fn)` sets the wrapper's `__wrapped__` to fn.
    if (expr.type === "call" && WRAPS.has(field(expr, "function")?.text ?? "")) {
      const args = field(expr, "arguments");
      const wrapped = args?.namedChildCount === 1 && args.namedChild(0)!.type !== "keyword_argument" ? ctx.ref(args.namedChild(0)!) : null;
      if (wrapped) (facts.objAttrs ??= []).push({ scope: d.parent, obj: self, name: "__wrapped__", value: wrapped });
    }
    facts.calls.push({ scope, ref: callee, line: line(decs[i]!), kind: "call", args: [{ name: null, ref: value }], decorates: true,
      ...(pyStraight(node, facts, scope, false) ? { top: true as const } : {}) });
    value = { root: { t: "call", callee, or: value }, path: [] };
  }
  if (value === self) return;
  // Rebind the function's name (nameDefs bound it to the bare definition, or made it a member).
  if (facts.defs[d.parent]?.kind === "class") {
    // (A plain def of the same name later in the class body is the member: `@overload` stubs.)
    const member = facts.members.get(d.qname);
    if (member !== undefined && member > def && facts.defs[member]!.parent === d.parent) return;
    // `@bound def hello(self)` with `class bound` of the module's top defining `__get__`: a
    // descriptor, as `hello = bound(hello)` would be (descriptors()).
    const outer = decs[0]!.namedChild(0);
    if (outer?.type === "identifier") (ctx.classAttrs ??= []).push({ scope: d.parent, name: d.name, index: facts.bindings.get(d.parent)?.get(d.name)?.length ?? 0, cls: outer.text });
    return addTo(facts.bindings, d.parent, d.name, value);
  }
  const list = facts.bindings.get(d.parent)?.get(d.name);
  if (!list) return;
  const at = list.findIndex((r) => r.root.t === "def" && r.root.start === d.start);
  if (at >= 0) list[at] = value;
}

/** What a marker decorator may be named by an alias of (`_magic_enum = property`). */
const ALIASED_MARKERS = new Set([...MARKERS, ...PROPERTIES]);

/**
 * A decorator's text, or the marker it names: `_magic_enum = property` (a statement of the
 * module's top, the name's only assignment there) makes `@_magic_enum` read as `@property`. The
 * module's top statements are read once per file, the first time a decorator is a plain name
 * that is not a marker itself (at most 4096 statements).
 */
function markerAlias(ctx: PyCtx, decorated: Node, text: string): string {
  if (ALIASED_MARKERS.has(text) || !/^[A-Za-z_]\w*$/.test(text)) return text;
  if (!ctx.markerAliases) {
    const aliases = new Map<string, string>();
    const assigned = new Set<string>();
    const root = decorated.tree.rootNode;
    const n = Math.min(root.namedChildCount, 4096);
    for (let i = 0; i < n; i++) {
      const stmt = root.namedChild(i);
      const a = stmt?.type === "expression_statement" ? stmt.namedChild(0) : null;
      if (a?.type !== "assignment") continue;
      const left = field(a, "left");
      if (left?.type !== "identifier") continue;
      const name = left.text;
      const right = field(a, "right")?.text;
      if (assigned.has(name)) aliases.delete(name);
      else if (right !== undefined && ALIASED_MARKERS.has(right)) aliases.set(name, right);
      assigned.add(name);
    }
    ctx.markerAliases = aliases;
  }
  return ctx.markerAliases.get(text) ?? text;
}

const ATTRS_FIELDS = new Set(["attr.ib", "attr.attrib", "attrs.field", "attr.field"]);

/**
 * attrs' `@title.validator` / `@title.default` in a class body whose `title = attr.ib(default="")`:
 * the method of the field object attr.ib made (`attr.ib.validator`), not of its default value.
 */
function attrsFieldHook(expr: Node, decorated: Node, ctx: PyCtx): Ref | null {
  const hook = expr.type === "attribute" ? field(expr, "attribute")?.text : undefined;
  const obj = hook === "validator" || hook === "default" ? field(expr, "object") : null;
  const body = decorated.parent;
  if (obj?.type !== "identifier" || body?.type !== "block" || body.parent?.type !== "class_definition" || body.namedChildCount > 256) return null;
  for (const stmt of body.namedChildren) {
    const a = stmt?.type === "expression_statement" ? stmt.namedChild(0) : null;
    const right = a?.type === "assignment" && field(a, "left")?.text === obj.text ? field(a, "right") : null;
    const maker = right?.type === "call" ? field(right, "function") : null;
    if (maker && ATTRS_FIELDS.has(maker.text)) {
      const made = ctx.ref(maker);
      return made ? { root: { t: "call", callee: made }, path: [hook!] } : null;
    }
  }
  return null;
}

/** Decorators whose function or method others register implementations on (`@f.register(T)`). */
const DISPATCHERS = new Set([...PY_SINGLEDISPATCH, "singledispatchmethod", "functools.singledispatchmethod"]);

/**
 * `@f.register` / `@f.register(int)` under a `@singledispatch def f`: calling f may run the
 * registered implementation (which one depends on the argument's type: any of them), so the name
 * f is bound to it too.
 */
function dispatchRegister(facts: FactsDraft, d: FactsDraft["defs"][number]): void {
  for (const text of d.decorators ?? []) {
    // (`@mod.render.register(float)`: render of module mod, an attribute set from outside, below.)
    const m = /^([A-Za-z_]\w*)\.register\b/.exec(text) ?? /^([A-Za-z_]\w*\.[A-Za-z_]\w*)\.register\b/.exec(text);
    if (!m) continue;
    const base = facts.defs.find((o) => o.parent === d.parent && o.name === m[1] && o.decorators?.some((t) => DISPATCHERS.has(t)));
    if (base) {
      addTo(facts.bindings, d.parent, m[1]!, { root: { t: "def", start: d.start }, path: [] });
      continue;
    }
    // `from render import render` then `@render.register(float)` in another module of ours: that
    // module's render may run the implementation too, when it is a singledispatch function there
    // (resolve-indexes.ts indexObjAttrs checks: `dispatch`).
    const dot = m[1]!.indexOf(".");
    const imported = dot < 0 ? facts.bindings.get(-1)?.get(m[1]!)?.find((r) => r.root.t === "module" && r.path.length >= 1) : undefined;
    const obj: Ref | null = dot >= 0 ? { root: { t: "name", name: m[1]!.slice(0, dot) }, path: [] } : imported ? { root: imported.root, path: imported.path.slice(0, -1) } : null;
    const name = dot >= 0 ? m[1]!.slice(dot + 1) : imported?.path.at(-1);
    if (obj && name) (facts.objAttrs ??= []).push({ scope: d.parent, obj, name, value: { root: { t: "def", start: d.start }, path: [] }, dispatch: true });
  }
}

/**
 * `f.register(int, impl)` (the call form of `@f.register`) under a `@singledispatch def f` of the
 * same scope: calling f may run impl too.
 */
export function dispatchRegisterCalls(facts: FactsDraft): void {
  for (const call of facts.calls) {
    const r = call.ref;
    if (call.kind !== "call" || r.root.t !== "name" || r.path.length !== 1 || r.path[0] !== "register" || call.args?.length !== 2) continue;
    const impl = call.args[1]!;
    if (impl.name !== null || !impl.ref) continue;
    const name = r.root.name;
    let scope = call.scope;
    let base: FactsDraft["defs"][number] | undefined;
    for (let hops = 0; hops < 8 && !base; hops++) {
      base = facts.defs.find((o) => o.parent === scope && o.name === name && o.decorators?.some((t) => DISPATCHERS.has(t)));
      if (base || scope < 0) break;
      scope = facts.defs[scope]!.parent;
    }
    if (base) addTo(facts.bindings, base.parent, name, impl.ref);
  }
}

/**
 * `class M(type)` whose `__call__` calls `super().__call__(...)`, and `class C(metaclass=M)`, both
 * at the top of this module: that super call is what runs C's `__new__` and `__init__`, so they are
 * calls of M.__call__ (made there as protocol calls) and no longer of `C()`'s caller (`metaInit`).
 */
export function metaInits(ctx: PyCtx): void {
  const { facts } = ctx;
  // A class of the module's top whose base (by plain name, a class there too) has a metaclass has
  // it as well: `class Child(Base)` under `class Base(metaclass=M)` is made by M.__call__ too.
  for (let round = 0; round < 4; round++) {
    let changed = false;
    for (const c of facts.defs) {
      if (c.kind !== "class" || c.parent !== -1 || c.meta) continue;
      for (const b of c.bases) {
        if (b.root.t !== "name" || b.path.length > 0) continue;
        const name = b.root.name;
        const base = facts.defs.find((o) => o.kind === "class" && o.parent === -1 && o.name === name && o !== c);
        const m = base?.meta;
        // (Our metaclass of this module only: an imported one, `ABCMeta`, has no `__call__` of ours.)
        if (m && m.root.t === "name" && m.path.length === 0 && facts.defs.some((o) => o.kind === "class" && o.parent === -1 && o.name === (m.root as { name: string }).name)) {
          c.meta = m;
          changed = true;
          break;
        }
      }
    }
    if (!changed) break;
  }
  if (!ctx.superCalls) return;
  const topClass = (name: string): number => facts.defs.findIndex((o) => o.kind === "class" && o.parent === -1 && o.name === name);
  for (const c of facts.defs) {
    const m = c.meta;
    if (c.kind !== "class" || c.parent !== -1 || m?.root.t !== "name" || m.path.length > 0) continue;
    // The `__call__` whose super().__call__ makes the instance: along M's bases of this module,
    // the last one defining `__call__` (`class Meta(BaseMeta)`: Meta's super call runs BaseMeta's).
    let creator = -1;
    for (let k = topClass(m.root.name), n = 0; k >= 0 && n < 8; n++) {
      const call = facts.defs.findIndex((o) => o.parent === k && o.kind === "method" && o.name === "__call__");
      if (call >= 0) {
        if (!facts.defs[call]!.superCall) {
          creator = -1;
          break;
        }
        creator = call;
      }
      const base = facts.defs[k]!.bases.find((b) => b.root.t === "name" && b.path.length === 0);
      k = base?.root.t === "name" && base.root.name !== facts.defs[k]!.name ? topClass(base.root.name) : -1;
    }
    const sc = creator >= 0 ? ctx.superCalls.find((s) => s.def === creator) : undefined;
    if (!sc) continue;
    c.metaInit = true;
    protocolCalls(facts, sc.def, sc.line, { root: { t: "name", name: c.name }, path: [] }, "__new__", "__init__");
  }
}

/**
 * An Enum class (`class Planet(Enum)`, `IntEnum`, `StrEnum`, `Flag`, `enum.Enum`) with its own
 * `__init__` and members (constant-case names its body binds): defining it makes each member, which
 * calls that `__init__` with the member's value (`classes/enum_member_init_with_tuple_values`).
 */
export function enumMemberInits(ctx: PyCtx): void {
  const { facts } = ctx;
  facts.defs.forEach((d, i) => {
    if (d.kind !== "class" || !d.bases.some(enumBase)) return;
    if (!facts.defs.some((m) => m.parent === i && m.kind === "method" && m.name === "__init__")) return;
    const names = facts.bindings.get(i);
    if (!names || ![...names.keys()].some((n) => /^[A-Z][A-Z0-9_]*$/.test(n))) return;
    protocolCalls(facts, d.parent, d.line, { root: { t: "def", start: d.start }, path: [] }, "__init__", null);
  });
}

const ENUM_BASES = new Set(["Enum", "IntEnum", "StrEnum", "Flag", "IntFlag"]);
function enumBase(b: Ref): boolean {
  return ENUM_BASES.has(b.path.length > 0 ? b.path[b.path.length - 1]! : b.root.t === "name" ? b.root.name : "");
}

/**
 * Defining `class C(A, B)` runs the first `__init_subclass__` along C's MRO after C: one protocol
 * call of `C.__init_subclass__` (B's runs only when A's calls super()'s). One base, or a C that
 * defines its own (which runs for C's subclasses, not for C): a call of each base's.
 */
export function subclassHooks(ctx: PyCtx): void {
  const { facts } = ctx;
  const list = ctx.subclassBases;
  if (!list) return;
  const count = new Map<number, number>();
  for (const b of list) count.set(b.def, (count.get(b.def) ?? 0) + 1);
  const done = new Set<number>();
  for (const b of list) {
    const d = facts.defs[b.def]!;
    // (Members are looked up by qualified name: a same-named class of the scope defining one counts too.)
    const own = count.get(b.def)! > 1 && !facts.defs.some((o) => o.kind === "method" && o.name === "__init_subclass__" &&
      facts.defs[o.parent]?.kind === "class" && facts.defs[o.parent]!.name === d.name && facts.defs[o.parent]!.parent === d.parent);
    if (!own) protocolCalls(facts, d.parent, b.line, b.base, "__init_subclass__", null, b.args);
    else if (!done.has(b.def)) {
      done.add(b.def);
      protocolCalls(facts, d.parent, b.line, { root: { t: "def", start: d.start }, path: [] }, "__init_subclass__", null, b.args);
    }
  }
}

/**
 * `on_click = Hook()` in a class body, Hook a class of this module's top with a `__get__`: reading
 * `on_click` runs `Hook.__get__` and gives what it returns, as a `@property` named on_click would
 * (the attribute is bound to `__get__`, made that getter; made in several class bodies, under each
 * name: Def.props). `__get__(self, obj, owner)`'s obj is an instance of the classes reading it.
 */
export function descriptors(ctx: PyCtx): void {
  const attrs = ctx.classAttrs;
  if (!attrs) return;
  const { facts } = ctx;
  for (const a of attrs) {
    const cls = facts.defs.findIndex((d) => d.kind === "class" && d.parent === -1 && d.name === a.cls);
    const getIndex = cls < 0 ? -1 : facts.defs.findIndex((d) => d.parent === cls && d.kind === "method" && d.name === "__get__");
    const get = getIndex < 0 ? undefined : facts.defs[getIndex]!;
    const list = facts.bindings.get(a.scope)?.get(a.name);
    // (A `@property` named __get__, or one marked as a getter otherwise, is left alone.)
    if (!get || (get.getter && get.prop === undefined) || !list || list.length !== a.index + 1) continue;
    list[a.index] = { root: { t: "def", start: get.start }, path: [] };
    if (!get.getter) Object.assign(get, { getter: true, prop: a.name });
    else if (get.prop !== a.name && !(get.props ??= []).includes(a.name)) get.props.push(a.name);
    // A data descriptor's `__set__(self, obj, value)`: `o.hook = f` gives it f (flow.ts pySetterValues).
    const set = facts.defs.find((d) => d.parent === cls && d.kind === "method" && d.name === "__set__");
    if (set && !set.getter && (!set.setter || set.prop !== undefined)) {
      if (!set.setter) Object.assign(set, { setter: true, prop: a.name });
      else if (set.prop !== a.name && !(set.props ??= []).includes(a.name)) set.props.push(a.name);
    }
    let obj: string | undefined;
    let ownerParam: string | undefined;
    for (const [name, refs] of facts.bindings.get(getIndex) ?? []) {
      if (refs.some((r) => r.root.t === "param" && r.root.index === 1)) obj = name;
      if (refs.some((r) => r.root.t === "param" && r.root.index === 2)) ownerParam = name;
    }
    const owner = facts.defs[a.scope];
    if (obj && owner?.kind === "class") addTo(facts.bindings, getIndex, obj, { root: { t: "call", callee: { root: { t: "def", start: owner.start }, path: [] } }, path: [] });
    // (`owner`, the third parameter, is the class: `owner.registry()` calls its classmethod.)
    if (ownerParam && owner?.kind === "class") addTo(facts.bindings, getIndex, ownerParam, { root: { t: "def", start: owner.start }, path: [] });
  }
  // A class of another module made in a class body (`data = Field()`, `Field` imported): a read of
  // the attribute runs Field's `__get__` when it has one (resolve-classes.ts ownMember); the names go to
  // graph.ts's getter names. And a `__get__` of a class at this module's top is a getter wherever
  // that class is made (another module's class body).
  for (const a of attrs) {
    if (facts.defs.some((d) => d.kind === "class" && d.parent === -1 && d.name === a.cls)) continue;
    if (!(facts.pyDescriptorAttrs ??= []).includes(a.name)) facts.pyDescriptorAttrs.push(a.name);
  }
}

/** `__get__` of a class at the module's top: a getter (what reading an attribute holding an instance gives). */
export function descriptorGetters(facts: FactsDraft): void {
  for (let i = 0; i < facts.defs.length; i++) {
    const d = facts.defs[i]!;
    if (d.kind !== "method" || d.name !== "__get__" || d.getter) continue;
    const cls = facts.defs[d.parent];
    if (cls?.kind === "class" && cls.parent === -1) d.getter = true;
  }
}
