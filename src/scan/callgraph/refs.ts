// References: what an expression names, as plain data that the project-wide resolver can
// follow later (`_.template` → name "_" with path ["template"]). Conversion walks member/call
// chains with a loop, never recursion, so absurdly long chains cannot blow the stack.
import type { Node, Tree } from "web-tree-sitter";
import { field } from "./fields.ts";
import { calleeNames } from "./queries.ts";
import { loopStrings } from "./facts-js.ts";

export type Root =
  | { t: "name"; name: string }
  | { t: "this" }
  /** Python `cls` in a classmethod: the class itself, not an instance. */
  | { t: "cls" }
  /** Python `super(B, self)`: `cls` names B, the class whose MRO successor is looked up (else the enclosing one). */
  | { t: "super"; cls?: string }
  /** JS specifier ("lodash", "./util") or Python module (".models", "yaml"). */
  | { t: "module"; spec: string }
  /** An inline function/class/object literal that is itself a definition (index in FileFacts.defs). */
  | { t: "def"; start: number }
  /** The value a call returns (instances of classes, builder objects of packages). */
  /** `or`: what the name means when the call's result is unknown (a decorated function). */
  /** `args`: Python `x = C(a)`, so the instance made there knows what its __init__ was given. */
  /** `sub`: Python `except E as e`, an instance of E or of any subclass (what was raised). */
  /** `op`: Python `a + b` read as `a.__add__(b)`, our method's result only (an operator is no call). */
  | { t: "call"; callee: Ref; or?: Ref; args?: { name: string | null; ref: Ref | null }[]; sub?: true; op?: true }
  /**
   * `typed`: a TypeScript annotation's class, standing for values we do not see (ours only).
   * `args`: JS `const x = new C(a)`, as a Python call's.
   */
  | { t: "new"; callee: Ref; typed?: true; args?: { name: string | null; ref: Ref | null }[] }
  /** A parameter of the function starting at `def`: bound by the arguments of its call sites. */
  | { t: "param"; def: number; index: number; name: string; default?: Ref; star?: "*" | "**" }
  /**
   * Either of several values (`a if c else b`, `a or b`). `found`: `getattr(o, "m", d)`, only the
   * first when that is a method of o's class (always there), else any.
   */
  /**
   * `present`: JS `const { a = d } = o`: refs[0] is o.a, refs[1] the default d, used only when
   * some value of o may lack a.
   */
  /**
   * `own`: Python `u.model_copy()`, `User.model_validate(d)` (a package base's copy or alternative
   * constructor): refs[0] (the call itself) when the method is one of ours, else refs[1] (u, `User()`).
   */
  | { t: "union"; refs: Ref[]; found?: true; merge?: true | "or"; present?: true; own?: true }
  /**
   * A dict/list/tuple/set literal: its items by key ("[0]", "[1]" for sequences, "[*]" unknown);
   * `length`: how many elements a sequence literal has, so `xs[-1]` and `xs[1:]` can be read.
   */
  | { t: "items"; items: { key: string; ref: Ref }[]; length?: number; of?: PyLiteral }
  /** A Python string literal: only its methods are named (`<**PyStr**>.join`). */
  | { t: "str" }
  /** Python `C.__subclasses__()`: a list of the classes whose bases name C. */
  | { t: "subclasses"; of: Ref }
  /**
   * The first `count` values bound to `name` in `scope` (from index `from`): `f = wrap(f)` reads
   * the earlier f; `p = f1; p = f2; p()` reads the last.
   */
  | { t: "prior"; scope: number; name: string; count: number; from?: number }
  /** A reference written in another scope (Python `global x` inside a function). */
  | { t: "scoped"; scope: number; ref: Ref }
  /**
   * What a DI container injects for a token (NestJS `@Inject(MAILER) m: Mailer`): the values of
   * every provider of that token in the project (`{ provide: MAILER, useClass: SmtpMailer }`).
   * `token`: "n:NAME" for a name or member (`MAILER`, `Tokens.MAILER`), "s:TEXT" for a string.
   */
  | { t: "provided"; token: string };

/** The builtin type of a Python literal, whose methods the pycg form names `<**PyDict**>.items`. */
export type PyLiteral = "dict" | "list" | "tuple" | "set";

export interface Ref {
  root: Root;
  path: string[];
}

/**
 * This file's Refs of whole expressions written as a bare name or dotted names (`f`, `self.x`),
 * by their text: made once per text rather than at each occurrence (three objects each; the
 * decoded facts share equal Refs anyway). Refs are never changed once made: fold extends only
 * the path of a Ref it has just made, and only when it has steps to apply.
 */
let byText = new Map<string, Ref>();
/** Python's: the same text is another Ref in JS (`super.m`). */
let pyByText = new Map<string, Ref>();

/** A new file: its Refs are its own, as decoding shares equal values only within a file. */
export function beginFile(): void {
  byText = new Map();
  pyByText = new Map();
  constKeys = null;
  constPairs = null;
  blockNames = null;
  localFunctions = null;
}

/** JS names the file itself declares a function or variable of (`function memo(fn) {}`). */
let localFunctions: Set<string> | null = null;

export function setLocalNames(names: Set<string> | null): void {
  localFunctions = names;
}

/** Whether the file itself declares the JS name (not a package's function of that name). */
export function declaresName(name: string): boolean {
  return localFunctions?.has(name) ?? false;
}

/** React's `createContext`/`useContext` (also `React.`), read by contextToken. */
export const REACT_CONTEXT_CALL = /^(?:React\.)?(?:create|use)Context$/;

/**
 * The token of a React context named by an expression (`AuthContext`, `contexts.Auth`), its last
 * name: `useContext(C)` is what `createContext(d)` and every `<C.Provider value={v}>` of the
 * project give (refs "provided" roots, matched by name as DI tokens are).
 */
export function contextToken(node: Node): string | null {
  if (node.type !== "identifier" && node.type !== "member_expression" && node.type !== "nested_identifier") return null;
  const m = /([\w$]+)$/.exec(node.text);
  return m ? `ctx:${m[1]}` : null;
}

/**
 * JS names a block declares over another binding of the name (`for (const step of fs) step()`
 * beside `function step`, `{ const pick = ...; pick() }`), by name: the blocks' ranges, and the
 * name an identifier in one means, `step\u0001<block start>` (facts.ts `blockShadows`).
 */
export interface BlockName {
  start: number;
  end: number;
  own: string;
}

let blockNames: Map<string, BlockName[]> | null = null;

export function setBlockNames(names: Map<string, BlockName[]> | null): void {
  blockNames = names;
}

/** The name an identifier binds or reads: its text, or its block's name for it. */
export function jsName(node: Node, text?: string): string {
  const name = text ?? node.text;
  const blocks = blockNames?.get(name);
  return blocks === undefined ? name : blockName(node, name, blocks);
}

const BLOCK_IDENTIFIERS = new Set(["identifier", "shorthand_property_identifier", "shorthand_property_identifier_pattern"]);
const FUNCTION_NODES = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function", "generator_function_declaration"]);

/**
 * The innermost block of `blocks` holding the identifier names it; but inside a function in that
 * block that takes a parameter of the name, the name stays plain (the parameter's binding is
 * made from the definition).
 */
function blockName(node: Node, name: string, blocks: BlockName[]): string {
  if (!BLOCK_IDENTIFIERS.has(node.type)) return name;
  const at = node.startIndex;
  let best: BlockName | null = null;
  for (const b of blocks) if (at >= b.start && at < b.end && (best === null || b.start >= best.start)) best = b;
  if (best === null) return name;
  for (let p = node.parent; p !== null && p.startIndex >= best.start; p = p.parent) {
    if (!FUNCTION_NODES.has(p.type)) continue;
    const params = field(p, "parameters") ?? field(p, "parameter");
    if (params && new RegExp(`(^|[^\\w$])${name.replace(/\$/g, "\\$")}([^\\w$]|$)`).test(params.text)) return name;
  }
  return best.own;
}

/** Whether a dotted chain starting at `at` with first name `name` may start with a block's name (read it node by node). */
function inBlock(name: string, at: number): boolean {
  const blocks = blockNames?.get(name);
  return blocks !== undefined && blocks.some((b) => at >= b.start && at < b.end);
}

/**
 * JS `const KEY = "run"` of the file being read, so `o[KEY]`, `{ [KEY]: f }` and `[KEY]() {}`
 * name member run (null: the name was given two strings in one block, or none). Filled as
 * declarators are read, each with the block it is declared in: a use sees the innermost
 * declaration whose block holds it (`const m = "reset"` in one function is not another's m).
 */
let constKeys: Map<string, ScopedConst<string>[]> | null = null;

interface ScopedConst<T> { start: number; end: number; value: T | null }

/** The block (function body, program, case) a `const` declarator at `node` is visible in. */
function constBlock(node: Node): Node {
  let block = node;
  for (let up = node.parent; up; up = up.parent) {
    block = up;
    const t = up.type;
    if (t === "statement_block" || t === "program" || t === "switch_case" || t === "switch_default" || t === "class_static_block") break;
  }
  return block;
}

function addScoped<T>(map: Map<string, ScopedConst<T>[]>, name: string, value: T, at: Node, same: (a: T, b: T) => boolean): void {
  const block = constBlock(at);
  const start = block.startIndex;
  const end = block.endIndex;
  const list = map.get(name);
  if (list === undefined) return void map.set(name, [{ start, end, value }]);
  const had = list.find((e) => e.start === start && e.end === end);
  if (had === undefined) list.push({ start, end, value });
  else if (had.value !== null && !same(had.value, value)) had.value = null;
}

/** The value of the innermost declaration of a name whose block holds `at`, else null. */
function scopedConst<T>(list: ScopedConst<T>[] | undefined, at: number): T | null {
  if (list === undefined) return null;
  let best: ScopedConst<T> | null = null;
  for (const e of list) if (at >= e.start && at < e.end && (best === null || e.start >= best.start)) best = e;
  return best === null ? null : best.value;
}

export function addConstKey(name: string, value: string, at: Node): void {
  addScoped(constKeys ??= new Map(), name, value, at, (a, b) => a === b);
}

/**
 * JS `const m = on ? "start" : "stop"` of the file being read (in any function), so `svc[m]()`
 * names either member (null: the name was declared twice in one block). Scoped as constKeys.
 */
let constPairs: Map<string, ScopedConst<[string, string]>[]> | null = null;
/** The two strings a `const m = c ? "a" : "b"` in scope at `at` holds, or null. */
function constPairOf(name: string, at: number): [string, string] | null {
  return constPairs !== null ? scopedConst(constPairs.get(name), at) : null;
}

export function addConstPair(name: string, keys: [string, string], at: Node): void {
  addScoped(constPairs ??= new Map(), name, keys, at, () => false);
}

/** `c ? "a" : "b"` as a computed key: both keys (each a literal or a file constant), else null. */
export function ternaryKeys(node: Node): [string, string] | null {
  const a = field(node, "consequence");
  const b = field(node, "alternative");
  const ka = a && staticKey(a);
  const kb = ka !== null && b ? staticKey(b) : null;
  return kb === null ? null : [ka!, kb];
}

/**
 * The string a `const` of the file holds, for a computed key written as that name (or a TS enum
 * member), or one `+` makes of such parts and string literals (`o["on" + name]`).
 */
export function constKey(node: Node, depth = 0): string | null {
  if (node.type === "member_expression") return enumKey(node);
  if (node.type === "binary_expression" && depth < 4 && field(node, "operator")?.type === "+") {
    const left = field(node, "left");
    const right = field(node, "right");
    const l = left && staticKey(left, depth + 1);
    const r = l !== null && right ? staticKey(right, depth + 1) : null;
    return r === null ? null : l + r;
  }
  return constKeys !== null && node.type === "identifier" ? scopedConst(constKeys.get(node.text), node.startIndex) : null;
}

/**
 * `"on_" + state` as a computed key whose end we cannot read: "[on_*]", any member named with that
 * prefix (resolve.ts prefixed); null when the left part is no literal or constant.
 */
function prefixKey(index: Node): string | null {
  if (field(index, "operator")?.type !== "+") return null;
  const left = field(index, "left");
  const head = left ? staticKey(left) : null;
  return head !== null && /^[\w$]+$/.test(head) ? `[${head}*]` : null;
}

/** A member name written as a string literal, or as what constKey() reads. */
export function staticKey(node: Node, depth = 0): string | null {
  return stringLiteral(node) ?? constKey(node, depth);
}

/** React's component wrappers, whose result renders the component they are given. */
const REACT_WRAPPERS = new Set(["memo", "React.memo", "forwardRef", "React.forwardRef"]);
/** React hooks returning the function they are given (`useCallback`) or what it returns (`useMemo`). */
const REACT_HOOKS = new Map([["useCallback", false], ["React.useCallback", false], ["useMemo", true], ["React.useMemo", true]]);

/** Values of the top-level TS enums (and const objects) of a file, by "Enum.Member" (read when a key first asks). */
const enumsByTree = new WeakMap<Tree, Map<string, string>>();

/**
 * `Action.Save` of `enum Action { Save = "save" }` (or of a numeric member, its number): the key
 * `{ [Action.Save]: save }` and `handlers[Action.Save]` name. Only enums declared at the top level.
 */
function enumKey(node: Node): string | null {
  const text = node.text;
  if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*){1,3}$/.test(text)) return null;
  const tree = node.tree;
  let values = enumsByTree.get(tree);
  if (!values) enumsByTree.set(tree, (values = enumValues(tree.rootNode)));
  return values.get(text) ?? importedKey(tree, text);
}

/** Per file: the names its top-level imports bind, and its source (importedKey). */
const importsByTree = new WeakMap<Tree, { names: Set<string>; source: string }>();

/**
 * `Event.Stop` of an enum (or constant object) imported from another file, whose value this file
 * cannot see: the key is its text, `[Event.Stop]`, when the file itself defines a member under
 * that computed key (`{ [Event.Stop]: onStop }`), so `handlers[Event.Stop]()` names that member
 * (an imported binding is constant: equal text, equal key). Otherwise none (a computed call).
 */
function importedKey(tree: Tree, text: string): string | null {
  let info = importsByTree.get(tree);
  if (!info) {
    const names = new Set<string>();
    for (const top of tree.rootNode.namedChildren) {
      if (top?.type !== "import_statement") continue;
      for (const clause of top.namedChildren) {
        if (clause?.type !== "import_clause") continue;
        for (const c of clause.namedChildren) {
          if (c?.type === "identifier") names.add(c.text);
          else if (c?.type === "namespace_import") {
            const id = c.namedChildren.find((x) => x?.type === "identifier");
            if (id) names.add(id.text);
          } else if (c?.type === "named_imports") {
            for (const spec of c.namedChildren) {
              const local = spec?.type === "import_specifier" ? (field(spec, "alias") ?? field(spec, "name")) : null;
              if (local) names.add(local.text);
            }
          }
        }
      }
    }
    importsByTree.set(tree, (info = { names, source: names.size > 0 ? tree.rootNode.text : "" }));
  }
  if (!info.names.has(text.slice(0, text.indexOf(".")))) return null;
  const key = `[${text}]`;
  // A definition under the key: `[Event.Stop]:` (a pair) or `[Event.Stop](` (a method), not a
  // subscript (`handlers[Event.Stop](`, right after a name, `)`, `]` or `?.`).
  for (let at = info.source.indexOf(key); at >= 0; at = info.source.indexOf(key, at + 1)) {
    if (at > 0 && /[\w$)\].]/.test(info.source[at - 1]!)) continue;
    if (/^\s*[:(]/.test(info.source.slice(at + key.length, at + key.length + 8))) return key;
  }
  return null;
}

function enumValues(root: Node, out = new Map<string, string>(), depth = 0): Map<string, string> {
  for (const top of root.namedChildren) {
    let child = top?.type === "export_statement" ? field(top, "declaration") : top;
    if (child?.type === "expression_statement") child = child.namedChild(0);
    // A TypeScript namespace's enums: `Http.Method.Get` from outside, `Method.Get` inside it.
    if (child?.type === "internal_module" && depth < 3) {
      const name = field(child, "name");
      const body = field(child, "body");
      if (name?.type === "identifier" && body) {
        const inner = enumValues(body, new Map(), depth + 1);
        for (const [k, v] of inner) {
          if (!out.has(k)) out.set(k, v);
          out.set(`${name.text}.${k}`, v);
        }
      }
      continue;
    }
    if (child?.type === "lexical_declaration") {
      constObjectValues(child, out);
      continue;
    }
    if (child?.type !== "enum_declaration") continue;
    const name = field(child, "name")?.text;
    const body = field(child, "body");
    if (!name || !body) continue;
    let next: number | null = 0;
    for (const m of body.namedChildren) {
      if (!m || out.size >= 1024) continue;
      const assigned = m.type === "enum_assignment";
      const key = assigned ? field(m, "name") : m;
      const value = assigned ? field(m, "value") : null;
      if (!key || (key.type !== "property_identifier" && key.type !== "string")) continue;
      let v: string | null = null;
      if (value?.type === "number" && /^\d+$/.test(value.text)) v = value.text;
      else if (value) v = stringLiteral(value);
      else if (next !== null) v = String(next);
      next = v !== null && /^\d+$/.test(v) ? Number(v) + 1 : null;
      if (v !== null) out.set(`${name}.${stringLiteral(key) ?? key.text}`, v);
    }
  }
  return out;
}

/**
 * `const Action = { Save: "save" }` (also `as const`, `Object.freeze({...})`) at a file's top
 * level: its members' strings (and integers) are keys as an enum's are (`handlers[Action.Save]()`).
 */
function constObjectValues(declaration: Node, out: Map<string, string>): void {
  if (field(declaration, "kind")?.text !== "const") return;
  for (const d of declaration.namedChildren) {
    if (d?.type !== "variable_declarator" || out.size >= 1024) continue;
    const name = field(d, "name");
    let value = field(d, "value");
    if (name?.type !== "identifier" || !value) continue;
    if (value.type === "as_expression" || value.type === "satisfies_expression") value = value.namedChild(0);
    if (value?.type === "call_expression" && field(value, "function")?.text === "Object.freeze") value = firstArgument(field(value, "arguments"));
    if (value?.type !== "object") continue;
    for (const pair of value.namedChildren) {
      if (pair?.type !== "pair" || out.size >= 1024) continue;
      const key = field(pair, "key");
      const v = field(pair, "value");
      if (!key || !v || (key.type !== "property_identifier" && key.type !== "string")) continue;
      const text = v.type === "number" && /^\d+$/.test(v.text) ? v.text : stringLiteral(v);
      if (text !== null) out.set(`${name.text}.${stringLiteral(key) ?? key.text}`, text);
    }
  }
}

/** Whether a def, class or plain assignment at the top of the module binds name before node. */
function pyTopDefines(node: Node, name: string): boolean {
  for (const c of node.tree.rootNode.namedChildren) {
    if (!c || c.endIndex > node.startIndex) break;
    const d = c.type === "decorated_definition" ? field(c, "definition") : c;
    if ((d?.type === "function_definition" || d?.type === "class_definition") && field(d, "name")?.text === name) return true;
    const a = d?.type === "expression_statement" ? d.namedChild(0) : null;
    if (a?.type === "assignment" && field(a, "left")?.text === name) return true;
  }
  return false;
}

