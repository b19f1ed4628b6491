// JavaScript keys known statically: block-scoped names, file constants and their pairs, enum
// members, imported constants, and the strings a computed key can only be (`o[KEY]`, `o[`on${t}`]`,
// `this[this.state]`, `o[pick()]`).
import type { Node, Tree } from "web-tree-sitter";
import { field } from "./fields.ts";
import { pyAncestors } from "./facts-py-flow.ts";
import { type NodeWords, nodeOfWords } from "./wasm-node.ts";
import { loopStrings } from "./facts-js.ts";
import { firstArgument, stringLiteral } from "./ref-types.ts";

/** A new file: forget the previous file's declared names, block names and constant keys. */
export function beginJsKeys(): void {
  constKeys = null;
  constPairs = null;
  blockNames = null;
  localFunctions = null;
}

/** JS names the file itself declares a function or variable of (`function memo(fn) {}`). */
export let localFunctions: Set<string> | null = null;

export function setLocalNames(names: Set<string> | null): void {
  localFunctions = names;
}

/** Whether the file itself declares the JS name (not a package's function of that name). */
export function declaresName(name: string): boolean {
  return localFunctions?.has(name) ?? false;
}

/**
 * JS names a block declares over another binding of the name (`for (const step of fs) step()`
 * beside `function step`, `{ const pick = ...; pick() }`), by name: the blocks' ranges, and the
 * name an identifier in one means, `step\u0001<block start>` (facts-js-blocks.ts `blockShadows`).
 */
export interface BlockName {
  start: number;
  end: number;
  own: string;
}

export let blockNames: Map<string, BlockName[]> | null = null;

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
  // The ancestors of one descent from the root (pyAncestors), nearest first: `.parent` per level
  // is a descent of its own.
  const up = pyAncestors(node);
  for (let i = up.length - 1; i >= 0 && up[i]!.start >= best.start; i--) {
    if (!FUNCTION_NODES.has(up[i]!.type)) continue;
    const p = nodeOfWords(node.tree, up[i] as NodeWords);
    const params = field(p, "parameters") ?? field(p, "parameter");
    if (params && new RegExp(`(^|[^\\w$])${name.replace(/\$/g, "\\$")}([^\\w$]|$)`).test(params.text)) return name;
  }
  return best.own;
}

