// Python strings known statically: module constants and constant tuples, `getattr` names,
// `attrgetter`, loop and parameter strings, module names handed to `import_module`, name mangling.
import type { Node, Tree } from "web-tree-sitter";
import { field } from "./fields.ts";
import { stringLiteral } from "./ref-types.ts";

/** Whether a def, class or plain assignment at the top of the module binds name before node. */
export function pyTopDefines(node: Node, name: string): boolean {
  for (const c of node.tree.rootNode.namedChildren) {
    if (!c || c.endIndex > node.startIndex) break;
    const d = c.type === "decorated_definition" ? field(c, "definition") : c;
    if ((d?.type === "function_definition" || d?.type === "class_definition") && field(d, "name")?.text === name) return true;
    const a = d?.type === "expression_statement" ? d.namedChild(0) : null;
    if (a?.type === "assignment" && field(a, "left")?.text === name) return true;
  }
  return false;
}

/**
 * The module `importlib.import_module(name, package)` loads, when its name is literal: a relative
 * name against a literal package (`(".jobs", package="pkg")` is pkg.jobs; beyond its top, none)
 * or, with `__package__`, against the calling file's own (the relative spec as it is). Null when
 * that is not known.
 */
export function importModuleSpec(args: Node): string | null {
  const n = args.namedChildCount;
  // `__package__ + ".tasks"` / `f"{__package__}.tasks"`: a module of the file's own package, ".tasks".
  const own = n === 1 ? ownPackageSpec(args.namedChild(0)!) : null;
  if (own !== null) return own;
  const spec = n === 1 || n === 2 ? pyStaticString(args.namedChild(0)!) : null;
  return spec === null ? null : againstPackage(spec, args);
}