function bareName(memo: Map<string, Ref>, name: string): Ref {
  let ref = memo.get(name);
  if (ref === undefined) memo.set(name, (ref = { root: { t: "name", name }, path: [] }));
  return ref;
}

/** Longest member/call chain we follow; longer chains are generated code, not worth resolving. */
const MAX_STEPS = 64;

type Step = { k: "member"; name: string } | { k: "call"; args?: { name: string | null; ref: Ref | null }[] } | { k: "new" };

/**
 * The module `importlib.import_module(name, package)` loads, when its name is literal: a relative
 * name against a literal package (`(".jobs", package="pkg")` is pkg.jobs; beyond its top, none)
 * or, with `__package__`, against the calling file's own (the relative spec as it is). Null when
 * that is not known.
 */
export function importModuleSpec(args: Node): string | null {
  const n = args.namedChildCount;
  const spec = n === 1 || n === 2 ? pyStaticString(args.namedChild(0)!) : null;
  if (spec === null || !/^\.*[A-Za-z_][\w.]*$/.test(spec)) return null;
  const dots = /^\.*/.exec(spec)![0].length;
  if (dots === 0) return spec;
  if (n !== 2) return null;
  let pkgNode = args.namedChild(1)!;
  if (pkgNode.type === "keyword_argument") {
    if (field(pkgNode, "name")?.text !== "package") return null;
    pkgNode = field(pkgNode, "value")!;
  }
  if (pkgNode.text === "__package__") return spec;
  const pkg = stringLiteral(pkgNode);
  if (pkg === null || !/^[A-Za-z_][\w.]*$/.test(pkg)) return null;
  const base = pkg.split(".");
  if (dots - 1 >= base.length) return null;
  const head = base.slice(0, base.length - (dots - 1)).join(".");
  return spec.length > dots ? `${head}.${spec.slice(dots)}` : head;
}

/** Top-level `NAME = "text"` of a Python module, assigned once there, by tree (read when first asked). */
const pyConstsByTree = new WeakMap<Tree, Map<string, string | null>>();

/**
 * A Python string literal, or a name the module binds once, at its top level, to one
 * (`PLUGIN = "plugins.csv"; import_module(PLUGIN)`). A name rebound anywhere else in the module
 * (assigned, `global`, a loop target) is not constant: null.
 */
export function pyStaticString(node: Node): string | null {
  // `NAMES["pg"]` of a top-level `NAMES = {"pg": "drivers.postgres", ...}` bound once, its items never stored.
  const sub = node.type === "subscript" ? field(node, "value") : null;
  const key = sub?.type === "identifier" ? field(node, "subscript") : null;
  const k = key ? stringLiteral(key) : null;
  if (node.type !== "identifier" && k === null) return stringLiteral(node);
  const tree = node.tree;
  let consts = pyConstsByTree.get(tree);
  if (!consts) pyConstsByTree.set(tree, (consts = pyConsts(tree.rootNode)));
  return consts.get(k !== null ? `${sub!.text}[${JSON.stringify(k)}]` : node.text) ?? null;
}

/**
 * `attrgetter("a.b")` (operator's), or a name the module binds once, at its top level, to one:
 * "a.b" (`itemgetter("k")`: "[k]").
 */
function pyAttrGetter(fn: Node): string | null {
  if (fn.type === "identifier") {
    const tree = fn.tree;
    let consts = pyConstsByTree.get(tree);
    if (!consts) pyConstsByTree.set(tree, (consts = pyConsts(tree.rootNode)));
    return consts.get(`${fn.text}[attrgetter]`) ?? null;
  }
  return fn.type === "call" ? attrGetterOf(fn) : null;
}

function attrGetterOf(call: Node): string | null {
  const maker = field(call, "function")?.text;
  // `itemgetter("k")` / `itemgetter(0)`: the item under that literal key ("[k]").
  if (maker === "itemgetter" || maker === "operator.itemgetter") {
    const args = field(call, "arguments");
    const key = args?.type === "argument_list" && args.namedChildCount === 1 ? pyKey(args.namedChild(0)!) : null;
    return key !== null && !key.includes(".") && key.length <= 64 ? `[${key}]` : null;
  }
  if (maker !== "attrgetter" && maker !== "operator.attrgetter") return null;
  const args = field(call, "arguments");
  const name = args?.type === "argument_list" && args.namedChildCount === 1 ? stringLiteral(args.namedChild(0)!) : null;
  return name !== null && /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(name) ? name : null;
}

function pyConsts(root: Node): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const top of root.namedChildren) {
    const a = top?.type === "expression_statement" ? top.namedChild(0) : null;
    if (a?.type !== "assignment" || out.size >= 256) continue;
    const left = field(a, "left");
    const right = field(a, "right");
    if (left?.type !== "identifier" || !right) continue;
    const text = stringLiteral(right);
    out.set(left.text, out.has(left.text) || text === null ? null : text);
    // `NAME = attrgetter("run")`: the attribute it reads, dropped below with NAME when rebound.
    const got = right.type === "call" ? attrGetterOf(right) : null;
    if (got !== null) out.set(`${left.text}[attrgetter]`, got);
    // A dict literal of string items: `NAME["k"]` entries, dropped below with NAME when it is no constant.
    if (right.type === "dictionary" && right.namedChildCount <= 64) {
      for (const pair of right.namedChildren) {
        const k = pair?.type === "pair" ? stringLiteral(field(pair, "key")!) : null;
        const v = k !== null ? stringLiteral(field(pair!, "value")!) : null;
        if (v !== null) out.set(`${left.text}[${JSON.stringify(k)}]`, v);
      }
    }
  }
  if (out.size === 0) return out;
  // A name bound anywhere else (`global NAME` then assigned, a loop, augmented) is no constant;
  // a dict whose items are stored (`NAME["k"] = v`, `NAME.update(...)`) has no constant items.
  const src = root.text;
  for (const name of out.keys()) {
    if (name.includes("[")) continue;
    const bound = new RegExp(`(?:^|[^\\w.])${name}\\s*(?:[-+*/%&|^@]|//|<<|>>|\\*\\*)?=(?!=)|\\bglobal\\b[^\\n]*\\b${name}\\b|\\bfor\\s+[^\\n]*\\b${name}\\b[^\\n]*\\bin\\b`, "gm");
    let count = 0;
    for (const _ of src.matchAll(bound)) if (++count > 1) break;
    const stored = new RegExp(`(?:^|[^\\w.])${name}\\s*(?:\\[[^\\]\\n]*\\]\\s*(?:[-+*/%&|^@]|//|<<|>>|\\*\\*)?=(?!=)|\\.(?:update|setdefault)\\b)`, "m");
    if (count !== 1) out.set(name, null);
    if (count !== 1 || stored.test(src)) for (const k of out.keys()) if (k.startsWith(`${name}[`)) out.set(k, null);
  }
  return out;
}

const LOOPS = new Set(["while_statement", "do_statement", "for_statement", "for_in_statement"]);
const LOOP_BOUNDARIES = new Set(["function_declaration", "function_expression", "arrow_function", "generator_function", "generator_function_declaration", "method_definition", "program", "class_body"]);

/** Whether `node` runs in a loop of its function (condition, update or body). */
function inLoop(node: Node): boolean {
  for (let n = node.parent, depth = 0; n && depth < 32; n = n.parent, depth++) {
    const type = n.type;
    if (LOOPS.has(type)) return true;
    if (LOOP_BOUNDARIES.has(type)) return false;
  }
  return false;
}

/** Per file and class: the strings each `this.x` is assigned in the class, by x (attributeStrings). */
const attrsByTree = new WeakMap<Node["tree"], Map<number, Map<string, string[] | null>>>();

/**
 * `this[this.state]()` in a class whose code sets `this.state` only to string literals
 * (`this.state = "idle"`, a field `state = "idle"`): those strings (at most 16).
 */
function attributeStrings(member: Node): string[] | null {
  if (field(member, "object")?.type !== "this") return null;
  const property = field(member, "property");
  if (property?.type !== "property_identifier") return null;
  let body: Node | null = null;
  for (let n = member.parent, depth = 0; n && depth < 32; n = n.parent, depth++) {
    const type = n.type;
    if (type === "class_body") { body = n; break; }
    if (type === "function_declaration" || type === "function_expression" || type === "generator_function" || type === "program") return null;
  }
  if (!body) return null;
  const tree = member.tree;
  let classes = attrsByTree.get(tree);
  if (!classes) attrsByTree.set(tree, (classes = new Map()));
  let attrs = classes.get(body.startIndex);
  if (!attrs) {
    attrs = new Map();
    const add = (name: string, value: Node | null): void => {
      const k = value ? stringLiteral(value) : null;
      const list = attrs!.get(name);
      if (k === null || list === null || (list && list.length >= 16)) attrs!.set(name, null);
      else if (!list) attrs!.set(name, [k]);
      else if (!list.includes(k)) list.push(k);
    };
    for (const a of body.descendantsOfType("assignment_expression")) {
      const left = a ? field(a, "left") : null;
      if (left?.type !== "member_expression" || field(left, "object")?.type !== "this") continue;
      const name = field(left, "property");
      if (name?.type === "property_identifier") add(name.text, field(a!, "right"));
    }
    for (const f of body.namedChildren) {
      if (f?.type !== "field_definition" && f?.type !== "public_field_definition") continue;
      const name = field(f, "property") ?? field(f, "name");
      if (name?.type === "property_identifier") add(name.text, field(f, "value"));
    }
    classes.set(body.startIndex, attrs);
  }
  return attrs.get(property.text) ?? null;
}

/** Per file: its function declarations by name (returnedStrings). */
const functionsByTree = new WeakMap<Node["tree"], Map<string, Node | null>>();

/**
 * `engine[pick(n)]()` with `function pick(kind) { switch (kind) { case 1: return "start"; default:
 * return "stop"; } }` of the file: the strings its returns give (each return a string literal, at most 16).
 */
function returnedStrings(call: Node): string[] | null {
  const callee = field(call, "function");
  if (callee?.type !== "identifier") return null;
  const tree = call.tree;
  let fns = functionsByTree.get(tree);
  if (!fns) {
    fns = new Map();
    for (const f of tree.rootNode.descendantsOfType("function_declaration")) {
      const name = f ? field(f, "name")?.text : undefined;
      // (A name declared twice: not read.)
      if (name !== undefined) fns.set(name, fns.has(name) ? null : f!);
    }
    functionsByTree.set(tree, fns);
  }
  const fn = fns.get(callee.text);
  if (!fn) return null;
  const keys: string[] = [];
  for (const r of fn.descendantsOfType("return_statement")) {
    let owner = r?.parent ?? null;
    while (owner && !LOOP_BOUNDARIES.has(owner.type)) owner = owner.parent;
    if (!r || owner?.startIndex !== fn.startIndex) continue;
    const value = r.namedChild(0);
    const k = value ? stringLiteral(value) : null;
    if (k === null || keys.length >= 16) return null;
    if (!keys.includes(k)) keys.push(k);
  }
  return keys.length > 0 ? keys : null;
}

/**
 * `` `on${type}` `` as a computed key whose substitutions are names holding known strings (a
 * file constant, a loop's or a parameter's strings: loopStrings): each string it makes (at most 16).
 */
function templateKeys(node: Node): string[] | null {
  let out = [""];
  for (const child of node.namedChildren) {
    if (!child) continue;
    const type = child.type;
    if (type === "string_fragment" || type === "escape_sequence") out = out.map((k) => k + child.text);
    else if (type === "template_substitution") {
      const expr = child.namedChild(0);
      if (expr?.type !== "identifier") return null;
      const one = constKey(expr);
      const parts = one !== null ? [one] : loopStrings(expr);
      if (!parts || out.length * parts.length > 16) return null;
      out = out.flatMap((k) => parts.map((p) => k + p));
    } else return null;
  }
  return out.length > 0 && out.every((k) => /^[\w$]+$/.test(k)) ? out : null;
}

/** The literal text of a string node without substitutions, or null. */
export function stringLiteral(node: Node): string | null {
  if (node.type === "string" || node.type === "template_string") {
    let text = "";
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === "string_fragment" || child.type === "string_content") text += child.text;
      else if (child.type === "escape_sequence") text += child.text;
      else if (child.type === "string_start" || child.type === "string_end") continue;
      else return null; // template substitution, f-string interpolation
    }
    return text;
  }
  return null;
}

const JS_WRAPPERS = new Set([
  "parenthesized_expression", "await_expression", "as_expression", "satisfies_expression",
  "non_null_expression", "type_assertion",
]);
const JS_DEF_LITERALS = new Set([
  "function_expression", "arrow_function", "generator_function", "class", "object",
]);

/**
 * JavaScript/TypeScript expression → Ref (null when nothing static can be said). `dotted`: read
 * plain dotted member chains from their text (false: walk every node, for tests to compare);
 * `type`, `text`: the expression's type and text when the caller has read them.
 */
