// Python references: what an expression names (pyRef), the items a container literal holds, and
// the literal keys of subscripts.
import type { Node } from "web-tree-sitter";
import { field } from "./fields.ts";
import { anyItem, bareName, fold, foldRef, MAX_ITEMS, MAX_NESTING, MAX_STEPS, PY_SELF_MODULE, type PyLiteral, type Ref, type Root, type Step, stringLiteral } from "./ref-types.ts";
import { constTruth, importModuleSpec, importsDataclassReplace, manglingClass, PRIVATE_ATTR, PY_BASE_CONSTRUCTORS, PY_STD_SAME, pyAttrGetter, pyConstantAttrName, pyConstantKey, pyConstantTuple, pyDunderImportNames, pyImportModuleNames, pyKey, pyLoopStrings, pyNamePrefix, pyNameSuffix, pyParamNames, pyStaticString, pyStdName, pyTopDefines } from "./refs-py-strings.ts";
import { dottedChain, pyByText } from "./ref-chains.ts";

/**
 * Python expression → Ref. `self`/`cls` name the enclosing class. `type`, `text`: the
 * expression's type and (for a name) text when already read (each read crosses into WASM).
 * `dotted`: read plain dotted attribute chains from their text (false: walk every node, for
 * tests to compare).
 */
/** Names besides `cls` written for a class-level method's first parameter (`def __new__(mcs, name, bases, ns)`). */
const CLS_ALIASES: ReadonlySet<string> = new Set(["mcs", "mcls", "metacls", "meta", "klass", "kls"]);
const CLS_FIRST_METHODS: ReadonlySet<string> = new Set(["__new__", "__init_subclass__", "__class_getitem__", "__prepare__"]);

/**
 * Whether `name` read at `node` is the first parameter of the function around it (lambdas and
 * comprehensions between are passed) when that function is a `__new__` (a metaclass's too) or a
 * `@classmethod` defined in a class body: it is the class, as `cls` is.
 */
function firstClassParam(node: Node, name: string): boolean {
  let p = node.parent;
  for (let depth = 0; p && p.type !== "function_definition" && depth < 64; depth++) p = p.parent;
  if (!p || p.type !== "function_definition") return false;
  const first = field(p, "parameters")?.namedChild(0);
  if (first?.type !== "identifier" || first.text !== name) return false;
  const holder = p.parent?.type === "decorated_definition" ? p.parent : p;
  if (holder.parent?.type !== "block" || holder.parent.parent?.type !== "class_definition") return false;
  if (CLS_FIRST_METHODS.has(field(p, "name")?.text ?? "")) return true;
  return holder !== p && holder.namedChildren.some((d) => d?.type === "decorator" && /^@\s*classmethod\s*$/.test(d.text));
}

/**
 * Whether `name` read at `node` is a parameter of the function around it other than its first
 * (`def product(self, cls): self._cls = cls`, a setter given a class): a plain parameter then.
 */
function laterParam(node: Node, name: string): boolean {
  let p = node.parent;
  for (let depth = 0; p && p.type !== "function_definition" && depth < 64; depth++) p = p.parent;
  const params = p?.type === "function_definition" ? field(p, "parameters") : null;
  if (!params) return false;
  for (let i = 1; i < params.namedChildCount && i < 32; i++) {
    const q = params.namedChild(i)!;
    const id = q.type === "identifier" ? q : q.namedChild(0);
    if (id?.type === "identifier" && id.text === name) return true;
  }
  return false;
}

/**
 * Whether `cls` read at `node` is an ordinary name because the function around it is a method
 * whose first parameter is `self` (`cls = self.runner_class`, `from .testing import Runner as cls`)
 * or a `@staticmethod` (`def inline_literals_using(cls)`: a parameter): only a class-level
 * method's `cls` is the class.
 */