/** Whether a dotted chain starting at `at` with first name `name` may start with a block's name (read it node by node). */
export function inBlock(name: string, at: number): boolean {
  const blocks = blockNames?.get(name);
  if (blocks === undefined) return false;
  // (A loop, not `some` with an arrow over `at`: asked for every dotted chain of the file.)
  for (let i = 0; i < blocks.length; i++) if (at >= blocks[i]!.start && at < blocks[i]!.end) return true;
  return false;
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
export function constPairOf(name: string, at: number): [string, string] | null {
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
  // A TS numeric enum's reverse mapping, `Color[Color.Green]`: the member's name.
  if (node.type === "subscript_expression" && depth < 4) {
    const object = field(node, "object");
    const index = field(node, "index");
    const v = object?.type === "identifier" && index ? staticKey(index, depth + 1) ?? (index.type === "number" ? index.text : null) : null;
    if (v === null || !/^\d+$/.test(v)) return null;
    let values = enumsByTree.get(node.tree);
    if (!values) enumsByTree.set(node.tree, (values = enumValues(node.tree.rootNode)));
    return values.get(`${object!.text}[${v}]`) ?? null;
  }
  if (node.type === "binary_expression" && depth < 4 && field(node, "operator")?.type === "+") {
    const left = field(node, "left");
    const right = field(node, "right");
    const l = left && staticKey(left, depth + 1);
    const r = l !== null && right ? staticKey(right, depth + 1) : null;
    return r === null ? null : l + r;
  }
  // `` [`on${EVENT}`] `` of a file constant: the one string it spells (a key of one name only).
  if (node.type === "template_string" && depth < 4) {
    const spelled = templateStrings(node);
    return spelled !== null && spelled.length === 1 && /^[\w$]{1,64}$/.test(spelled[0]!) ? spelled[0]! : null;
  }
  if (constKeys === null || node.type !== "identifier") return null;
  const value = scopedConst(constKeys.get(node.text), node.startIndex);
  return value !== null && paramHides(node, constKeys.get(node.text)!) ? null : value;
}

const PARAM_HOLDERS = new Set(["function_declaration", "function_expression", "arrow_function", "generator_function", "generator_function_declaration", "method_definition"]);

/**
 * `constructor(KEY) { this[KEY] = f }` beside a file's `const KEY = "run"`: a function around the
 * use, inside the const's block, whose parameter has the name hides the const (depth-bounded).
 */
function paramHides(node: Node, list: ScopedConst<string>[]): boolean {
  let start = -1;
  for (const e of list) if (node.startIndex >= e.start && node.startIndex < e.end && e.start > start) start = e.start;
  for (let n = node.parent, depth = 0; n && depth < 64 && n.startIndex >= start; n = n.parent, depth++) {
    if (!PARAM_HOLDERS.has(n.type)) continue;
    const params = field(n, "parameters") ?? field(n, "parameter");
    if (!params) continue;
    if (params.type === "identifier") { if (params.text === node.text) return true; continue; }
    for (const child of params.namedChildren) {
      let p: Node | null = child;
      // (A parameter's name, not a name its default reads: `(x = KEY)` keeps KEY.)
      if (p?.type === "required_parameter" || p?.type === "optional_parameter") p = field(p, "pattern");
      if (p?.type === "assignment_pattern") p = field(p, "left");
      if (p?.type === "rest_pattern") p = p.namedChild(0);
      if (!p) continue;
      if (p.type === "identifier") { if (p.text === node.text) return true; continue; }
      for (const id of p.descendantsOfType(["identifier", "shorthand_property_identifier_pattern"])) if (id?.text === node.text) return true;
    }
  }
  return false;
}

/**
 * `"on_" + state` as a computed key whose end we cannot read: "[on_*]", any member named with that
 * prefix (resolve-roots.ts prefixed); null when the left part is no literal or constant.
 */
export function prefixKey(index: Node): string | null {
  if (field(index, "operator")?.type !== "+") return null;
  const left = field(index, "left");
  const head = left ? staticKey(left) : null;
  return head !== null && /^[\w$]+$/.test(head) ? `[${head}*]` : null;
}

/** A member name written as a string literal, or as what constKey() reads. */
export function staticKey(node: Node, depth = 0): string | null {
  return stringLiteral(node) ?? constKey(node, depth);
}

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
      // A numeric member's reverse mapping: `Color[Color.Green]` (`Color[1]`) is "Green".
      if (v !== null && /^\d+$/.test(v)) out.set(`${name}[${v}]`, stringLiteral(key) ?? key.text);
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

const LOOPS = new Set(["while_statement", "do_statement", "for_statement", "for_in_statement"]);
const LOOP_BOUNDARIES = new Set(["function_declaration", "function_expression", "arrow_function", "generator_function", "generator_function_declaration", "method_definition", "program", "class_body"]);

/** Whether `node` runs in a loop of its function (condition, update or body). */
export function inLoop(node: Node): boolean {
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
export function attributeStrings(member: Node): string[] | null {
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
    // (Code outside the class may set it too, `m.state = "busy"`, as may a subclass's `this.state`:
    // any member of that name the file assigns outside the class counts.)
    const start = body.startIndex;
    const end = body.endIndex;
    for (const a of tree.rootNode.descendantsOfType("assignment_expression")) {
      const left = a ? field(a, "left") : null;
      if (left?.type !== "member_expression") continue;
      const inside = a!.startIndex >= start && a!.endIndex <= end;
      if (inside && field(left, "object")?.type !== "this") continue;
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
export function returnedStrings(call: Node): string[] | null {
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
    // (A parameter or variable of that name somewhere, `function run(pick) { o[pick()]() }`, may be
    // what a call names: not read.)
    if (fns.size > 0) {
      for (const n of tree.rootNode.descendantsOfType(["formal_parameters", "variable_declarator", "arrow_function"])) {
        if (!n) continue;
        const ids = n.type === "variable_declarator" ? [field(n, "name")] : n.type === "arrow_function" ? [field(n, "parameter")] : n.descendantsOfType(["identifier", "shorthand_property_identifier_pattern"]);
        for (const id of ids) if (id && (id.type === "identifier" || id.type === "shorthand_property_identifier_pattern") && fns.has(id.text)) fns.set(id.text, null);
      }
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
export function templateKeys(node: Node): string[] | null {
  const out = templateStrings(node);
  return out && out.every((k) => /^[\w$]+$/.test(k)) ? out : null;
}

/**
 * The strings a template literal can spell when its substitutions are names holding known strings
 * (templateKeys; a module specifier in refs-js-modules.ts): at most 16, or null.
 */
export function templateStrings(node: Node): string[] | null {
  let out = [""];
  for (const child of node.namedChildren) {
    if (!child) continue;
    const type = child.type;
    if (type === "string_fragment" || type === "escape_sequence") out = out.map((k) => k + child.text);
    else if (type === "template_substitution") {
      const expr = child.namedChild(0);
      // (`${"Save"}`: a string literal spelled in place.)
      const literal = expr?.type === "string" ? stringLiteral(expr) : null;
      if (literal === null && expr?.type !== "identifier") return null;
      const one = literal ?? constKey(expr!);
      const parts = one !== null ? [one] : loopStrings(expr!);
      if (!parts || out.length * parts.length > 16) return null;
      out = out.flatMap((k) => parts.map((p) => k + p));
    } else return null;
  }
  return out.length > 0 ? out : null;
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