/** `__package__ + ".a.b"` or `f"{__package__}.a.b"`: the relative spec ".a.b"; else null. */
function ownPackageSpec(node: Node): string | null {
  let rest: string | null = null;
  if (node.type === "binary_operator") {
    if (field(node, "left")?.text !== "__package__" || field(node, "operator")?.text !== "+") return null;
    const right = field(node, "right");
    rest = right ? stringLiteral(right) : null;
  } else if (node.type === "string") {
    const parts = node.namedChildren.filter((c) => c !== null && c.type !== "string_start" && c.type !== "string_end");
    if (parts.length !== 2 || parts[0]!.type !== "interpolation" || parts[1]!.type !== "string_content") return null;
    const expr = parts[0]!.namedChildren.filter((c) => c !== null);
    if (expr.length !== 1 || expr[0]!.text !== "__package__") return null;
    rest = parts[1]!.text;
  }
  return rest !== null && /^\.[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(rest) ? rest : null;
}

/** importModuleSpec's rule for a name known otherwise (pyImportModuleNames). */
function againstPackage(spec: string, args: Node): string | null {
  const n = args.namedChildCount;
  if (!/^\.*[A-Za-z_][\w.]*$/.test(spec)) return null;
  const dots = /^\.*/.exec(spec)![0].length;
  if (dots === 0) return spec;
  if (n !== 2) return null;
  let pkgNode = args.namedChild(1)!;
  if (pkgNode.type === "keyword_argument") {
    if (field(pkgNode, "name")?.text !== "package") return null;
    pkgNode = field(pkgNode, "value")!;
  }
  // (`__name__` is the package's own name in its `__init__.py`, where such relative loads are
  // written: `import_module("." + name, __name__)`; in a plain module that load would fail.)
  if (pkgNode.text === "__package__" || pkgNode.text === "__name__") return spec;
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
 * The attribute name `getattr(o, NAME)` reads when NAME is no literal: a CONSTANT_CASE name the
 * module binds once, at its top, to a string, or `ACTIONS["get"]` of a top-level dict of strings
 * bound once whose items are never stored (pyStaticString), unless a parameter of an enclosing
 * function or lambda has that name. Null otherwise.
 */
export function pyConstantAttrName(node: Node): string | null {
  const head = node.type === "identifier" && /^[A-Z][A-Z0-9_]*$/.test(node.text) ? node
    : node.type === "subscript" && field(node, "value")?.type === "identifier" ? field(node, "value")! : null;
  if (!head) return null;
  const own = new RegExp(`\\b${head.text}\\b`);
  for (let p = node.parent, depth = 0; p && depth < 64; p = p.parent, depth++) {
    if ((p.type === "function_definition" || p.type === "lambda") && own.test(field(p, "parameters")?.text ?? "")) return null;
  }
  const text = pyStaticString(node);
  return text !== null && /^[A-Za-z_]\w*$/.test(text) ? text : null;
}

/**
 * `attrgetter("a.b")` (operator's), or a name the module binds once, at its top level, to one:
 * "a.b" (`itemgetter("k")`: "[k]").
 */
export function pyAttrGetter(fn: Node): string | null {
  if (fn.type === "identifier") {
    const tree = fn.tree;
    let consts = pyConstsByTree.get(tree);
    if (!consts) pyConstsByTree.set(tree, (consts = pyConsts(tree.rootNode)));
    // (A key and its lookup only in a module that binds some attrgetter: most call none.)
    return withAttrGetters.has(consts) ? consts.get(`${fn.text}[attrgetter]`) ?? null : null;
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

/** The pyConsts maps that hold some `NAME[attrgetter]` entry. */
const withAttrGetters = new WeakSet<Map<string, string | null>>();

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
    if (got !== null) {
      out.set(`${left.text}[attrgetter]`, got);
      withAttrGetters.add(out);
    }
    // A dict literal of string items: `NAME["k"]` entries, dropped below with NAME when it is no constant.
    if (right.type === "dictionary" && right.namedChildCount <= 64) {
      const values: string[] = [];
      for (const pair of right.namedChildren) {
        const k = pair?.type === "pair" ? stringLiteral(field(pair, "key")!) : null;
        const v = k !== null ? stringLiteral(field(pair!, "value")!) : null;
        if (v !== null) out.set(`${left.text}[${JSON.stringify(k)}]`, v);
        if (pair?.type !== "comment") values.push(v ?? "\n");
      }
      // (Every value, when all are string literals: `NAME[*]`, for a lookup by a key not literal.)
      if (values.length > 0 && !values.includes("\n")) out.set(`${left.text}[*]`, JSON.stringify(values));
    }
  }
  if (out.size === 0) return out;
  // A name bound anywhere else (`global NAME` then assigned, a loop, augmented) is no constant;
  // a dict whose items are stored (`NAME["k"] = v`, `NAME.update(...)`) has no constant items.
  const src = root.text;
  const withItems = new Set<string>();
  for (const k of out.keys()) if (k.includes("[")) withItems.add(k.slice(0, k.indexOf("[")));
  for (const name of out.keys()) {
    if (name.includes("[")) continue;
    const bound = new RegExp(`(?:^|[^\\w.])${name}\\s*(?:[-+*/%&|^@]|//|<<|>>|\\*\\*)?=(?!=)|\\bglobal\\b[^\\n]*\\b${name}\\b|\\bfor\\s+[^\\n]*\\b${name}\\b[^\\n]*\\bin\\b`, "my");
    const count = boundCount(src, name, bound);
    if (count !== 1) out.set(name, null);
    // (The stores are searched only for a name with items here: `NAME = "text"` has none.)
    if (!withItems.has(name)) continue;
    const items = `${name}[`;
    const stored = new RegExp(`(?:^|[^\\w.])${name}\\s*(?:\\[[^\\]\\n]*\\]\\s*(?:[-+*/%&|^@]|//|<<|>>|\\*\\*)?=(?!=)|\\.(?:update|setdefault)\\b)`, "m");
    if (count !== 1 || stored.test(src)) for (const k of out.keys()) if (k.startsWith(items)) out.set(k, null);
  }
  return out;
}

/**
 * How many times (0, 1, or 2 for more) pyConsts' `bound` regex of `name` (sticky, multiline)
 * matches in `src` as a global search would find them, tried only where a match can start: every
 * match holds `name`, at most one character after its start or after a `global` or `for` of its
 * line (or a `for` followed by white space only up to that line), so each occurrence of `name` is
 * tried from its line's start (the `\n` before it, which `[^\w.]` may take; such a `for`) or the
 * previous occurrence, at itself, the character before and each `g` or `f` (the global search
 * tried the pattern at every position of the file, for every constant).
 */
const SPACE = /\s/;
export function boundCount(src: string, name: string, bound: RegExp): number {
  let count = 0;
  let from = 0;
  for (let q = src.indexOf(name); q >= 0 && count < 2;) {
    const nl = src.lastIndexOf("\n", q - 1);
    // (`for` then white space over line ends: `\s+` takes them.)
    let w = nl;
    while (w > 0 && SPACE.test(src[w - 1]!)) w--;
    const start = w >= 3 && src.startsWith("for", w - 3) ? w - 3 : nl < 0 ? 0 : nl;
    let found = false;
    for (let p = Math.max(from, start); p <= q; p++) {
      const c = src.charCodeAt(p);
      if (p < q - 1 && c !== 103 && c !== 102) continue; // (g, f)
      bound.lastIndex = p;
      if (bound.test(src)) {
        found = true;
        break;
      }
    }
    if (found) {
      count++;
      from = bound.lastIndex;
      q = src.indexOf(name, from);
    } else {
      from = q + 1;
      q = src.indexOf(name, from);
    }
  }
  return count;
}

/**
 * How often a file's text binds a CONSTANT_CASE name, as a name or an attribute (`NAME = ...`,
 * `NAME += ...`, `self.NAME = ...`, `global`/`nonlocal`/`del`/`import`/`as` lines naming it, a `for`
 * binding it before its `in`, `setattr(o, "NAME", v)`, `globals()["NAME"] = v`): the one "is this
 * name written elsewhere" test of pyConstantKey, pyConstantTuple and pyClassConstantTuple.
 */
function pyNameWrites(text: string, name: string): number {
  const writes = text.match(new RegExp(`\\b${name}\\s*(?:[-+*/%&|^@]|//|\\*\\*|<<|>>)?=(?!=)|\\b(?:global|nonlocal|as|import|del)\\b[^\\n]*\\b${name}\\b|\\bfor\\b[^\\n]*?\\b${name}\\b[^\\n]*?\\bin\\b|\\bsetattr\\s*\\([^,\\n]*,\\s*["']${name}["']|["']${name}["']\\s*\\]\\s*=(?!=)`, "g"));
  return writes?.length ?? 0;
}

/** Whether a file's text changes the items of a list under the name (`NAME.append(x)`, `NAME[0] = x`, `self.NAME.remove(x)`). */
function pyItemsChanged(text: string, name: string): boolean {
  return pyItemChanges(text, name) > 0;
}

/** How often a file's text changes the items of a list under the name (pyItemsChanged). */
function pyItemChanges(text: string, name: string): number {
  return text.match(new RegExp(`\\b${name}\\s*(?:\\.\\s*(?:append|extend|insert|remove|pop|clear|sort|reverse|__setitem__)\\b|\\[[^\\]\\n]*\\]\\s*(?:[-+*/%&|^@]|//|\\*\\*|<<|>>)?=(?!=))`, "g"))?.length ?? 0;
}

/** pyConstantKey's answers, by tree and name. */
const constantKeysByTree = new WeakMap<Tree, Map<string, string | null>>();

/**
 * `STEPS[IDX]` with `IDX = 1` at the module's top, the file's only binding of the CONSTANT_CASE
 * name: the key "1" (a string constant: its key), as if written `STEPS[1]`; null otherwise.
 */
export function pyConstantKey(index: Node): string | null {
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
  if (pyNameWrites(text, name) === 1) {
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
export function pyConstantTuple(node: Node, inFunctions = false, lists = false): Node | null {
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
  if (known !== undefined) return known && (lists || known.type === "tuple") && (nested || known.startIndex < node.startIndex) ? known : null;
  let found: Node | null = null;
  // (A `for` binds the name only before its `in`: `for name in NAME:` reads it.)
  if (pyNameWrites(tree.rootNode.text, name) === 1) {
    for (const stmt of tree.rootNode.namedChildren) {
      const a = stmt?.type === "expression_statement" ? stmt.namedChild(0) : null;
      if (a?.type !== "assignment" || field(a, "left")?.text !== name) continue;
      const right = field(a, "right");
      // (A list literal too, for `lists` (a loop's strings), when the file never changes its items:
      // `PLUGINS = ["app.plugins.a", ...]` read by `for path in PLUGINS: import_module(path)`.)
      const mutated = right?.type === "list" && pyItemsChanged(tree.rootNode.text, name);
      found = right?.type === "tuple" || (right?.type === "list" && !mutated) ? right : null;
    }
  }
  byName.set(name, found);
  return found && (lists || found.type === "tuple") && (nested || found.startIndex < node.startIndex) ? found : null;
}

/** `.__x` (not `.__x__`) somewhere in an expression's text: a name Python mangles in a class. */
export const PRIVATE_ATTR = /\.__[A-Za-z0-9_]*(?<!__)(?![A-Za-z0-9_])/;

/** The class whose body (or a function in it) holds `node`: the one whose name mangles `__x` there. */
export function manglingClass(node: Node): string | null {
  for (let up = node.parent, n = 0; up && n < 64; up = up.parent, n++) {
    if (up.type === "class_definition") return field(up, "name")?.text ?? null;
  }
  return null;
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
    const right = field(n, "right");
    // (`for name in PLUGINS:` over a module's CONSTANT_CASE tuple (or list) of literals, also in a
    // function; `for s in self.STEPS:` over those the file's class bodies bind.)
    const constant = right?.type === "identifier" ? pyConstantTuple(right, true, true) : null;
    // (`for name, fn in {"get": _get, "post": _post}.items()`: the literal's keys, as pairs' first parts.)
    const pairs = right ? dictItemsCall(right) : null;
    const seqs = pairs ? [pairs] : right?.type === "tuple" || right?.type === "list" ? [right] : constant ? [constant] : right?.type === "attribute" ? pyClassConstantTuples(right) : null;
    if (!seqs || !seqs.every((seq) => seq === pairs || seq.type === "tuple" || seq.type === "list" || (seq.type === "string" && part < 0))) return null;
    const out: string[] = [];
    for (const seq of seqs) {
      for (const item of seq.type === "string" ? [seq] : seq.namedChildren) {
        if (!item || item.type === "comment") continue;
        const el = seq === pairs ? (item.type === "pair" && (part === 0 || part === 1) ? field(item, part === 0 ? "key" : "value") : null)
          : part < 0 ? item : item.type === "tuple" || item.type === "list" ? item.namedChildren.filter((c) => c?.type !== "comment")[part] ?? null : null;
        if (!el) return null;
        const s = stringLiteral(el);
        if (s === null || !(modules ? /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/ : /^[A-Za-z_]\w*$/).test(s) || out.length >= 16) return null;
        if (!out.includes(s)) out.push(s);
      }
    }
    return out.length > 0 ? out : null;
  }
  return null;
}

/** `{...}.items()` of a dict literal, no arguments: the dictionary node; else null. */
export function dictItemsCall(node: Node): Node | null {
  if (node.type !== "call" || (field(node, "arguments")?.namedChildCount ?? 1) !== 0) return null;
  const fn = field(node, "function");
  const dict = fn?.type === "attribute" && field(fn, "attribute")?.text === "items" ? field(fn, "object") : null;
  return dict?.type === "dictionary" && dict.namedChildCount <= 16 ? dict : null;
}

/**
 * `self.STEPS` / `cls.STEPS` read in a method: the tuple or list literals the file's class bodies
 * bind to that CONSTANT_CASE name (the enclosing class's, or a subclass's overriding it: self may
 * be an instance of either), with those the file writes to it elsewhere (`setattr(Job, "STEPS",
 * ("publish",))`, `Job.STEPS = [...]`) and the string items it stores into it (`Job.STEPS[1] =
 * "publish"`, `.append("x")`, `.insert(0, "x")`, `.extend(["x"])`; `.remove`/`.pop`/... only drop
 * some), when every write of the name is one of these (pyNameWrites, pyItemChanges) and there are
 * at most eight; else null. Each answer is a tuple or list literal, or one string literal.
 */
function pyClassConstantTuples(node: Node): Node[] | null {
  const obj = field(node, "object")?.text;
  const name = field(node, "attribute")?.text ?? "";
  if ((obj !== "self" && obj !== "cls") || !/^[A-Z][A-Z0-9_]*$/.test(name)) return null;
  let cls: Node | null = node.parent;
  for (let depth = 0; cls && cls.type !== "class_definition" && depth < 64; depth++) cls = cls.parent;
  if (cls?.type !== "class_definition") return null;
  const text = node.tree.rootNode.text;
  const writes = pyNameWrites(text, name);
  const changes = pyItemChanges(text, name);
  if (writes < 1 || writes + changes > 8) return null;
  const seq = (n: Node | null | undefined): n is Node => !!n && (n.type === "tuple" || n.type === "list");
  const out: Node[] = [];
  if (writes === 1 && changes === 0) {
    for (const stmt of field(cls, "body")?.namedChildren ?? []) {
      const a = stmt?.type === "expression_statement" ? stmt.namedChild(0) : null;
      if (a?.type !== "assignment" || field(a, "left")?.text !== name) continue;
      const right = field(a, "right");
      if (!seq(right)) return null;
      out.push(right);
    }
    return out.length === 1 ? out : null;
  }
  // (Every write read from the tree: a class body's `NAME = (...)`, `x.NAME = (...)`,
  // `setattr(x, "NAME", (...))`, `x.NAME[i] = "s"`, `x.NAME.append("s")`, ...)
  let seen = 0;
  const named = (n: Node | null): boolean => !!n && ((n.type === "attribute" && field(n, "attribute")?.text === name) || (n.type === "identifier" && n.text === name));
  for (const n of node.tree.rootNode.descendantsOfType(["assignment", "call"])) {
    if (!n || seen > writes + changes) return null;
    if (n.type === "assignment") {
      const left = field(n, "left");
      const right = field(n, "right");
      if (named(left)) {
        // (A bare `NAME = (...)` only in a class body: a module's or function's is another name.)
        if (left!.type === "identifier" && n.parent?.parent?.parent?.type !== "class_definition") return null;
        if (!seq(right)) return null;
        out.push(right);
        seen++;
      } else if (left?.type === "subscript" && named(field(left, "value"))) {
        if (right?.type !== "string") return null;
        out.push(right);
        seen++;
      }
      continue;
    }
    const fn = field(n, "function");
    const args = field(n, "arguments")?.namedChildren.filter((c) => c?.type !== "comment") ?? [];
    if (fn?.type === "identifier" && fn.text === "setattr" && args.length === 3 && stringLiteral(args[1]!) === name) {
      if (!seq(args[2])) return null;
      out.push(args[2]!);
      seen++;
    } else if (fn?.type === "attribute" && named(field(fn, "object"))) {
      const method = field(fn, "attribute")?.text;
      if (method === "remove" || method === "pop" || method === "clear" || method === "sort" || method === "reverse") seen++;
      else if (method === "append" || method === "insert" || method === "extend") {
        const item = args[method === "insert" ? 1 : 0];
        if (!item || (method === "extend" ? !seq(item) : item.type !== "string")) return null;
        out.push(item);
        seen++;
      }
    }
  }
  return seen === writes + changes ? out : null;
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
  // `import_module(BACKENDS[kind])` by a key not literal: every value of the module's constant
  // dict of strings (a dict subscript by a name is any of its items, the corpus's convention).
  if (arg.type === "subscript") {
    const values = pyConstDictValues(arg);
    return values ? { names: values, param: false } : null;
  }
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
  // (A module constant wrapped: `f"drivers.{DRIVER}_driver"` with a top-level `DRIVER = "sqlite"`.)
  const constant = looped || id === arg ? null : pyStaticString(id);
  const strings = looped ?? (constant !== null ? [constant] : pyParamStrings(id));
  if (!strings) return null;
  const names = strings.map((x) => head + x + tail);
  return names.every((n) => /^\.*[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(n)) ? { names, param: !looped && constant === null } : null;
}

/**
 * pyModuleNamesOf for an `import_module(...)` call's arguments: one name argument, or a relative
 * one with its package (`import_module("." + name, __name__)`), the names resolved against it.
 */
export function pyImportModuleNames(args: Node): { names: string[]; param: boolean } | null {
  const n = args.namedChildCount;
  if (n !== 1 && n !== 2) return null;
  const got = pyModuleNamesOf(args.namedChild(0)!);
  if (!got) return null;
  const names: string[] = [];
  for (const m of got.names) {
    const r = againstPackage(m, args);
    if (r === null) return null;
    names.push(r);
  }
  return { names, param: got.param };
}

/**
 * `__import__("handlers." + name, ...)` / `__import__(f"handlers.{name}")` with name a loop's or a
 * parameter's literals (pyModuleNamesOf): those modules, absolute names only (its second argument
 * is globals, no package); null otherwise.
 */
export function pyDunderImportNames(args: Node): { names: string[]; param: boolean } | null {
  const first = args.namedChild(0);
  if (!first || first.type === "keyword_argument") return null;
  const got = pyModuleNamesOf(first);
  return got && got.names.length > 0 && got.names.every((m) => /^[A-Za-z_][\w.]*$/.test(m)) ? got : null;
}

/**
 * `NAME[k]` with a key not literal, NAME a top-level dict literal of string values bound once and
 * its items never stored (pyConsts): all its values; null otherwise.
 */
function pyConstDictValues(sub: Node): string[] | null {
  const value = field(sub, "value");
  const key = field(sub, "subscript");
  if (value?.type !== "identifier" || !key || stringLiteral(key) !== null) return null;
  const tree = sub.tree;
  let consts = pyConstsByTree.get(tree);
  if (!consts) pyConstsByTree.set(tree, (consts = pyConsts(tree.rootNode)));
  const all = consts.get(`${value.text}[*]`);
  return all ? JSON.parse(all) as string[] : null;
}

const PY_COMPREHENSIONS = new Set(["list_comprehension", "generator_expression", "set_comprehension", "dictionary_comprehension"]);

/**
 * Standard-library functions whose value is one of their arguments (index): refs-js.ts reads the
 * call as that argument (weakref's: a reference that gives it back when called).
 */
export const PY_STD_SAME: Record<string, number> = {
  "typing.cast": 1, "typing_extensions.cast": 1, "copy.copy": 0, "copy.deepcopy": 0, "weakref.proxy": 0,
  "contextlib.closing": 0, "contextlib.nullcontext": 0, "weakref.ref": 0, "weakref.WeakMethod": 0,
  // Awaited, `asyncio.wait_for(coro, timeout)` / `asyncio.shield(coro)` give what coro gives.
  "asyncio.wait_for": 0, "asyncio.shield": 0,
  // `types.MappingProxyType(d)`: a read-only view of d (`OPS["create"]()` reads d's item).
  "types.MappingProxyType": 0,
  // `functools.update_wrapper(wrapper, wrapped)` returns wrapper (click's `pass_context`).
  "functools.update_wrapper": 0,
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
export function pyStdName(tree: Tree, text: string): string | null {
  if (text.length > 64) return null;
  const dot = text.indexOf(".");
  const head = dot < 0 ? text : text.slice(0, dot);
  const bound = pyImportNames(tree).get(head);
  // (The text's form is checked only for a head the imports bind: most callees' are not.)
  if (bound === undefined || !/^[A-Za-z_][\w.]*$/.test(text)) return null;
  return dot < 0 ? bound : bound + text.slice(dot);
}

/**
 * The literal start of a computed attribute name: `"visit_" + kind`, `f"do_{cmd}"` ("visit_",
 * "do_"); null when it is no identifier's start of two characters or more.
 */
export function pyNamePrefix(node: Node): string | null {
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
export const PY_BASE_CONSTRUCTORS = new Set(["model_validate", "model_validate_json", "model_validate_strings", "model_construct", "parse_obj", "parse_raw", "parse_file", "from_orm", "_make"]);

export function importsDataclassReplace(tree: Tree): boolean {
  let known = dataclassReplaceByTree.get(tree);
  if (known === undefined) dataclassReplaceByTree.set(tree, (known = /^[ \t]*from[ \t]+dataclasses[ \t]+import\b[^\n]*\breplace\b(?![ \t]+as\b)/m.test(tree.rootNode.text)));
  return known;
}

/**
 * pyParamStrings() for a name used as an attribute (`getattr(o, action)`; not a dict key: `OPS[op]`
 * is any item, PyCG's convention, `dicts/dispatch_param_key_in_function`):
 * identifier-like strings only, and the parameter never rebound in its function.
 */
export function pyParamNames(name: Node): string[] | null {
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
export function pyNameSuffix(node: Node): Node | null {
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
  if (def?.type !== "function_definition") return null;
  // (A class's `__init__`, the class at the module's top: the calls of the class by its name pass
  // the parameters after self: `Runner("nightly")` for `def __init__(self, name)`.)
  const owner = def.parent?.parent?.type === "class_definition" ? def.parent.parent : null;
  if (owner && (field(def, "name")?.text !== "__init__" || owner.parent?.type !== "module")) return null;
  const params = field(def, "parameters");
  const fname = owner ? field(owner, "name")?.text : field(def, "name")?.text;
  if (!params || !fname) return null;
  let index = owner ? -2 : -1;
  for (let i = 0; i < params.namedChildCount; i++) {
    const p = params.namedChild(i)!;
    const id = p.type === "identifier" ? p : p.type === "default_parameter" || p.type === "typed_parameter" || p.type === "typed_default_parameter" ? (field(p, "name") ?? p.namedChild(0)) : null;
    if (id?.type === "identifier" && id.text === name.text) index = owner ? i - 1 : i;
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
  // (Of a class's `__init__`, also the calls of the file's subclasses of it that have no
  // `__init__` of their own (`Sub("x")`), and the `super().__init__("x")` of those that have.)
  const callers = new Set([fname]);
  const heirs = new Set<number>();
  if (owner) {
    const classes = tree.rootNode.descendantsOfType("class_definition");
    for (let grew = true, round = 0; grew && round < 4; round++) {
      grew = false;
      for (const k of classes) {
        const kname = k ? field(k, "name")?.text : undefined;
        if (!k || !kname || heirs.has(k.startIndex) || !(field(k, "superclasses")?.namedChildren ?? []).some((b) => b?.type === "identifier" && callers.has(b.text) && b.text !== kname)) continue;
        heirs.add(k.startIndex);
        const ownInit = field(k, "body")?.namedChildren.some((m) => (m?.type === "decorated_definition" ? field(m, "definition") : m)?.type === "function_definition" && field((m!.type === "decorated_definition" ? field(m!, "definition") : m)!, "name")?.text === "__init__");
        if (!ownInit && callers.size < 16) callers.add(kname);
        grew = true;
      }
    }
  }
  for (const c of tree.rootNode.descendantsOfType("call")) {
    const fn = c ? field(c, "function") : null;
    if (!c || !fn) continue;
    if (fn.type === "identifier" ? !callers.has(fn.text) : !(heirs.size > 0 && fn.type === "attribute" && field(fn, "attribute")?.text === "__init__" && /^super\(\s*(?:[A-Za-z_]\w*\s*,\s*self\s*)?\)$/.test(field(fn, "object")?.text ?? "") && inClassOf(c, heirs))) continue;
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

/** Whether node lies in (a method of) one of the classes whose start indexes are given. */
function inClassOf(node: Node, classes: Set<number>): boolean {
  for (let up = node.parent, depth = 0; up && depth < 64; up = up.parent, depth++) {
    if (up.type === "class_definition") return classes.has(up.startIndex);
  }
  return false;
}

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
  // A numeric string, and the string "*" (the unknown key's spelling, "[*]"), are quoted: `OPS["*"]`
  // is the item under that key, not any item.
  return text !== null && (/^-?\d+$/.test(text) || text === "*") ? `'${text}'` : text;
}

/** Per tree: whether the file binds TYPE_CHECKING itself to anything but False (constTruth). */
const typeCheckingByTree = new WeakMap<object, boolean>();

/**
 * Whether the file binds the name TYPE_CHECKING to something other than `False` (`TYPE_CHECKING =
 * True`, `= os.environ...`): then `if TYPE_CHECKING:` is no dead branch
 * (`control_flow/q7_type_checking_bound_true_runs`); `from typing import TYPE_CHECKING` and
 * `TYPE_CHECKING = False` keep it one.
 */
function typeCheckingRebound(c: Node): boolean {
  const tree = c.tree as object;
  let bound = typeCheckingByTree.get(tree);
  if (bound === undefined) {
    bound = /(?:^|[^.\w])TYPE_CHECKING\s*(?::[^=\n]*)?=(?!=)(?!\s*False\b)|\bas\s+TYPE_CHECKING\b|\bdef\s+\w+\s*\([^)]*\bTYPE_CHECKING\b/.test(c.tree.rootNode.text);
    typeCheckingByTree.set(tree, bound);
  }
  return bound;
}

/** A condition's value when it is a constant (`True`, `0`, `None`, `not False`, `False and x`, `TYPE_CHECKING`), else undefined. */
export function constTruth(c: Node | null, depth: number): boolean | undefined {
  if (!c || depth > 8) return undefined;
  switch (c.type) {
    case "true":
      return true;
    case "false":
    case "none":
      return false;
    case "integer":
      return c.text === "0" ? false : c.text === "1" ? true : undefined;
    case "identifier":
      return c.text === "TYPE_CHECKING" && !typeCheckingRebound(c) ? false : undefined;
    case "attribute":
      return c.text === "typing.TYPE_CHECKING" ? false : undefined;
    case "parenthesized_expression":
      return c.namedChildCount === 1 ? constTruth(c.namedChild(0), depth + 1) : undefined;
    case "not_operator": {
      const v = constTruth(field(c, "argument"), depth + 1);
      return v === undefined ? undefined : !v;
    }
    case "boolean_operator": {
      // `False and x` is false, `True or x` true, whatever x is.
      const op = field(c, "operator")?.type ?? c.child(1)?.type;
      const left = constTruth(field(c, "left"), depth + 1);
      if ((op === "and" && left === false) || (op === "or" && left === true)) return left;
      return undefined;
    }
  }
  return undefined;
}