function selfMethodCls(node: Node): boolean {
  let p = node.parent;
  for (let depth = 0; p && p.type !== "function_definition" && depth < 64; depth++) p = p.parent;
  if (!p || p.type !== "function_definition") return false;
  const holder = p.parent?.type === "decorated_definition" ? p.parent : p;
  if (holder.parent?.type !== "block" || holder.parent.parent?.type !== "class_definition") return false;
  if (holder !== p && holder.namedChildren.some((d) => d?.type === "decorator" && /^@\s*staticmethod\s*$/.test(d.text))) return true;
  const first = field(p, "parameters")?.namedChild(0);
  const id = first?.type === "identifier" ? first : first?.type === "typed_parameter" ? first.namedChild(0) : null;
  return id?.type === "identifier" && id.text === "self";
}

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
      if ((name === "cls" && !laterParam(node, name) && !selfMethodCls(node)) || (CLS_ALIASES.has(name) && firstClassParam(node, name))) return fold({ t: "cls" }, steps);
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
      // `__setup@Base` (resolve-members.ts member() looks it up in Base along the MRO, then as `__setup`).
      const owner = node.text.includes(".__") && PRIVATE_ATTR.test(node.text) ? manglingClass(node) : null;
      // (`mcs.registry` heads with a class-level method's first parameter take the walk: firstClassParam.)
      const text = read ?? node.text;
      const head = text.slice(0, text.indexOf("."));
      const chain = dotted && owner === null && !CLS_ALIASES.has(head) && head !== "cls" ? dottedChain(node, steps, text, true) : null;
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
      // The callee's text, read once (each read is a slice of the source).
      const fnText = fn?.text;
      if (fnText === "type" && args?.namedChildCount === 1) {
        steps.push({ k: "member", name: "__class__" });
        node = args.namedChild(0);
        continue;
      }
      // reduce(f, xs) gives what f returns (with two items or more, or a start value).
      if ((fnText === "reduce" || fnText === "functools.reduce") && args && args.namedChildCount >= 2 && nesting < MAX_NESTING) {
        const f = args.namedChild(0);
        const callee = f && f.type !== "keyword_argument" ? pyRef(f, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        return callee ? fold({ t: "call", callee }, steps) : null;
      }
      // map(f, xs) gives what f returns, item by item (itertools.starmap(f, pairs) too).
      const mapper = fn?.type === "identifier" ? fnText === "map" || fnText === "starmap" : fnText === "itertools.starmap";
      if (mapper && args && args.namedChildCount >= 2 && nesting < MAX_NESTING) {
        const f = args.namedChild(0);
        const callee = f && f.type !== "keyword_argument" ? pyRef(f, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (!callee) return null;
        return fold({ t: "items", items: [{ key: "[*]", ref: { root: { t: "call", callee }, path: [] } }] }, steps);
      }
      const method = fn?.type === "attribute" ? field(fn, "attribute")?.text : undefined;
      // functools.partial(f, ...) calls f (staticmethod(f) and property(f) are f too; iter(xs) has xs's items); importlib.import_module("a.b") is module a.b.
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
      if (method === "__subclasses__" && args?.namedChildCount === 0 && nesting < MAX_NESTING) {
        const of = pyRef(field(fn!, "object")!, defStarts, nesting + 1, undefined, undefined, dotted);
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
      // (Read only for those names: a field read is a WASM call, and this ran for every method call.)
      const receiver = method !== undefined && PY_BASE_CONSTRUCTORS.has(method) && fn?.type === "attribute" ? field(fn, "object") : null;
      if (method !== undefined && PY_BASE_CONSTRUCTORS.has(method) && nesting < MAX_NESTING && receiver &&
        ((receiver.type === "identifier" && (receiver.text === "cls" || /^[A-Z]\w*[a-z]\w*$/.test(receiver.text))) || (receiver.type === "attribute" && /^[A-Z]\w*[a-z]\w*$/.test(field(receiver, "attribute")?.text ?? "")))) {
        const of = pyRef(receiver, defStarts, nesting + 1, undefined, undefined, dotted);
        // (A classmethod of ours of that name, `Loader.parse_file(p)` returning a Document: what it returns.)
        const called = of ? pyRef(fn!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (of && called) return fold({ t: "union", refs: [{ root: { t: "call", callee: called }, path: [] }, { root: { t: "call", callee: of }, path: [] }], own: true }, steps);
        if (of) return fold({ t: "call", callee: of }, steps);
      }
      // (`attr.evolve(obj, ...)` / `attrs.evolve` likewise, also imported by name: `from attrs import evolve`.)
      if ((fnText === "dataclasses.replace" || fnText === "attr.evolve" || fnText === "attrs.evolve" || std === "attr.evolve" || std === "attrs.evolve" || (fnText === "replace" && importsDataclassReplace(node.tree))) && args?.namedChild(0) && PY_PLAIN_ARG(args.namedChild(0)!)) {
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
      if (method === "get" && args && (args.namedChildCount === 1 || args.namedChildCount === 2) && nesting < MAX_NESTING) {
        const obj = field(fn!, "object");
        const scopeDict = obj?.type === "call" ? obj.text.replace(/\s+/g, "") : "";
        const scoped = scopeDict === "globals()" || scopeDict === "vars()" || scopeDict === "locals()";
        const keyNode = args.namedChild(0)!;
        const key = scoped ? stringLiteral(keyNode) : null;
        if (key !== null && /^[A-Za-z_]\w*$/.test(key)) {
          const named: Ref = steps.length === 0 ? bareName(pyByText, key) : { root: { t: "name", name: key }, path: [] };
          // (No default when the module defines that name above: `dynamic/p23_globals_get_with_fallback`.)
          const dflt = args.namedChildCount === 2 && PY_PLAIN_ARG(args.namedChild(1)!) && !(scopeDict === "globals()" && pyTopDefines(node, key)) ? pyRef(args.namedChild(1)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
          return dflt ? fold({ t: "union", refs: [named, dflt] }, steps) : foldRef(named, steps);
        }
        // (`globals().get("cmd_" + name, unknown)` with name a loop's or a parameter every call passes
        // a literal, as `globals()["cmd_" + name]` reads: those names, or the default.)
        const prefix = scoped && key === null ? pyNamePrefix(keyNode) : null;
        const suffix = prefix !== null ? pyNameSuffix(keyNode) : scoped && key === null ? keyNode : null;
        const suffixes = suffix ? pyLoopStrings(suffix) ?? pyParamNames(suffix) : null;
        if (suffixes) {
          const refs = suffixes.map((n) => bareName(pyByText, `${prefix ?? ""}${n}`));
          const dflt = args.namedChildCount === 2 && PY_PLAIN_ARG(args.namedChild(1)!) ? pyRef(args.namedChild(1)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
          return fold({ t: "union", refs: dflt ? [...refs, dflt] : refs }, steps);
        }
        // (A name not known, `"cmd_" + sys.argv[1]`: the module's names that start so, as
        // `getattr(sys.modules[__name__], "cmd_" + name)` reads them, or the default.)
        if (prefix && scopeDict === "globals()") {
          const some: Ref = { root: { t: "module", spec: PY_SELF_MODULE }, path: [`${prefix}*`] };
          const dflt = args.namedChildCount === 2 && PY_PLAIN_ARG(args.namedChild(1)!) ? pyRef(args.namedChild(1)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
          return fold({ t: "union", refs: dflt ? [some, dflt] : [some] }, steps);
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
          const zipped = zipArgs ? zippedPairs(zipArgs, defStarts, nesting, dotted) : null;
          if (pairs) items.push(...pairs);
          else if (zipped) items.push(...zipped);
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
          // (`dict(x)` is a dict whatever x is: `dict(res).get(k)` is `<**PyDict**>.get` also when res
          // is None or a list of pairs, beside x's own items.)
          return refs.length === 0 ? fold(made.root, steps) : fold({ t: "union", refs: [made, ...refs] }, steps);
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
      // (`fa, fb = await gather(...)`: fa is what a() gives; also `from asyncio import gather`). (The call is still a call of asyncio.gather.)
      if ((fnText === "asyncio.gather" || std === "asyncio.gather") && args && args.namedChildCount >= 1 && args.namedChildCount <= MAX_ITEMS && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
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
        const looped = args ? pyImportModuleNames(args)?.names : null;
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
        // `__import__("handlers." + name, fromlist=["run"])` with name a loop's or a parameter's literals: those modules.
        const named = spec === null ? pyDunderImportNames(args) : null;
        if (named) return fold({ t: "union", refs: [...new Set(named.names.map((m) => (whole ? m : m.split(".")[0]!)))].map((m) => ({ root: { t: "module", spec: m }, path: [] })) }, steps);
      }
      // `d.get("k")` / `d.pop("k")`: the item under key k (or under a key not known; resolve.ts).
      // `super().__new__(cls)` / `object.__new__(cls)` / `Base.__new__(cls)`: an instance of cls,
      // what calling cls would make (a singleton's `cls._inst = super().__new__(cls)`).
      if (method === "__new__" && args && args.namedChildCount >= 1 && nesting < MAX_NESTING) {
        const first = args.namedChild(0)!;
        const c = first.type === "identifier" || first.type === "attribute" ? pyRef(first, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (c) return fold({ t: "call", callee: c }, steps);
      }
      // `sys.modules.get("a.b")`: module a.b (loaded by an import elsewhere), as `sys.modules["a.b"]`.
      if (method === "get" && fnText === "sys.modules.get" && args && (args.namedChildCount === 1 || args.namedChildCount === 2)) {
        const spec = stringLiteral(args.namedChild(0)!);
        if (spec !== null && /^[A-Za-z_][\w.]*$/.test(spec)) return fold({ t: "module", spec }, steps);
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
      // (A module's constant string, `getattr(api, ACTIONS["get"])` / `getattr(o, MODE)`: as the literal.)
      const attr = name ? stringLiteral(name) ?? (args?.namedChildCount === 2 ? pyConstantAttrName(name) : null) : null;
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
      // (`getattr(sys.modules[__name__], "handle_" + kind)` with kind a parameter every call passes
      // a literal, or a loop's: the module's own names so made, as `globals()[name]` reads them.)
      const own = name && attr === null && args && args.namedChildCount === 2 && nesting < MAX_NESTING && args.namedChild(0)!.text.replace(/\s+/g, "") === "sys.modules[__name__]";
      const ownSuffix = own ? (prefix !== null ? pyNameSuffix(name!) : name) : null;
      const ownNames = ownSuffix ? pyLoopStrings(ownSuffix) ?? pyParamNames(ownSuffix) : null;
      if (ownNames) return fold({ t: "union", refs: ownNames.map((n) => bareName(pyByText, `${prefix ?? ""}${n}`)) }, steps);
      const prefixOf = prefix !== null && PY_PLAIN_ARG(args!.namedChild(0)!) ? pyRef(args!.namedChild(0)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
      if (prefixOf && prefixOf.path.length < MAX_STEPS - 8) {
        const third = args!.namedChildCount === 3 ? args!.namedChild(2)! : null;
        const dflt = third && PY_PLAIN_ARG(third) && third.type !== "none" ? pyRef(third, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        // (`"to_" + fmt` with fmt a parameter every call passes a literal: `to_csv`, `to_json` only;
        // or a loop's, `for kind in ("email", "sms"): getattr(mod, f"send_{kind}")`.)
        const suffix = pyNameSuffix(name!);
        const suffixes = suffix ? pyLoopStrings(suffix) ?? pyParamNames(suffix) : null;
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
      // `itemgetter("a", "c")(table)`: the tuple (table["a"], table["c"]).
      const keys = fn?.type === "call" && args?.namedChildCount === 1 && (field(fn, "function")?.text === "itemgetter" || field(fn, "function")?.text === "operator.itemgetter") ? field(fn, "arguments") : null;
      if (keys?.type === "argument_list" && keys.namedChildCount >= 2 && keys.namedChildCount <= 8 && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
        const names = keys.namedChildren.map((k) => (k ? pyKey(k) : null));
        const x = names.every((k) => k !== null && !k.includes(".")) && PY_PLAIN_ARG(args!.namedChild(0)!) ? pyRef(args!.namedChild(0)!, defStarts, nesting + 1, undefined, undefined, dotted) : null;
        if (x && x.path.length < MAX_STEPS - 8) return fold({ t: "items", items: names.map((k, i) => ({ key: `[${i}]`, ref: { root: x.root, path: [...x.path, `[${k}]`] } })), length: names.length, of: "tuple" }, steps);
      }
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
        // (`def act(name): return globals()[name]()` called `act("start")`: the names its calls pass.)
        const looped = nesting < MAX_NESTING ? pyLoopStrings(index!) ?? pyParamNames(index!) : null;
        if (looped) return fold({ t: "union", refs: looped.map((n) => bareName(pyByText, n)) }, steps);
        // `globals()[f"cmd_{name}"]` / `globals()["cmd_" + name]` with name a parameter every call
        // passes a literal (or a loop over literals): those names only.
        const prefix = nesting < MAX_NESTING ? pyNamePrefix(index!) : null;
        const suffix = prefix !== null ? pyNameSuffix(index!) : null;
        const suffixes = suffix ? pyLoopStrings(suffix) ?? pyParamNames(suffix) : null;
        if (suffixes) return fold({ t: "union", refs: suffixes.map((n) => bareName(pyByText, `${prefix}${n}`)) }, steps);
        if (prefix && scopeDict === "globals()") return foldRef({ root: { t: "module", spec: PY_SELF_MODULE }, path: [`${prefix}*`] }, steps);
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
        // (`this = sys.modules[__name__]`, then `this.f()`: the module itself.)
        if (last === undefined) return { root: { t: "module", spec: PY_SELF_MODULE }, path: [] };
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
      // A constant condition chooses one (`a if True else b`: a; `False or f`: f; `True and f`: f).
      const cond = t === "boolean_operator" ? constTruth(field(node, "left"), 0) : constTruth(node.namedChild(1), 0);
      const op = t === "boolean_operator" ? field(node, "operator")?.type ?? node.child(1)?.type : undefined;
      const branches = t === "boolean_operator"
        ? cond === undefined || (op !== "and" && op !== "or") ? [field(node, "left"), field(node, "right")] : (op === "and") === cond ? [field(node, "right")] : [field(node, "left")]
        : cond === undefined ? [node.namedChild(0), node.namedChild(2)] : [node.namedChild(cond ? 0 : 2)];
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
      // (`/` also of a name or of another `/`: `ROOT / "x"`, `Path(a) / "b" / "c"`, a pathlib path's join.)
      const joined = op === "/" && left !== null && (left.type === "identifier" || left.type === "attribute" || (left.type === "binary_operator" && field(left, "operator")?.type === "/"));
      if (dunder && !seq(left) && !seq(right) && left && (PY_OPERAND.has(left.type) || joined) && nesting < MAX_NESTING && steps.length <= MAX_STEPS - 8) {
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
 * `zip(["a", "b"], [f, g])` in `dict(...)`: item a is f, item b is g, when both are list or tuple
 * literals of the same length without splats and every key is a literal (else null: keys not known).
 */
function zippedPairs(zipArgs: Node, defStarts: Set<number>, nesting: number, dotted: boolean): { key: string; ref: Ref }[] | null {
  if (zipArgs.namedChildCount !== 2) return null;
  const ks = zipArgs.namedChild(0)!;
  const vs = zipArgs.namedChild(1)!;
  if ((ks.type !== "list" && ks.type !== "tuple") || (vs.type !== "list" && vs.type !== "tuple")) return null;
  const keys = ks.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment");
  const values = vs.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment");
  if (keys.length === 0 || keys.length !== values.length || keys.length > MAX_ITEMS) return null;
  const out: { key: string; ref: Ref }[] = [];
  for (let i = 0; i < keys.length; i++) {
    const k = pyKey(keys[i]!);
    if (k === null || k === undefined || values[i]!.type === "list_splat" || keys[i]!.type === "list_splat") return null;
    const ref = pyRef(values[i]!, defStarts, nesting + 1, undefined, undefined, dotted);
    // (A key given twice holds the later value: `dicts/q7_dict_zip_duplicate_key_last_wins`.)
    const at = out.findIndex((o) => o.key === `[${k}]`);
    if (at >= 0) out.splice(at, 1);
    if (ref) out.push({ key: `[${k}]`, ref });
  }
  return out;
}

const PY_PLAIN_ARG = (a: Node): boolean => a.type !== "keyword_argument" && a.type !== "list_splat" && a.type !== "dictionary_splat" && a.type !== "comment";

/** Whether a module takes `replace` from dataclasses (`from dataclasses import replace`), by tree. */

const PY_ITEMS = new Set(["dictionary", "list", "tuple", "set", "expression_list"]);
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