export function jsRef(expr: Node, defStarts: Set<number>, dotted = true, type?: string, text?: string): Ref | null {
  // A bare name (the most common reference) makes no list of steps.
  type ??= expr.type;
  if (type === "identifier" || type === "shorthand_property_identifier") return bareName(byText, blockNames === null ? text ?? expr.text : jsName(expr, text));
  const steps: Step[] = [];
  let node: Node | null = expr;
  // The type and text of `node` when already read (a call's callee): each read crosses into WASM.
  let known: string | null = type ?? null;
  let knownText: string | null = text ?? null;
  while (node && steps.length <= MAX_STEPS) {
    const t: string = known ?? node.type;
    const text = knownText;
    known = knownText = null;
    if (t === "identifier" || t === "shorthand_property_identifier") {
      const name = blockNames === null ? text ?? node.text : jsName(node, text ?? undefined);
      return steps.length === 0 ? bareName(byText, name) : fold({ t: "name", name }, steps);
    } else if (t === "this") {
      return fold({ t: "this" }, steps);
    } else if (t === "super") {
      return fold({ t: "super" }, steps);
    } else if (t === "member_expression" || t === "nested_identifier") {
      // A chain written as plain dotted names (`a.b.c`, `this.x.y`) is read from its text: one
      // crossing into WASM instead of four per member (property, its text, object, its type).
      // (Not when its first name is a block's: `step.run` in the block, read node by node.)
      const chainText = dotted ? text ?? node.text : null;
      const chain = chainText !== null && (blockNames === null || !inBlock(/^[\w$]*/.exec(chainText)![0], node.startIndex)) ? dottedChain(node, steps, chainText) : null;
      if (chain) return chain;
      const prop = field(node, "property");
      if (!prop) return null;
      steps.push({ k: "member", name: prop.text });
      node = field(node, "object");
    } else if (t === "subscript_expression") {
      // `o["k"]` names member k; `a[0]` item 0; any other index may name every item of an array
      // literal (`[*]`), never a named member (those are dynamic sites).
      const index = field(node, "index");
      const key = index ? staticKey(index) : null;
      // `o[c ? "stop" : "start"]`: either member.
      const indexType = key === null && steps.length < MAX_STEPS - 8 ? index?.type : undefined;
      // `handlers[method]` with method a loop's string or a parameter every call gives a string (loopStrings).
      const either = indexType === "ternary_expression" ? ternaryKeys(index!)
        : indexType === "identifier" ? constPairOf(index!.text, index!.startIndex) ?? loopStrings(index!)
        : indexType === "template_string" ? templateKeys(index!)
        : indexType === "call_expression" ? returnedStrings(index!)
        : indexType === "member_expression" ? attributeStrings(index!) : null;
      if (either) {
        const of = field(node, "object");
        const base = of ? jsRef(of, defStarts, dotted) : null;
        if (!base) return null;
        const refs = either.map((k): Ref => ({ root: base.root, path: [...base.path, k] }));
        return fold({ t: "union", refs }, steps);
      }
      // `xs[Symbol.iterator]`: the iterator method (of our iterable, or an array's own: not an item).
      const symbol = key === null && index?.type === "member_expression" ? index.text : null;
      const named = symbol === "Symbol.iterator" || symbol === "Symbol.asyncIterator" ? `[${symbol}]` : null;
      // `this["on_" + state]`: any member whose name starts with the literal prefix ("[on_*]").
      const prefix = key === null && named === null && index?.type === "binary_expression" ? prefixKey(index) : null;
      steps.push({ k: "member", name: key ?? named ?? prefix ?? (index?.type === "number" ? `[${index.text}]` : "[*]") });
      node = field(node, "object");
    } else if (t === "array") {
      return steps.length > MAX_STEPS - 8 ? null : fold(jsItems(node, defStarts), steps);
    } else if (t === "call_expression") {
      const callee = field(node, "function");
      const calleeType = callee ? callee.type : null;
      // Read once: an identifier may be `require`, any callee `Object.create`/`Object.assign`.
      const calleeText = callee && calleeType !== "import" ? callee.text : null;
      const spec = callee ? requireSpecifier(node, callee, calleeType!, calleeText) : null;
      if (spec !== null) return fold({ t: "module", spec }, steps);
      const either = callee && steps.length < MAX_STEPS - 8 ? eitherModule(node, callee, calleeType!, calleeText) : null;
      if (either) return foldRef(either, steps);
      if (!callee || calleeType === "import") return null;
      // `Object.create(proto)` has proto's members; `Object.assign(target, mixin)` returns the
      // target, now holding the mixin's members too.
      // `Object.getPrototypeOf(a)` of a lower-case name (an instance, not a class or `C.prototype`,
      // whose prototype is its base's): what a's members come from, read as a itself (an instance's
      // prototype has its class's methods: `Object.create(Object.getPrototypeOf(a))` copies a's kind).
      // `while ((t = queue.shift())) t()`: in a loop, `xs.shift()` / `xs.pop()` gives any item, not
      // the first / last the literal wrote.
      if (calleeType === "member_expression" && (calleeText!.endsWith(".shift") || calleeText!.endsWith(".pop")) && steps.length < MAX_STEPS - 8 &&
        field(node, "arguments")?.namedChildCount === 0 && inLoop(node)) {
        const of = field(callee!, "object");
        if (of?.type === "identifier" || of?.type === "member_expression") {
          steps.push({ k: "member", name: "[*]" });
          node = of;
          continue;
        }
      }
      if ((calleeText === "Object.getPrototypeOf" || calleeText === "Reflect.getPrototypeOf") && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        if (first?.type === "identifier" && /^[a-z_$]/.test(first.text)) {
          node = first;
          continue;
        }
      }
      if (calleeText === "Object.create" || calleeText === "Object.assign") {
        const args: Node | null = field(node, "arguments");
        const first = firstArgument(args);
        // (`const handlers = Object.create(null)`: a dictionary facts.ts made a def, as `{}`.)
        if (calleeText === "Object.create" && defStarts.has(node.startIndex)) return fold({ t: "def", start: node.startIndex }, steps);
        // `Object.create(proto, { run: { value: f } })`: proto's members and the descriptors' values.
        const second = calleeText === "Object.create" && first ? args!.namedChild(1) : null;
        if (second?.type === "object" && steps.length < MAX_STEPS - 8) {
          const items: { key: string; ref: Ref }[] = [];
          for (const pair of second.namedChildren) {
            if (pair?.type !== "pair" || items.length >= MAX_ITEMS) continue;
            const key = field(pair, "key");
            const name = key?.type === "property_identifier" ? key.text : key ? stringLiteral(key) : null;
            const desc = field(pair, "value");
            if (name === null || desc?.type !== "object") continue;
            for (const el of desc.namedChildren) {
              // (`{ get() {} }`, `{ get: function () {} }`: a getter or setter, facts.ts definedAccessor.)
              const elType = el?.type;
              const kind = elType === "pair" ? field(el!, "key")?.text : elType === "method_definition" ? field(el!, "name")?.text : undefined;
              if (kind !== "value" && kind !== "get" && kind !== "set") continue;
              const value = elType === "method_definition" ? null : field(el!, "value");
              const ref = value ? jsRef(value, defStarts, dotted) : defStarts.has(el!.startIndex) ? { root: { t: "def", start: el!.startIndex }, path: [] } as Ref : null;
              if (ref) items.push({ key: name, ref });
            }
          }
          const proto = first!.type === "null" ? null : jsRef(first!, defStarts, dotted);
          if (items.length > 0) {
            const own: Ref = { root: { t: "items", items }, path: [] };
            return proto ? fold({ t: "union", refs: [proto, own] }, steps) : foldRef(own, steps);
          }
        }
        if (calleeText === "Object.create" && first) {
          node = first;
          continue;
        }
        // (`Object.assign({}, a, b)`: the literal, which facts.ts gives a's and b's members.)
        if (calleeText === "Object.assign" && first?.type === "object" && defStarts.has(first.startIndex)) {
          node = first;
          continue;
        }
        if (calleeText === "Object.assign" && first && steps.length < MAX_STEPS - 8) {
          const refs: Ref[] = [];
          for (const a of args!.namedChildren) {
            if (!a || a.type === "comment" || a.type === "spread_element" || refs.length >= 8) continue;
            const r = jsRef(a, defStarts, dotted);
            if (r) refs.push(r);
          }
          return refs.length > 0 ? fold({ t: "union", refs }, steps) : null;
        }
      }
      // `Promise.resolve(v)`: a promise of v, read as v (as `await` and `.then` read our promises),
      // when v says something (else the builtin's promise: `Promise.resolve(1).then(pick)`).
      // `Object.freeze(o)` (seal, preventExtensions) returns o itself.
      if ((calleeText === "Promise.resolve" || calleeText === "Object.freeze" || calleeText === "Object.seal" || calleeText === "Object.preventExtensions") && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const value = first ? jsRef(first, defStarts, dotted) : null;
        if (value) return foldRef(value, steps);
      }
      // `Reflect.get(o, "k")`: o's member k, as `o.k` reads it (a key we cannot read: no value).
      if (calleeText === "Reflect.get" && steps.length < MAX_STEPS - 8) {
        const args: Node | null = field(node, "arguments");
        const first = firstArgument(args);
        const second = first ? args!.namedChild(1) : null;
        const key = second ? staticKey(second) : null;
        const of = key !== null ? jsRef(first!, defStarts, dotted) : null;
        return of ? foldRef({ root: of.root, path: [...of.path, key!] }, steps) : null;
      }
      // `Promise.all([import("./a.js"), load()])`: the array of what each settles to, read as the
      // array (await reads our promises as their values); `Promise.race(xs)`/`any`: any item of it.
      if ((calleeText === "Promise.all" || calleeText === "Promise.race" || calleeText === "Promise.any") && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        // (Also an array named or made elsewhere: `const jobs = [a, b]; Promise.all(jobs)`.)
        const value = first && first.type !== "spread_element" ? jsRef(first, defStarts, dotted) : null;
        if (value) return foldRef(calleeText === "Promise.all" ? value : anyItem(value), steps);
      }
      // `Promise.allSettled([p, q])`: an array of `{ value, reason }` outcomes, value what each
      // settles to (read as the promise), reason any rejection's reason of the file (a name
      // facts.ts binds as a `catch (e)`'s: SETTLED_REASON).
      if (calleeText === "Promise.allSettled" && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const value = first ? jsRef(first, defStarts, dotted) : null;
        if (value) {
          const outcome = (ref: Ref): Ref => ({ root: { t: "items", items: [{ key: "value", ref }, { key: "reason", ref: { root: { t: "name", name: SETTLED_REASON }, path: [] } }] }, path: [] });
          const items = value.root.t === "items" && value.path.length === 0 && value.root.items.length <= MAX_ITEMS
            ? value.root.items.map((i) => ({ key: i.key, ref: outcome(i.ref) }))
            : [{ key: "[*]", ref: outcome(anyItem(value)) }];
          return fold({ t: "items", items }, steps);
        }
      }
      // React's `memo(C)` / `forwardRef(render)`: a component that renders C (`<Fast />` calls C),
      // beside what the call returns (a function of ours named so: `memo(fn)` of a memoiser).
      // (Not a memoiser of the file's own named memo: `function memo(fn) { return (k) => ... }`.)
      if (calleeText !== null && REACT_WRAPPERS.has(calleeText) && !localFunctions?.has(calleeText) && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const value = first ? jsRef(first, defStarts, dotted) : null;
        const fn = jsRef(callee, defStarts, dotted);
        if (value && fn) return fold({ t: "union", refs: [value, { root: { t: "call", callee: fn }, path: [] }] }, steps);
      }
      // React's `lazy(() => import("./Page"))`: a component rendering that module's default export.
      if ((calleeText === "lazy" || calleeText === "React.lazy") && !localFunctions?.has(calleeText) && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const body = first?.type === "arrow_function" ? field(first, "body") : null;
        const spec = body?.type === "call_expression" ? requireSpecifier(body) : null;
        // (`import("./x").then((m) => ({ default: m.Settings }))`: what the promise settles to.)
        const settled = spec === null && body?.type === "call_expression" && /^import\s*\(/.test(body.text) ? jsRef(body, defStarts, dotted) : null;
        const fn = jsRef(callee, defStarts, dotted);
        const rendered: Ref | null = spec !== null ? { root: { t: "module", spec }, path: ["default"] } : settled ? { root: settled.root, path: [...settled.path, "default"] } : null;
        if (rendered && fn) return fold({ t: "union", refs: [rendered, { root: { t: "call", callee: fn }, path: [] }] }, steps);
      }
      // React's `useCallback(f, deps)` is f, `useMemo(make, deps)` what make returns (a child
      // calling the memoised callback prop calls f; `actions.onSave()` of a memoised object).
      const hook = calleeText !== null && steps.length < MAX_STEPS - 8 ? REACT_HOOKS.get(calleeText) : undefined;
      if (hook !== undefined && !localFunctions?.has(calleeText!)) {
        const first = firstArgument(field(node, "arguments"));
        const value = first ? jsRef(first, defStarts, dotted) : null;
        if (value) return hook ? fold({ t: "call", callee: value }, steps) : foldRef(value, steps);
      }
      // `useContext(C)`: the value of C's providers (`<C.Provider value={v}>`, createContext's default).
      if ((calleeText === "useContext" || calleeText === "React.useContext") && !localFunctions?.has(calleeText) && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const token = first ? contextToken(first) : null;
        if (token) return fold({ t: "provided", token }, steps);
      }
      // `useRef(f)`: an object whose `current` holds f (`ref.current()`).
      if ((calleeText === "useRef" || calleeText === "React.useRef") && !localFunctions?.has(calleeText) && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const value = first ? jsRef(first, defStarts, dotted) : null;
        if (value) return fold({ t: "items", items: [{ key: "current", ref: value }] }, steps);
      }
      // `[].concat(fs)`: fs, items where they were; `xs.concat(ys, f)`: any item of each, or f.
      if (calleeType === "member_expression" && calleeText!.endsWith(".concat") && steps.length < MAX_STEPS - 8) {
        const receiver = field(callee, "object");
        const parts: Node[] = [];
        for (const a of field(node, "arguments")?.namedChildren ?? []) if (a && a.type !== "comment" && parts.length < 8) parts.push(a);
        if (receiver?.type === "array" && receiver.namedChildCount === 0 && parts.length === 1 && parts[0]!.type !== "spread_element") {
          const only = jsRef(parts[0]!, defStarts, dotted);
          return only ? foldRef(only, steps) : null;
        }
        const items: { key: string; ref: Ref }[] = [];
        for (const part of receiver ? [receiver, ...parts] : parts) {
          const inner = part.type === "spread_element" ? part.namedChild(0) : part;
          const r = inner && jsRef(inner, defStarts, dotted);
          if (!r) continue;
          items.push({ key: "[*]", ref: anyItem(r) });
          if (part !== receiver) items.push({ key: "[*]", ref: r });
        }
        return items.length > 0 ? fold({ t: "items", items }, steps) : null;
      }
      // `Object.fromEntries([["a", f]])`: an object whose member a is f (string keys of a literal list).
      if (calleeText === "Object.fromEntries" && steps.length < MAX_STEPS - 8) {
        const args: Node | null = field(node, "arguments");
        const first = firstArgument(args);
        if (first?.type !== "array") return null;
        const items: { key: string; ref: Ref }[] = [];
        for (const pair of first.namedChildren) {
          if (items.length >= MAX_ITEMS) break;
          const key = pair?.type === "array" ? pair.namedChild(0) : null;
          const name = key ? stringLiteral(key) : null;
          const value = name !== null && /^[A-Za-z_$][\w$]*$/.test(name) ? pair!.namedChild(1) : null;
          const ref = value ? jsRef(value, defStarts) : null;
          if (ref) items.push({ key: name!, ref });
        }
        return fold({ t: "items", items }, steps);
      }
      // `Array.from(it)` (no map function): an array of `it`'s items, what iterating it gives;
      // `Array.from(it, make)`: of what make returns (as `xs.map(make)`).
      if (calleeText === "Array.from" && steps.length < MAX_STEPS - 8) {
        const args: Node | null = field(node, "arguments");
        const first = firstArgument(args);
        // (`Array.from(it, make, obj)`: obj is `this` in make.)
        if (first && (args!.namedChildCount === 2 || args!.namedChildCount === 3)) {
          const second = args!.namedChild(1);
          const make = second ? callbackRef(second, defStarts) : null;
          return make ? fold({ t: "items", items: [{ key: "[*]", ref: { root: { t: "call", callee: make }, path: [] } }] }, steps) : null;
        }
        const of = first && args!.namedChildCount === 1 ? jsRef(first, defStarts, dotted) : null;
        if (!of) return null;
        return fold({ t: "items", items: [{ key: "[*]", ref: anyItem(of) }] }, steps);
      }
      // `Array.prototype.slice.call(arguments, 1)` / `[].slice.call(xs)`: an array of xs's items
      // (any of them: the start shifts positions).
      if ((calleeText === "Array.prototype.slice.call" || calleeText === "[].slice.call") && steps.length < MAX_STEPS - 8) {
        const first = firstArgument(field(node, "arguments"));
        const of = first ? jsRef(first, defStarts, dotted) : null;
        if (!of) return null;
        return fold({ t: "items", items: [{ key: "[*]", ref: anyItem(of) }] }, steps);
      }
      // `Array.of(a, b)`: an array of its arguments, by position.
      if (calleeText === "Array.of" && steps.length < MAX_STEPS - 8) {
        const items: { key: string; ref: Ref }[] = [];
        let i = 0;
        for (const a of field(node, "arguments")?.namedChildren ?? []) {
          if (!a || a.type === "comment") continue;
          if (a.type === "spread_element" || items.length >= MAX_ITEMS) return null;
          const r = jsRef(a, defStarts, dotted);
          if (r) items.push({ key: `[${i}]`, ref: r });
          i++;
        }
        return fold({ t: "items", items, length: i }, steps);
      }
      // `Object.values(o)`: o's members as items; `Object.entries(o)`: items whose [1] is one.
      if ((calleeText === "Object.values" || calleeText === "Object.entries") && steps.length < MAX_STEPS - 8) {
        const args: Node | null = field(node, "arguments");
        const first = firstArgument(args);
        const of = first ? jsRef(first, defStarts, dotted) : null;
        if (!of) return null;
        const each: Ref = { root: of.root, path: [...of.path, MEMBERS] };
        const item: Ref = calleeText === "Object.values" ? each : { root: { t: "items", items: [{ key: "[1]", ref: each }] }, path: [] };
        return fold({ t: "items", items: [{ key: "[*]", ref: item }] }, steps);
      }
      // `m.get("a")`: the key a literal names ("[a]"), so a Map's item stored under it is told apart.
      // `xs.at(-1)`: the integer a literal gives ("[-1]"), so an array's item is picked by position.
      const key = calleeType === "member_expression" && calleeText!.endsWith(".get") ? mapKey(field(node, "arguments"))
        : calleeType === "member_expression" && calleeText!.endsWith(".at") ? atIndex(field(node, "arguments")) : null;
      // `xs.map(make)`: the callback, so the items of the result are what it returns.
      // `p.then(f)`: likewise, what the promise it makes resolves to (resolve.ts).
      // `xs.flatMap(f)`: the items of what it returns; `fs.reduce(f, init)`: what it returns, or init.
      const reducer = key === null && calleeType === "member_expression" && (calleeText!.endsWith(".reduce") || calleeText!.endsWith(".reduceRight"));
      const mapper = key === null && calleeType === "member_expression" && (reducer || calleeText!.endsWith(".map") || calleeText!.endsWith(".flatMap") || calleeText!.endsWith(".then")) ? mapCallback(field(node, "arguments"), defStarts)
        // `container.resolve(Mailer)` / `app.get(UsersService)`: a DI container's lookup by class (resolve.ts).
        : key === null && calleeType === "member_expression" && (calleeText!.endsWith(".resolve") || calleeText!.endsWith(".get")) ? classToken(field(node, "arguments"))
        // `Reflect.construct(C, args)`: C (resolve.ts made(): an instance of it).
        : key === null && calleeText === "Reflect.construct" ? constructed(field(node, "arguments")) : null;
      // `p.then(f, g)`: either's result (resolve.ts); `p.catch(h)`: h's, or p's own value.
      const settled = key === null && calleeType === "member_expression" && (mapper ? calleeText!.endsWith(".then") : calleeText!.endsWith(".catch")) ? settleCallbacks(field(node, "arguments"), defStarts, mapper ? 2 : 1) : null;
      steps.push(key !== null ? { k: "call", args: [{ name: key, ref: null }] } : settled ? { k: "call", args: settled } : mapper ? { k: "call", args: reducer ? reducerArgs(mapper, field(node, "arguments"), defStarts) : [{ name: null, ref: mapper }] } : { k: "call" });
      node = callee;
      known = calleeType;
      knownText = calleeText;
    } else if (t === "new_expression") {
      const ctor: Node | null = field(node, "constructor");
      // The constructor's type and text are read once (each read crosses into WASM).
      const ctorType = ctor ? ctor.type : null;
      const ctorText = ctorType === "identifier" ? ctor!.text : null;
      const held = ctorText === "Set" || ctorText === "Map" ? heldItems(node, ctorText, defStarts) : null;
      if (held) return steps.length > MAX_STEPS - 8 ? null : fold(held, steps);
      // `new Promise((resolve) => resolve(f))`: a promise of f, read as f (as `Promise.resolve(f)`).
      const settled = ctorText === "Promise" && steps.length < MAX_STEPS - 8 ? executorValue(node, defStarts, dotted) : null;
      if (settled) return foldRef(settled, steps);
      steps.push({ k: "new" });
      node = ctor;
      known = ctorType;
      knownText = ctorText;
    } else if (t === "as_expression" || t === "satisfies_expression") {
      // `x as T` is x (the type is the last child, not the value).
      node = node.namedChild(0);
    } else if (t === "yield_expression" && node.child(1)?.type !== "*") {
      // `const q = yield`: what the generator's `it.next(v)` calls send (facts.ts binds GEN_SENT).
      return fold({ t: "name", name: GEN_SENT }, steps);
    } else if (t === "yield_expression" && node.namedChildCount === 1 && node.child(1)?.type === "*") {
      // `const r = yield* inner()`: what inner returns, the GEN_RETURN item of what calling it gives.
      steps.push({ k: "member", name: GEN_RETURN });
      node = node.namedChild(0);
    } else if (JS_WRAPPERS.has(t)) {
      node = node.namedChild(node.namedChildCount - 1);
    } else if (t === "sequence_expression") {
      node = node.namedChild(node.namedChildCount - 1);
    } else if (t === "ternary_expression" && steps.length > 0 && steps.length < MAX_STEPS - 8 && orNesting < 2) {
      // `(c ? log.warn : log.info).call(log)`, `(c ? a : b).run()`: the member of either operand
      // (a ternary that is the whole value is bound per operand: facts.ts eitherValue).
      const refs: Ref[] = [];
      orNesting++;
      for (const operand of [field(node, "consequence"), field(node, "alternative")]) {
        const r = operand && jsRef(operand, defStarts, dotted);
        if (r) refs.push(r);
      }
      orNesting--;
      return refs.length === 0 ? null : fold({ t: "union", refs }, steps);
    } else if (t === "assignment_expression" && EXPORTS_TARGET.test(field(node, "left")?.text ?? "")) {
      // `var api = module.exports = {}`: api is the module's exports (what `api.run = f` adds to).
      node = field(node, "left");
    } else if (t === "assignment_expression" && selfDefault(node)) {
      // `(h[k] = h[k] || [])` in `(h[k] = h[k] || []).push(f)`: h[k] either way.
      node = field(node, "left");
    } else if (t === "augmented_assignment_expression" || t === "binary_expression") {
      // `(x || [])`, `(x ?? {})`: x (the literal only stands in for it when empty); `(x ||= v)`,
      // `(x ??= v)`: x or v (`return (C._i ||= new C())`). Any other operator gives nothing, and
      // the operator is part of the text: one without `||` or `??` is read no further from WASM.
      if (!OR_TEXT.test(text ?? node.text)) return null;
      const op = field(node, "operator")?.text;
      const right = field(node, "right");
      const rt = right?.type;
      const assigns = op === "||=" || op === "??=";
      // `(o1 || o2).f()`: a member of either operand (names and members only).
      if (!assigns && (op === "||" || op === "??") && steps.length > 0 && !emptyLiteral(right) && !emptyAssignment(right)) {
        return eitherReceiver(field(node, "left"), right, steps, defStarts, dotted);
      }
      if (!(assigns || ((op === "||" || op === "??") && (emptyLiteral(right) || emptyAssignment(right))))) return null;
      const left: Node | null = field(node, "left");
      if (assigns && right && left && rt !== "array" && rt !== "object" && orNesting < 2 && steps.length < MAX_STEPS - 8) {
        orNesting++;
        const refs = [jsRef(left, defStarts, dotted), jsRef(right, defStarts, dotted)].filter((r): r is Ref => r !== null);
        orNesting--;
        return refs.length === 0 ? null : fold({ t: "union", refs }, steps);
      }
      node = left;
    } else if (JS_DEF_LITERALS.has(t)) {
      if (defStarts.has(node.startIndex)) return fold({ t: "def", start: node.startIndex }, steps);
      // An object literal that is no definition (`c ? { h: a } : { h: b }`): its members as items.
      const items = t === "object" && steps.length < MAX_STEPS - 8 ? objectItems(node, defStarts) : null;
      return items ? fold(items.root, steps) : null;
    } else {
      return null;
    }
  }
  return null;
}

const RECEIVER_OPERANDS = new Set(["identifier", "member_expression", "this"]);
/** Text that may hold the operators jsRef reads in a binary or augmented assignment (`||`, `??`, `||=`, `??=`). */
const OR_TEXT = /\|\||\?\?/;

/** `(a || b).f`: the steps read on either operand, when both are names or members (a ternary's: above). */
function eitherReceiver(a: Node | null, b: Node | null, steps: Step[], defStarts: Set<number>, dotted: boolean): Ref | null {
  if (!a || !b || !RECEIVER_OPERANDS.has(a.type) || !RECEIVER_OPERANDS.has(b.type) || orNesting >= 2 || steps.length >= MAX_STEPS - 8) return null;
  orNesting++;
  const refs = [jsRef(a, defStarts, dotted), jsRef(b, defStarts, dotted)].filter((r): r is Ref => r !== null);
  orNesting--;
  return refs.length === 0 ? null : fold({ t: "union", refs }, steps);
}

function emptyLiteral(node: Node | null): boolean {
  const t = node?.type;
  return (t === "array" || t === "object") && node!.namedChildCount === 0;
}

/** `x = x || []` (`?? {}`): the value is x either way. */
function selfDefault(node: Node): boolean {
  const right = field(node, "right");
  if (right?.type !== "binary_expression" || !emptyLiteral(field(right, "right"))) return false;
  const op = field(right, "operator")?.text;
  return (op === "||" || op === "??") && field(right, "left")?.text === field(node, "left")?.text;
}

/** `(x = [])` in `(x || (x = [])).push(f)`: the value is x either way. */
function emptyAssignment(node: Node | null): boolean {
  const inner = node?.type === "parenthesized_expression" ? node.namedChild(0) : null;
  return inner?.type === "assignment_expression" && emptyLiteral(field(inner, "right"));
}

/** `a.b.c`, `this.a`, `super.a` with nothing but ASCII names and dots between them. */
const DOTTED = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;
/** Roots that name a scope's value; any other word before a dot (`undefined`, `import`, `new`) is no identifier. */
const DOTTED_ROOTS = new Set(["this", "super"]);
const NOT_IDENTIFIERS = new Set(["true", "false", "null", "undefined", "import", "new", "function", "class", "async", "await", "yield", "typeof", "void", "delete", "in", "of", "instanceof", "let", "static", "get", "set", "export", "default"]);

/**
 * The Ref of a member chain written as dotted names, as the node-by-node walk of jsRef (pyRef
 * when `py`: one read of its text instead of four per attribute) would read it, or null when its
 * text is anything else (the walk then decides). Trees with errors always take the walk there: an
 * ERROR node may hold name-like text.
 */
function dottedChain(node: Node, steps: Step[], text: string, py = false): Ref | null {
  const memo = py ? pyByText : byText;
  const whole = steps.length === 0;
  // A text met before passed the test below (the memo's other texts, bare names, hold no dot and
  // are no member's text): in a tree without errors it is that Ref again.
  const hasError = treeHasError(node.tree);
  if (whole && !hasError) {
    const known = memo.get(text);
    if (known !== undefined) return known;
  }
  if (!(py ? PY_DOTTED : DOTTED).test(text) || (hasError && node.hasError)) return null;
  if (whole && hasError) {
    const known = memo.get(text);
    if (known !== undefined) return known;
  }
  const parts = text.split(".");
  const first = parts[0]!;
  if ((py ? PY_NOT_NAMES : NOT_IDENTIFIERS).has(first) || steps.length + parts.length - 1 > MAX_STEPS) return null;
  for (let i = parts.length - 1; i >= 1; i--) steps.push({ k: "member", name: parts[i]! });
  const root: Ref["root"] = py
    ? first === "self" ? { t: "this" } : first === "cls" ? { t: "cls" } : { t: "name", name: first }
    : DOTTED_ROOTS.has(first) ? (first === "this" ? { t: "this" } : { t: "super" }) : { t: "name", name: first };
  const ref = fold(root, steps);
  if (whole) memo.set(text, ref);
  return ref;
}

const treeErrors = new WeakMap<Tree, boolean>();

/** Whether a tree has an error anywhere (read once per tree: then no node of a clean tree needs asking). */
function treeHasError(tree: Tree): boolean {
  let has = treeErrors.get(tree);
  if (has === undefined) treeErrors.set(tree, (has = tree.rootNode.hasError));
  return has;
}

/** A JS array literal's elements as items "[0]", "[1]"... (nested arrays too, a few deep); spreads end it. */
function jsItems(node: Node, defStarts: Set<number>): Root {
  const items: { key: string; ref: Ref }[] = [];
  // Elements are converted with jsRef, which may meet arrays again (`[[f][0]]`): bounded.
  if (itemsDepth >= 4) return { t: "items", items };
  itemsDepth++;
  try {
    // Positions count commas, so holes (`[, , f]`) keep the later items' indexes.
    let index = 0;
    // How many positions the literal has (`xs.slice`-like `[a, ...rest]` patterns renumber from
    // it); unknown after a spread or past MAX_ITEMS.
    let length: number | undefined = 0;
    for (const child of node.children) {
      if (!child || items.length >= MAX_ITEMS) {
        length = undefined;
        break;
      }
      if (child.type === ",") index++;
      if (!child.isNamed || child.type === "comment") continue;
      // `[...xs, f]`: any item of xs, at a position no longer known (nor are the later ones').
      // (Cycles such as `acc = [...acc, x]` are resolved once: items are memoised questions,
      // resolve.ts item(); asked afresh each time they made typebox's assembly endless.)
      if (child.type === "spread_element") {
        length = undefined;
        const inner = child.namedChild(0);
        const ref = inner ? jsRef(inner, defStarts) : null;
        if (ref) items.push({ key: "[*]", ref: anyItem(ref) });
        continue;
      }
      if (length !== undefined) length = index + 1;
      const ref = jsRef(child, defStarts);
      if (ref) items.push({ key: length === undefined ? "[*]" : `[${index}]`, ref });
    }
    return length === undefined ? { t: "items", items } : { t: "items", items, length };
  } finally {
    itemsDepth--;
  }
}

let itemsDepth = 0;

/**
 * An object literal that is no definition (in an array literal, `[{ path, handler: home }]`, a
 * table; an operand of `c ? a : b` / `a || b`): its members as named items, so `route.handler()`
 * over the array finds them. The values that say something (names, functions, calls), at most
 * 16 members; nested with arrays' items (bounded alike).
 */
function objectItems(node: Node, defStarts: Set<number>): Ref | null {
  if (itemsDepth >= 4) return null;
  itemsDepth++;
  try {
    return objectMembers(node, defStarts);
  } finally {
    itemsDepth--;
  }
}

function objectMembers(node: Node, defStarts: Set<number>): Ref | null {
  const items: { key: string; ref: Ref }[] = [];
  for (const c of node.namedChildren) {
    if (!c || items.length >= 16) break;
    const t = c.type;
    if (t === "shorthand_property_identifier") {
      const name = c.text;
      items.push({ key: name, ref: bareName(byText, name) });
    } else if (t === "pair") {
      const key = field(c, "key");
      const value = field(c, "value");
      const keyType = key?.type;
      const k = keyType === "property_identifier" ? key!.text : keyType === "string" ? stringLiteral(key!) : null;
      const ref = k !== null && value ? jsRef(value, defStarts) : null;
      if (ref) items.push({ key: k!, ref });
    }
  }
  return items.length === 0 ? null : { root: { t: "items", items }, path: [] };
}

/** A list holding `ref` at an unknown position (what `xs.append(f)` adds to xs, what a generator yields). */
export function holding(ref: Ref): Ref {
  return { root: { t: "items", items: [{ key: "[*]", ref }] }, path: [] };
}

/**
 * The item key of what a JS generator returns (`return f`): `it.next().value` reads it as any
 * item, `yield* gen()` as a value reads it alone, a for-of loop or a spread not (resolve.ts).
 */
export const GEN_RETURN = "[return]";

/** The name a generator's `yield` expressions read: the values `it.next(v)` sends it (facts.ts). */
export const GEN_SENT = "\u0001sent";

/** Any item of what `ref` holds (`xs[*]`: an element of a list, a value of a dict). */
export function anyItem(ref: Ref): Ref {
  return { root: ref.root, path: [...ref.path, "[*]"] };
}

/** The path step of every member of an object literal (`Object.values(o)`); `o[k]()` is no such read. */
export const MEMBERS = "[members]";

/**
 * `new Set([f, g])`: the array's items; `new Map([["k", f]])`: the values (what `get`, `values`
 * and `forEach` give). Null for other constructors or arguments.
 */
function heldItems(node: Node, ctor: "Set" | "Map", defStarts: Set<number>): Root | null {
  const args = field(node, "arguments");
  const first = firstArgument(args);
  if (first?.type !== "array") return null;
  if (ctor === "Set") return jsItems(first, defStarts);
  const items: { key: string; ref: Ref }[] = [];
  for (const pair of first.namedChildren) {
    if (items.length >= MAX_ITEMS) break;
    const value = pair?.type === "array" ? pair.namedChild(1) : null;
    const ref = value ? jsRef(value, defStarts) : null;
    const keyNode = pair?.type === "array" ? pair.namedChild(0) : null;
    const keyRef = keyNode && literalKey(keyNode) === null ? jsRef(keyNode, defStarts) : null;
    if (ref) items.push({ key: literalKey(pair!.namedChild(0)) ?? "[*]", ref }, mapEntry(ref, keyRef));
    else if (keyRef) items.push(mapEntry(null, keyRef));
  }
  return { t: "items", items };
}

/**
 * A Map key written as a string or number literal, as an item key (`"a"` → "[a]", `1` → "[1]"),
 * or null (any other expression, or text that would read as another kind of key).
 */
export function literalKey(node: Node | null): string | null {
  if (!node) return null;
  // A TS enum member (`[[Op.Add, add]]`, `ops.get(Op.Add)`): its value, as constKey() reads it.
  if (node.type === "member_expression") {
    const k = enumKey(node);
    return k === null ? null : k.startsWith("[") ? k : /^[\w$./-]{1,64}$/.test(k) ? `[${k}]` : null;
  }
  const text = node.type === "number" ? node.text : stringLiteral(node);
  return text !== null && /^[\w$./-]{1,64}$/.test(text) ? `[${text}]` : null;
}

/**
 * What iterating a Map gives for a value stored in it: a `[key, value]` pair, kept as one more
 * item (`for (const [k, v] of m)` reads its "[1]"; `m.get(k)` does not see the "[entry]" key).
 * A key that is no literal (a function, an object: `m.set(handler, opts)`) is its "[0]", what
 * `m.keys()`, `for (const [k] of m)` and `m.forEach((v, k) => ...)` give.
 */
export function mapEntry(ref: Ref | null, key: Ref | null = null): { key: string; ref: Ref } {
  const items: { key: string; ref: Ref }[] = [];
  if (key) items.push({ key: "[0]", ref: key });
  if (ref) items.push({ key: "[1]", ref });
  return { key: MAP_ENTRY, ref: { root: { t: "items", items }, path: [] } };
}

export const MAP_ENTRY = "[entry]";

/** The name a file's rejection reasons are bound to for `Promise.allSettled` outcomes' `reason`. */
export const SETTLED_REASON = "\u0001reason";

/** The one argument of `m.get(...)` as an item key (literalKey), or null. */
function mapKey(args: Node | null): string | null {
  if (args?.type !== "arguments" || args.namedChildCount !== 1) return null;
  return literalKey(args.namedChild(0));
}

/** The one argument of `xs.at(...)` when an integer literal, maybe negative (`-1`), as "[-1]"; else null. */
function atIndex(args: Node | null): string | null {
  if (args?.type !== "arguments" || args.namedChildCount !== 1) return null;
  const text = args.namedChild(0)!.text.replace(/\s+/g, "");
  return /^-?\d{1,6}$/.test(text) ? `[${text}]` : null;
}

/**
 * What `new Promise(executor)` settles to: the names and function literals its executor hands
 * its first parameter (`resolve(f)`, also in a callback: `setTimeout(() => resolve(f))`; the first
 * 4 such calls, within 400 nodes of the executor); null when none.
 */
function executorValue(node: Node, defStarts: Set<number>, dotted: boolean): Ref | null {
  const executor = firstArgument(field(node, "arguments"));
  if (executor?.type !== "arrow_function" && executor?.type !== "function_expression") return null;
  const params = field(executor, "parameters") ?? field(executor, "parameter");
  const first = params?.type === "identifier" ? params : params?.namedChild(0);
  if (first?.type !== "identifier") return null;
  const name = first.text;
  const body = field(executor, "body");
  if (!body) return null;
  const refs: Ref[] = [];
  const stack: Node[] = [body];
  for (let seen = 0; stack.length > 0 && seen < 400 && refs.length < 4; seen++) {
    const n = stack.pop()!;
    if (n.type === "call_expression" && field(n, "function")?.text === name) {
      const arg = firstArgument(field(n, "arguments"));
      const t = arg?.type;
      const ref = t === "identifier" || t === "arrow_function" || t === "function_expression" || t === "member_expression" ? jsRef(arg!, defStarts, dotted) : null;
      if (ref) refs.push(ref);
      continue;
    }
    for (let i = n.namedChildCount - 1; i >= 0; i--) {
      const c = n.namedChild(i);
      if (c) stack.push(c);
    }
  }
  return refs.length === 0 ? null : refs.length === 1 ? refs[0]! : { root: { t: "union", refs }, path: [] };
}

/** A JS call's first argument (`args`: its `arguments` node), or null. */
export function firstArgument(args: Node | null): Node | null {
  return args?.type === "arguments" ? args.namedChild(0) : null;
}

/** The one argument of `c.resolve(X)` / `c.get(X)` when a CapWords name (a class, as DI containers take), or null. */
function classToken(args: Node | null): Ref | null {
  const first = firstArgument(args);
  if (!first || args!.namedChildCount !== 1 || first.type !== "identifier") return null;
  const name = first.text;
  return /^[A-Z][a-z]\w*$/.test(name) && /[a-z]/.test(name) ? bareName(byText, name) : null;
}

/** The first argument of `Reflect.construct(C, args)` when a name. */
function constructed(args: Node | null): Ref | null {
  const first = firstArgument(args);
  return first?.type === "identifier" ? bareName(byText, first.text) : null;
}

/** How deep `(a ||= (b ||= c))` operands are being read (each reads both sides: kept shallow). */
let orNesting = 0;

/** The callback of `xs.map(f)` / `xs.map((x) => ...)` / `p.then(f)` when a name, dotted names or a function literal. */
function mapCallback(args: Node | null, defStarts: Set<number>): Ref | null {
  const first = firstArgument(args);
  return first ? callbackRef(first, defStarts) : null;
}

/** `p.then(f, g)` (two callbacks) or `p.catch(h)` (one): the callbacks when each is one callbackRef reads; else null. */
function settleCallbacks(args: Node | null, defStarts: Set<number>, count: number): { name: null; ref: Ref }[] | null {
  const list = args?.namedChildren.filter((c) => c !== null && c.type !== "comment") ?? [];
  if (list.length !== count) return null;
  const out: { name: null; ref: Ref }[] = [];
  for (const a of list) {
    const ref = callbackRef(a!, defStarts);
    if (!ref) return null;
    out.push({ name: null, ref });
  }
  return out;
}

/** `fs.reduce(f, init)`: the callback, and the initial value when there is one (its ref null when not read). */
function reducerArgs(mapper: Ref, args: Node | null, defStarts: Set<number>): { name: string | null; ref: Ref | null }[] {
  const out: { name: string | null; ref: Ref | null }[] = [{ name: null, ref: mapper }];
  const rest = args?.namedChildren.filter((c) => c !== null && c.type !== "comment") ?? [];
  if (rest.length === 2) out.push({ name: null, ref: rest[1]!.type === "spread_element" ? null : jsRef(rest[1]!, defStarts) });
  return out;
}

/** A callback argument that is a name, a function literal or a dotted member; null for anything else. */
function callbackRef(first: Node, defStarts: Set<number>): Ref | null {
  const t = first.type;
  if (t === "identifier") return bareName(byText, first.text);
  if (t === "arrow_function" || t === "function_expression") return defStarts.has(first.startIndex) ? { root: { t: "def", start: first.startIndex }, path: [] } : null;
  if (t === "member_expression" && DOTTED.test(first.text)) return jsRef(first, defStarts);
  return null;
}

/** The left side of `module.exports = v` / `exports = v`. */
const EXPORTS_TARGET = /^(?:module\.)?exports$/;

let loadNames: ReadonlySet<string> | null = null;

/**
 * Whether a callee (its type, and its text when it is an identifier) loads a module: `import(x)`,
 * or a name of grammars/javascript/callees.scm's load pattern (`require`).
 */
export function loadsModule(calleeType: string, name: string | undefined): boolean {
  if (calleeType === "import") return true;
  return name !== undefined && calleeType === "identifier" && (loadNames ??= calleeNames("javascript", "load.call")).has(name);
}

/** `require("x")` / `import("x")` with a literal argument → "x"; otherwise null. */
export function requireSpecifier(
  call: Node,
  callee = field(call, "function"),
  calleeType = callee?.type,
  calleeText?: string | null,
): string | null {
  if (!callee || !loadsModule(calleeType!, calleeType === "identifier" ? (calleeText ?? callee.text) : undefined)) return null;
  const arg = field(call, "arguments")?.namedChild(0);
  return arg ? moduleSpecifier(arg) : null;
}

/**
 * The modules `require(x)` / `import(x)` may load: x's one specifier (moduleSpecifier), both of
 * `c ? "./a" : "./b"`, or the strings a loop's name takes (`for (const p of ["./a", "./b"])
 * await import(p)`: facts-js.ts loopStrings); null for anything else.
 */
export function moduleSpecifiers(arg: Node): string[] | null {
  const one = moduleSpecifier(arg);
  if (one !== null) return [one];
  const type = arg.type;
  if (type === "ternary_expression") return ternaryKeys(arg);
  return type === "identifier" ? loopStrings(arg) : null;
}

/** `require(c ? "./a" : "./b")` / `import(p)` of moduleSpecifiers' several modules: either; else null. */
function eitherModule(call: Node, callee: Node, calleeType: string, calleeText: string | null): Ref | null {
  if (!loadsModule(calleeType, calleeType === "identifier" ? (calleeText ?? undefined) : undefined)) return null;
  const arg = field(call, "arguments")?.namedChild(0);
  const specs = arg ? moduleSpecifiers(arg) : null;
  return specs && specs.length > 1 ? { root: { t: "union", refs: specs.map((spec): Ref => ({ root: { t: "module", spec }, path: [] })) }, path: [] } : null;
}

/**
 * A module's specifier written as a string literal, or as a `const` of the file holding one, or
 * as a path of this file's folder made of literals: `path.join(__dirname, "jobs.js")`,
 * `path.resolve(__dirname, "lib", "x")`, `__dirname + "/x.js"`, `` `${__dirname}/x.js` ``.
 */
export function moduleSpecifier(arg: Node): string | null {
  const type = arg.type;
  if (type === "identifier") return constKey(arg);
  const literal = stringLiteral(arg);
  if (literal !== null) return literal;
  return type === "call_expression" || type === "binary_expression" || type === "template_string" ? dirnameSpecifier(arg, type) : null;
}

/** `path.join(__dirname, "a", "b.js")` and its like (moduleSpecifier) as "./a/b.js"; null otherwise. */
function dirnameSpecifier(arg: Node, type: string): string | null {
  let parts: string[];
  if (type === "template_string") {
    const m = /^`\$\{__dirname\}\/([^`$\\]+)`$/.exec(arg.text);
    if (!m) return null;
    parts = [m[1]!];
  } else if (type === "binary_expression") {
    if (field(arg, "left")?.text !== "__dirname" || field(arg, "operator")?.text !== "+") return null;
    const s = stringLiteral(field(arg, "right")!);
    if (s === null || !s.startsWith("/")) return null;
    parts = [s];
  } else {
    const fn = field(arg, "function");
    const fnText = fn?.text;
    if (fnText !== "path.join" && fnText !== "path.resolve" && fnText !== "join" && fnText !== "resolve") return null;
    const args = field(arg, "arguments")?.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment") ?? [];
    if (args.length < 2 || args[0]!.text !== "__dirname") return null;
    parts = [];
    for (const a of args.slice(1)) {
      const s = stringLiteral(a);
      if (s === null) return null;
      parts.push(s);
    }
  }
  const rel = parts.map((x) => x.replace(/^\/+|\/+$/g, "")).filter((x) => x !== "" && x !== ".").join("/");
  if (rel === "" || /^[a-z][\w+.-]*:/i.test(rel)) return null;
  return rel.startsWith("..") ? rel : `./${rel}`;
}

/**
 * Python expression → Ref. `self`/`cls` name the enclosing class. `type`, `text`: the
 * expression's type and (for a name) text when already read (each read crosses into WASM).
 * `dotted`: read plain dotted attribute chains from their text (false: walk every node, for
 * tests to compare).
 */
export function pyRef(expr: Node, defStarts: Set<number>, nesting = 0, type?: string, text?: string, dotted = true): Ref | null {
  const steps: Step[] = [];
  let node: Node | null = expr;
  let known: string | null = type ?? null;
  let knownText: string | null = text ?? null;
  while (node && steps.length <= MAX_STEPS) {
    const t: string = known ?? node.type;
    const read = knownText;
    known = knownText = null;
    if (t === "identifier") {
      const name = read ?? node.text;
      if (name === "self") return fold({ t: "this" }, steps);
      if (name === "cls") return fold({ t: "cls" }, steps);
      if (name === "super" && steps.at(-1)?.k === "call") {
        steps.pop();
        // super(B, self): the MRO after B (a plain name), not after the class it is written in.
        const args = node.parent?.type === "call" ? field(node.parent, "arguments") : null;
        const first = args?.namedChildCount === 2 ? args.namedChild(0) : null;
        if (first?.type === "identifier" && args!.namedChild(1)?.type === "identifier") return fold({ t: "super", cls: first.text }, steps);
        return fold({ t: "super" }, steps);
      }
      return steps.length === 0 ? bareName(pyByText, name) : fold({ t: "name", name }, steps);
    } else if (t === "attribute") {
      // `self.__setup` in class Base reads `_Base__setup` (name mangling): the step is named
      // `__setup@Base` (resolve.ts member() looks it up in Base along the MRO, then as `__setup`).
      const owner = node.text.includes(".__") && PRIVATE_ATTR.test(node.text) ? manglingClass(node) : null;
      const chain = dotted && owner === null ? dottedChain(node, steps, read ?? node.text, true) : null;
      if (chain) return chain;
      const attr = field(node, "attribute");
      if (!attr) return null;
      const a = attr.text;
      steps.push({ k: "member", name: owner !== null && a.length > 2 && a.startsWith("__") && !a.endsWith("__") ? `${a}@${owner}` : a });
      node = field(node, "object");
    } else if (t === "call") {
      // getattr(obj, "name") is obj.name; type(obj) is obj.__class__.
      const fn = field(node, "function");
      const args = field(node, "arguments");
      if (fn?.text === "type" && args?.namedChildCount === 1) {
        steps.push({ k: "member", name: "__class__" });
        node = args.namedChild(0);
        continue;
      }
      // reduce(f, xs) gives what f returns (with two items or more, or a start value).
      if ((fn?.text === "reduce" || fn?.text === "functools.reduce") && args && args.namedChildCount >= 2 && nesting < MAX_NESTING) {
        const f = args.namedChild(0);
        const callee = f && f.type !== "keyword_argument" ? pyRef(f, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        return callee ? fold({ t: "call", callee }, steps) : null;
      }
      // map(f, xs) gives what f returns, item by item (itertools.starmap(f, pairs) too).
      const mapper = fn?.type === "identifier" ? fn.text === "map" || fn.text === "starmap" : fn?.text === "itertools.starmap";
      if (mapper && args && args.namedChildCount >= 2 && nesting < MAX_NESTING) {
        const f = args.namedChild(0);
        const callee = f && f.type !== "keyword_argument" ? pyRef(f, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (!callee) return null;
        return fold({ t: "items", items: [{ key: "[*]", ref: { root: { t: "call", callee }, path: [] } }] }, steps);
      }
      const method = fn?.type === "attribute" ? field(fn, "attribute")?.text : undefined;
      // functools.partial(f, ...) calls f (staticmethod(f) and property(f) are f too; iter(xs) has xs's items); importlib.import_module("a.b") is module a.b.
      const fnText = fn?.text;
      if ((fnText === "partial" || fnText === "functools.partial" || fnText === "staticmethod" || fnText === "classmethod" || fnText === "property" || (fnText === "iter" && args?.namedChildCount === 1)) && args?.namedChild(0) && args.namedChild(0)!.type !== "keyword_argument") {
        node = args.namedChild(0);
        continue;
      }
      // Standard-library calls whose result is (or, called, gives back) one of their arguments:
      // `typing.cast(T, x)` is x, `copy.copy(x)` / `copy.deepcopy(x)` a copy of x (read as x),
      // `weakref.proxy(x)` stands for x, `contextlib.closing(x)` / `nullcontext(x)` enter as x;
      // `weakref.ref(x)` / `WeakMethod(m)` give x / m back when called (an item "[()]");
      // `await asyncio.wait_for(coro, 1)` what coro gives (`async/p21_wait_for_method_result`).
      const std = fnText !== undefined && args && nesting < MAX_NESTING ? pyStdName(node.tree, fnText) : null;
      const same = std !== null ? PY_STD_SAME[std] : undefined;
      if (same !== undefined) {
        const a = args!.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
        if (a.length > same && a.every((c, i) => i > same || PY_PLAIN_ARG(c))) {
          const x = a[same]!;
          if (std === "weakref.ref" || std === "weakref.WeakMethod") {
            const r = pyRef(x, defStarts, nesting + 1, undefined, undefined, dotted);
            if (r) return fold({ t: "items", items: [{ key: "[()]", ref: r }] }, steps);
          } else {
            node = x;
            continue;
          }
        }
      }
      // `heapq.heappop(h)` / `heappushpop(h, x)` / `heapreplace(h, x)`: an item of the heap h (or x);
      // `heapq.nsmallest(n, xs)` / `nlargest(n, xs)`: a list of xs's items.
      const heap = std === "heapq.heappop" || std === "heapq.heappushpop" || std === "heapq.heapreplace" ? 0 : std === "heapq.nsmallest" || std === "heapq.nlargest" ? 1 : -1;
      if (heap >= 0 && args!.namedChildCount > heap && PY_PLAIN_ARG(args!.namedChild(heap)!)) {
        const h = pyRef(args!.namedChild(heap)!, defStarts, nesting + 1, undefined, undefined, dotted);
        const pushed = heap === 0 && args!.namedChildCount === 2 && PY_PLAIN_ARG(args!.namedChild(1)!) ? pyRef(args!.namedChild(1)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (h && heap === 1) return fold({ t: "items", items: [{ key: "[*]", ref: anyItem(h) }], of: "list" }, steps);
        if (h) return pushed ? fold({ t: "union", refs: [anyItem(h), pushed] }, steps) : foldRef(anyItem(h), steps);
      }
      // `itertools.tee(xs)`: a tuple of iterators over xs's items (`a, b = tee(fns)`: either
      // gives fns's items); `dict.fromkeys(keys, v)`: a dict whose every item is v.
      if (std === "itertools.tee" && args!.namedChildCount >= 1 && PY_PLAIN_ARG(args!.namedChild(0)!)) {
        const xs = pyRef(args!.namedChild(0)!, defStarts, nesting + 1, undefined, undefined, dotted);
        if (xs) return fold({ t: "items", items: [{ key: "[*]", ref: xs }], of: "tuple" }, steps);
      }
      if (fnText === "dict.fromkeys" && args && args.namedChildCount === 2 && PY_PLAIN_ARG(args.namedChild(0)!) && PY_PLAIN_ARG(args.namedChild(1)!) && nesting < MAX_NESTING) {
        const v = pyRef(args.namedChild(1)!, defStarts, nesting + 1, undefined, undefined, dotted);
        if (v) return fold({ t: "items", items: [{ key: "[*]", ref: v }], of: "dict" }, steps);
      }
      // `types.MethodType(f, obj)`: f, bound to obj (flow.ts passes obj as f's first parameter).
      if (std === "types.MethodType" && args!.namedChildCount === 2 && PY_PLAIN_ARG(args!.namedChild(0)!)) {
        node = args!.namedChild(0);
        continue;
      }
      // `types.SimpleNamespace(run=f)`: an object whose attribute run is f.
      if (std === "types.SimpleNamespace" && args!.namedChildCount >= 1 && steps.length <= MAX_STEPS - 8) {
        const items: { key: string; ref: Ref }[] = [];
        for (const a of args!.namedChildren) {
          if (a?.type !== "keyword_argument") return null;
          const k = field(a, "name");
          const v = field(a, "value");
          const r = k && v ? pyRef(v, defStarts, nesting + 1, undefined, undefined, dotted) : null;
          if (r && k) items.push({ key: k.text, ref: r });
        }
        return fold({ t: "items", items }, steps);
      }
      // `stack.enter_context(cm)` (contextlib's ExitStack): what cm's `__enter__` returns, as
      // `with cm as x` binds x (cm itself when that is a package's; what a `@contextmanager`
      // generator yields); `enter_async_context`: `__aenter__`.
      const entered = method === "enter_context" ? "__enter__" : method === "enter_async_context" ? "__aenter__" : null;
      if (entered && args?.namedChildCount === 1 && PY_PLAIN_ARG(args.namedChild(0)!) && nesting < MAX_NESTING) {
        const cm = pyRef(args.namedChild(0)!, defStarts, nesting + 1, undefined, undefined, dotted);
        if (cm && cm.path.length < MAX_STEPS - 8) {
          return fold({ t: "call", callee: { root: cm.root, path: [...cm.path, entered] }, or: cm }, steps);
        }
      }
      // `property(fget=getter, fset=setter)`: the getter, as `property(getter, setter)`.
      const fget = fnText === "property" ? args?.namedChildren.find((a) => a?.type === "keyword_argument" && field(a, "name")?.text === "fget") : undefined;
      if (fget && field(fget, "value")) {
        node = field(fget, "value");
        continue;
      }
      if (fn?.type === "attribute" && field(fn, "attribute")?.text === "__subclasses__" && args?.namedChildCount === 0 && nesting < MAX_NESTING) {
        const of = pyRef(field(fn, "object")!, defStarts, nesting + 1, undefined, undefined, dotted);
        if (of) return fold({ t: "subclasses", of }, steps);
      }
      // `p._replace(x=1)` (a namedtuple's) and `dataclasses.replace(obj, ...)`: a copy of the
      // instance, of its class (read as the instance itself); pydantic's `u.model_copy()` too.
      // (Unless the class defines that method itself: `def model_copy(self): return Published(...)`.)
      if (method === "_replace" || method === "model_copy") {
        const copied = nesting < MAX_NESTING ? pyRef(field(fn!, "object")!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        const called = copied ? pyRef(fn!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (copied && called) return fold({ t: "union", refs: [{ root: { t: "call", callee: called }, path: [] }, copied], own: true }, steps);
        node = field(fn!, "object");
        continue;
      }
      // A model's alternative constructors a package base gives (pydantic's
      // `User.model_validate(d)`, `parse_obj`, a NamedTuple's `Row._make(xs)`): an instance of the
      // class they are called on, as `User(...)` (`classes/pydantic_model_validate_classmethod_instance`).
      // (On a class's name or `cls` only: `self._make()` is a method of ours.)
      const receiver = fn?.type === "attribute" ? field(fn, "object") : null;
      if (method !== undefined && PY_BASE_CONSTRUCTORS.has(method) && nesting < MAX_NESTING && receiver &&
        ((receiver.type === "identifier" && (receiver.text === "cls" || /^[A-Z]\w*[a-z]\w*$/.test(receiver.text))) || (receiver.type === "attribute" && /^[A-Z]\w*[a-z]\w*$/.test(field(receiver, "attribute")?.text ?? "")))) {
        const of = pyRef(receiver, defStarts, nesting + 1, undefined, undefined, dotted);
        // (A classmethod of ours of that name, `Loader.parse_file(p)` returning a Document: what it returns.)
        const called = of ? pyRef(fn!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (of && called) return fold({ t: "union", refs: [{ root: { t: "call", callee: called }, path: [] }, { root: { t: "call", callee: of }, path: [] }], own: true }, steps);
        if (of) return fold({ t: "call", callee: of }, steps);
      }
      // (`attr.evolve(obj, ...)` / `attrs.evolve` likewise.)
      if ((fnText === "dataclasses.replace" || fnText === "attr.evolve" || fnText === "attrs.evolve" || (fnText === "replace" && importsDataclassReplace(node.tree))) && args?.namedChild(0) && PY_PLAIN_ARG(args.namedChild(0)!)) {
        node = args.namedChild(0);
        continue;
      }
      // list(xs), sorted(xs, key=k), set(xs), ...: a new container of xs's items; filter(p, xs):
      // xs's items; next(it) / next(it, d): an item of it (or d); itertools.chain(xs, ys): both's items.
      if (fnText !== undefined && args && nesting < MAX_NESTING && PY_ITEM_CALLS.has(fnText)) {
        // (`next(h for h in hs)`: the generator expression is the argument list.)
        const list = args.type === "generator_expression" ? [args] : args.namedChildren.filter((a): a is Node => a !== null && a.type !== "comment");
        const n = list.length;
        const plain = (a: Node): boolean => a.type !== "keyword_argument" && a.type !== "list_splat" && a.type !== "dictionary_splat";
        const passed = PY_ITEM_COPIES.has(fnText) ? 0 : fnText === "filter" ? 1 : -1;
        if (passed >= 0 && n > passed && list.every((a, i) => (i <= passed) === plain(a))) {
          // list/tuple of a literal or of items made by a builtin keep the order (`list(xs)[0]` is
          // xs[0]); the others give any item, in a list of ours (`list(pkg.keys()).sort()` is no
          // method of the package's value).
          const arg = list[passed]!;
          const argType = arg.type;
          if (PY_ORDERED_COPIES.has(fnText) && (PY_LITERAL_ITEMS.has(argType) ||
            (argType === "call" && PY_ITEM_MAKERS.has(field(arg, "function")?.text ?? "")))) {
            node = arg;
            continue;
          }
          const xs = pyRef(arg, defStarts, nesting + 1, argType, undefined, dotted);
          return xs ? fold({ t: "items", items: [{ key: "[*]", ref: anyItem(xs) }] }, steps) : null;
        }
        if (fnText === "next" && (n === 1 || n === 2) && list.every(plain)) {
          if (n === 2) {
            const it = pyRef(list[0]!, defStarts, nesting + 1, undefined, undefined, dotted);
            const other = pyRef(list[1]!, defStarts, nesting + 1, undefined, undefined, dotted);
            const refs = [...(it ? [anyItem(it)] : []), ...(other ? [other] : [])];
            return refs.length > 0 ? fold({ t: "union", refs }, steps) : null;
          }
          steps.push({ k: "member", name: "[*]" });
          node = list[0]!;
          continue;
        }
        // (`chain` imported from itertools: celery's `chain(a.s(), b.s())` is a package's value.)
        if ((fnText === "itertools.chain" || (fnText === "chain" && pyStdName(node.tree, "chain") === "itertools.chain")) && n >= 1 && n <= 8) {
          const items: { key: string; ref: Ref }[] = [];
          for (const a of list) {
            const r = plain(a) ? pyRef(a, defStarts, nesting + 1, undefined, undefined, dotted) : null;
            if (r) items.push({ key: "[*]", ref: anyItem(r) });
          }
          return fold({ t: "items", items }, steps);
        }
      }
      // max(xs, key=k) / min(xs): an item of xs (max(a, b) is mostly numbers: not read).
      if ((fnText === "max" || fnText === "min") && args && nesting < MAX_NESTING) {
        const pos = args.namedChildren.filter((a): a is Node => a !== null && a.type !== "comment" && a.type !== "keyword_argument");
        if (pos.length === 1 && pos[0]!.type !== "list_splat") {
          steps.push({ k: "member", name: "[*]" });
          node = pos[0]!;
          continue;
        }
      }
      // `globals().get("name")` (`vars()`, `locals()`): the name, as `globals()["name"]` is, or the
      // default given (`dynamic/p21_globals_get_literal_called`); `globals()` itself is a dict
      // (`<**PyDict**>.get`), whose items are not tracked otherwise.
      if (args && nesting < MAX_NESTING && (fnText === "globals" || fnText === "locals" || fnText === "vars") && args.namedChildCount === 0) {
        return fold({ t: "items", items: [], of: "dict" }, steps);
      }
      if (fn?.type === "attribute" && args && (args.namedChildCount === 1 || args.namedChildCount === 2) && nesting < MAX_NESTING && field(fn, "attribute")?.text === "get") {
        const obj = field(fn, "object");
        const scopeDict = obj?.type === "call" ? obj.text.replace(/\s+/g, "") : "";
        const key = scopeDict === "globals()" || scopeDict === "vars()" || scopeDict === "locals()" ? stringLiteral(args.namedChild(0)!) : null;
        if (key !== null && /^[A-Za-z_]\w*$/.test(key)) {
          const named: Ref = steps.length === 0 ? bareName(pyByText, key) : { root: { t: "name", name: key }, path: [] };
          // (No default when the module defines that name above: `dynamic/p23_globals_get_with_fallback`.)
          const dflt = args.namedChildCount === 2 && PY_PLAIN_ARG(args.namedChild(1)!) && !(scopeDict === "globals()" && pyTopDefines(node, key)) ? pyRef(args.namedChild(1)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
          return dflt ? fold({ t: "union", refs: [named, dflt] }, steps) : foldRef(named, steps);
        }
      }
      // dict(zip(ks, vs)): vs's items under keys not known; dict(k=f): item k; dict(d): d's items;
      // dict([("a", f), ...]) and OrderedDict([...]): item a is f (OrderedDict: the package's object too).
      const ordered = (fnText === "OrderedDict" || fnText === "collections.OrderedDict") && args?.namedChildCount === 1 && nesting < MAX_NESTING
        ? pyPairs(args.namedChild(0)!, defStarts, nesting, dotted) : null;
      if ((fnText === "dict" || ordered) && args && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
        const list = args.namedChildren.filter((a): a is Node => a !== null && a.type !== "comment");
        const pos = list.filter((a) => a.type !== "keyword_argument");
        if (pos.length <= 1 && pos.every((a) => a.type !== "list_splat" && a.type !== "dictionary_splat")) {
          const refs: Ref[] = [];
          const items: { key: string; ref: Ref }[] = [];
          const first = pos[0];
          const zipArgs = first?.type === "call" && field(first, "function")?.text === "zip" ? field(first, "arguments") : null;
          const pairs = ordered ?? (first && !zipArgs ? pyPairs(first, defStarts, nesting, dotted) : null);
          if (pairs) items.push(...pairs);
          else if (zipArgs) {
            const vs = zipArgs.namedChildCount === 2 ? zipArgs.namedChild(1)! : null;
            const r = vs && vs.type !== "keyword_argument" && vs.type !== "list_splat" ? pyRef(vs, defStarts, nesting + 1, undefined, undefined, dotted) : null;
            if (r) items.push({ key: "[*]", ref: anyItem(r) });
          } else if (first) {
            const r = pyRef(first, defStarts, nesting + 1, undefined, undefined, dotted);
            if (r) refs.push(r);
          }
          for (const kw of list) {
            if (kw.type !== "keyword_argument") continue;
            const k = field(kw, "name");
            const v = field(kw, "value");
            const r = k && v ? pyRef(v, defStarts, nesting + 1, undefined, undefined, dotted) : null;
            if (r) items.push({ key: `[${k!.text}]`, ref: r });
          }
          const made: Ref = { root: { t: "items", items, of: "dict" }, path: [] };
          if (ordered) {
            const callee = pyRef(fn!, defStarts, nesting + 1, undefined, undefined, dotted);
            return callee ? fold({ t: "union", refs: [made, { root: { t: "call", callee }, path: [] }] }, steps) : null;
          }
          return refs.length === 0 ? fold(made.root, steps) : fold({ t: "union", refs: items.length > 0 ? [made, ...refs] : refs }, steps);
        }
      }
      // itertools.islice(xs, ...) / takewhile(p, xs) / dropwhile(p, xs) / filterfalse(p, xs) /
      // compress(xs, sel) / cycle(xs): some of xs's items (cycle: all of them, again and again).
      const tool = fnText?.startsWith("itertools.") ? fnText.slice(10) : fnText;
      const slicer = tool === "islice" || fnText === "itertools.compress" ? 0
        : tool === "takewhile" || tool === "dropwhile" || tool === "filterfalse" ? 1 : tool === "cycle" ? 0 : -1;
      if (slicer >= 0 && args && args.namedChildCount >= (tool === "cycle" ? 1 : 2) && nesting < MAX_NESTING) {
        const from = args.namedChild(slicer)!;
        const xs = from.type !== "keyword_argument" && from.type !== "list_splat" ? pyRef(from, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (xs) return fold({ t: "items", items: [{ key: "[*]", ref: anyItem(xs) }] }, steps);
      }
      // itertools.chain.from_iterable(xss): the items of xss's items.
      if ((fnText === "itertools.chain.from_iterable" || fnText === "chain.from_iterable") && args?.namedChildCount === 1 && nesting < MAX_NESTING) {
        const first = args.namedChild(0)!;
        const xss = first.type !== "keyword_argument" && first.type !== "list_splat" ? pyRef(first, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        return xss ? fold({ t: "items", items: [{ key: "[*]", ref: anyItem(anyItem(xss)) }] }, steps) : null;
      }
      // defaultdict(f): the package's object, whose items not stored are what f returns.
      if ((fnText === "defaultdict" || fnText === "collections.defaultdict") && args && args.namedChildCount >= 1 && nesting < MAX_NESTING) {
        const first = args.namedChild(0)!;
        const f = first.type !== "keyword_argument" && first.type !== "list_splat" && first.type !== "none" ? pyRef(first, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        const callee = f ? pyRef(fn!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (f && callee) {
          // (`defaultdict(list)` / dict / set: an empty literal of that type, whose methods are builtins.)
          const lit = first.type === "identifier" ? first.text : "";
          const fresh: Ref = lit === "list" || lit === "dict" || lit === "set" ? { root: { t: "items", items: [], of: lit }, path: [] } : { root: { t: "call", callee: f }, path: [] };
          const items: Ref = { root: { t: "items", items: [{ key: "[*]", ref: fresh }] }, path: [] };
          return fold({ t: "union", refs: [items, { root: { t: "call", callee }, path: [] }] }, steps);
        }
      }
      // `await asyncio.gather(a(), b())`: a list of what each awaitable gives, in their places
      // (`fa, fb = await gather(...)`: fa is what a() gives). (The call is still a call of asyncio.gather.)
      if (fnText === "asyncio.gather" && args && args.namedChildCount >= 1 && args.namedChildCount <= MAX_ITEMS && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
        const items: { key: string; ref: Ref }[] = [];
        let placed = true;
        let i = 0;
        for (const a of args.namedChildren) {
          if (!a || a.type === "comment" || a.type === "keyword_argument") continue;
          const inner = a.type === "list_splat" ? a.namedChild(0) : a;
          const r = inner ? pyRef(inner, defStarts, nesting + 1, undefined, undefined, dotted) : null;
          if (a.type === "list_splat") placed = false;
          if (r) items.push({ key: a.type === "list_splat" ? "[*]" : `[${i}]`, ref: a.type === "list_splat" ? anyItem(r) : r });
          i++;
        }
        return fold(placed ? { t: "items", items, length: i, of: "list" } : { t: "items", items, of: "list" }, steps);
      }
      // ChainMap(a, b): the package's object, holding the maps' items, an earlier map's key winning
      // (as `{**b, **a}`).
      if ((fnText === "ChainMap" || fnText === "collections.ChainMap") && args && args.namedChildCount >= 1 && args.namedChildCount <= 8 && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
        const maps: Ref[] = [];
        for (const a of args.namedChildren) {
          if (!a || a.type === "comment") continue;
          const r = a.type !== "keyword_argument" && a.type !== "list_splat" ? pyRef(a, defStarts, nesting + 1, undefined, undefined, dotted) : null;
          if (!r) return null;
          maps.unshift(r);
        }
        const callee = pyRef(fn!, defStarts, nesting + 1, undefined, undefined, dotted);
        if (callee) return fold({ t: "union", refs: [{ root: { t: "union", refs: maps, merge: "or" }, path: [] }, { root: { t: "call", callee }, path: [] }] }, steps);
      }
      // deque(xs): the package's object (its methods keep their names) holding xs's items.
      if ((fnText === "deque" || fnText === "collections.deque") && args?.namedChildCount === 1 && nesting < MAX_NESTING) {
        const first = args.namedChild(0)!;
        const xs = first.type !== "keyword_argument" && first.type !== "list_splat" ? pyRef(first, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        const callee = xs ? pyRef(fn!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (xs && callee) {
          const items: Ref = { root: { t: "items", items: [{ key: "[*]", ref: anyItem(xs) }] }, path: [] };
          return fold({ t: "union", refs: [items, { root: { t: "call", callee }, path: [] }] }, steps);
        }
      }
      if (fnText === "importlib.import_module" || fnText === "import_module") {
        const spec = args ? importModuleSpec(args) : null;
        if (spec !== null) return fold({ t: "module", spec }, steps);
        // `for name in ("plugins.a", "plugins.b"): import_module(name)`: either module.
        // (`import_module(f"exporters.{name}")` / `"exporters." + name` in such a loop: those modules.)
        const looped = args?.namedChildCount === 1 ? pyModuleNamesOf(args.namedChild(0)!)?.names : null;
        if (looped) return fold({ t: "union", refs: looped.map((m) => ({ root: { t: "module", spec: m }, path: [] })) }, steps);
      }
      // `importlib.reload(m)` gives the module m back.
      if ((fnText === "importlib.reload" || fnText === "reload") && args?.namedChildCount === 1 && args.namedChild(0)!.type === "identifier" && nesting < MAX_NESTING) {
        const m = pyRef(args.namedChild(0)!, defStarts, nesting + 1, undefined, undefined, dotted);
        if (m) return foldRef(m, steps);
      }
      // `__import__("a.b")` loads a.b and gives the top-level module a; with a non-empty fromlist
      // (`fromlist=["run"]`, the fourth argument) a.b itself.
      if (fnText === "__import__" && args && args.namedChildCount >= 1) {
        const spec = pyStaticString(args.namedChild(0)!);
        const fromlist = args.namedChildren.find((a, i) => a?.type === "keyword_argument" ? field(a, "name")?.text === "fromlist" : i === 3);
        const list = fromlist?.type === "keyword_argument" ? field(fromlist, "value") : fromlist;
        const whole = !!list && (list.type === "list" || list.type === "tuple" ? list.namedChildCount > 0 : list.type !== "none");
        if (spec !== null && /^[A-Za-z_][\w.]*$/.test(spec)) return fold({ t: "module", spec: whole ? spec : spec.split(".")[0]! }, steps);
      }
      // `d.get("k")` / `d.pop("k")`: the item under key k (or under a key not known; resolve.ts).
      // `super().__new__(cls)` / `object.__new__(cls)` / `Base.__new__(cls)`: an instance of cls,
      // what calling cls would make (a singleton's `cls._inst = super().__new__(cls)`).
      if (method === "__new__" && args && args.namedChildCount >= 1 && nesting < MAX_NESTING) {
        const first = args.namedChild(0)!;
        const c = first.type === "identifier" || first.type === "attribute" ? pyRef(first, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (c) return fold({ t: "call", callee: c }, steps);
      }
      if ((method === "get" || method === "pop") && args?.namedChildCount === 1 && nesting < MAX_NESTING) {
        const k = stringLiteral(args.namedChild(0)!);
        const callee = k !== null ? pyRef(fn!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (callee) return fold({ t: "call", callee, args: [{ name: `[${pyKey(args.namedChild(0)!)}]`, ref: null }] }, steps);
      }
      // `d.get(k, default)` / `d.pop(k, default)` / `d.setdefault(k, default)`: an item of d, or the default (a function, a lambda, a name).
      if ((method === "get" || method === "pop" || method === "setdefault") && args?.namedChildCount === 2 && nesting < MAX_NESTING) {
        const dflt = args.namedChild(1)!;
        if (dflt.type === "identifier" || dflt.type === "attribute" || dflt.type === "lambda") {
          const callee = pyRef(fn!, defStarts, nesting + 1, undefined, undefined, dotted);
          const other = pyRef(dflt, defStarts, nesting + 1, undefined, undefined, dotted);
          // The key, when literal, rides as the first argument's name (resolve.ts `collGet`).
          const key = pyKey(args.namedChild(0)!);
          if (callee && other) return fold({ t: "call", callee, args: [{ name: key === null ? null : `[${key}]`, ref: null }, { name: null, ref: other }] }, steps);
        }
      }
      // dataclasses `field(default_factory=F)`: the attribute holds what F() makes (`default=v`: v);
      // attrs' `attrs.field(factory=F)` / `attr.ib(factory=F)` likewise.
      if ((fnText === "field" || fnText === "dataclasses.field" || fnText === "attrs.field" || fnText === "attr.field" || fnText === "attr.ib" || fnText === "attr.attrib") && args && nesting < MAX_NESTING) {
        for (const a of args.namedChildren) {
          const named = a?.type === "keyword_argument" ? field(a, "name")?.text : undefined;
          const key = named === "factory" ? "default_factory" : named;
          const v = key === "default_factory" || key === "default" ? field(a!, "value") : null;
          // (`default_factory=list` / dict / set: an empty literal of that type, whose methods are builtins.)
          const lit = key === "default_factory" && v?.type === "identifier" ? v.text : "";
          if (lit === "list" || lit === "dict" || lit === "set") return fold({ t: "items", items: [], of: lit }, steps);
          const r = v ? pyRef(v, defStarts, nesting + 1, undefined, undefined, dotted) : null;
          if (r) return key === "default" ? foldRef(r, steps) : fold({ t: "call", callee: r }, steps);
        }
      }
      // `d.get("k")`: the key rides as the argument's name (resolve.ts: the items stored under it).
      if (fn?.type === "attribute" && args?.namedChildCount === 1 && field(fn, "attribute")?.text === "get" && nesting < MAX_NESTING) {
        const key = pyKey(args.namedChild(0)!);
        const callee = key !== null ? pyRef(fn, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (callee) return fold({ t: "call", callee, args: [{ name: `[${key}]`, ref: null }] }, steps);
      }
      // `names, fns = zip(*pairs)` (unzip): tuples whose items are any part of any pair.
      const splat = fnText === "zip" && args?.namedChildCount === 1 && args.namedChild(0)!.type === "list_splat" ? args.namedChild(0)!.namedChild(0) : null;
      if (splat && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
        const xs = pyRef(splat, defStarts, nesting + 1, undefined, undefined, dotted);
        if (!xs) return null;
        const part: Ref = { root: { t: "items", items: [{ key: "[*]", ref: anyItem(anyItem(xs)) }], of: "tuple" }, path: [] };
        return fold({ t: "items", items: [{ key: "[*]", ref: part }] }, steps);
      }
      // enumerate(xs) / zip(xs, ys): pairs of (index, an item of xs) / (an item of xs, one of ys).
      // itertools.product(xs, ys) / zip_longest(xs, ys, fillvalue=f): tuples of an item of each (or f).
      const tupled = fnText === "zip" || std === "itertools.product" || std === "itertools.zip_longest";
      if ((fnText === "enumerate" || tupled) && args && args.namedChildCount >= 1 && args.namedChildCount <= 4 && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
        const pair: { key: string; ref: Ref }[] = [];
        const fillArg = std === "itertools.zip_longest" ? args.namedChildren.find((a) => a?.type === "keyword_argument" && field(a, "name")?.text === "fillvalue") : undefined;
        const fillValue = fillArg ? field(fillArg, "value") : null;
        const fill = fillValue && fillValue.type !== "none" ? pyRef(fillValue, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        for (let i = 0; i < args.namedChildCount; i++) {
          const a = args.namedChild(i)!;
          const r = a.type === "keyword_argument" || a.type === "list_splat" || a.type === "comment" ? null : pyRef(a, defStarts, nesting + 1, undefined, undefined, dotted);
          if (r) pair.push({ key: `[${fnText === "enumerate" ? i + 1 : i}]`, ref: fill ? { root: { t: "union", refs: [anyItem(r), fill] }, path: [] } : anyItem(r) });
          if (fnText === "enumerate") break;
        }
        return fold({ t: "items", items: [{ key: "[*]", ref: { root: { t: "items", items: pair, of: "tuple" }, path: [] } }] }, steps);
      }
      const name = fnText === "getattr" && args ? args.namedChild(1) : null;
      const attr = name ? stringLiteral(name) : null;
      // `getattr(o, "name", default)`: o.name, or the default.
      const fallback = attr !== null && args?.namedChildCount === 3 && nesting < MAX_NESTING ? pyRef(args.namedChild(2)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
      const object = fallback ? pyRef(args!.namedChild(0)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
      if (fallback && object) return fold({ t: "union", refs: [{ root: object.root, path: [...object.path, attr!] }, fallback], found: true }, steps);
      if (attr !== null && args) {
        steps.push({ k: "member", name: attr });
        node = args.namedChild(0);
        continue;
      }
      // `getattr(self, "visit_" + kind, self.generic_visit)` / `getattr(self, f"do_{cmd}")`: the
      // methods whose names start so (a member "visit_*", resolve.ts), or the default.
      const prefix = name && attr === null && args && (args.namedChildCount === 2 || args.namedChildCount === 3) && nesting < MAX_NESTING ? pyNamePrefix(name) : null;
      const prefixOf = prefix !== null && PY_PLAIN_ARG(args!.namedChild(0)!) ? pyRef(args!.namedChild(0)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
      if (prefixOf && prefixOf.path.length < MAX_STEPS - 8) {
        const third = args!.namedChildCount === 3 ? args!.namedChild(2)! : null;
        const dflt = third && PY_PLAIN_ARG(third) && third.type !== "none" ? pyRef(third, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        // (`"to_" + fmt` with fmt a parameter every call passes a literal: `to_csv`, `to_json` only.)
        const suffix = pyNameSuffix(name!);
        const suffixes = suffix ? pyParamNames(suffix) : null;
        const found: Ref[] = suffixes ? suffixes.map((n) => ({ root: prefixOf.root, path: [...prefixOf.path, `${prefix}${n}`] })) : [{ root: prefixOf.root, path: [...prefixOf.path, `${prefix}*`] }];
        return fold({ t: "union", refs: dflt ? [...found, dflt] : found }, steps);
      }
      // `for name in ("start", "stop"): getattr(o, name)()`: o.start or o.stop.
      // (`def control(svc, action): getattr(svc, action)()` with every call `control(s, "start")`
      // passing a literal: o.start or o.stop, those only.)
      const looped = name && args?.namedChildCount === 2 && nesting < MAX_NESTING ? pyLoopStrings(name) ?? pyParamNames(name) : null;
      const from = looped ? pyRef(args!.namedChild(0)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
      if (looped && from) return fold({ t: "union", refs: looped.map((n) => ({ root: from.root, path: [...from.path, n] })) }, steps);
      // `attrgetter("run")(obj)` (or a top-level `get = attrgetter("run")` bound once, then
      // `get(obj)`): obj.run; a dotted name climbs (`attrgetter("a.b")`: obj.a.b).
      const got = fn && args?.namedChildCount === 1 ? pyAttrGetter(fn) : null;
      const of = got !== null ? args!.namedChild(0)! : null;
      if (of && of.type !== "keyword_argument" && of.type !== "list_splat" && of.type !== "dictionary_splat") {
        const parts = got!.split(".");
        for (let i = parts.length - 1; i >= 0; i--) steps.push({ k: "member", name: parts[i]! });
        node = of;
        continue;
      }
      steps.push({ k: "call" });
      node = fn;
    } else if (t === "subscript") {
      // `d["k"]` / `l[0]` name one item ("[k]", "[0]"); any other index may name every item ("[*]").
      const index = field(node, "subscript");
      // `globals()["name"]` is the module's name.
      const value = field(node, "value");
      // So is `vars()["name"]`, and `locals()["name"]` the function's own; `for name in ("a", "b"):
      // globals()[name]` either name; `vars(mod)["name"]` is mod.name.
      const scopeDict = value?.type === "call" && index ? value.text.replace(/\s+/g, "") : "";
      if (scopeDict === "globals()" || scopeDict === "vars()" || scopeDict === "locals()") {
        const key = stringLiteral(index!);
        if (key !== null && /^[A-Za-z_]\w*$/.test(key)) return steps.length === 0 ? bareName(pyByText, key) : fold({ t: "name", name: key }, steps);
        const looped = nesting < MAX_NESTING ? pyLoopStrings(index!) : null;
        if (looped) return fold({ t: "union", refs: looped.map((n) => bareName(pyByText, n)) }, steps);
      }
      // `Ops.__dict__["add"]`: the class's (or object's) own attribute add (`dynamic/p23_class_dict_lookup_called_with_instance`).
      if (value?.type === "attribute" && index?.type === "string" && field(value, "attribute")?.text === "__dict__" && nesting < MAX_NESTING) {
        const key = stringLiteral(index);
        const obj = field(value, "object");
        const of = key !== null && /^[A-Za-z_]\w*$/.test(key) && obj ? pyRef(obj, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (of) return foldRef({ root: of.root, path: [...of.path, key!] }, steps);
      }
      if (value?.type === "call" && index && field(value, "function")?.text === "vars" && nesting < MAX_NESTING) {
        const args = field(value, "arguments");
        const key = stringLiteral(index);
        const of = key !== null && /^[A-Za-z_]\w*$/.test(key) && args?.namedChildCount === 1 && args.namedChild(0)!.type !== "keyword_argument"
          ? pyRef(args.namedChild(0)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (of) return foldRef({ root: of.root, path: [...of.path, key!] }, steps);
      }
      // `sys.modules[__name__].f` / `getattr(sys.modules[__name__], "f")`: the module's own f.
      if (value?.type === "attribute" && index?.text === "__name__" && field(value, "attribute")?.text === "modules" && field(value, "object")?.text === "sys") {
        const last = steps.at(-1);
        if (last?.k === "member" && /^[A-Za-z_]\w*$/.test(last.name)) {
          steps.pop();
          return steps.length === 0 ? bareName(pyByText, last.name) : fold({ t: "name", name: last.name }, steps);
        }
      }
      // `sys.modules["a.b"]`: module a.b (loaded by an import elsewhere).
      if (value?.type === "attribute" && index?.type === "string" && field(value, "attribute")?.text === "modules" && field(value, "object")?.text === "sys") {
        const spec = stringLiteral(index);
        if (spec !== null && /^[A-Za-z_][\w.]*$/.test(spec)) return fold({ t: "module", spec }, steps);
      }
      // `xs[1:3]` with literal bounds is a slice of the items ("[1:3]"), read where they are known.
      const slice = index?.type === "slice" && /^(-?\d+)?:(-?\d+)?(?::(-?\d+)?)?$/.test(index.text.replace(/\s+/g, "")) ? index.text.replace(/\s+/g, "") : null;
      steps.push({ k: "member", name: `[${slice ?? (index && (pyKey(index) ?? pyConstantKey(index))) ?? "*"}]` });
      node = value;
    } else if (t === "conditional_expression" || t === "boolean_operator") {
      // Both branches; nested ones (`a if c else b if d else e`) and, of a conditional, tuple and
      // list literals with items (`(a, b) if c else (b, a)`), within the nesting bound (no
      // recursion on hostile chains). (Not `x or []`, `y if c else {}`: tried, an empty literal's
      // value beside a parameter's lost real edges of pip's rich.)
      const branches = t === "boolean_operator"
        ? [field(node, "left"), field(node, "right")]
        : [node.namedChild(0), node.namedChild(2)];
      const refs: Ref[] = [];
      for (const b of branches) {
        if (!b) continue;
        if ((b.type === "conditional_expression" || b.type === "boolean_operator") && nesting >= MAX_NESTING - 1) continue;
        if (PY_ITEMS.has(b.type) && (t !== "conditional_expression" || (b.type !== "tuple" && b.type !== "list") || b.namedChildCount === 0 || nesting >= MAX_NESTING - 1)) continue;
        const r = pyRef(b, defStarts, nesting + 1, undefined, undefined, dotted);
        if (r) refs.push(r);
      }
      return refs.length > 0 ? fold({ t: "union", refs }, steps) : null;
    } else if (t === "unary_operator" && PY_UNARY[field(node, "operator")?.type ?? ""] && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
      // `-Vec(1)`: what our `__neg__` returns (`+`: `__pos__`, `~`: `__invert__`; no call, as binary operators).
      const arg = field(node, "argument");
      if (!arg || !PY_OPERAND.has(arg.type)) return null;
      const a = pyRef(arg, defStarts, nesting + 1, undefined, undefined, dotted);
      return a && a.path.length < MAX_STEPS - 8 ? fold({ t: "call", callee: { root: a.root, path: [...a.path, PY_UNARY[field(node, "operator")!.type]!] }, op: true }, steps) : null;
    } else if (t === "binary_operator") {
      // `xs + [f]`: the items of both lists (only with a list literal: most `+` are numbers and strings).
      const left = node.namedChild(0);
      const right = node.namedChild(1);
      const op = field(node, "operator")?.type;
      const seq = (n: Node | null): boolean => n?.type === "list" || n?.type === "tuple";
      // `[f] * 3`: f at every position.
      if (op === "*" && nesting < MAX_NESTING && (seq(left) || seq(right)) && steps.length <= MAX_STEPS - 8) {
        const side = seq(left) ? left! : right!;
        const r = pyRef(side, defStarts, nesting + 1, undefined, undefined, dotted);
        return r ? fold({ t: "items", items: [{ key: "[*]", ref: anyItem(r) }], of: side.type === "list" ? "list" : "tuple" }, steps) : null;
      }
      // `base | extra` (dicts, Python 3.9): extra's keys replace base's, as `{**base, **extra}`;
      // sets: the items of both. Other values (`re.I | re.M`, numbers) are no items (resolve.ts).
      const operand = (n: Node | null): boolean => n !== null && PY_OR_OPERANDS.has(n.type);
      if (op === "|" && nesting < MAX_NESTING && operand(left) && operand(right) && steps.length <= MAX_STEPS - 8) {
        const refs: Ref[] = [];
        for (const side of [left!, right!]) {
          const r = pyRef(side, defStarts, nesting + 1, undefined, undefined, dotted);
          if (!r) return null;
          refs.push(r);
        }
        const merged: Root = { t: "union", refs, merge: "or" };
        // `Step(a) | Step(b)`: also what our `__or__` returns (a pipeline), beside the dicts' merge.
        const piped = left!.type === "call" ? refs[0]! : null;
        return fold(piped && piped.path.length < MAX_STEPS - 8 ? { t: "union", refs: [{ root: merged, path: [] }, { root: { t: "call", callee: { root: piped.root, path: [...piped.path, "__or__"] }, op: true }, path: [] }] } : merged, steps);
      }
      // `Vec(1) + Vec(2)`: what our `__add__` returns (no call: operators are no edges).
      const dunder = op ? PY_OPERATORS[op] : undefined;
      if (dunder && !seq(left) && !seq(right) && left && PY_OPERAND.has(left.type) && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
        const l = pyRef(left, defStarts, nesting + 1, undefined, undefined, dotted);
        return l && l.path.length < MAX_STEPS - 8 ? fold({ t: "call", callee: { root: l.root, path: [...l.path, dunder] }, op: true }, steps) : null;
      }
      // `1 + Total(2)`: a literal's operator gives way to our right operand's reflected `__radd__`.
      if (dunder && left && PY_LITERAL_OPERAND.has(left.type) && right && PY_OPERAND.has(right.type) && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
        const r = pyRef(right, defStarts, nesting + 1, undefined, undefined, dotted);
        return r && r.path.length < MAX_STEPS - 8 ? fold({ t: "call", callee: { root: r.root, path: [...r.path, `__r${dunder.slice(2)}`] }, op: true }, steps) : null;
      }
      if (nesting >= MAX_NESTING || (!seq(left) && !seq(right)) || op !== "+") return null;
      // `(a,) + (b, c)`: one literal, b at [1] and c at [2]. At the module's top, a CONSTANT_CASE
      // name bound once in the file to a tuple literal counts as that literal (`ALL = BASE + (c,)`:
      // `tuples/p21_tuple_concat_module_constants_index`).
      const flat = (n: Node): boolean => n.namedChildren.every((c) => c !== null && c.type !== "list_splat" && c.type !== "parenthesized_list_splat");
      const lseq = seq(left) ? left : left ? pyConstantTuple(left) : null;
      const rseq = seq(right) ? right : right ? pyConstantTuple(right) : null;
      if (lseq && rseq && lseq.type === rseq.type && flat(lseq) && flat(rseq) && steps.length <= MAX_STEPS - 8) {
        const l = pyItems(lseq, defStarts, nesting, dotted);
        const r = pyItems(rseq, defStarts, nesting, dotted);
        if (l.t === "items" && r.t === "items" && l.length !== undefined && r.length !== undefined) {
          const shifted = r.items.map((i) => /^\[\d+\]$/.test(i.key) ? { key: `[${Number(i.key.slice(1, -1)) + l.length!}]`, ref: i.ref } : i);
          return fold({ t: "items", items: [...l.items, ...shifted], length: l.length + r.length, of: l.of }, steps);
        }
      }
      const refs: Ref[] = [];
      for (const side of [left, right]) {
        const r = side && side.type !== "binary_operator" ? pyRef(side, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (r) refs.push(r);
      }
      return refs.length > 0 ? fold({ t: "union", refs }, steps) : null;
    } else if (t === "assignment" || t === "named_expression") {
      // `a = b = f` and `(f := g)`: the value assigned.
      node = field(node, t === "assignment" ? "right" : "value");
    } else if (t === "string" || t === "concatenated_string") {
      return fold({ t: "str" }, steps);
    } else if (PY_ITEMS.has(t)) {
      return steps.length > MAX_STEPS - 8 ? null : fold(pyItems(node, defStarts, nesting, dotted), steps);
    } else if (t === "list_comprehension" || t === "generator_expression" || t === "set_comprehension" || t === "dictionary_comprehension") {
      // `[make(f) for f in fs]`: every item is what the body gives (`{k: v for ...}`: v).
      let body = field(node, "body");
      if (t === "dictionary_comprehension") body = body?.type === "pair" ? field(body, "value") : null;
      // `[f for f in (a, b)]` / `tuple(f for f in (a, b))`: one `for`, no `if`, the body its
      // variable, over a literal: that literal's items in their places (`p23_tuple_of_generator_indexed`).
      if (t !== "dictionary_comprehension" && body?.type === "identifier") {
        const clauses = node.namedChildren.filter((k) => k !== null && k.id !== body.id && k.type !== "comment");
        const only = clauses.length === 1 && clauses[0]!.type === "for_in_clause" ? clauses[0]! : null;
        const iter = only ? field(only, "right") : null;
        if (only && field(only, "left")?.text === body.text && (iter?.type === "list" || iter?.type === "tuple")) {
          node = iter;
          continue;
        }
      }
      const item = body && nesting < MAX_NESTING ? pyRef(body, defStarts, nesting + 1, undefined, undefined, dotted) : null;
      if (!item || steps.length > MAX_STEPS - 8) return null;
      const items = [{ key: "[*]", ref: item }];
      return fold(t === "generator_expression" ? { t: "items", items } : { t: "items", items, of: t === "set_comprehension" ? "set" : t === "list_comprehension" ? "list" : "dict" }, steps);
    } else if (t === "yield" && node.child(1)?.type === "from" && node.namedChildCount === 1) {
      // `result = yield from sub()`: what sub returns (its `return` values; its items are no calls).
      node = node.namedChild(0);
    } else if (t === "parenthesized_expression" || t === "await") {
      node = node.namedChild(node.namedChildCount - 1);
    } else if (t === "function_definition" || t === "class_definition" || t === "lambda") {
      return defStarts.has(node.startIndex) ? fold({ t: "def", start: node.startIndex }, steps) : null;
    } else {
      return null;
    }
  }
  return null;
}

/** pyConstantKey's answers, by tree and name. */
const constantKeysByTree = new WeakMap<Tree, Map<string, string | null>>();

/**
 * `STEPS[IDX]` with `IDX = 1` at the module's top, the file's only binding of the CONSTANT_CASE
 * name: the key "1" (a string constant: its key), as if written `STEPS[1]`; null otherwise.
 */
function pyConstantKey(index: Node): string | null {
  if (index.type !== "identifier" || !/^[A-Z][A-Z0-9_]*$/.test(index.text)) return null;
  // A parameter of that name (`def pick(IDX): STEPS[IDX]`) is no write the text search sees.
  for (let p = index.parent; p; p = p.parent) {
    if ((p.type === "function_definition" || p.type === "lambda") && new RegExp(`\\b${index.text}\\b`).test(field(p, "parameters")?.text ?? "")) return null;
  }
  const tree = index.tree;
  let byName = constantKeysByTree.get(tree);
  if (!byName) constantKeysByTree.set(tree, (byName = new Map()));
  const name = index.text;
  const known = byName.get(name);
  if (known !== undefined) return known;
  let key: string | null = null;
  const text = tree.rootNode.text;
  const writes = text.match(new RegExp(`\\b${name}\\s*(?:[-+*/%&|^@]|//|\\*\\*|<<|>>)?=(?!=)|\\b(?:global|nonlocal|for|as|import)\\b[^\\n]*\\b${name}\\b`, "g"));
  if (writes?.length === 1) {
    for (const stmt of tree.rootNode.namedChildren) {
      const a = stmt?.type === "expression_statement" ? stmt.namedChild(0) : null;
      if (a?.type !== "assignment" || field(a, "left")?.text !== name) continue;
      const right = field(a, "right");
      key = right && (right.type === "integer" || right.type === "string") ? pyKey(right) : null;
    }
  }
  byName.set(name, key);
  return key;
}

const constantTuplesByTree = new WeakMap<Tree, Map<string, Node | null>>();

/**
 * The tuple literal a CONSTANT_CASE name read at the module's top (no def, lambda or class around
 * it) is bound to, when the file writes the name once, in a top-level `NAME = (a, b)`; else null.
 * With `inFunctions`, a read in a function (or lambda) counts too, wherever the assignment is: the
 * function runs after the module's top has bound the name (`for name in PLUGINS:` in a loader).
 */
function pyConstantTuple(node: Node, inFunctions = false): Node | null {
  if (node.type !== "identifier" || !/^[A-Z][A-Z0-9_]*$/.test(node.text)) return null;
  let nested = false;
  for (let p = node.parent; p && !nested; p = p.parent) {
    if (p.type === "class_definition") return null;
    if (p.type === "function_definition" || p.type === "lambda") {
      if (!inFunctions) return null;
      nested = true;
    }
  }
  const tree = node.tree;
  let byName = constantTuplesByTree.get(tree);
  if (!byName) constantTuplesByTree.set(tree, (byName = new Map()));
  const name = node.text;
  const known = byName.get(name);
  if (known !== undefined) return known && (nested || known.startIndex < node.startIndex) ? known : null;
  let found: Node | null = null;
  // (A `for` binds the name only before its `in`: `for name in NAME:` reads it.)
  const writes = tree.rootNode.text.match(new RegExp(`\\b${name}\\s*(?:[-+*/%&|^@]|//|\\*\\*|<<|>>)?=(?!=)|\\b(?:global|nonlocal|as|import|del)\\b[^\\n]*\\b${name}\\b|\\bfor\\b[^\\n]*?\\b${name}\\b[^\\n]*?\\bin\\b`, "g"));
  if (writes?.length === 1) {
    for (const stmt of tree.rootNode.namedChildren) {
      const a = stmt?.type === "expression_statement" ? stmt.namedChild(0) : null;
      if (a?.type !== "assignment" || field(a, "left")?.text !== name) continue;
      const right = field(a, "right");
      found = right?.type === "tuple" ? right : null;
    }
  }
  byName.set(name, found);
  return found && (nested || found.startIndex < node.startIndex) ? found : null;
}

/** `.__x` (not `.__x__`) somewhere in an expression's text: a name Python mangles in a class. */
const PRIVATE_ATTR = /\.__[A-Za-z0-9_]*(?<!__)(?![A-Za-z0-9_])/;

/** The class whose body (or a function in it) holds `node`: the one whose name mangles `__x` there. */
function manglingClass(node: Node): string | null {
  for (let up = node.parent, n = 0; up && n < 64; up = up.parent, n++) {
    if (up.type === "class_definition") return field(up, "name")?.text ?? null;
  }
  return null;
}

/**
 * `[("a", f), ("b", g)]` (a list or tuple of pairs, as `dict()` takes them): items a and b (a key
 * not literal: any key); null for anything else.
 */
function pyPairs(node: Node, defStarts: Set<number>, nesting: number, dotted: boolean): { key: string; ref: Ref }[] | null {
  if (node.type !== "list" && node.type !== "tuple") return null;
  const out: { key: string; ref: Ref }[] = [];
  for (const el of node.namedChildren) {
    if (!el || el.type === "comment") continue;
    if (el.type !== "tuple" || el.namedChildCount !== 2 || out.length >= MAX_ITEMS) return null;
    const k = el.namedChild(0)!;
    const v = el.namedChild(1)!;
    if (v.type === "list_splat" || k.type === "list_splat") return null;
    const ref = pyRef(v, defStarts, nesting + 1, undefined, undefined, dotted);
    if (ref) out.push({ key: `[${pyKey(k) ?? "*"}]`, ref });
  }
  return out.length > 0 ? out : null;
}

/**
 * The strings a name takes from a `for name in ("a", "b")` loop around it in its function (a
 * tuple or list of identifier-like string literals); null for any other name.
 */
export function pyLoopStrings(name: Node, modules = false): string[] | null {
  if (name.type !== "identifier") return null;
  for (let up = name.parent; up && up.type !== "function_definition" && up.type !== "lambda"; up = up.parent) {
    // (Also a comprehension's `for name in ("a", "b")`: `[getattr(w, n) for n in ("a", "b")]`.)
    const n = up.type === "for_statement" ? up : PY_COMPREHENSIONS.has(up.type)
      ? up.namedChildren.find((c) => c?.type === "for_in_clause" && field(c, "left")?.type === "identifier" && field(c, "left")!.text === name.text) ?? null : null;
    if (!n) continue;
    const left = field(n, "left");
    // (`for cls, name in [(Mailer, "send"), (Logger, "flush")]`: name is the second of each pair.)
    const part = left?.type === "pattern_list" || left?.type === "tuple_pattern" || left?.type === "list_pattern"
      ? left.namedChildren.findIndex((c) => c?.type === "identifier" && c.text === name.text) : -1;
    if ((left?.type !== "identifier" || left.text !== name.text) && part < 0) continue;
    let right = field(n, "right");
    // (`for name in PLUGINS:` over a module's CONSTANT_CASE tuple of literals, also in a function.)
    if (right?.type === "identifier") right = pyConstantTuple(right, true);
    if (right?.type !== "tuple" && right?.type !== "list") return null;
    const out: string[] = [];
    for (const item of right.namedChildren) {
      if (!item || item.type === "comment") continue;
      const el = part < 0 ? item : item.type === "tuple" || item.type === "list" ? item.namedChildren.filter((c) => c?.type !== "comment")[part] ?? null : null;
      if (!el) return null;
      const s = stringLiteral(el);
      if (s === null || !(modules ? /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/ : /^[A-Za-z_]\w*$/).test(s) || out.length >= 16) return null;
      out.push(s);
    }
    return out.length > 0 ? out : null;
  }
  return null;
}

/**
 * The module names an `import_module` argument takes in a loop over literals (or from a helper's
 * parameter every call passes a literal: pyParamStrings): the name itself (`import_module(name)`),
 * or one a literal prefix and suffix wrap (`f"exporters.{name}"`, `"exporters." + name`).
 * `param`: the names came from a parameter (the site stays dynamic).
 */
export function pyModuleNamesOf(arg: Node): { names: string[]; param: boolean } | null {
  let id: Node | null = null;
  let head = "";
  let tail = "";
  if (arg.type === "identifier") id = arg;
  else if (arg.type === "string" && /^[fF]/.test(arg.text)) {
    for (const c of arg.namedChildren) {
      if (!c || c.type === "string_start" || c.type === "string_end") continue;
      if (c.type === "string_content") {
        if (id) tail += c.text;
        else head += c.text;
      } else if (c.type === "interpolation" && !id) {
        const e = c.namedChildren.find((x) => x?.type === "identifier") ?? null;
        if (!e || c.namedChildren.filter((x) => x && x.type !== "comment").length !== 1) return null;
        id = e;
      } else return null;
    }
  } else if (arg.type === "binary_operator" && field(arg, "operator")?.type === "+") {
    const left = field(arg, "left");
    const right = field(arg, "right");
    if (left?.type === "identifier" && right) {
      const t = stringLiteral(right);
      if (t === null) return null;
      id = left;
      tail = t;
    } else if (right?.type === "identifier" && left) {
      const h = stringLiteral(left);
      if (h === null) return null;
      id = right;
      head = h;
    }
  }
  if (!id) return null;
  const looped = pyLoopStrings(id, true);
  const strings = looped ?? pyParamStrings(id);
  if (!strings) return null;
  const names = strings.map((x) => head + x + tail);
  return names.every((n) => /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(n)) ? { names, param: !looped } : null;
}

const PY_COMPREHENSIONS = new Set(["list_comprehension", "generator_expression", "set_comprehension", "dictionary_comprehension"]);

const PY_PLAIN_ARG = (a: Node): boolean => a.type !== "keyword_argument" && a.type !== "list_splat" && a.type !== "dictionary_splat" && a.type !== "comment";

/** Whether a module takes `replace` from dataclasses (`from dataclasses import replace`), by tree. */

/**
 * Standard-library functions whose value is one of their arguments (index): refs.ts reads the
 * call as that argument (weakref's: a reference that gives it back when called).
 */
const PY_STD_SAME: Record<string, number> = {
  "typing.cast": 1, "typing_extensions.cast": 1, "copy.copy": 0, "copy.deepcopy": 0, "weakref.proxy": 0,
  "contextlib.closing": 0, "contextlib.nullcontext": 0, "weakref.ref": 0, "weakref.WeakMethod": 0,
  // Awaited, `asyncio.wait_for(coro, timeout)` / `asyncio.shield(coro)` give what coro gives.
  "asyncio.wait_for": 0, "asyncio.shield": 0,
  // `types.MappingProxyType(d)`: a read-only view of d (`OPS["create"]()` reads d's item).
  "types.MappingProxyType": 0,
};

/** Import names of a Python file: local name -> dotted module path (`import typing as t`: t -> typing). */
const pyImportNamesByTree = new WeakMap<Tree, Map<string, string>>();

function pyImportNames(tree: Tree): Map<string, string> {
  let out = pyImportNamesByTree.get(tree);
  if (out) return out;
  out = new Map();
  const text = tree.rootNode.text;
  for (const m of text.matchAll(/^[ \t]*import[ \t]+([\w. \t,]+?)[ \t]*(?:#.*)?$/gm)) {
    for (const part of m[1]!.split(",")) {
      const pm = /^\s*([\w.]+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
      if (pm) out.set(pm[2] ?? pm[1]!.split(".")[0]!, pm[2] ? pm[1]! : pm[1]!.split(".")[0]!);
    }
  }
  for (const m of text.matchAll(/^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]*(?:\(([^)]*)\)|([^\n#]*))/gm)) {
    if (m[1]!.startsWith(".")) continue;
    for (const part of (m[2] ?? m[3] ?? "").split(",")) {
      const pm = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part.replace(/#.*$/gm, ""));
      if (pm) out.set(pm[2] ?? pm[1]!, `${m[1]}.${pm[1]}`);
    }
  }
  pyImportNamesByTree.set(tree, out);
  return out;
}

/**
 * The dotted standard name a callee's text stands for by the file's imports (`t.cast` with
 * `import typing as t`, `cast` with `from typing import cast`: "typing.cast"), or null.
 */
function pyStdName(tree: Tree, text: string): string | null {
  if (!/^[A-Za-z_][\w.]*$/.test(text) || text.length > 64) return null;
  const dot = text.indexOf(".");
  const head = dot < 0 ? text : text.slice(0, dot);
  const bound = pyImportNames(tree).get(head);
  if (bound === undefined) return null;
  return dot < 0 ? bound : bound + text.slice(dot);
}

/**
 * The literal start of a computed attribute name: `"visit_" + kind`, `f"do_{cmd}"` ("visit_",
 * "do_"); null when it is no identifier's start of two characters or more.
 */
function pyNamePrefix(node: Node): string | null {
  let head: string | null = null;
  if (node.type === "binary_operator" && field(node, "operator")?.type === "+") {
    const left = field(node, "left");
    head = left ? stringLiteral(left) : null;
  } else if (node.type === "string" && /^[fF]/.test(node.text)) {
    const first = node.namedChildren.find((c) => c?.type === "string_content" || c?.type === "interpolation");
    head = first?.type === "string_content" ? first.text : null;
  }
  return head !== null && head.length >= 2 && head.length <= 40 && /^[A-Za-z_]\w*$/.test(head) ? head : null;
}

const dataclassReplaceByTree = new WeakMap<Tree, boolean>();
/** Classmethods of pydantic's BaseModel and a NamedTuple that make an instance of the class. */
const PY_BASE_CONSTRUCTORS = new Set(["model_validate", "model_validate_json", "model_validate_strings", "model_construct", "parse_obj", "parse_raw", "parse_file", "from_orm", "_make"]);

function importsDataclassReplace(tree: Tree): boolean {
  let known = dataclassReplaceByTree.get(tree);
  if (known === undefined) dataclassReplaceByTree.set(tree, (known = /^[ \t]*from[ \t]+dataclasses[ \t]+import\b[^\n]*\breplace\b(?![ \t]+as\b)/m.test(tree.rootNode.text)));
  return known;
}

/**
 * pyParamStrings() for a name used as an attribute (`getattr(o, action)`; not a dict key: `OPS[op]`
 * is any item, PyCG's convention, `dicts/dispatch_param_key_in_function`):
 * identifier-like strings only, and the parameter never rebound in its function.
 */
function pyParamNames(name: Node): string[] | null {
  const strings = pyParamStrings(name);
  if (!strings || strings.some((s) => s.includes("."))) return null;
  let def: Node | null = name.parent;
  while (def && def.type !== "function_definition") def = def.parent;
  const body = def && field(def, "body");
  if (!body) return null;
  const n = name.text;
  // (The function only ever called by its name in the file: not handed on, `pool.submit(control, s, a)`.)
  const fname = field(def!, "name")?.text;
  const text = name.tree.rootNode.text;
  if (!fname || text.match(new RegExp(`\\b${fname}\\b`, "g"))?.length !== text.match(new RegExp(`\\b${fname}\\s*\\(`, "g"))?.length) return null;
  const rebound = new RegExp(`(^|[^\\w.])${n}\\s*(?:[-+*/%|&^]|//|<<|>>|\\*\\*)?=(?!=)|\\bfor\\s+[^:]*\\b${n}\\b[^:]*\\bin\\b|\\bas\\s+${n}\\b|\\b(?:global|nonlocal)\\s+[^\\n]*\\b${n}\\b|\\b${n}\\s*:=`);
  return rebound.test(body.text) ? null : strings;
}

/** The name after a literal prefix (`"to_" + fmt`, `f"to_{fmt}"`): fmt's node, when it is a bare name. */
function pyNameSuffix(node: Node): Node | null {
  if (node.type === "binary_operator") {
    const right = field(node, "right");
    return right?.type === "identifier" ? right : null;
  }
  const parts = node.namedChildren.filter((c) => c !== null && c.type !== "string_start" && c.type !== "string_end");
  if (parts.length !== 2 || parts[1]!.type !== "interpolation") return null;
  const expr = parts[1]!.namedChildren.filter((c) => c !== null);
  return expr.length === 1 && expr[0]!.type === "identifier" ? expr[0]! : null;
}

/** pyParamStrings' answers, by tree and the parameter's def start. */
const paramStringsByTree = new WeakMap<Tree, Map<string, string[] | null>>();

/**
 * `def load(name): return import_module(name)`: the module names the file's calls of load pass
 * for that parameter (`load("plugins.alpha")`), when every call of a plain `load` passes a string
 * literal there (else null: the site stays dynamic). A function of the module or nested in one,
 * not a method; at most 16 names.
 */
export function pyParamStrings(name: Node): string[] | null {
  if (name.type !== "identifier") return null;
  let def: Node | null = name.parent;
  while (def && def.type !== "function_definition" && def.type !== "lambda" && def.type !== "class_definition") def = def.parent;
  if (def?.type !== "function_definition" || def.parent?.parent?.type === "class_definition") return null;
  const params = field(def, "parameters");
  const fname = field(def, "name")?.text;
  if (!params || !fname) return null;
  let index = -1;
  for (let i = 0; i < params.namedChildCount; i++) {
    const p = params.namedChild(i)!;
    const id = p.type === "identifier" ? p : p.type === "default_parameter" || p.type === "typed_parameter" || p.type === "typed_default_parameter" ? (field(p, "name") ?? p.namedChild(0)) : null;
    if (id?.type === "identifier" && id.text === name.text) index = i;
    if (p.type !== "identifier" && p.type !== "default_parameter" && p.type !== "typed_parameter" && p.type !== "typed_default_parameter") break;
  }
  if (index < 0) return null;
  const tree = name.tree;
  let known = paramStringsByTree.get(tree);
  if (!known) paramStringsByTree.set(tree, (known = new Map()));
  const key = `${def.startIndex}:${index}`;
  if (known.has(key)) return known.get(key)!;
  const out: string[] = [];
  let ok = true;
  for (const c of tree.rootNode.descendantsOfType("call")) {
    if (!c || field(c, "function")?.type !== "identifier" || field(c, "function")!.text !== fname) continue;
    const args = field(c, "arguments");
    if (args?.type !== "argument_list") continue;
    let arg: Node | null = null;
    for (let i = 0; i < args.namedChildCount; i++) {
      const a = args.namedChild(i)!;
      if (a.type === "keyword_argument") {
        if (field(a, "name")?.text === name.text) arg = field(a, "value");
      } else if (a.type === "list_splat" || a.type === "dictionary_splat") ok = false;
      else if (i === index) arg = a;
    }
    const text = arg ? stringLiteral(arg) : null;
    if (text === null || !/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(text) || out.length >= 16) ok = false;
    else if (!out.includes(text)) out.push(text);
    if (!ok) break;
  }
  const answer = ok && out.length > 0 ? out : null;
  known.set(key, answer);
  return answer;
}

/** `a.b.c` in Python: ASCII names and dots only (no spaces, comments, line continuations). */
const PY_DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/;
/** Words before a dot that are no identifier node (pyRef gives them no Ref). */
const PY_NOT_NAMES = new Set(["None", "True", "False"]);

const PY_ITEMS = new Set(["dictionary", "list", "tuple", "set", "expression_list"]);
/** Items of a literal we keep; bigger literals are data tables, not dispatch tables. */
const MAX_ITEMS = 64;

/** Nested literals followed (`[(f, g), h]`); deeper ones are data, and recursion stays bounded. */
const MAX_NESTING = 3;

/** Python callables whose result holds the items of their first argument (a copy or a view). */
const PY_ITEM_COPIES = new Set(["list", "tuple", "sorted", "reversed", "set", "frozenset"]);
const PY_ORDERED_COPIES = new Set(["list", "tuple"]);
/** Operands of `a | b` read as dict merges / set unions (not numbers, strings, comparisons). */
const PY_OR_OPERANDS = new Set(["identifier", "attribute", "subscript", "call", "dictionary", "dictionary_comprehension", "set", "set_comprehension", "binary_operator", "parenthesized_expression"]);
/** The callables pyRef reads the items of (above), told apart before any argument is read. */
const PY_ITEM_CALLS = new Set([...PY_ITEM_COPIES, "filter", "next", "itertools.chain", "chain"]);
const PY_LITERAL_ITEMS = new Set(["list", "tuple", "list_comprehension", "generator_expression"]);
/** Python callables whose result pyRef reads as items (never a package's value). */
const PY_ITEM_MAKERS = new Set(["map", "filter", "zip", "enumerate", "sorted", "reversed", "list", "tuple", "set", "frozenset", "itertools.chain", "chain"]);

function pyItems(node: Node, defStarts: Set<number>, nesting: number, dotted: boolean): Root {
  let items: { key: string; ref: Ref }[] = [];
  // `{**base, "k": f, **kw}`: the dicts spread in, keys and all, in source order (parts: the
  // literal runs between spreads), so a later key replaces an earlier one (resolve.ts).
  let parts: Ref[] | null = null;
  let kept = 0;
  let i = 0;
  for (const child of node.namedChildren) {
    if (!child || kept >= MAX_ITEMS) break;
    if (child.type === "comment") continue;
    if (child.type === "dictionary_splat") {
      const inner = child.namedChild(0);
      const ref = inner && nesting < MAX_NESTING ? pyRef(inner, defStarts, nesting + 1, undefined, undefined, dotted) : null;
      if (ref) {
        parts ??= [];
        if (items.length > 0) parts.push({ root: { t: "items", items, of: "dict" }, path: [] });
        items = [];
        parts.push(ref);
      }
      continue;
    }
    const index = i++;
    let key = `[${index}]`;
    let value: Node | null = child;
    if (child.type === "pair") {
      const k = field(child, "key");
      key = `[${(k && pyKey(k)) ?? "*"}]`;
      value = field(child, "value");
    }
    const ref = value && (nesting < MAX_NESTING || !PY_ITEMS.has(value.type)) ? pyRef(value, defStarts, nesting + 1, undefined, undefined, dotted) : null;
    if (ref) {
      items.push({ key, ref });
      kept++;
    }
  }
  const of: PyLiteral = node.type === "dictionary" ? "dict" : node.type === "list" ? "list" : node.type === "set" ? "set" : "tuple";
  if (parts) {
    if (items.length > 0) parts.push({ root: { t: "items", items, of }, path: [] });
    return { t: "union", refs: parts, merge: true };
  }
  return of === "dict" || of === "set" ? { t: "items", items, of } : { t: "items", items, length: i, of };
}

/**
 * The key of an item stored as `d[fn.__name__] = fn` (facts-py.ts itemAssign): the name of each
 * function or class fn holds (resolve.ts `namedItem`), not any key.
 */
export const NAME_KEY = "[.__name__]";

/**
 * A literal dict key or index as the item name: `1` → "1", `"a"` → "a". A string that reads as a
 * number keeps its quotes (`"1"` → "'1'"), since `d[1]` and `d["1"]` are different items.
 */
export function pyKey(node: Node): string | null {
  if (node.type === "integer") return node.text;
  // `Event.START` (an Enum member, a class constant): a key by its text, as a literal's (a
  // lookup by it that finds no such key reads every item, resolve.ts).
  if (node.type === "attribute" && node.text.length <= 64 && /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*\.[A-Z][A-Z0-9_]*$/.test(node.text)) return node.text;
  // `("GET", "/")`: a tuple of literals, its parts quoted (`('GET','/')`), never a plain key.
  if (node.type === "tuple" && node.namedChildCount >= 1 && node.namedChildCount <= 8) {
    const parts: string[] = [];
    for (const c of node.namedChildren) {
      const p = c && (c.type === "integer" ? c.text : stringLiteral(c));
      if (p === null || p === undefined || p.length > 64) return null;
      parts.push(c!.type === "integer" ? p : `'${p}'`);
    }
    return `(${parts.join(",")})`;
  }
  if (node.type === "unary_operator" && /^-\s*\d+$/.test(node.text)) return node.text.replace(/\s+/g, "");
  const text = stringLiteral(node);
  return text !== null && /^-?\d+$/.test(text) ? `'${text}'` : text;
}

/** fold() from a Ref: its own path comes first. */
function foldRef(ref: Ref, steps: Step[]): Ref {
  return steps.length === 0 ? ref : fold(ref.root, [...steps, ...ref.path.map((name): Step => ({ k: "member", name })).reverse()]);
}

/** Steps were collected outside-in; apply them inside-out onto the root. */
function fold(root: Root, steps: Step[]): Ref {
  let ref: Ref = { root, path: [] };
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    if (step.k === "member") ref.path.push(step.name);
    else if (step.k === "call" && step.args) ref = { root: { t: "call", callee: ref, args: step.args }, path: [] };
    else ref = { root: step.k === "call" ? { t: "call", callee: ref } : { t: "new", callee: ref }, path: [] };
  }
  return ref;
}

/** Python binary operators and the method of the left operand each runs. */
const PY_OPERATORS: Record<string, string> = {
  "+": "__add__", "-": "__sub__", "*": "__mul__", "/": "__truediv__", "//": "__floordiv__", "%": "__mod__",
  "@": "__matmul__", "**": "__pow__", "<<": "__lshift__", ">>": "__rshift__", "&": "__and__", "|": "__or__", "^": "__xor__",
};
/**
 * Left operands read so: a call (`Vec(1) + Vec(2)`). Not a name: tried, a name (also an attribute or
 * subscript) fed more values to pip's rich renderers' parameters and lost 10 of its real edges there.
 */
const PY_OPERAND = new Set(["call"]);
/** Left operands whose own operator gives way to the right operand's reflected one (`__radd__`). */
const PY_LITERAL_OPERAND = new Set(["integer", "float", "string", "concatenated_string"]);
/** Python unary operators and the method of the operand each runs. */
const PY_UNARY: Record<string, string> = { "-": "__neg__", "+": "__pos__", "~": "__invert__" };
