// Python-specific facts that the shared extractor (facts.ts) hands over: call arguments,
// parameters, returns, decorators, loop and tuple bindings, `global`/`nonlocal`, and dynamic
// constructs. Everything stays plain data (Refs) for the project-wide resolver.
import type { Node } from "web-tree-sitter";
import { cap, has, type Caps } from "./captures.ts";
import { NAME_KEY, anyItem, holding, stringLiteral, type Ref, type Root } from "./ref-types.ts";
import { importModuleSpec, pyKey, pyLoopStrings, pyModuleNamesOf, pyStaticString } from "./refs-py-strings.ts";
import { addTo, addToList, clip } from "./fact-text.ts";
import { branchRanges, type BranchBinding } from "./branch-groups.ts";
import type { Arg, CallFact, FactsDraft, ScopedRef } from "./fact-types.ts";
import { field } from "./fields.ts";
import { enclosingClass, type Def } from "./scopes.ts";
import { descend, endOfWords, endRowOf, lineOf as line, nodeWords, type NodeWords } from "./wasm-node.ts";
import { calleeNames } from "./queries.ts";
import { PY_BUILTINS } from "./builtins-py.ts";


export interface PyCtx {
  facts: FactsDraft;
  defIndex: Map<number, number>;
  /** `type`, `text`: the node's type and text when already read (each read crosses into WASM). */
  ref: (n: Node, type?: string, text?: string) => Ref | null;
  scope: (n: Node) => number;
  /** `global`/`nonlocal` names per scope, applied when the file is done. */
  globals: Map<number, Map<string, "global" | "nonlocal">>;
  /** `f = wrap(f)`: lines of the right-hand side and how many bindings f had before. */
  rebinds: { scope: number; name: string; from: number; to: number; count: number }[];
  /**
   * `d["k"] = v` item assignments, added to d where it is bound when the file is done. `always`:
   * an unconditional statement of its scope's body (a strong update of that key, see `itemKills`).
   */
  items: { scope: number; name: string; key: string; ref: Ref; line: number; always: boolean }[];
  kills: Kills;
  branches: Branches;
  /**
   * `def f` / `class C` / import statements of a scope's body (facts.ts defKills, importKill):
   * kills too, once the file is done, of names bound more than once (a name bound once has no
   * earlier value to tell apart, and is left to the resolver's memoised lookup).
   */
  statementKills: { scope: number; name: string; index: number; line: number }[];
  /**
   * Per dynamic fact, the start of the node where a query match would have reported it: facts are
   * found when the call handler reads the callee, and put back in that order (`pyDynamicOrder`).
   */
  dynamicAt: number[];
  /** Calls by start that run in another scope than where they are written (facts.ts callScope). */
  decorators?: Map<number, number>;
  /** `return x` in straight-line code of a function: x is read as of that line (`valueKills`). */
  returnReads?: { def: number; index: number; line: number }[];
  /** Parameter defaults naming a variable, of defs in straight-line code: read as of the def's line. */
  defaultReads?: { root: Extract<Root, { t: "param" }>; scope: number; line: number; through?: number }[];
  /**
   * Once a `global`/`nonlocal` statement was seen: calls of a plain name that are statements of
   * their scope's body (they always run, in order), `callKills`.
   */
  alwaysCalls?: Set<CallFact>;
  /** `name = operator.methodcaller("m")`: scope, name and m (`methodCallers`). */
  methodCallers?: { scope: number; name: string; method: string }[];
  /** `name = C(...)` in a class body (C a plain name): its binding's index (`descriptors`). */
  classAttrs?: { scope: number; name: string; index: number; cls: string }[];
  /** `g.send(v)` with g a plain name: scope, g and v (`sentValues`). */
  sends?: { scope: number; name: string; value: Ref; line: number }[];
  /** `nameCalls`, once made. */
  nameCalls?: Map<string, CallFact[] | null>;
  /** facts-py.ts callsByMethod: per attribute name, the calls by it (null: named otherwise too). */
  methodCallsByName?: Map<string, CallFact[] | null>;
  /**
   * Names a comprehension's `for` binds, by scope, with its lines: the binding is the
   * comprehension's own (Python 3), so reads outside those lines may ignore it (`lastKill`).
   */
  comprehended?: Map<number, Map<string, { from: number; to: number }[]>>;
  /** `super().__call__(...)` in a `__call__`: its def and line (`metaInits`). */
  superCalls?: { def: number; line: number }[];
  /** A class's bases as met (`subclassHooks`). */
  subclassBases?: { def: number; line: number; base: Ref; args: Arg[] }[];
  /** The file runs as a script (main.py, `if __name__ == "__main__":`): `callTimeReads`. */
  script?: boolean;
  /** Generators (their body runs when iterated, not when called): `runLines`. */
  lazy?: Set<number>;
  /** Loop targets of `for x in xs` outside loops: xs read as of the loop's line (applyScopeStatements). */
  iterReads?: { scope: number; name: string; index: number; line: number }[];
  /** Calls of a name in a loop's body (no other loop, def or class between): the loop's first line. */
  loopAt?: Map<CallFact, number>;
  /** `self.attr = v` (`selfKills`). */
  selfWrites?: { scope: number; name: string; attr: string; ref: Ref; line: number; always: boolean }[];
  /** `name.attr = v` with name a plain name other than self (`attrKills`). */
  attrWrites?: { scope: number; name: string; attr: string; ref: Ref; line: number; always: boolean }[];
}

/** Most arguments kept per call; generated code can pass thousands. */
const MAX_ARGS = 32;

/**
 * This file's argument lists by their text: the same text gives equal arguments unless it holds
 * a lambda (a definition, known by its position) or a parse error, so those lists are made once
 * and the encoder meets their repeats by identity. Never changed once made (applyScopeStatements
 * replaces a list rather than edit it).
 */
let argsByText = new Map<string, Arg[]>();

/** A new file: its argument lists are its own. */
export function beginPyFile(): void {
  argsByText = new Map();
  blockEnds = new Map();
  narrowings = [];
}

/** `case Circle():` on a subject name: in that case's body (its lines), the name is a Circle. */
let narrowings: { scope: number; name: string; from: number; to: number; made: Ref }[] = [];

/**
 * Calls on a `match` subject name inside a `case C():` body call C's method (an instance of C
 * or a subclass, as `except C as e` gives): `shape.area()` under `case Circle():` is no
 * `Rect.area` (`match/p23_class_patterns_narrow_method_call`).
 */
export function pyNarrowMatches(facts: FactsDraft): void {
  if (narrowings.length === 0) return;
  for (const c of facts.calls) {
    const root = c.ref.root;
    if ((root.t !== "name" && root.t !== "param") || c.ref.path.length === 0 || root.t === "param" && root.star) continue;
    for (const n of narrowings) {
      if (n.scope === c.scope && n.name === root.name && c.line >= n.from && c.line <= n.to) {
        c.ref = { root: n.made.root, path: c.ref.path };
        break;
      }
    }
  }
}

/** Per block (by its start offset): where its code stops running (the end of its first `return`/`raise`/`continue`/`break`). */
let blockEnds = new Map<number, number>();
const TERMINATORS = new Set(["return_statement", "raise_statement", "continue_statement", "break_statement"]);

/**
 * Whether a node sits in code that never runs: after a `return`, `raise`, `continue` or `break`
 * of an enclosing block (`return` then `never()`: no call; a def there is never made).
 */
export function pyDeadCode(node: Node): boolean {
  for (let a: Node | null = node; a?.parent; a = a.parent) {
    const block = a.parent;
    if (block.type !== "block") continue;
    let end = blockEnds.get(block.startIndex);
    if (end === undefined) {
      end = Infinity;
      for (const c of block.namedChildren) {
        if (c && terminates(c, 0)) {
          end = c.endIndex;
          break;
        }
      }
      blockEnds.set(block.startIndex, end);
    }
    if (a.startIndex >= end) return true;
  }
  return false;
}

/** The block a clause holds (an `except`/`else`/`finally` clause's body), if any. */
function clauseBlock(clause: Node): Node | null {
  for (let i = clause.namedChildCount - 1; i >= 0; i--) {
    const c = clause.namedChild(i);
    if (c?.type === "block") return c;
  }
  return null;
}

/** Whether a block's code stops at one of its statements (bounded nesting). */
function blockStops(block: Node | null, depth: number): boolean {
  if (!block || depth > 6) return false;
  for (const c of block.namedChildren) if (c && terminates(c, depth + 1)) return true;
  return false;
}

/**
 * Whether the code after a statement never runs: a `return`/`raise`/`continue`/`break`, an
 * `if`/`elif`/`else` every branch of which (an `else` included) stops so, a `match` ending in `case _:`
 * whose every case stops, or a `try` whose body and every handler stop (or whose `finally` does): `try: return f()` / `finally: close()` then
 * `never()` (`control_flow/p21_finally_runs_after_return`), a `with` whose body returns (not one that
 * raises: its `__exit__` may swallow that), a `while True:` without a `break` of its own, and
 * `sys.exit()`/`exit()`/`os._exit()`.
 */
function terminates(c: Node, depth: number): boolean {
  const type = c.type;
  if (TERMINATORS.has(type)) return true;
  if (depth > 6) return false;
  if (type === "if_statement") {
    let sawElse = false;
    if (!blockStops(field(c, "consequence"), depth)) return false;
    for (const alt of c.childrenForFieldName("alternative")) {
      if (!alt) return false;
      if (alt.type === "else_clause") sawElse = true;
      if (!blockStops(alt.type === "else_clause" ? field(alt, "body") : field(alt, "consequence"), depth)) return false;
    }
    return sawElse;
  }
  if (type === "try_statement") {
    let handlers = true;
    for (const clause of c.namedChildren) {
      if (!clause) continue;
      if (clause.type === "finally_clause" && blockStops(clauseBlock(clause), depth)) return true;
      if ((clause.type === "except_clause" || clause.type === "except_group_clause") && !blockStops(clauseBlock(clause), depth)) handlers = false;
    }
    return handlers && blockStops(field(c, "body"), depth);
  }
  // `with lock: return f()` (a `return`/`continue`/`break` of the body leaves whatever `__exit__`
  // does; a `raise` it may swallow): `control_flow/p23_return_inside_with_then_dead_call`.
  if (type === "with_statement") {
    const body = field(c, "body");
    return !!body?.namedChildren.some((k) => k !== null && k.type !== "raise_statement" && TERMINATORS.has(k.type));
  }
  // `while True:` with no `break` of its own: only a `return`/`raise` leaves it.
  if (type === "while_statement") {
    const cond = field(c, "condition")?.text;
    if ((cond !== "True" && cond !== "1") || c.namedChildren.some((k) => k?.type === "else_clause")) return false;
    return !hasOwnBreak(field(c, "body"), 0);
  }
  // `sys.exit(1)`, `exit()`, `quit()`, `os._exit(0)`, `os.abort()`: the process ends there.
  if (type === "expression_statement") {
    const call = c.namedChild(0);
    return call?.type === "call" && NO_RETURN_CALLS.has(field(call, "function")?.text ?? "");
  }
  if (type === "match_statement") {
    // Exhaustive when its last case is irrefutable (`case _:` or a bare capture, unguarded).
    const cases = field(c, "body")?.namedChildren.filter((k) => k?.type === "case_clause") ?? [];
    const last = cases.at(-1);
    const patterns = last?.namedChildren.filter((k) => k?.type === "case_pattern") ?? [];
    if (!last || last.childForFieldName("guard") || patterns.length !== 1 || !/^[A-Za-z_]\w*$/.test(patterns[0]!.text)) return false;
    return cases.every((k) => blockStops(k!.childForFieldName("consequence"), depth));
  }
  return false;
}

const NO_RETURN_CALLS = new Set(["sys.exit", "exit", "quit", "os._exit", "os.abort"]);

/** Whether a loop body holds a `break` of that loop (not of an inner loop, def or class). */
function hasOwnBreak(node: Node | null, depth: number): boolean {
  if (!node || depth > 12) return true;
  for (const k of node.namedChildren) {
    if (!k) continue;
    const t = k.type;
    if (t === "break_statement") return true;
    if (t === "for_statement" || t === "while_statement") {
      // An inner loop's own `else:` runs in this loop: a `break` there is this loop's.
      const els = k.namedChildren.find((x) => x?.type === "else_clause") ?? null;
      if (els && hasOwnBreak(els, depth + 1)) return true;
      continue;
    }
    if (t === "function_definition" || t === "class_definition" || t === "lambda" || t === "decorated_definition") continue;
    if (hasOwnBreak(k, depth + 1)) return true;
  }
  return false;
}

/** Positional and keyword arguments of a call; `*xs`/`**kw` are kept as unknown (null ref). */
export function pyArgs(call: Node, ref: (n: Node, type?: string) => Ref | null): Arg[] {
  const list = field(call, "arguments");
  if (!list || list.type !== "argument_list") return [];
  const text = list.text;
  const known = argsByText.get(text);
  if (known !== undefined) return known;
  const out = readArgs(list, ref);
  if (!text.includes("lambda") && !list.hasError) argsByText.set(text, out);
  return out;
}

function readArgs(list: Node, ref: (n: Node, type?: string) => Ref | null): Arg[] {
  const out: Arg[] = [];
  for (const a of list.namedChildren) {
    if (!a || out.length >= MAX_ARGS) break;
    const type = a.type;
    if (type === "comment") continue;
    if (type === "keyword_argument") {
      const name = field(a, "name")?.text ?? null;
      const value = field(a, "value");
      out.push({ name, ref: value ? ref(value) : null });
    } else if (type === "list_splat" || type === "dictionary_splat") {
      const inner = a.namedChild(0);
      out.push({ name: type === "list_splat" ? "*" : "**", ref: inner ? ref(inner) : null });
    } else out.push({ name: null, ref: ref(a, type) });
  }
  return out;
}

/** Names bound by an assignment target, with the item path that picks their part of the value. */
function targets(node: Node, path: string[], out: [string, string[]][], depth = 0, others?: [Node, string[]][]): void {
  if (depth > 8 || out.length > MAX_ARGS) return;
  const type = node.type;
  if (type === "identifier") out.push([node.text, path]);
  // `o.x, d["k"] = f, g`: parts for `attrAssign` / `itemAssign` (not at the top: those have patterns of their own).
  else if ((type === "attribute" || type === "subscript") && others && depth > 0 && others.length < MAX_ARGS) others.push([node, path]);
  // (`with m as (a, b)`: a tuple or list expression as the target.)
  else if (type === "pattern_list" || type === "tuple_pattern" || type === "list_pattern" || type === "tuple" || type === "list") {
    const children = node.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
    let i = 0;
    let afterSplat = false;
    for (const c of children) {
      // `a, *rest, z = xs`: rest is the slice xs[1:-1], and the targets after it count from
      // the end (z is xs[-1]).
      if (c.type === "list_splat_pattern") {
        const inner = c.namedChild(0);
        const after = children.length - i - 1;
        if (inner?.type === "identifier") out.push([inner.text, [...path, `[${i}:${after > 0 ? -after : ""}]`]]);
        i++;
        afterSplat = true;
        continue;
      }
      targets(c, [...path, afterSplat ? `[${i - children.length}]` : `[${i}]`], out, depth + 1, others);
      i++;
    }
  }
}

/** grammars/python/callees.scm's names, read once. */
let pyCallees: {
  eval: ReadonlySet<string>; attr: ReadonlySet<string>; load: ReadonlySet<string>; loadModule: ReadonlySet<string>;
  loadFunction: ReadonlySet<string>; update: ReadonlySet<string>; all: ReadonlySet<string>;
} | null = null;

function pyCalleeNames(): NonNullable<typeof pyCallees> {
  const of = (role: string): ReadonlySet<string> => calleeNames("python", role);
  return (pyCallees ??= {
    eval: of("eval.call"), attr: of("attr.call"), load: of("load.call"), loadModule: of("load.module"),
    loadFunction: of("load.function"), update: of("update.method"), all: of("all.name"),
  });
}

/** The named arguments of a call, or null when it has none in an argument list. */
function argumentList(call: Node): Node | null {
  const args = field(call, "arguments");
  return args?.type === "argument_list" ? args : null;
}

/**
 * Calls told by their callee, which the call handler has read, as grammars/python/callees.scm's
 * patterns say: `eval`/`exec`/`compile` (dynamic code), an import function (a module loaded by
 * name: an import when the name is a literal, dynamic code otherwise), `getattr`/`setattr` with a
 * computed name (a dynamic attribute) and `d.update({"k": f})` (items of the dict named d). Run by
 * the engine, those patterns made a match of every call of a plain name (or attribute) for
 * JavaScript to reject.
 * `name`: the callee's text when it is a name; `type`: the callee's type.
 */
export function pyNamedCall(call: Node, type: string, name: string | undefined, callee: Ref | null, ctx: PyCtx): void {
  const { facts } = ctx;
  // `super().__call__(...)` in a `__call__` (a metaclass's: it creates the instance, resolve.ts `calleeDefs`).
  if (callee?.root.t === "super" && callee.path.length === 1 && callee.path[0] === "__call__") {
    const scope = ctx.scope(call);
    const d = facts.defs[scope];
    if (d?.name === "__call__") {
      d.superCall = true;
      (ctx.superCalls ??= []).push({ def: scope, line: line(call) });
    }
  }
  // `methodcaller("run")(obj)`: obj.run(), charged to the caller (before the call's own fact,
  // which facts.ts gives its arguments next).
  if (type === "call" && callee !== null && call.type === "call") methodcallerCalled(call, ctx);
  const names = pyCalleeNames();
  const dynamic = (at: number, kind?: "eval" | "attribute", obj?: Ref | null): void => {
    facts.dynamic.push({ scope: ctx.scope(call), line: line(call), text: clip(call.text), ...(kind ? { kind } : {}), ...(obj ? { obj } : {}) });
    ctx.dynamicAt.push(at);
  };
  if (name !== undefined && names.eval.has(name)) {
    // Reported where the callee is, which starts the call.
    if (call.type === "call") dynamic(call.startIndex, "eval");
    return;
  }
  if (name !== undefined && names.attr.has(name)) {
    // `(argument_list . (_) . (_))`: the first two named children, whatever they are.
    const args = call.type === "call" ? argumentList(call) : null;
    const attr = args?.namedChild(1);
    const literal = attr ? stringLiteral(attr) : null;
    if (attr && literal === null && (name !== "getattr" || !pyLoopStrings(attr))) {
      const object = name === "getattr" ? args!.namedChild(0) : null;
      dynamic(attr.startIndex, "attribute", object && object.type !== "keyword_argument" ? ctx.ref(object) : null);
    }
    // `setattr(o, "name", v)` is `o.name = v`.
    else if (name === "setattr" && literal !== null && args!.namedChildCount === 3 && /^[A-Za-z_]\w*$/.test(literal)) {
      const obj = ctx.ref(args!.namedChild(0)!);
      const value = ctx.ref(args!.namedChild(2)!);
      if (obj && value) (facts.objAttrs ??= []).push({ scope: ctx.scope(call), obj, name: literal, value });
    }
    return;
  }
  if (type === "attribute" && callee && callee.path.length === 1 && names.update.has(callee.path[0]!)) {
    // The callee's object is a name (`self` and `cls` are refs of their own): `d.update(...)`.
    const root = callee.root;
    const target = root.t === "name" ? root.name : root.t === "this" ? "self" : root.t === "cls" ? "cls" : null;
    if (target !== null && call.type === "call") dictUpdate(call, target, ctx);
    return;
  }
  if (type === "attribute" && callee && call.type === "call" && STORING.has(callee.path.at(-1)!)) {
    // `__all__.extend(["b"])` / `__all__.append("b")`: more names `from m import *` takes.
    const method = callee.path[0];
    if (callee.root.t === "name" && callee.path.length === 1 && names.all.has(callee.root.name) && (method === "extend" || method === "append")) {
      const arg = argumentList(call)?.namedChild(0);
      if (arg && method === "extend") allNames(ctx, arg);
      else if (arg && stringLiteral(arg) !== null) ctx.facts.allNames = [...(ctx.facts.allNames ?? []), stringLiteral(arg)!];
    } else storedItem(call, callee, ctx);
  }
  // `heapq.heappush(h, x)` (`heappush` imported too): x becomes an item of the list h, as `h.append(x)`.
  if (call.type === "call" && callee?.root.t === "name" && (callee.root.name === "heapq" ? callee.path.length === 1 && HEAP_PUSH.has(callee.path[0]!) : callee.path.length === 0 && HEAP_PUSH.has(callee.root.name))) {
    const args = argumentList(call);
    const h = args?.namedChildCount === 2 && args.namedChild(0)!.type !== "keyword_argument" ? ctx.ref(args.namedChild(0)!) : null;
    const x = h && args!.namedChild(1)!.type !== "keyword_argument" && args!.namedChild(1)!.type !== "list_splat" ? ctx.ref(args!.namedChild(1)!) : null;
    if (h && x && x.root.t !== "str") storeItems(ctx, ctx.scope(call), { root: h.root, path: [...h.path, "append"] }, x, line(call));
  }
  // `d.setdefault("k", f)`: f is one of d["k"]'s values (the one a missing key gets).
  if (type === "attribute" && callee?.root.t === "name" && callee.path.length === 1 && callee.path[0] === "setdefault" && call.type === "call") {
    const args = argumentList(call);
    const v = args?.namedChildCount === 2 ? args.namedChild(1)! : null;
    const value = v && v.type !== "keyword_argument" && !(PY_EMPTY.has(v.type) && v.namedChildCount === 0) ? ctx.ref(v) : null;
    const k = value && value.root.t !== "str" ? pyKey(args!.namedChild(0)!) : undefined;
    if (value && k !== undefined) ctx.items.push({ scope: ctx.scope(call), name: callee.root.name, key: `[${k ?? "*"}]`, ref: value, line: line(call), always: false });
  }
  if (type === "attribute" && callee?.root.t === "name" && callee.path.length === 1 && callee.path[0] === "send" && call.type === "call") {
    const args = argumentList(call);
    const value = args?.namedChildCount === 1 && args.namedChild(0)!.type !== "keyword_argument" ? ctx.ref(args.namedChild(0)!) : null;
    if (value) (ctx.sends ??= []).push({ scope: ctx.scope(call), name: callee.root.name, value, line: line(call) });
  }
  // `map(methodcaller("m"), xs)`, `sorted(xs, key=methodcaller("m"))`: m of each of xs's items.
  if ((name === "map" || name === "filter" || name === "sorted" || name === "min" || name === "max") && call.type === "call") methodcallerOver(call, name, ctx);
  // `module.function(x)`: any @load.module with any @load.function, which is exact while
  // callees.scm has one such pattern.
  const importing = name !== undefined
    ? names.load.has(name)
    : callee?.root.t === "name" && names.loadModule.has(callee.root.name) && callee.path.length === 1 && names.loadFunction.has(callee.path[0]!);
  if (!importing || call.type !== "call") return;
  // The first argument as `(argument_list . (_))` takes it: the first named child, whatever it is.
  const args = argumentList(call);
  const first = args?.namedChild(0);
  if (!first) return;
  // import_module's relative names are relative to its package argument, not to this file.
  const literal = pyStaticString(first);
  const spec = literal !== null && literal.startsWith(".") && name !== "__import__" ? importModuleSpec(args!) : literal;
  if (spec !== null) facts.imports.push({ scope: ctx.scope(call), spec, line: line(call), names: [] });
  else {
    // `for name in ("plugins.a", "plugins.b"): import_module(name)`: both are imported.
    // `def load(name): return import_module(name)` called with literals: those modules, and the
    // site stays dynamic (a caller the file does not hold may pass another name).
    // (`import_module(f"exporters.{name}")` / `"exporters." + name` likewise: the wrapped names.)
    const named = name !== "__import__" && args!.namedChildCount === 1 ? pyModuleNamesOf(first) : null;
    for (const m of named?.names ?? []) facts.imports.push({ scope: ctx.scope(call), spec: m, line: line(call), names: [] });
    if (!named || named.param) dynamic(first.startIndex);
  }
}

/** `operator.methodcaller("m")(obj)` written inline: a call of obj.m (`builtins/methodcaller_called_inline`). */
function methodcallerCalled(call: Node, ctx: PyCtx): void {
  const fn = field(call, "function")!;
  const maker = field(fn, "function")?.text;
  if (maker !== "methodcaller" && maker !== "operator.methodcaller") return;
  const first = argumentList(fn)?.namedChild(0);
  const method = first ? stringLiteral(first) : null;
  const obj = argumentList(call)?.namedChild(0);
  if (method === null || !/^[A-Za-z_]\w*$/.test(method) || !obj || obj.type === "keyword_argument" || obj.type === "list_splat" || obj.type === "dictionary_splat") return;
  const ref = ctx.ref(obj);
  const calls = ctx.facts.calls;
  if (ref) calls.splice(calls.length - 1, 0, { scope: ctx.scope(call), ref: { root: ref.root, path: [...ref.path, method] }, line: line(call), kind: "call", args: [] });
}

/**
 * `map(methodcaller("m"), xs)` / `filter(...)` and `sorted(xs, key=methodcaller("m"))` / min /
 * max (the methodcaller written there, or a name this scope binds to one): the call of m on an
 * item of xs, charged to the caller, as a function handed to a builtin is.
 */
function methodcallerOver(call: Node, name: string, ctx: PyCtx): void {
  const args = argumentList(call);
  if (!args || args.namedChildCount < 1 || args.namedChildCount > 3) return;
  const mapping = name === "map" || name === "filter";
  let fn: Node | null = null;
  let xs: Node | null = null;
  for (const a of args.namedChildren) {
    if (!a) continue;
    if (a.type === "keyword_argument") {
      if (!mapping && field(a, "name")?.text === "key") fn = field(a, "value");
    } else if (mapping && !fn) fn = a;
    else if (!xs) xs = a;
  }
  if (!fn || !xs || xs.type === "list_splat") return;
  const scope = ctx.scope(call);
  let method: string | null = null;
  if (fn.type === "call") {
    const maker = field(fn, "function")?.text;
    const first = maker === "methodcaller" || maker === "operator.methodcaller" ? argumentList(fn)?.namedChild(0) : null;
    method = first ? stringLiteral(first) : null;
  } else if (fn.type === "identifier") {
    const mc = ctx.methodCallers?.find((m) => m.scope === scope && m.name === fn!.text);
    method = mc && ctx.facts.bindings.get(scope)?.get(mc.name)?.length === 1 ? mc.method : null;
  }
  if (method === null || !/^[A-Za-z_]\w*$/.test(method)) return;
  const items = ctx.ref(xs);
  if (!items) return;
  const r = anyItem(items);
  ctx.facts.calls.push({ scope, ref: { root: r.root, path: [...r.path, method] }, line: line(call), kind: "call", args: [] });
}

/** Literals a `setdefault` default is left out as when empty (`d.setdefault("k", []).append(f)` stores f). */
const PY_EMPTY = new Set(["list", "dictionary", "set", "tuple"]);

/** heapq's functions that push their second argument onto the heap (a list) given first. */
const HEAP_PUSH = new Set(["heappush", "heappushpop", "heapreplace"]);

/**
 * List and set methods that store their (last) argument as an item; `extend` stores a list's items;
 * a queue's `put` / `put_nowait` (queue.Queue, asyncio.Queue: `q.get()` gives one back).
 */
const STORING = new Set(["append", "add", "insert", "extend", "appendleft", "put", "put_nowait"]);

/** `xs.append(f)` / `self.jobs.append(f)`: f becomes an item of the list named xs / of self.jobs. */
function storedItem(call: Node, callee: Ref, ctx: PyCtx): void {
  const args = argumentList(call);
  const method = callee.path.at(-1)!;
  const n = args?.namedChildCount ?? 0;
  if (n !== (method === "insert" ? 2 : 1)) return;
  const arg = args!.namedChild(n - 1)!;
  if (arg.type === "keyword_argument" || arg.type === "list_splat") return;
  const ref = ctx.ref(arg);
  // (Strings are most of what is appended, and have nothing of ours to call.)
  if (!ref || ref.root.t === "str") return;
  const scope = ctx.scope(call);
  const item: Ref = method === "extend" ? anyItem(ref) : ref;
  // `d.setdefault("k", []).append(f)`: f is an item of d["k"].
  if (callee.root.t === "call" && callee.path.length === 1) {
    const made = field(field(call, "function")!, "object");
    const inner = made?.type === "call" ? field(made, "function") : null;
    const key = inner?.type === "attribute" && field(inner, "attribute")?.text === "setdefault" ? argumentList(made!)?.namedChild(0) : null;
    const dict = key ? field(inner!, "object") : null;
    const k = key ? pyKey(key) : null;
    // (A key not literal, `subs.setdefault(event, []).append(fn)`: an item under a key not known;
    // `self.subs.setdefault(...)`: an item of that attribute, as `self.subs.append(...)` stores one.)
    if (dict?.type === "identifier") {
      const value: Ref = holding(item);
      ctx.items.push({ scope, name: dict.text, key: `[${k ?? "*"}]`, ref: value, line: line(call), always: false });
    } else if (dict?.type === "attribute") {
      const d = ctx.ref(dict);
      if (d && d.path.length === 1) storeItems(ctx, scope, { root: d.root, path: [...d.path, "setdefault"] }, holding(item), line(call));
    }
    return;
  }
  // `d["k"].append(f)` (a dict of lists, a `defaultdict(list)`): f is an item of d["k"], as above.
  const key = callee.path[0]!;
  if (callee.root.t === "name" && callee.path.length === 2 && key.startsWith("[") && !key.includes(":")) {
    ctx.items.push({ scope, name: callee.root.name, key, ref: holding(item), line: line(call), always: false });
    return;
  }
  storeItems(ctx, scope, callee, item, line(call));
}

/** `+=` of a list literal: its items join the list named by the target (`xs`, `self.xs`, `C.xs`, `d["k"]`). */
function augmented(ctx: PyCtx, node: Node, target: Node, valueNode: Node): void {
  // `__all__ += ["b"]`: more names `from m import *` takes.
  if (target.type === "identifier" && pyCalleeNames().all.has(target.text)) return allNames(ctx, valueNode);
  if (valueNode.type === "dictionary") {
    const scope = ctx.scope(node);
    if (target.type === "identifier") dictItems(valueNode, target.text, scope, line(node), pyStraight(node, ctx.facts, scope, true), ctx);
    return;
  }
  const to = ctx.ref(target);
  const value = ctx.ref(valueNode);
  if (!to || !value || value.root.t === "str") return;
  // `d["k"] += [f]` (a dict of lists): f is an item of d["k"], as `d["k"].append(f)` makes it.
  const key = to.path[0];
  if (to.root.t === "name" && to.path.length === 1 && key!.startsWith("[") && key !== "[*]" && !key!.includes(":")) {
    ctx.items.push({ scope: ctx.scope(node), name: to.root.name, key: key!, ref: holding(anyItem(value)), line: line(node), always: false });
    return;
  }
  if (target.type === "subscript") return;
  storeItems(ctx, ctx.scope(node), { root: to.root, path: [...to.path, "+="] }, anyItem(value), line(node));
}

/** `callee` is the storing method of a list (its last path step): `item` becomes one of its items. */
/**
 * `from .core import REGISTRY` then `REGISTRY.append(f)` / `REGISTRY["k"] = f`: an item of core's
 * global too (as `core.REGISTRY.append(f)` stores one), for its readers in other modules.
 */
function importedStore(ctx: PyCtx, scope: number, name: string, value: Ref): void {
  const { facts } = ctx;
  const imported = scope === -1 || !facts.bindings.get(scope)?.has(name) ? facts.bindings.get(-1)?.get(name) : undefined;
  const from = imported?.length === 1 ? imported[0]! : null;
  if (from?.root.t === "module" && from.path.length === 1) {
    (facts.objAttrs ??= []).push({ scope, obj: { root: from.root, path: [] }, name: from.path[0]!, value });
  }
}

function storeItems(ctx: PyCtx, scope: number, callee: Ref, item: Ref, at: number): void {
  const { facts } = ctx;
  if (callee.root.t === "name" && callee.path.length === 1) {
    ctx.items.push({ scope, name: callee.root.name, key: "[*]", ref: item, line: at, always: false });
    importedStore(ctx, scope, callee.root.name, holding(item));
  } else if (callee.root.t === "this" && callee.path.length === 2) {
    const cls = enclosingClass(facts.defs, scope, true);
    if (cls >= 0) addTo<number, ScopedRef>(facts.attrs, cls, callee.path[0]!, { scope, ref: holding(item) });
  } else if (callee.path.length === 2 && (callee.root.t === "name" || callee.root.t === "cls")) {
    // `Registry.items.append(f)`, `cls.registry.append(f)`: an attribute of that object.
    (facts.objAttrs ??= []).push({ scope, obj: { root: callee.root, path: [] }, name: callee.path[0]!, value: holding(item), mutates: true });
  }
}

/** `d.update({"k": f})` with a dict literal as its only argument: those items join the dict named d. */
function dictUpdate(call: Node, name: string, ctx: PyCtx): void {
  const args = argumentList(call);
  const n = args?.namedChildCount ?? 0;
  if (n === 0) return;
  const items = args!.namedChild(0)!;
  // `d.update({...})`, `d.update(k=f)`, `d.update({...}, k=f)`: keyword arguments are keys too.
  const kws = args!.namedChildren.filter((a) => a?.type === "keyword_argument") as Node[];
  if (kws.length !== n - (items.type === "dictionary" ? 1 : 0)) return;
  const scope = ctx.scope(call);
  const at = line(call);
  const always = pyStraight(call, ctx.facts, scope, true);
  if (items.type === "dictionary") dictItems(items, name, scope, at, always, ctx);
  for (const kw of kws) {
    const k = field(kw, "name");
    const v = field(kw, "value");
    const ref = k && v ? ctx.ref(v) : null;
    if (ref) ctx.items.push({ scope, name, key: `[${k!.text}]`, ref, line: at, always });
  }
}

/** The pairs of a dict literal become items of the dict named `name` (`d.update({...})`, `d |= {...}`). */
function dictItems(items: Node, name: string, scope: number, at: number, always: boolean, ctx: PyCtx): void {
  for (const pair of items.namedChildren) {
    if (pair?.type !== "pair") continue;
    const k = field(pair, "key");
    const v = field(pair, "value");
    const ref = v ? ctx.ref(v) : null;
    if (ref) ctx.items.push({ scope, name, key: `[${(k && pyKey(k)) ?? "*"}]`, ref, line: at, always });
  }
}

/**
 * Dynamic facts in the order the query reported them: by where each was reported (the handler
 * finds some before facts found inside their call, `getattr(eval(s), n)`); a stable sort keeps
 * facts reported at one node in the order they were found, an outer call's first.
 */
export function pyDynamicOrder(ctx: PyCtx): void {
  const at = ctx.dynamicAt;
  let sorted = true;
  for (let i = 1; i < at.length && sorted; i++) sorted = at[i - 1]! <= at[i]!;
  if (sorted) return;
  const order = at.map((_, i) => i).sort((a, b) => at[a]! - at[b]! || a - b);
  const facts = ctx.facts.dynamic;
  const copy = [...facts];
  order.forEach((from, to) => (facts[to] = copy[from]!));
}

/**
 * What a Python `name = value` does besides binding the name (facts.ts binds it next), told by the
 * name and the value's type the binding code reads anyway: patterns of their own kept more query
 * states per assignment. `f = wrap(f)`: the f inside the right-hand side is the f from before
 * (counted before this binding is added). `__all__ = [...]`: what `from m import *` takes.
 */
export function pyAssignment(ctx: PyCtx, assignment: Node, name: string, value: Node, valueType: string): void {
  const { facts } = ctx;
  if (valueType === "call") {
    const scope = ctx.scope(assignment);
    const count = facts.bindings.get(scope)?.get(name)?.length ?? 0;
    const fn = field(value, "function");
    const maker = fn?.text;
    if (maker === "methodcaller" || maker === "operator.methodcaller") {
      const first = argumentList(value)?.namedChild(0);
      const method = first ? stringLiteral(first) : null;
      if (method !== null && /^[A-Za-z_]\w*$/.test(method)) (ctx.methodCallers ??= []).push({ scope, name, method });
    }
    if (count > 0) ctx.rebinds.push({ scope, name, from: line(value), to: endRowOf(value) + 1, count });
    // `name = Field()` in a class body: creating the class calls the value's `__set_name__` (ours only).
    if (facts.defs[scope]?.kind === "class") {
      if (fn?.type === "identifier") (ctx.classAttrs ??= []).push({ scope, name, index: count, cls: maker! });
      // `name = property(getter, ...)`: a read of name runs that method of the class, as with @property.
      // (`property(fget=getter)` too.)
      let first = fn?.type === "identifier" && maker === "property" ? argumentList(value)?.namedChild(0) : null;
      if (first?.type === "keyword_argument") {
        const fget = argumentList(value)!.namedChildren.find((a) => a?.type === "keyword_argument" && field(a, "name")?.text === "fget");
        first = fget ? field(fget, "value") : null;
      }
      if (first?.type === "identifier") {
        // (Or a function of the module's top taking self: `logger = property(get_logger, set_logger)`.)
        let getter = facts.defs.findIndex((d) => d.parent === scope && d.kind === "method" && d.name === first.text);
        if (getter < 0) getter = facts.defs.findIndex((d) => d.parent === -1 && d.kind === "function" && d.name === first.text);
        if (getter >= 0) Object.assign(facts.defs[getter]!, { getter: true, prop: name });
      } else if (first?.type === "lambda") {
        // `helper = property(lambda self: Helper())`: the lambda is the getter.
        const start = first.startIndex;
        const getter = facts.defs.findIndex((d) => d.start === start);
        if (getter >= 0) Object.assign(facts.defs[getter]!, { getter: true, prop: name });
      }
      const made = ctx.ref(value, valueType);
      // (`__set_name__(self, owner, name)`: owner is the class being made: `owner.register(name)`.)
      const owner: Arg = { name: null, ref: { root: { t: "def", start: facts.defs[scope]!.start }, path: [] } };
      if (made) protocolCalls(facts, scope, line(assignment), made, "__set_name__", null, [owner, { name: null, ref: null }]);
    }
  } else if (valueType === "yield") {
    // `x = yield ...` in a generator: x is what callers send (`sentValues`), a parameter of the
    // generator's that no call fills by position.
    const scope = ctx.scope(assignment);
    const d = facts.defs[scope];
    if (d && d.kind !== "class") addTo(facts.bindings, scope, name, { root: { t: "param", def: d.start, index: -1, name: SENT }, path: [] });
  } else if ((valueType === "list" || valueType === "tuple") && pyCalleeNames().all.has(name)) allNames(ctx, value);
}

/** The string items of a list or tuple literal given to `__all__` (`=`, `+=`, `.extend`). */
function allNames(ctx: PyCtx, value: Node): void {
  if (value.type !== "list" && value.type !== "tuple") return;
  const names: string[] = [];
  for (const c of value.namedChildren) {
    const item = c ? stringLiteral(c) : null;
    if (item !== null && names.length < 4096) names.push(item);
  }
  ctx.facts.allNames = [...(ctx.facts.allNames ?? []), ...names];
}

/** Name `name` as one of class `d`'s own attributes (Def.fields). */
function addField(d: Def, name: string): void {
  if (d.kind !== "class") return;
  if (!d.fields) d.fields = [name];
  else if (!d.fields.includes(name) && d.fields.length < 1024) d.fields.push(name);
}

/** Handle one query match of the Python-only captures. Returns false when it was none of them. */
export function pythonExtraFacts(caps: Caps, ctx: PyCtx): boolean {
  const { facts } = ctx;
  const typeOf = cap(caps, "py.typeOf");
  if (typeOf) {
    typeNamespace(typeOf, cap(caps, "py.typeNs")!, ctx);
    return true;
  }
  const baseOf = cap(caps, "py.baseOf");
  if (baseOf) {
    const def = ctx.defIndex.get(baseOf.startIndex);
    const baseNode = cap(caps, "py.base")!;
    if (baseNode.type === "keyword_argument") {
      const value = field(baseNode, "value");
      const meta = field(baseNode, "name")?.text === "metaclass" && value ? ctx.ref(value) : null;
      if (def !== undefined && meta) {
        facts.defs[def]!.meta = meta;
        // Defining the class runs the metaclass's __prepare__, __new__ and __init__ (ours only:
        // protocol calls), given the class statement's other keywords (`class S(metaclass=M, hook=register)`).
        const keywords = classKeywords(baseNode, ctx);
        protocolCalls(facts, facts.defs[def]!.parent, line(baseOf), meta, "__new__", "__init__", keywords);
        protocolCalls(facts, facts.defs[def]!.parent, line(baseOf), meta, "__prepare__", null, keywords);
      }
      return true;
    }
    // `class R(Repository[User])`: a subscripted (generic) base is the class subscripted.
    const plain = baseNode.type === "subscript" ? field(baseNode, "value") ?? baseNode : baseNode;
    const base = ctx.ref(plain);
    if (def !== undefined && base) {
      facts.defs[def]!.bases.push(base);
      // Defining a subclass runs the base's __init_subclass__ (ours only: a protocol call; `subclassHooks`).
      (ctx.subclassBases ??= []).push({ def, line: line(baseOf), base, args: classKeywords(baseNode, ctx) });
    }
    return true;
  }
  const fieldOf = cap(caps, "py.fieldOf");
  if (fieldOf) {
    const def = ctx.defIndex.get(fieldOf.startIndex);
    if (def === undefined) return true;
    const nameNode = cap(caps, "py.field")!;
    const name = nameNode.text;
    const d = facts.defs[def]!;
    addField(d, name);
    // `x: T` / `x: T = v`: in a dataclass or NamedTuple, a parameter of the generated __init__, in
    // order (after its bases' fields: resolve.ts initFieldsOf()).
    const assignment = nameNode.parent;
    if (d.kind === "class" && assignment && field(assignment, "type") && !(d.initFields ??= []).includes(name) && d.initFields.length < 1024) d.initFields.push(name);
    return true;
  }
  const paramsOf = cap(caps, "py.paramsOf");
  if (paramsOf) {
    params(paramsOf, cap(caps, "py.params")!, ctx);
    return true;
  }
  const yielded = cap(caps, "py.yield");
  const returnsOf = cap(caps, "py.returnsOf") ?? cap(caps, "py.return") ?? yielded;
  if (returnsOf) {
    const valueNode = cap(caps, "py.returns")!;
    const owner = has(caps, "py.returnsOf") ? ctx.defIndex.get(returnsOf.startIndex) : ctx.scope(returnsOf);
    let value = ctx.ref(valueNode);
    // A generator's call gives an iterator: `yield f` makes f one of its items; `yield from xs`, xs's.
    const delegates = !!yielded && yielded.child(1)?.type === "from";
    if (value && yielded && !delegates) value = holding(value);
    // `yield from child` of one of our iterables runs its `__iter__` there, as a `for` loop does
    // (a tree's recursive walk: `for c in self.children: yield from c`).
    if (value && delegates) protocolCalls(facts, ctx.scope(yielded!), line(yielded!), value, "__iter__", null);
    if (owner !== undefined && owner >= 0 && yielded) (ctx.lazy ??= new Set()).add(owner);
    if (owner !== undefined && owner >= 0 && value) {
      // (What asOf can change: a name, or names inside a literal or an `a or b`.)
      const t = value.root.t;
      if ((t === "name" || t === "items" || t === "union") && !yielded && !has(caps, "py.returnsOf") && pyStraight(returnsOf, facts, owner, false)) {
        (ctx.returnReads ??= []).push({ def: owner, index: facts.returns.get(owner)?.length ?? 0, line: line(returnsOf) });
      }
      addToList(facts.returns, owner, value);
      // `def __getattr__(self, name): return getattr(self._target, name)`: a proxy to X.
      const d = facts.defs[owner]!;
      if (d.name === "__getattr__" && !yielded && valueNode.type === "call" && field(valueNode, "function")?.text === "getattr") {
        const args = field(valueNode, "arguments");
        const key = args?.namedChildCount === 2 ? args.namedChild(1)! : null;
        const refs = key?.type === "identifier" ? facts.bindings.get(owner)?.get(key.text) : undefined;
        const isParam1 = refs?.some((r) => r.root.t === "param" && r.root.index === 1);
        const x = isParam1 ? ctx.ref(args!.namedChild(0)!) : null;
        if (x) d.delegates = x;
      }
    }
    return true;
  }
  const setattr = cap(caps, "py.setattr");
  if (setattr) {
    attrAssign(ctx, setattr, cap(caps, "py.object")!, cap(caps, "py.attr")!.text, ctx.ref(cap(caps, "py.value")!));
    return true;
  }
  const subassign = cap(caps, "py.subassign");
  if (subassign) {
    itemAssign(ctx, subassign, cap(caps, "py.target")!, cap(caps, "py.key")!, ctx.ref(cap(caps, "py.value")!));
    return true;
  }
  const withNode = cap(caps, "py.with");
  if (withNode) {
    const value = ctx.ref(cap(caps, "py.context")!);
    // `async with` runs __aenter__ and __aexit__ (with_item < with_clause < with_statement).
    const aw = withNode.parent?.parent?.child(0)?.type === "async";
    if (value) protocolCalls(facts, ctx.scope(withNode), line(withNode), value, aw ? "__aenter__" : "__enter__", aw ? "__aexit__" : "__exit__");
    return true;
  }
  const except = cap(caps, "py.except");
  if (except) {
    // `except E as e`: e is an instance of E (what E() would give) or of a subclass, not E itself.
    const valueNode = cap(caps, "py.value")!;
    // `except (A, B) as e`: e is an A or a B.
    const classes = valueNode.type === "tuple" ? valueNode.namedChildren : [valueNode];
    // `except* E as eg`: eg is an exception group whose `exceptions` are E instances
    // (`for e in eg.exceptions: e.retry()`: `exceptions/p21_except_star_handler_method`).
    const group = except.child(1)?.type === "*";
    for (const c of classes) {
      const cls = c ? ctx.ref(c) : null;
      if (!cls) continue;
      const made: Ref = { root: { t: "call", callee: cls, sub: true }, path: [] };
      addTo(facts.bindings, ctx.scope(except), cap(caps, "py.target")!.text, group
        ? { root: { t: "items", items: [{ key: "exceptions", ref: { root: { t: "items", items: [{ key: "[*]", ref: made }], of: "tuple" }, path: [] } }] }, path: [] }
        : made);
    }
    return true;
  }
  const loop = cap(caps, "py.for") ?? cap(caps, "py.assign");
  if (loop) {
    const iter = cap(caps, "py.iter");
    const valueNode = iter ?? cap(caps, "py.value")!;
    let value = ctx.ref(valueNode);
    if (!value) return true;
    // `with X() as x`: x is what X().__enter__() returns (X() itself when that is unknown or a package's).
    if (loop.type === "with_item") {
      const enter = loop.parent?.parent?.child(0)?.type === "async" ? "__aenter__" : "__enter__";
      value = { root: { t: "call", callee: { root: value.root, path: [...value.path, enter] }, or: value }, path: [] };
    }
    if (iter) {
      // Iterating runs __iter__, then __next__ on what __iter__ returned (`async for`: __aiter__, __anext__).
      const aio = loop.child(0)?.type === "async" ? "__a" : "__";
      const it: Ref = { root: { t: "call", callee: { root: value.root, path: [...value.path, `${aio}iter__`] } }, path: [] };
      protocolCalls(facts, ctx.scope(loop), line(iter), value, `${aio}iter__`, null);
      protocolCalls(facts, ctx.scope(loop), line(iter), it, `${aio}next__`, null);
    }
    const out: [string, string[]][] = [];
    const others: [Node, string[]][] | undefined = loop.type === "assignment" ? [] : undefined;
    targets(cap(caps, "py.target")!, iter ? ["[*]"] : [], out, 0, others);
    const scope = ctx.scope(loop);
    for (const [node, path] of others ?? []) {
      const part: Ref = { root: value.root, path: [...value.path, ...path] };
      const object = field(node, node.type === "attribute" ? "object" : "value");
      if (!object) continue;
      if (node.type === "attribute") {
        const attr = field(node, "attribute");
        if (attr?.type === "identifier") attrAssign(ctx, loop, object, attr.text, part);
      } else {
        const key = field(node, "subscript");
        const otype = object.type;
        if (key && (otype === "identifier" || otype === "attribute")) itemAssign(ctx, loop, object, key, part);
      }
    }
    if (loop.type === "for_in_clause" && loop.parent) {
      const lines = { from: line(loop.parent), to: endRowOf(loop.parent) + 1 };
      let names = (ctx.comprehended ??= new Map()).get(scope);
      if (!names) ctx.comprehended.set(scope, (names = new Map()));
      for (const [name] of out) addToList(names, name, lines);
    }
    // `a, b = b, a` in straight-line code replaces a and b, like `a = v` (see `kills`).
    // So does `with X() as x` (`flow/with_as_rebinds_name`), a value not naming x.
    const always = !iter && (loop.type === "assignment" || loop.type === "with_item") && pyStraight(loop, facts, scope, true);
    // `for f in xs` outside loops: xs as of the loop's line (`flow/list_rebound_before_loop`).
    const iterRead = iter && value.root.t === "name" && loop.type === "for_statement" && pyStraight(loop, facts, scope, false);
    // `for h in (a, b): ...` in straight-line code, no `break` in it, h bound nowhere in the body:
    // after the loop h is the last item (`h()` there calls b only).
    const items = iter && loop.type === "for_statement" && out.length === 1 && out[0]![1].length === 1 && (valueNode.type === "tuple" || valueNode.type === "list") ? valueNode.namedChildren.filter((c) => c !== null && c.type !== "comment") as Node[] : null;
    const body = items ? field(loop, "body") : null;
    const lastItem = items && items.length > 0 && items.every((c) => c.type !== "list_splat") && body && !field(loop, "alternative") &&
      !/\bbreak\b/.test(body.text) && !new RegExp(`\\b${out[0]![0]}\\s*(?:=[^=]|:=)|\\b(?:nonlocal|global)\\b|\\bfor\\s+${out[0]![0]}\\b`).test(body.text) && pyStraight(loop, facts, scope, true) ? ctx.ref(items[items.length - 1]!) : null;
    for (const [name, path] of out) {
      const index = facts.bindings.get(scope)?.get(name)?.length ?? 0;
      if (lastItem) {
        addKill(ctx.kills, scope, name, { index, line: line(loop) });
        addTo(facts.bindings, scope, name, { root: value.root, path: [...value.path, ...path] });
        addKill(ctx.kills, scope, name, { index: index + 1, line: endRowOf(loop) + 1.5 });
        addTo(facts.bindings, scope, name, lastItem);
        continue;
      }
      if (always && loop.type === "with_item") {
        if (!valueNode.text.includes(name)) addKill(ctx.kills, scope, name, { index, line: line(loop), fresh: true });
      } else if (always) addKill(ctx.kills, scope, name, { index, line: line(loop) });
      if (iterRead) (ctx.iterReads ??= []).push({ scope, name, index, line: line(loop) });
      addTo(facts.bindings, scope, name, { root: value.root, path: [...value.path, ...path] });
    }
    return true;
  }
  const augment = cap(caps, "py.augment");
  if (augment) {
    augmented(ctx, augment, cap(caps, "py.target")!, cap(caps, "py.value")!);
    return true;
  }
  const walrus = cap(caps, "py.walrus");
  if (walrus) {
    const value = ctx.ref(cap(caps, "py.value")!);
    const scope = ctx.scope(walrus);
    const name = cap(caps, "py.target")!.text;
    if (value) addTo(facts.bindings, scope, name, value);
    // tree-sitter reads `(k := a if c else b)` / `(k := a or b)` as `(k := a) if c else b`: Python
    // binds k to the whole expression, so the other branches are k's values too.
    for (let top: Node = walrus, up = walrus.parent, n = 0; up && n < 4; top = up, up = up.parent, n++) {
      const other = up.type === "conditional_expression" && up.namedChild(0)?.id === top.id ? up.namedChild(2)
        : up.type === "boolean_operator" && field(up, "left")?.id === top.id ? field(up, "right") : undefined;
      if (!other) break;
      const r = ctx.ref(other);
      if (r) addTo(facts.bindings, scope, name, r);
    }
    return true;
  }
  const match = cap(caps, "py.match");
  if (match) {
    // `match op, fn:` is the tuple `(op, fn)` (tree-sitter gives each part as a subject).
    const parts = match.childrenForFieldName("subject").filter((c): c is Node => c !== null);
    const subject = parts.length > 1 && parts.length <= MAX_ARGS
      ? { root: { t: "items" as const, items: parts.flatMap((p, i) => { const r = ctx.ref(p); return r ? [{ key: `[${i}]`, ref: r }] : []; }), length: parts.length, of: "tuple" as const }, path: [] }
      : ctx.ref(cap(caps, "py.subject")!);
    if (subject) matchCases(match, subject, ctx);
    return true;
  }
  const decorated = cap(caps, "py.decorated");
  if (decorated) {
    decorators(decorated, ctx);
    return true;
  }
  const global = cap(caps, "py.global") ?? cap(caps, "py.nonlocal");
  if (global) {
    const scope = ctx.scope(global);
    let inner = ctx.globals.get(scope);
    if (!inner) ctx.globals.set(scope, (inner = new Map()));
    inner.set(global.text, has(caps, "py.global") ? "global" : "nonlocal");
    return true;
  }
  return false;
}

/**
 * `obj.attr = value` (also a part of a tuple assignment, `box.x, box.y = f, g`): `self.attr = v`
 * is an attribute of the enclosing class's instances; on anything else it is found through what
 * obj is (resolve.ts).
 */
function attrAssign(ctx: PyCtx, stmt: Node, objNode: Node, attrName: string, value: Ref | null): void {
  const { facts } = ctx;
  // The object's type and name are read once (each read crosses into WASM) and passed on.
  const objType = objNode.type;
  const objName = objType === "identifier" ? objNode.text : undefined;
  if (objName === "self") {
    // `self.x = v`: an attribute of the enclosing class's instances.
    const scope = ctx.scope(stmt);
    const cls = enclosingClass(facts.defs, scope, true);
    if (cls < 0) return;
    // `self.count = 0`: an attribute the instances have, holding no function.
    if (!value) addField(facts.defs[cls]!, attrName);
    else {
      addTo<number, ScopedRef>(facts.attrs, cls, attrName, { scope, ref: value });
      (ctx.selfWrites ??= []).push({ scope, name: "self", attr: attrName, ref: value, line: line(stmt), always: pyStraight(stmt, facts, scope, true) });
    }
    return;
  }
  const obj = ctx.ref(objNode, objType, objName);
  if (obj && value) (facts.objAttrs ??= []).push({ scope: ctx.scope(stmt), obj, name: attrName, value });
  if (objName !== undefined && value) {
    const scope = ctx.scope(stmt);
    (ctx.attrWrites ??= []).push({ scope, name: objName, attr: attrName, ref: value, line: line(stmt), always: pyStraight(stmt, facts, scope, true) });
  }
}

/**
 * `d[key] = value` (also a part of a tuple assignment, `d["a"], d["b"] = f, g`): an item of the
 * dict named d, or of the attribute `self.d` / `cls.d`.
 */
function itemAssign(ctx: PyCtx, stmt: Node, target: Node, keyNode: Node, value: Ref | null): void {
  const { facts } = ctx;
  const key = pyKey(keyNode);
  const scope = ctx.scope(stmt);
  if (target.type === "attribute") {
    // `self.handlers[k] = f`: an item of that attribute of the class's instances.
    const cls = field(target, "object")?.text === "self" ? enclosingClass(facts.defs, scope, true) : -1;
    const attr = field(target, "attribute");
    if (value && cls >= 0 && attr) {
      const item: Ref = { root: { t: "items", items: [{ key: `[${key ?? "*"}]`, ref: value }] }, path: [] };
      addTo<number, ScopedRef>(facts.attrs, cls, attr.text, { scope, ref: item });
    }
    // `cls.registry[k] = f` in a classmethod: an item of the class's attribute (as `C.registry.append(f)`).
    const objNode = field(target, "object");
    if (value && attr && objNode?.text === "cls") {
      const item: Ref = { root: { t: "items", items: [{ key: `[${key ?? "*"}]`, ref: value }] }, path: [] };
      (facts.objAttrs ??= []).push({ scope, obj: { root: { t: "cls" }, path: [] }, name: attr.text, value: item, mutates: true });
    } else if (value && attr && objNode?.type === "identifier" && /^_?[A-Z]\w*[a-z]\w*$/.test(objNode.text) && keyNode.type !== "slice") {
      // `Job.registry[k] = cls` (in __init_subclass__, a decorator): an item of that attribute of
      // the class named (a CapWords name; not `copy._spans[:] = …`, which copies items).
      const obj = ctx.ref(objNode, "identifier");
      const item: Ref = { root: { t: "items", items: [{ key: `[${key ?? "*"}]`, ref: value }] }, path: [] };
      if (obj) (facts.objAttrs ??= []).push({ scope, obj, name: attr.text, value: item, mutates: true });
    }
    return;
  }
  if (target.type === "subscript") {
    // `d["a"]["b"] = f`: d["a"] gains a dict holding f under "b", beside what it held (the inner
    // dict is changed in place; which of its values a later read sees is not told apart).
    let inner: Ref | null = value && { root: { t: "items", items: [{ key: `[${key ?? "*"}]`, ref: value }] }, path: [] };
    let node: Node = target;
    for (let depth = 0; inner && node.type === "subscript" && depth < 4; depth++) {
      const keyOf = field(node, "subscript");
      const obj = field(node, "value");
      if (!keyOf || !obj) return;
      const outer = `[${pyKey(keyOf) ?? "*"}]`;
      if (obj.type === "identifier") {
        ctx.items.push({ scope, name: obj.text, key: outer, ref: inner, line: line(stmt), always: false });
        return;
      }
      inner = { root: { t: "items", items: [{ key: outer, ref: inner }] }, path: [] };
      node = obj;
    }
    return;
  }
  // `for key, fn in [("a", alpha), ("b", beta)]: table[key] = fn`: each pair's value under its key.
  const pairs = value && key === null && target.type === "identifier" ? loopPairs(keyNode, value, ctx) : null;
  if (pairs) {
    for (const [k, ref] of pairs) ctx.items.push({ scope, name: target.text, key: `[${k}]`, ref, line: line(stmt), always: false });
    return;
  }
  if (value) {
    // `HANDLERS[fn.__name__] = fn`: stored under the name of the function or class fn holds.
    // (A class decorator's `REGISTRY[cls.__name__] = cls`: `cls` reads as a name outside classes.)
    const named = key === null && keyNode.type === "attribute" && field(keyNode, "attribute")?.text === "__name__" &&
      value.path.length === 0 && field(keyNode, "object")?.text === (value.root.t === "name" ? value.root.name : value.root.t === "cls" ? "cls" : null);
    ctx.items.push({ scope, name: target.text, key: named ? NAME_KEY : `[${key ?? "*"}]`, ref: value, line: line(stmt),
      always: !named && pyStraight(stmt, facts, scope, true) });
    if (target.type === "identifier") importedStore(ctx, scope, target.text, { root: { t: "items", items: [{ key: named ? NAME_KEY : `[${key ?? "*"}]`, ref: value }], of: "dict" }, path: [] });
  }
}

/**
 * `d[key] = fn` in `for key, fn in [("a", alpha), ("b", beta)]` (a literal list or tuple of
 * literal pairs, the loop's own names): the pairs' string keys with what their value part names.
 */
function loopPairs(keyNode: Node, value: Ref, ctx: PyCtx): [string, Ref][] | null {
  if (keyNode.type !== "identifier" || value.path.length > 0 || value.root.t !== "name") return null;
  const valueName = value.root.name;
  for (let up = keyNode.parent; up && up.type !== "function_definition" && up.type !== "class_definition"; up = up.parent) {
    if (up.type !== "for_statement") continue;
    const left = field(up, "left");
    if (left?.type !== "pattern_list" && left?.type !== "tuple_pattern") return null;
    const names = left.namedChildren.filter((c) => c !== null && c.type !== "comment").map((c) => (c!.type === "identifier" ? c!.text : ""));
    const ki = names.indexOf(keyNode.text);
    const vi = names.indexOf(valueName);
    if (ki < 0 || vi < 0) return null;
    const right = field(up, "right");
    if (right?.type !== "list" && right?.type !== "tuple") return null;
    const out: [string, Ref][] = [];
    for (const item of right.namedChildren) {
      if (!item || item.type === "comment") continue;
      if (item.type !== "tuple" && item.type !== "list") return null;
      const parts = item.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment");
      if (parts.length !== names.length || out.length >= 16) return null;
      const k = stringLiteral(parts[ki]!);
      const ref = ctx.ref(parts[vi]!);
      if (k === null || !ref) return null;
      out.push([k, ref]);
    }
    return out.length > 0 ? out : null;
  }
  return null;
}

/**
 * The attribute names a positional class pattern `case C(a, b)` binds, in order: C's literal
 * `__match_args__ = ("x", "y")`, or a `@dataclass` C's annotated fields; C a class at the top of
 * the file holding `at` (null when not found).
 */
function matchArgs(at: Node, name: string, depth = 0, dataclassOnly = false): string[] | null {
  if (!/^[A-Za-z_]\w*$/.test(name) || depth > 4) return null;
  let top: Node = at;
  while (top.parent) top = top.parent;
  for (const stmt of top.namedChildren) {
    const cls = stmt?.type === "decorated_definition" ? field(stmt, "definition") : stmt;
    if (cls?.type !== "class_definition" || field(cls, "name")?.text !== name) continue;
    const dataclass = stmt!.type === "decorated_definition" && stmt!.namedChildren.some((d) => d?.type === "decorator" && /^@\s*(dataclasses\.)?dataclass\b/.test(d.text));
    const fields: string[] = [];
    for (const line of field(cls, "body")?.namedChildren ?? []) {
      const a = line?.type === "expression_statement" ? line.namedChild(0) : null;
      if (a?.type !== "assignment") continue;
      const left = field(a, "left");
      const right = field(a, "right");
      if (left?.text === "__match_args__" && (right?.type === "tuple" || right?.type === "list") && !dataclassOnly) {
        return right.namedChildren.map((k) => (k ? stringLiteral(k) : null) ?? "");
      }
      if (dataclass && left?.type === "identifier" && field(a, "type") && !/ClassVar/.test(field(a, "type")!.text)) fields.push(left.text);
    }
    if (dataclass) {
      // (A dataclass base's fields come first: `class Ext(Base)` of two dataclasses.)
      const b = field(cls, "superclasses")?.namedChildren.find((c) => c?.type === "identifier");
      const inherited = b && b.text !== name ? matchArgs(at, b.text, depth + 1, true) : null;
      return inherited ? [...inherited, ...fields] : fields;
    }
    if (dataclassOnly) return null;
    // Inherited: `class Click(Event)` with Event's `__match_args__` (the first base that has them).
    for (const b of field(cls, "superclasses")?.namedChildren ?? []) {
      const inherited = b?.type === "identifier" && b.text !== name ? matchArgs(at, b.text, depth + 1) : null;
      if (inherited) return inherited;
    }
    return null;
  }
  return null;
}

/**
 * `match v:` — each case pattern binds its capture names to parts of v: `case [f, *rest]` v[0]
 * and v[1:], `case {"k": f}` v["k"], `case C(attr=f)` v.attr, `case C() as c` / `case f` v
 * itself (positional class patterns go through `__match_args__`: not followed).
 */
function matchCases(match: Node, subject: Ref, ctx: PyCtx): void {
  const scope = ctx.scope(match);
  const body = field(match, "body");
  let count = 0;
  const bind = (name: string, path: string[]): void => {
    if (name === "_" || count++ > MAX_ARGS * 4) return;
    addTo(ctx.facts.bindings, scope, name, { root: subject.root, path: [...subject.path, ...path] });
  };
  const walk = (p: Node, path: string[], depth: number): void => {
    if (depth > 8) return;
    switch (p.type) {
      case "case_pattern":
      case "union_pattern":
        for (const c of p.namedChildren) if (c) walk(c, path, depth + 1);
        return;
      case "dotted_name":
        // A single name captures; `a.b` compares with a value.
        if (p.namedChildCount === 1) bind(p.text, path);
        return;
      case "as_pattern": {
        const kids = p.namedChildren.filter((c): c is Node => c !== null);
        const alias = kids.at(-1);
        if (kids.length >= 2 && alias?.type === "identifier") bind(alias.text, path);
        if (kids[0]) walk(kids[0], path, depth + 1);
        return;
      }
      case "list_pattern":
      case "tuple_pattern": {
        // (`*rest` is a case_pattern holding a splat_pattern)
        const kids = p.namedChildren.filter((c): c is Node => c !== null && c.type !== "comment")
          .map((c) => (c.type === "case_pattern" && c.namedChild(0)?.type === "splat_pattern" ? c.namedChild(0)! : c));
        let afterSplat = false;
        kids.forEach((c, i) => {
          if (c.type === "splat_pattern") {
            const inner = c.namedChild(0);
            const after = kids.length - i - 1;
            if (inner?.type === "identifier") bind(inner.text, [...path, `[${i}:${after > 0 ? -after : ""}]`]);
            afterSplat = true;
          } else walk(c, [...path, afterSplat ? `[${i - kids.length}]` : `[${i}]`], depth + 1);
        });
        return;
      }
      case "dict_pattern": {
        let key: string | null = null;
        for (const c of p.namedChildren) {
          if (!c) continue;
          if (c.type === "splat_pattern") {
            const inner = c.namedChild(0);
            if (inner?.type === "identifier") bind(inner.text, path);
          } else if (c.type === "case_pattern") {
            walk(c, [...path, `[${key ?? "*"}]`], depth + 1);
            key = null;
          } else key = pyKey(c);
        }
        return;
      }
      case "class_pattern": {
        // `case Click(h)`: positional patterns name the attributes in the class's `__match_args__`
        // (a dataclass's: its fields), for a class at the top of this file.
        let positional = 0;
        let names: string[] | null | undefined;
        for (const c of p.namedChildren) {
          const kw = c?.type === "case_pattern" ? c.namedChild(0) : null;
          if (c?.type === "case_pattern" && kw?.type !== "keyword_pattern") {
            const i = positional++;
            names ??= matchArgs(match, p.namedChild(0)?.text ?? "");
            if (names?.[i]) walk(c, [...path, names[i]!], depth + 1);
            continue;
          }
          if (kw?.type !== "keyword_pattern") continue;
          const attr = kw.namedChild(0);
          const value = kw.namedChild(1);
          if (attr?.type === "identifier" && value) walk(value.type === "case_pattern" ? value : kw, [...path, attr.text], depth + 1);
        }
        return;
      }
      case "keyword_pattern": {
        // (the value of `attr=value` when it is not wrapped in a case_pattern)
        const value = p.namedChild(1);
        if (value?.type === "dotted_name" && value.namedChildCount === 1) bind(value.text, path);
        else if (value) walk(value, path, depth + 1);
        return;
      }
    }
  };
  const subjects = match.childrenForFieldName("subject").filter((c): c is Node => c !== null);
  const subjectName = subjects.length === 1 && subjects[0]!.type === "identifier" ? subjects[0]!.text : null;
  for (const clause of body?.namedChildren ?? []) {
    if (clause?.type !== "case_clause") continue;
    const patterns: Node[] = [];
    for (const c of clause.namedChildren) if (c?.type === "case_pattern") { patterns.push(c); walk(c, [], 0); }
    // `case Circle():` (one class pattern, a class at the top of this file) on a subject name.
    const only = patterns.length === 1 && patterns[0]!.namedChildCount === 1 ? patterns[0]!.namedChild(0) : null;
    const clsName = only?.type === "class_pattern" ? only.namedChild(0)?.text : undefined;
    const consequence = clause.childForFieldName("consequence");
    if (subjectName && clsName && consequence && /^[A-Za-z_]\w*$/.test(clsName) && topClass(match, clsName) && narrowings.length < 64 && madeInFile(match, clsName)) {
      const id = only!.namedChild(0)!.namedChild(0);
      const cls = id?.type === "identifier" ? ctx.ref(id, "identifier") : null;
      if (cls) narrowings.push({ scope, name: subjectName, from: line(consequence), to: endRowOf(consequence) + 1, made: { root: { t: "call", callee: cls, sub: true }, path: [] } });
    }
  }
}

/**
 * Whether the file calls a class of that name other than in `case` patterns and its own
 * `class Name(` line: a class only matched is never the subject (`match/class_pattern_subclass_dispatch`).
 */
function madeInFile(at: Node, name: string): boolean {
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
function topClass(at: Node, name: string): boolean {
  for (const c of at.tree.rootNode.namedChildren) {
    const d = c?.type === "decorated_definition" ? field(c, "definition") : c;
    if (d?.type === "class_definition" && field(d, "name")?.text === name) return true;
  }
  return false;
}

/** The keywords of a class statement but `metaclass=` (`class Page(Base, render=fancy)`), as arguments. */
function classKeywords(arg: Node, ctx: PyCtx): Arg[] {
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

function protocolCalls(facts: FactsDraft, scope: number, at: number, value: Ref, a: string, b: string | null, args: Arg[] = []): void {
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

/** Default values that hold no call. */
const SIMPLE_DEFAULTS = new Set(["identifier", "none", "true", "false", "integer", "float", "string", "attribute", "lambda"]);

/** Parameters become bindings of the function's scope, valued by its call sites' arguments. */
function params(def: Node, list: Node, ctx: PyCtx): void {
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
function decorators(node: Node, ctx: PyCtx): void {
  const { facts } = ctx;
  const defNode = field(node, "definition");
  if (!defNode) return;
  const def = ctx.defIndex.get(defNode.startIndex);
  if (def === undefined) return;
  const d = facts.defs[def]!;
  const decs = node.namedChildren.filter((c): c is Node => c !== null && c.type === "decorator");
  d.decorators = decs.map((c) => (c.namedChild(0)?.text ?? "").slice(0, 80));
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
    if (!expr || MARKERS.has(expr.text) || (expr.type === "attribute" && ACCESSOR_DECORATOR.test(expr.text))) continue;
    const callee = ctx.ref(expr);
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

const DISPATCHERS = new Set(["singledispatch", "functools.singledispatch", "singledispatchmethod", "functools.singledispatchmethod"]);

/**
 * `@f.register` / `@f.register(int)` under a `@singledispatch def f`: calling f may run the
 * registered implementation (which one depends on the argument's type: any of them), so the name
 * f is bound to it too.
 */
function dispatchRegister(facts: FactsDraft, d: FactsDraft["defs"][number]): void {
  for (const text of d.decorators ?? []) {
    const m = /^([A-Za-z_]\w*)\.register\b/.exec(text);
    if (!m) continue;
    const base = facts.defs.find((o) => o.parent === d.parent && o.name === m[1] && o.decorators?.some((t) => DISPATCHERS.has(t)));
    if (base) addTo(facts.bindings, d.parent, m[1]!, { root: { t: "def", start: d.start }, path: [] });
  }
}

/**
 * `f.register(int, impl)` (the call form of `@f.register`) under a `@singledispatch def f` of the
 * same scope: calling f may run impl too.
 */
function dispatchRegisterCalls(facts: FactsDraft): void {
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
function metaInits(ctx: PyCtx): void {
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
function enumMemberInits(ctx: PyCtx): void {
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
function subclassHooks(ctx: PyCtx): void {
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
function descriptors(ctx: PyCtx): void {
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
  // the attribute runs Field's `__get__` when it has one (resolve.ts ownMember); the names go to
  // graph.ts's getter names. And a `__get__` of a class at this module's top is a getter wherever
  // that class is made (another module's class body).
  for (const a of attrs) {
    if (facts.defs.some((d) => d.kind === "class" && d.parent === -1 && d.name === a.cls)) continue;
    if (!(facts.pyDescriptorAttrs ??= []).includes(a.name)) facts.pyDescriptorAttrs.push(a.name);
  }
}

/** `__get__` of a class at the module's top: a getter (what reading an attribute holding an instance gives). */
function descriptorGetters(facts: FactsDraft): void {
  for (let i = 0; i < facts.defs.length; i++) {
    const d = facts.defs[i]!;
    if (d.kind !== "method" || d.name !== "__get__" || d.getter) continue;
    const cls = facts.defs[d.parent];
    if (cls?.kind === "class" && cls.parent === -1) d.getter = true;
  }
}

/**
 * `Job = type("Job", (Base,), {"run": run})` (a class of tags.scm's, the call its node): the dict's
 * string keys are the class's attributes (`Job().run()` calls run, given the instance), and the
 * name assigned is that class, not what the builtin returns.
 */
const MAX_PRIOR = 1 << 20;

function typeNamespace(call: Node, ns: Node, ctx: PyCtx): void {
  const { facts } = ctx;
  const def = ctx.defIndex.get(call.startIndex);
  const d = def === undefined ? undefined : facts.defs[def];
  if (!d || d.kind !== "class") return;
  for (const pair of ns.namedChildren) {
    if (pair?.type !== "pair") continue;
    const key = field(pair, "key");
    const value = field(pair, "value");
    const name = key ? stringLiteral(key) : null;
    let ref = value ? ctx.ref(value) : null;
    // (The dict is written in the enclosing scope: `{"run": run}` is its run, not the class's own.)
    if (ref?.root.t === "name") ref = { root: { t: "prior", scope: d.parent, name: ref.root.name, count: MAX_PRIOR }, path: ref.path };
    if (name !== null && /^[A-Za-z_]\w*$/.test(name) && ref) addTo(facts.bindings, def!, name, ref);
  }
  const list = facts.bindings.get(d.parent)?.get(d.name);
  const self: Ref = { root: { t: "def", start: d.start }, path: [] };
  for (let i = 0; list && i < list.length; i++) {
    const r = list[i]!.root;
    if (r.t === "call" && list[i]!.path.length === 0 && r.callee.root.t === "name" && r.callee.root.name === "type") list[i] = self;
  }
}

/** The argument name a generator's `x = yield` reads: what `g.send(v)` passes (`sentValues`). */
const SENT = "<send>";

/**
 * `g = gen(...)` / `g = obj.gen(...)` then `g.send(v)` in one scope, g bound once there: v is a value of gen's `x =
 * yield` (a reference to gen passing v by the name SENT: a site, no call).
 */
function sentValues(ctx: PyCtx): void {
  const { facts } = ctx;
  for (const s of ctx.sends ?? []) {
    const bound = facts.bindings.get(s.scope)?.get(s.name);
    const made = bound?.length === 1 ? bound[0]! : null;
    // (gen a function or a method: `s = Sink().receive()`, `g = self.loop()`.)
    if (made?.root.t !== "call" || made.path.length > 0 || (made.root.callee.root.t !== "name" && made.root.callee.path.length === 0)) continue;
    facts.calls.push({ scope: s.scope, ref: made.root.callee, line: s.line, kind: "ref", weak: true, args: [{ name: SENT, ref: s.value }] });
  }
}

/**
 * `run = operator.methodcaller("m")` then `run(x, a)` in the same scope, run bound only there:
 * that call is `x.m(a)` (a call of ours is added beside it; the package's call stays, without
 * arguments).
 */
function methodCalls(ctx: PyCtx): void {
  const { facts } = ctx;
  for (const mc of ctx.methodCallers ?? []) {
    if (facts.bindings.get(mc.scope)?.get(mc.name)?.length !== 1) continue;
    const n = facts.calls.length;
    for (let i = 0; i < n; i++) {
      const call = facts.calls[i]!;
      const r = call.ref;
      const first = call.args?.[0];
      if (call.scope !== mc.scope || r.root.t !== "name" || r.root.name !== mc.name || r.path.length > 0 || !first?.ref || first.name !== null) continue;
      facts.calls.push({ scope: call.scope, ref: { root: first.ref.root, path: [...first.ref.path, mc.method] }, line: call.line, kind: "call", args: call.args!.slice(1) });
      // The arguments go to that method, not to the package's object (which would count a
      // function among them as called here).
      call.args = [];
    }
  }
}

/**
 * A parameter a function's body reassigns unconditionally (`cb = wrap(cb)`) holds the argument
 * only until then: its binding counts as made on the def's line, so a later `cb()` sees the
 * reassignment alone (`args/param_rebound_by_wrapper`), as `p = f1; p = f2; p()` does.
 */
function paramKills(ctx: PyCtx): void {
  const { facts } = ctx;
  for (const [scope, names] of ctx.kills) {
    const d = facts.defs[scope];
    if (!d || (d.kind !== "function" && d.kind !== "method")) continue;
    for (const [name, kills] of names) {
      const refs = facts.bindings.get(scope)?.get(name);
      if (!refs || refs[0]?.root.t !== "param" || kills.some((k) => k.index === 0)) continue;
      // (Or from a value not naming the parameter, `cb = forced`: `flow/param_rebound_before_call`.)
      const fresh = (i: number): boolean => kills.some((k) => k.index === i && k.fresh === true && k.block === undefined);
      if (refs.length !== killed(kills) + 1 || !refs.every((r, i) => i === 0 || ownCall(facts, r) || fresh(i))) continue;
      kills.unshift({ index: 0, line: d.line });
    }
  }
}

/**
 * `wrap(x)` of a function `wrap` the file defines at its top and binds nothing else to: what it
 * returns is seen. (A package's `x = cast(x)`, an import's `x = rich_cast(x)`, may give x back
 * unseen: the parameter stays a candidate there, or pip's rich loses most of its graph.)
 */
function ownCall(facts: FactsDraft, r: Ref): boolean {
  if (r.root.t !== "call" || r.path.length > 0 || r.root.or) return false;
  const callee = r.root.callee;
  if (callee.root.t !== "name" || callee.path.length > 0) return false;
  const name = callee.root.name;
  if ((facts.bindings.get(-1)?.get(name)?.length ?? 1) !== 1) return false;
  return facts.defs.some((d) => d.parent === -1 && d.name === name && d.kind === "function");
}

/** Apply `global`/`nonlocal`: bindings made in such a scope belong to the module / enclosing function. */
export function applyScopeStatements(ctx: PyCtx): void {
  const { facts } = ctx;
  branchKills(ctx);
  for (const k of ctx.statementKills) {
    // (Also a module's def of a builtin's name: a call above it is the builtin, `unbound`.)
    if ((facts.bindings.get(k.scope)?.get(k.name)?.length ?? 0) > 1 || (k.scope === -1 && PY_BUILTINS.has(k.name))) addKill(ctx.kills, k.scope, k.name, { index: k.index, line: k.line, stmt: true });
  }
  paramKills(ctx);
  metaInits(ctx);
  dispatchRegisterCalls(facts);
  subclassHooks(ctx);
  enumMemberInits(ctx);
  sentValues(ctx);
  descriptors(ctx);
  descriptorGetters(ctx.facts);
  methodCalls(ctx);
  // Each rebinding reads only its scope's calls: found by scope, not by a pass over every call.
  const withArgs = new Map<number, CallFact[]>();
  if (ctx.rebinds.length > 0) {
    for (const call of facts.calls) {
      if (!call.args) continue;
      const list = withArgs.get(call.scope);
      if (list) list.push(call);
      else withArgs.set(call.scope, [call]);
    }
  }
  for (const rb of ctx.rebinds) {
    for (const call of withArgs.get(rb.scope) ?? []) {
      if (call.line < rb.from || call.line > rb.to || !call.args) continue;
      // A new list: lists are shared by calls with the same argument text (pyArgs).
      let args = call.args;
      for (let i = 0; i < args.length; i++) {
        const arg = args[i]!;
        if (arg.ref?.root.t === "name" && arg.ref.root.name === rb.name) {
          if (args === call.args) args = [...args];
          args[i] = { name: arg.name, ref: { root: { t: "prior", scope: rb.scope, name: rb.name, count: rb.count }, path: arg.ref.path } };
        }
      }
      call.args = args;
    }
  }
  let paramStores: ParamStore[] | undefined;
  for (const item of ctx.items) {
    // The dict is whatever `name` is bound to in the nearest scope that binds it (not a class body).
    let s = item.scope;
    while (s >= 0 && !facts.bindings.get(s)?.has(item.name)) {
      s = facts.defs[s]!.parent;
      while (s >= 0 && facts.defs[s]!.kind === "class") s = facts.defs[s]!.parent;
    }
    const value: Ref = { root: { t: "items", items: [{ key: item.key, ref: item.ref }] }, path: [] };
    const held: Ref = s === item.scope ? value : { root: { t: "scoped", scope: item.scope, ref: value }, path: [] };
    addTo(facts.bindings, s, item.name, held);
    // `t = d; t["k"] = f`: d is that dict too (`flow/dict_alias_item_update`).
    const names = facts.bindings.get(s);
    const aliases = names?.get(item.name)?.filter((r) => r.root.t === "name" && r.path.length === 0 && r.root.name !== item.name && names.has(r.root.name));
    for (const r of aliases ?? []) addTo(facts.bindings, s, (r.root as Extract<Root, { t: "name" }>).name, held);
    // `def register(table): table["x"] = fx`: what the function's callers pass there gains the item.
    if (s >= 0 && s === item.scope && facts.defs[s]!.kind === "function") {
      const param = names?.get(item.name)?.find((r) => r.root.t === "param" && r.root.index >= 0 && !r.root.star && r.path.length === 0);
      if (param) (paramStores ??= []).push({ def: s, index: (param.root as Extract<Root, { t: "param" }>).index, name: item.name, held });
    }
  }
  if (paramStores) paramItemStores(facts, paramStores);
  const readAt = itemKills(ctx);
  attrKills(ctx, readAt);
  selfKills(ctx);
  for (const [scope, names] of ctx.globals) {
    const own = facts.bindings.get(scope);
    if (!own) continue;
    for (const [name, how] of names) {
      const refs = own.get(name);
      if (!refs) continue;
      own.delete(name);
      let target = -1;
      if (how === "nonlocal") {
        target = facts.defs[scope]?.parent ?? -1;
        while (target >= 0 && !facts.bindings.get(target)?.has(name)) target = facts.defs[target]!.parent;
      }
      callKills(ctx, scope, target, name, refs);
      // Values are still resolved where they were written: wrap them so their scope is kept.
      for (const r of refs) addTo(facts.bindings, target, name, { root: { t: "scoped", scope, ref: r }, path: [] });
    }
  }
  valueKills(ctx);
  for (const r of ctx.defaultReads ?? []) {
    if (!r.root.default || (r.through !== undefined && classBinds(facts, r.through, r.root.default))) continue;
    r.root.default = asOf(ctx, r.scope, r.root.default, r.line, 0);
  }
  for (const r of ctx.iterReads ?? []) {
    const list = facts.bindings.get(r.scope)?.get(r.name);
    const ref = list?.[r.index];
    if (ref?.root.t !== "name") continue;
    const now = asOf(ctx, r.scope, { root: ref.root, path: [] }, r.line, 0);
    if (now.root !== ref.root) list![r.index] = { root: now.root, path: ref.path };
  }
  for (const r of ctx.returnReads ?? []) {
    const list = facts.returns.get(r.def);
    const ref = list?.[r.index];
    if (ref) list![r.index] = asOf(ctx, r.def, ref, r.line, 0);
  }
  // Straight-line reassignment: a call in straight-line code whose callee name is bound only by
  // unconditional `name = value` statements of its scope sees the last one before it
  // (`p = f1; p = f2; p()` calls f2). Names bound any other way keep every binding.
  for (const call of facts.calls) {
    // In a loop's body: only a block's assignment in that loop before the call (`loopAt`).
    const loop = call.top ? -1 : ctx.loopAt?.get(call);
    if (loop === undefined || call.ref.root.t !== "name") continue;
    const name = call.ref.root.name;
    const kills = ctx.kills.get(call.scope)?.get(name);
    const refs = facts.bindings.get(call.scope)?.get(name);
    if (!kills || !refs || ctx.globals.get(call.scope)?.has(name)) continue;
    const at = readAt.get(call) ?? call.line;
    if (killed(kills) + outside(ctx, call.scope, name, at) !== refs.length) continue;
    const last = lastBefore(kills, at, loop);
    if (loop >= 0) {
      if (last) call.ref = { root: priorOf(call.scope, name, last), path: call.ref.path };
      continue;
    }
    if (!last && call.scope === -1 && PY_BUILTINS.has(name)) {
      const early = unbound(kills, at, name);
      if (early) call.ref = { root: early, path: call.ref.path };
      continue;
    }
    // (Every binding, through a block's assignment: the name as it was before blocks counted, which
    // reads a method taken from an instance as bound, as `prior` does not: flow.ts isBound.)
    if (last && last.from === 0 && last.to + 1 === refs.length && kills.some((k) => k.block !== undefined)) continue;
    if (last) call.ref = { root: priorOf(call.scope, name, last), path: call.ref.path };
  }
  callTimeReads(ctx);
}

/** A class from `cls` out (to the first scope that is no class) binds the name `ref` reads. */
function classBinds(facts: FactsDraft, cls: number, ref: Ref): boolean {
  const name = ref.root.t === "name" ? ref.root.name : null;
  for (let s = cls; s >= 0 && facts.defs[s]!.kind === "class"; s = facts.defs[s]!.parent) {
    if (name === null || facts.bindings.get(s)?.has(name)) return true;
  }
  return false;
}

/**
 * A module's read at line `at` of a builtin's name that no unconditional statement binds before
 * it: the builtin (`prior` of no binding, resolve.ts), or that or the bindings of blocks before
 * it (`if c: input = safe_input` then `input()`); null when the kills are not so ordered.
 */
function unbound(kills: readonly Kill[], at: number, name: string): Root | null {
  let upto = -1;
  for (const k of kills) {
    if (k.first !== undefined && at >= k.first && at <= k.line) return null;
    if (k.line < at) {
      if (k.block === undefined) return null;
      upto = Math.max(upto, k.index);
    }
  }
  for (const k of kills) if (k.line >= at && (k.from ?? k.index) <= upto) return null;
  const builtin: Root = { t: "prior", scope: -1, name, count: 0, from: 0 };
  if (upto < 0) return builtin;
  return { t: "union", refs: [{ root: builtin, path: [] }, { root: { t: "prior", scope: -1, name, count: upto + 1, from: 0 }, path: [] }] };
}

/** Most call sites (of a function and those running it) followed for `runLines`. */
const MAX_RUN_SITES = 16;

/**
 * A function's call of a name of an enclosing scope reads the name when the function runs: `h =
 * a; def run(): h()` then `h = b; run()` calls b only, and a closure called before its captured
 * name is rebound sees the value before. When every place the function runs is known (`runLines`:
 * it is only ever called, by name, in straight-line code of that scope or of functions themselves
 * known so) and the name is bound there only by unconditional statements, the call sees the value
 * the name has on each of those lines. A module-level name only in a script (main.py, or a file
 * with an `if __name__ == "__main__":`): a module others import may have them call the function
 * after its last rebinding.
 */
function callTimeReads(ctx: PyCtx): void {
  const { facts } = ctx;
  const runs = new Map<string, number[] | null>();
  for (const call of facts.calls) {
    const fn = call.scope;
    const root = call.ref.root;
    if (fn < 0 || root.t !== "name") continue;
    const name = root.name;
    if (facts.bindings.get(fn)?.has(name) || ctx.globals.get(fn)?.has(name) || facts.defs[fn]!.kind !== "function") continue;
    let target = facts.defs[fn]!.parent;
    while (target >= 0 && (facts.defs[target]!.kind === "class" || !facts.bindings.get(target)?.has(name))) target = facts.defs[target]!.parent;
    if (target < 0 && (!ctx.script || !facts.bindings.get(-1)?.has(name))) continue;
    const key = `${fn}\u0000${target}`;
    let lines = runs.get(key);
    if (lines === undefined) runs.set(key, (lines = runLines(ctx, fn, target, 0, [])));
    if (!lines || lines.length === 0) continue;
    const refs: Ref[] = [];
    for (const at of lines) {
      const last = lastKill(ctx, target, name, at);
      if (!last) break;
      const prior = priorOf(target, name, last);
      if (!refs.some((r) => r.root.t === "prior" && r.root.count === prior.count && r.root.from === prior.from)) refs.push({ root: prior, path: [] });
    }
    if (refs.length === 0 || lines.some((at) => !lastKill(ctx, target, name, at))) continue;
    call.ref = refs.length === 1 ? { root: refs[0]!.root, path: call.ref.path } : { root: { t: "union", refs }, path: call.ref.path };
  }
}

/**
 * The lines of scope `target` at which function `fn` may run: where it is called, when it is
 * bound once (its def) in its scope, is no generator, and the file names it only in calls, each
 * in straight-line code of `target` or of a function whose own run lines are known so; null when
 * not known.
 */
function runLines(ctx: PyCtx, fn: number, target: number, depth: number, path: number[]): number[] | null {
  const { facts } = ctx;
  const d = facts.defs[fn];
  if (!d || d.kind !== "function" || depth > 4 || path.includes(fn) || ctx.lazy?.has(fn)) return null;
  const parent = d.parent;
  if (parent >= 0 && facts.defs[parent]!.kind === "class") return null;
  const name = boundName(facts, fn);
  let calls = name === null ? null : nameCalls(ctx).get(name);
  const out: number[] = [];
  // A closure its function only returns (`return inner`, in straight-line code), besides calling
  // it by name: it runs after that return, so it reads its captured names as of the return's line
  // (`def inner(): fn()` then `fn = b` before `return inner`: b only).
  if (calls === null && name !== null && parent === target && target >= 0 && facts.defs[target]!.kind === "function") {
    const escapes = returnedOnly(ctx, name, target);
    if (escapes) {
      calls = escapes.calls;
      out.push(...escapes.lines);
    }
  }
  if (!calls || calls.length + out.length === 0 || calls.length > MAX_RUN_SITES) return null;
  for (const c of calls) {
    // (The `if __name__ == "__main__":` block is a scope of its own, run where it stands.)
    const scope = c.scope >= 0 && facts.defs[c.scope]!.kind === "main" ? facts.defs[c.scope]!.parent : c.scope;
    if (scope === target) {
      if (!c.top) return null;
      out.push(c.line);
      continue;
    }
    if (scope < 0) return null;
    const more = runLines(ctx, scope, target, depth + 1, [...path, fn]);
    if (!more || out.length + 2 * more.length > MAX_RUN_SITES) return null;
    // Run inside another function's call on line l: what that call's own rebinding (`callKills`,
    // made on line l) leaves may come before or after, so both the value before and after l.
    for (const l of more) out.push(l, Math.floor(l) + 0.5);
  }
  return out;
}

/**
 * When the file names `name` only in calls of it by name and in straight-line `return name`
 * statements of function `target`: those calls and the returns' lines; else null.
 */
function returnedOnly(ctx: PyCtx, name: string, target: number): { calls: CallFact[]; lines: number[] } | null {
  const { facts } = ctx;
  const lines: number[] = [];
  const returned = new Set<Ref>();
  for (const r of ctx.returnReads ?? []) {
    if (r.def !== target) continue;
    const ref = facts.returns.get(target)?.[r.index];
    const root = ref?.root;
    if (!ref || ref.path.length > 0 || !root || !((root.t === "name" || root.t === "prior") && root.name === name)) continue;
    returned.add(ref);
    lines.push(r.line);
  }
  if (lines.length === 0) return null;
  let seen = false;
  const other = (x: unknown, depth: number): void => {
    if (seen || typeof x !== "object" || x === null || depth > 32) return;
    const o = x as { t?: unknown; name?: unknown };
    if ((o.t === "name" || o.t === "prior") && o.name === name) seen = true;
    else for (const v of Object.values(x)) other(v, depth + 1);
  };
  const calls: CallFact[] = [];
  for (const call of facts.calls) {
    for (const a of call.args ?? []) other(a.ref, 0);
    const r = call.ref;
    if ((r.root.t === "name" || r.root.t === "prior") && r.root.name === name && r.path.length === 0) calls.push(call);
    else other(r, 0);
  }
  for (const byName of facts.bindings.values()) for (const list of byName.values()) other(list, 0);
  for (const list of facts.returns.values()) for (const r of list) if (!returned.has(r)) other(r, 0);
  return seen ? null : { calls, lines };
}

/** The name the def `fn` is bound to, once and to nothing else, in its scope; null if none is. */
function boundName(facts: FactsDraft, fn: number): string | null {
  const d = facts.defs[fn]!;
  const names = facts.bindings.get(d.parent);
  if (!names) return null;
  const only = (list: readonly Ref[] | undefined): boolean => list?.length === 1 && list[0]!.root.t === "def" && list[0]!.root.start === d.start && list[0]!.path.length === 0;
  if (!d.name.startsWith("<lambda")) return only(names.get(d.name)) ? d.name : null;
  // A lambda is bound under its own `<lambdaN>` too: the name it is assigned to.
  for (const [name, list] of names) if (name !== d.name && only(list)) return name;
  return null;
}

/**
 * A CapWords name (a lower-case letter after the capital): what class names look like; or a
 * single capital, digits allowed (`class A`, `class B2`: benchmark and test classes).
 */
export const CAP_WORD = /\b(?:[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*|[A-Z][0-9]*\b)/g;

/** The names an `__all__` statement lists (the text up to the literal's end). */
const ALL_LIST = /\b__all__\s*(?:\+?=|\.extend\(|\.append\()\s*([^\])]{0,4000})/g;
const QUOTED_NAME = /["']([A-Za-z_]\w*)["']/g;

/** The classes an `except` clause names: `except E`, `except mod.E as e`, `except* (A, B)`. */
const EXCEPT_CLAUSE = /\bexcept\b\*?[ \t]*(\([^)]*\)|[A-Za-z_][\w.]*)/g;

/** `bound=Model` / `bound="Model"`, `Type[Model]` / `type[Model]`, `isinstance(x, Model)` / `issubclass(c, Model)`. */
const TYPING_MENTION = /\bbound\s*=\s*["']?([A-Z]\w*)|\b[Tt]ype\[\s*["']?([A-Z]\w*)|\b(?:isinstance|issubclass)\([\w.]+,\s*([A-Z]\w*)\s*\)/g;

/** The class `super(B, self)` names: the MRO it starts after, no instance of B (`mro/two_arg_super_diamond_stops`). */
/** A `case` line's patterns (up to a guard's `if`): `case Circle() | Square(side=s):`. */
const CASE_LINE = /^[ \t]*case[ \t]+([^\n]*?)(?:[ \t]if[ \t][^\n]*)?:[ \t]*(?:#[^\n]*)?$/gm;
const CLASS_PATTERN = /\b([A-Z]\w*)[ \t]*\(/g;
/** `Base.__init__(self)`, `Base.setup(self, x)`: a method called through the class on self. */
const UNBOUND_ON_SELF = /\b([A-Z]\w*)\.\w+\(\s*self\b/g;
const SUPER_CLASS = /\bsuper\(\s*(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)\s*,/g;

/**
 * The CapWords names a file's text holds (code, strings and comments alike: a class named in a
 * settings string or a docstring counts) more often than it defines a class of that name or
 * names one as a base or catches it: `facts.pyUsed`, which tells resolve.ts which classes may be instantiated.
 */
export function pyUsedNames(facts: FactsDraft, text: string): void {
  const counts = new Map<string, number>();
  CAP_WORD.lastIndex = 0;
  for (let m = CAP_WORD.exec(text); m !== null; m = CAP_WORD.exec(text)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  if (counts.size === 0) return;
  const less = (name: string | undefined): void => {
    const n = name === undefined ? undefined : counts.get(name);
    if (n !== undefined) counts.set(name!, n - 1);
  };
  // Catching a class makes none (`except (A, B) as e`): a base only caught is never instantiated.
  EXCEPT_CLAUSE.lastIndex = 0;
  for (let m = EXCEPT_CLAUSE.exec(text); m !== null; m = EXCEPT_CLAUSE.exec(text)) {
    for (const c of m[1]!.matchAll(CAP_WORD)) less(c[0]);
  }
  // Nor does exporting it: `__all__ = ["Handler"]` (also `+=`, `.extend([...])`, `.append("Handler")`).
  ALL_LIST.lastIndex = 0;
  for (let m = ALL_LIST.exec(text); m !== null; m = ALL_LIST.exec(text)) {
    for (const q of m[1]!.matchAll(QUOTED_NAME)) if (q[1]!.match(CAP_WORD)?.[0] === q[1]) less(q[1]);
  }
  // Nor does naming it as `super(B, self)`'s start.
  SUPER_CLASS.lastIndex = 0;
  for (let m = SUPER_CLASS.exec(text); m !== null; m = SUPER_CLASS.exec(text)) less(m[1]);
  // Nor calling a method through it on self (`Base.__init__(self)` in a subclass's `__init__`:
  // `dunders/p23_base_init_called_explicitly_runs_child_hook`).
  // Nor matching it: `case Square():` makes no Square (`match/class_pattern_subclass_dispatch`).
  CASE_LINE.lastIndex = 0;
  for (let m = CASE_LINE.exec(text); m !== null; m = CASE_LINE.exec(text)) {
    for (const c of m[1]!.matchAll(CLASS_PATTERN)) less(c[1]);
  }
  UNBOUND_ON_SELF.lastIndex = 0;
  for (let m = UNBOUND_ON_SELF.exec(text); m !== null; m = UNBOUND_ON_SELF.exec(text)) less(m[1]);
  // Nor typing's mentions: a TypeVar's `bound=Model`, `Type[Model]` / `type[Model]`, and
  // `isinstance(x, Model)` / `issubclass(c, Model)` (`classes/typevar_bound_factory_type_param`).
  TYPING_MENTION.lastIndex = 0;
  for (let m = TYPING_MENTION.exec(text); m !== null; m = TYPING_MENTION.exec(text)) less(m[1] ?? m[2] ?? m[3]);
  // `from .base import Handler` (not renamed) makes none either: the importer names it again to use it.
  for (const names of facts.bindings.values()) {
    for (const [name, refs] of names) {
      for (const r of refs) if (r.root.t === "module" && r.path.length === 1 && r.path[0] === name) less(name);
    }
  }
  for (const d of facts.defs) {
    if (d.kind !== "class") continue;
    less(d.name);
    for (const b of d.bases) less(b.path.length > 0 ? b.path.at(-1) : b.root.t === "name" ? b.root.name : undefined);
  }
  const used: string[] = [];
  for (const [name, n] of counts) if (n > 0) used.push(name);
  facts.pyUsed = used;
}

/**
 * Python `name = value` statements that always run in their scope: binding index and line, by
 * scope and name (no "scope\0name" key string made and hashed per assignment and question).
 */
export type Kills = Map<number, Map<string, Kill[]>>;

/**
 * `stmt`: a def, class or import statement (applyScopeStatements), not an assignment. `from`: the
 * kill is a compound statement whose every way through binds the name (`branchKills`): it leaves
 * one of the bindings from..index. `block`: an assignment directly in a block of a compound
 * statement (an if's, a handler's), no loop around: it replaces the name for reads in that block
 * after it, up to this last line of the block; other reads after it may see it or what was before.
 * `fresh`: the value does not name the name (`lastBefore`).
 */
type Kill = { index: number; line: number; stmt?: true; from?: number; first?: number; fresh?: true; block?: number; loop?: boolean };

/**
 * Python `name = value` statements directly in a branch of a compound statement that is itself a
 * statement of its scope's body: an `if` with an `else` or a `match` whose last case is `case _:`
 * (every branch that does not end in return/raise/continue/break binds the name), or a loop with
 * an `else` and no `break` (the else binds it; the body's bindings stay candidates, as Jarvis's
 * truth has them). Such a statement
 * replaces the name like one assignment holding any of its branches' values (`branchKills`).
 */
export interface Branches {
  binds: BranchBinding[];
  /** Per compound statement (by start): the branch blocks that must bind, and its last line; null: none can kill. */
  stmts: Map<number, { need: number[]; first: number; line: number; before?: number } | null>;
}

const PY_EXITS = new Set(["return_statement", "raise_statement", "continue_statement", "break_statement"]);

/**
 * Records `name = value` (an expression statement at `up[parent]`) inside such a statement: one
 * directly in a branch block binds that branch (`branch`, the block's start); one deeper (under
 * a nested `if`, in the loop body) is only one more value the statement may leave (`branch` -1).
 */
export function branchBind(b: Branches, facts: FactsDraft, node: Node, up: readonly Ancestor[], parent: number, scope: number, name: string, index: number): void {
  // The statement of the scope's body holding the binding: below the module or a def's block.
  let at = parent - 1;
  while (at > 0 && up[at - 1]!.type !== "module" && !(up[at - 1]!.type === "block" && up[at - 2]?.type === "function_definition")) at--;
  const type = up[at]?.type;
  if (at <= 0 || !BRANCHING.has(type!)) return;
  // (A class body's binding in a module-level `if` is not the module's: not straight in its scope.)
  if (!straightIn(up, at - 1, facts, scope, true)) return;
  const start = up[at]!.start;
  let info = b.stmts.get(start);
  if (info === undefined) {
    let stmt: Node | null = node;
    const found = (n: Node | null): boolean => n !== null && n.type === type && n.startIndex === start;
    for (let i = 0; stmt && i < 64 && !found(stmt); i++) stmt = stmt.parent;
    b.stmts.set(start, (info = found(stmt) ? branchesOf(stmt!) : null));
  }
  if (!info) return;
  // The branch block: an if's or loop's own, an else/elif clause's, a match's case clause's.
  const clauseType = up[at + 1]?.type;
  const clause = type === "match_statement" ? 2 : clauseType === "else_clause" || clauseType === "elif_clause" || clauseType === "except_clause" ? 1 : 0;
  // (`while True:`: only a binding before the body's first `break` is made on every way out.)
  const direct = parent === at + clause + 2 && up[parent - 1]!.type === "block" && (clause < 2 || up[at + 2]!.type === "case_clause") &&
    (info.before === undefined || node.startIndex < info.before);
  const via = direct || type !== "if_statement" ? undefined : nestedIfs(b, node, start);
  b.binds.push({ scope, name, index, stmt: start, branch: direct ? up[parent - 1]!.start : via ? via.branch : -1, ...(via ? { via: via.via } : {}) });
}

/**
 * `if x: (if y: f = a else: f = b) else: f = c`: the chain of `if` statements from the one at
 * `outer` down to the binding statement `node`, each directly in a branch block of the one above
 * and the binding directly in a branch block of the last; null when it is no such chain.
 */
function nestedIfs(b: Branches, node: Node, outer: number): { branch: number; via: { stmt: number; branch: number }[] } | null {
  // Blocks and statements from the binding's statement up (the expression statement's block first).
  const levels: { stmt: Node; block: Node }[] = [];
  let n: Node | null = node;
  while (n && n.type !== "expression_statement") n = n.parent;
  for (let i = 0; n && i < 8; i++) {
    const block: Node | null = n.parent;
    if (block?.type !== "block") return null;
    let stmt: Node | null = block.parent;
    if (stmt?.type === "else_clause" || stmt?.type === "elif_clause") stmt = stmt.parent;
    if (stmt?.type !== "if_statement") return null;
    levels.push({ stmt, block });
    if (stmt.startIndex === outer) break;
    n = stmt;
  }
  if (levels.length < 2 || levels.at(-1)!.stmt.startIndex !== outer) return null;
  levels.reverse();
  for (const l of levels.slice(1)) {
    if (!b.stmts.has(l.stmt.startIndex)) b.stmts.set(l.stmt.startIndex, branchesOf(l.stmt));
  }
  return { branch: levels[0]!.block.startIndex, via: levels.slice(1).map((l) => ({ stmt: l.stmt.startIndex, branch: l.block.startIndex })) };
}

const BRANCHING = new Set(["if_statement", "while_statement", "for_statement", "match_statement", "try_statement"]);

/** The first `break` of a loop body that leaves that loop (not one of a nested loop), or -1. */
function firstBreak(body: Node): number {
  let found = -1;
  const walk = (n: Node, depth: number): void => {
    if (found >= 0 || depth > 24) return;
    for (const c of n.namedChildren) {
      if (!c || found >= 0) continue;
      if (c.type === "break_statement") found = c.startIndex;
      else if (c.type !== "for_statement" && c.type !== "while_statement" && c.type !== "function_definition" && c.type !== "class_definition" && c.type !== "lambda") walk(c, depth + 1);
    }
  };
  walk(body, 0);
  return found;
}

function branchesOf(stmt: Node): { need: number[]; first: number; line: number; before?: number } | null {
  const fallsThrough = (block: Node | null): boolean => {
    const last = block?.lastNamedChild;
    return !last || !PY_EXITS.has(last.type);
  };
  const need: number[] = [];
  if (stmt.type === "match_statement") {
    // Exhaustive when its last case is irrefutable: `case _:` or a bare capture, unguarded.
    const cases = stmt.childForFieldName("body")?.namedChildren.filter((c) => c?.type === "case_clause") ?? [];
    const last = cases.at(-1);
    const patterns = last?.namedChildren.filter((c) => c?.type === "case_pattern") ?? [];
    if (!last || last.childForFieldName("guard") || patterns.length !== 1 || !/^[A-Za-z_]\w*$/.test(patterns[0]!.text)) return null;
    for (const c of cases) {
      const block = c!.childForFieldName("consequence");
      if (block && fallsThrough(block)) need.push(block.startIndex);
    }
    return { need, first: line(stmt), line: endRowOf(stmt) + 1 };
  }
  if (stmt.type === "try_statement") {
    // Every handler that goes on binds, and so does the `else` block (or, with none, the body:
    // whatever it raised before binding, a handler ran; what no handler catches leaves the scope).
    let otherwise: Node | null = null;
    for (const c of stmt.namedChildren) {
      if (c?.type === "except_clause") {
        const block = c.namedChildren.find((b) => b?.type === "block") ?? null;
        if (!block) return null;
        if (fallsThrough(block)) need.push(block.startIndex);
      } else if (c?.type === "else_clause") otherwise = c.childForFieldName("body");
      else if (c?.type === "except_group_clause") return null;
    }
    const main = otherwise ?? stmt.childForFieldName("body");
    if (!main) return null;
    if (fallsThrough(main)) need.push(main.startIndex);
    return { need, first: line(stmt), line: endRowOf(stmt) + 1 };
  }
  let otherwise: Node | null = null;
  for (const c of stmt.namedChildren) {
    if (c?.type === "else_clause") otherwise = c.childForFieldName("body");
    else if (c?.type === "elif_clause") {
      const block = c.childForFieldName("consequence");
      if (block && fallsThrough(block)) need.push(block.startIndex);
    }
  }
  // `while True:` without else runs its body at least once and leaves it only at a `break`: a
  // binding of the body before the first break is what reads after the loop see.
  if (!otherwise && stmt.type === "while_statement" && stmt.childForFieldName("condition")?.text === "True") {
    const body = stmt.childForFieldName("body");
    const before = body ? firstBreak(body) : -1;
    return body && before >= 0 ? { need: [body.startIndex], first: line(stmt), line: endRowOf(stmt) + 1, before } : null;
  }
  if (!otherwise) return null;
  if (stmt.type === "if_statement") {
    const block = stmt.childForFieldName("consequence");
    if (!block) return null;
    if (fallsThrough(block)) need.push(block.startIndex);
  } else if (/\bbreak\b/.test(stmt.childForFieldName("body")?.text ?? "break")) return null;
  if (fallsThrough(otherwise)) need.push(otherwise.startIndex);
  return { need, first: line(stmt), line: endRowOf(stmt) + 1 };
}

/** branchBind's statements as kills: each groups its own bindings of a name, when they are all it has there. */
function branchKills(ctx: PyCtx): void {
  const { binds, stmts } = ctx.branches;
  if (binds.length === 0) return;
  for (const { first, from, to } of branchRanges(binds, (b) => stmts.get(b.stmt)?.need, (stmt) => stmts.get(stmt)?.need)) {
    const info = stmts.get(first.stmt)!;
    addKill(ctx.kills, first.scope, first.name, { index: to, from, line: info.line, first: info.first });
  }
}

/** How many bindings the kills account for (a compound statement's, all of its own). */
function killed(kills: readonly Kill[]): number {
  let n = 0;
  let blocks = false;
  for (const k of kills) {
    n += k.from === undefined ? 1 : k.index - k.from + 1;
    if (k.block !== undefined) blocks = true;
  }
  if (!blocks) return n;
  // A block's assignment may also be one of its compound statement's bindings: count each once.
  const seen = new Set<number>();
  for (const k of kills) for (let i = k.from ?? k.index; i <= k.index; i++) seen.add(i);
  return seen.size;
}

/** The bindings from..to a read may see (`lastBefore`). */
type Seen = { from: number; to: number };

/** What a read sees: the bindings `seen` gives (of a compound statement's, any of its own). */
function priorOf(scope: number, name: string, seen: Seen): Extract<Root, { t: "prior" }> {
  return { t: "prior", scope, name, count: seen.to + 1, from: seen.from };
}

export function addKill(kills: Kills, scope: number, name: string, kill: Kill): void {
  let names = kills.get(scope);
  if (!names) kills.set(scope, (names = new Map()));
  const list = names.get(name);
  if (list) list.push(kill);
  else names.set(name, [kill]);
}

/** Longest run of unconditional assignments to one name that reads of it are ordered against. */
const MAX_KILLS = 256;

/** The last unconditional assignment to `name` in `scope` before `at`, or null. */
function lastKill(ctx: PyCtx, scope: number, name: string, at: number): Seen | null {
  const kills = ctx.kills.get(scope)?.get(name);
  const refs = ctx.facts.bindings.get(scope)?.get(name);
  if (!kills || !refs || kills.length > MAX_KILLS || ctx.globals.get(scope)?.has(name)) return null;
  if (killed(kills) + outside(ctx, scope, name, at) !== refs.length) return null;
  return lastBefore(kills, at);
}

/**
 * How many bindings of `name` in `scope` are comprehension variables whose comprehension does not
 * hold line `at` (a read there cannot see them); -1 when one holds it.
 */
function outside(ctx: PyCtx, scope: number, name: string, at: number): number {
  const list = ctx.comprehended?.get(scope)?.get(name);
  if (!list) return 0;
  for (const c of list) if (at >= c.from && at <= c.to) return -1;
  return list.length;
}

/**
 * The latest kill before line `at` (of several on its line, the last bound), or null. Once
 * def/import statements count (`stmt`), only when the latest is one of them: `def f` then
 * `f = wrap(f)` keeps both values for a later `f()`, as PyCG's truth has it (`decorators/assigned_manually`),
 * while `f = g` (a value not naming f) is all a later `f()` sees (`flow/import_then_local_rebind`).
 */
function lastBefore(kills: readonly Kill[], at: number, after = -1): Seen | null {
  let last: Kill | null = null;
  let anyStmt = false;
  let blocked: Set<number> | null = null;
  for (const k of kills) {
    if (k.stmt) anyStmt = true;
    // Inside a compound statement's lines, its bindings are not ordered against the read, unless
    // each is an assignment of a block (which the read is ordered against by its block).
    if (k.first !== undefined && at >= k.first && at <= k.line) {
      blocked ??= new Set(kills.filter((b) => b.block !== undefined).map((b) => b.index));
      for (let i = k.from ?? k.index; i <= k.index; i++) if (!blocked.has(i)) return null;
      continue;
    }
    if (k.line >= at) continue;
    // A block's assignment replaces the name only for reads in that block.
    if (k.block !== undefined && at > k.block) continue;
    if (!last || k.line > last.line || (k.line === last.line && k.index > last.index)) last = k;
  }
  // (`f = g`, whose value does not name f, replaces the def or import whatever it was: `fresh`.)
  if (!last || last.line <= after || (anyStmt && last.stmt !== true && last.fresh !== true)) return null;
  // The last replacement, and any block's assignment after it that the read may follow: bindings
  // from..upto, when those are just these (defs and a called function's assignments are numbered
  // out of line order).
  const from = last.from ?? last.index;
  let upto = last.index;
  for (const k of kills) if (k.block !== undefined && k.line > last.line && k.line < at) upto = Math.max(upto, k.index);
  if (upto === last.index) return { from, to: upto };
  for (const k of kills) {
    if (k === last || (k.from ?? k.index) > upto || k.index < from) continue;
    if (k.block === undefined || k.line <= last.line || k.line >= at) return null;
  }
  return { from, to: upto };
}

/**
 * `def install(): global handler; handler = new` called once, as a statement of the scope that
 * binds handler (the module; the enclosing function for `nonlocal`) and named nowhere else: the
 * function's unconditional assignments replace handler on the line of that call, like `handler =
 * new` written there. `refs`: the function's bindings of the name, about to move to `target`.
 */
function callKills(ctx: PyCtx, scope: number, target: number, name: string, refs: readonly Ref[]): void {
  const { facts } = ctx;
  const d = facts.defs[scope];
  const kills = ctx.kills.get(scope)?.get(name);
  // (A method of a class of target's: `Config().enable()` with `def enable(self): global mode`.)
  const method = d?.kind === "method" && facts.defs[d.parent]?.kind === "class" && facts.defs[d.parent]!.parent === target;
  if (!d || (d.kind !== "function" && !method) || (!within(facts, d.parent, target) && !method) || !kills || killed(kills) !== refs.length) return;
  // (A block's assignment in the function is not made at every call.)
  if (kills.some((k) => k.block !== undefined)) return;
  const at = onceAt(ctx, scope, target, 0);
  if (at === null) return;
  // Run through another function of target (`main()` calling `configure()`): a read on that line
  // (in main, after or before the call) is not ordered against the assignment: it sees both.
  const nested = (method ? callsByMethod(ctx).get(d.name) : nameCalls(ctx).get(d.name))?.[0]?.scope !== target;
  const base = facts.bindings.get(target)?.get(name)?.length ?? 0;
  for (const k of kills) addKill(ctx.kills, target, name, { index: base + k.index, line: at, from: k.from === undefined ? undefined : base + k.from, first: k.first === undefined && !nested ? undefined : at });
}

/**
 * Whether scope `s` is `target` or a function nested in it (`def middle(): def inner(): nonlocal
 * fn` under outer: inner runs where middle, run once in outer, runs it once).
 */
function within(facts: FactsDraft, s: number, target: number): boolean {
  for (let n = 0; n < 4; n++) {
    if (s === target) return true;
    if (s < 0 || facts.defs[s]!.kind !== "function") return false;
    s = facts.defs[s]!.parent;
  }
  return false;
}

/**
 * The line of `target` where function `fn` (defined there) runs, when it runs once there: called
 * once, as a statement of target, and named nowhere else; or so from a function of target itself
 * run once so (`setup()` calling `configure()`: `flow/global_rebound_by_nested_helper_call`).
 */
function onceAt(ctx: PyCtx, fn: number, target: number, depth: number): number | null {
  const { facts } = ctx;
  const d = facts.defs[fn];
  // A method of a class of target's, called once (`Config().enable()`, as a statement of target),
  // its name in no other call, attribute or value of the file, and defined by no other class there.
  if (d?.kind === "method" && depth === 0 && facts.defs[d.parent]?.kind === "class" && facts.defs[d.parent]!.parent === target) {
    if (facts.defs.some((o) => o !== d && o.name === d.name)) return null;
    const calls = callsByMethod(ctx).get(d.name);
    const site = calls?.length === 1 ? calls[0]! : null;
    return site && site.scope === target && ctx.alwaysCalls?.has(site) ? site.line : null;
  }
  if (!d || d.kind !== "function" || !within(facts, d.parent, target) || depth > 3) return null;
  const own = facts.bindings.get(d.parent)?.get(d.name);
  if (own?.length !== 1 || own[0]!.root.t !== "def" || own[0]!.root.start !== d.start) return null;
  const calls = nameCalls(ctx).get(d.name);
  const site = calls?.length === 1 ? calls[0]! : null;
  if (!site || !ctx.alwaysCalls?.has(site)) return null;
  return site.scope === target ? site.line : onceAt(ctx, site.scope, target, depth + 1);
}

/**
 * callsByMethod: per attribute name, the calls of a method by it (`obj.enable()`, `Config().enable()`), or null
 * when the file's facts name it any other way (read as an attribute elsewhere, in an argument, a
 * value bound or returned). Made once per file, when first asked.
 */
function callsByMethod(ctx: PyCtx): Map<string, CallFact[] | null> {
  if (ctx.methodCallsByName) return ctx.methodCallsByName;
  const uses = new Map<string, CallFact[] | null>();
  const other = (x: unknown, depth: number): void => {
    if (typeof x !== "object" || x === null || depth > 32) return;
    if (Array.isArray(x) && x.every((p) => typeof p === "string")) {
      for (const p of x as string[]) uses.set(p, null);
      return;
    }
    for (const v of Object.values(x)) other(v, depth + 1);
  };
  const { facts } = ctx;
  for (const call of facts.calls) {
    for (const a of call.args ?? []) other(a.ref, 0);
    const path = call.ref.path;
    const last = path.at(-1);
    for (let i = 0; i < path.length - 1; i++) uses.set(path[i]!, null);
    other(call.ref.root, 0);
    if (last === undefined) continue;
    const list = uses.get(last);
    if (list) list.push(call);
    else if (list === undefined) uses.set(last, [call]);
  }
  for (const byName of facts.bindings.values()) for (const list of byName.values()) other(list, 0);
  for (const list of facts.returns.values()) other(list, 0);
  return (ctx.methodCallsByName = uses);
}

/**
 * Per name, the calls of exactly that name (`install()`), or null when the file's facts name it
 * any other way (an argument, a value bound or returned, `install.x`, inside any of those).
 * Made once per file, when first asked.
 */
function nameCalls(ctx: PyCtx): Map<string, CallFact[] | null> {
  if (ctx.nameCalls) return ctx.nameCalls;
  const uses = new Map<string, CallFact[] | null>();
  const other = (x: unknown, depth: number): void => {
    if (typeof x !== "object" || x === null || depth > 32) return;
    const o = x as { t?: unknown; name?: unknown };
    // (A name read as of a line, `prior`, names it too.)
    if ((o.t === "name" || o.t === "prior") && typeof o.name === "string") uses.set(o.name, null);
    for (const v of Object.values(x)) other(v, depth + 1);
  };
  const { facts } = ctx;
  for (const call of facts.calls) {
    for (const a of call.args ?? []) other(a.ref, 0);
    const r = call.ref;
    if ((r.root.t !== "name" && r.root.t !== "prior") || r.path.length > 0) {
      other(r, 0);
      continue;
    }
    const list = uses.get(r.root.name);
    if (list) list.push(call);
    else if (list === undefined) uses.set(r.root.name, [call]);
  }
  for (const byName of facts.bindings.values()) for (const list of byName.values()) other(list, 0);
  for (const list of facts.returns.values()) other(list, 0);
  return (ctx.nameCalls = uses);
}

/**
 * The right-hand side of an unconditional assignment is read when it runs: `a, b = b, a` and
 * `q = p; p = g; q()` see the names as they were on that line, when those names are themselves
 * bound only by such assignments of the same scope.
 */
function valueKills(ctx: PyCtx): void {
  const { facts } = ctx;
  for (const [scope, names] of ctx.kills) {
    for (const [name, kills] of names) {
      if (kills.length > MAX_KILLS) continue;
      const refs = facts.bindings.get(scope)?.get(name);
      if (!refs || killed(kills) !== refs.length) continue;
      for (const k of kills) {
        if (k.from !== undefined || k.loop) continue;
        const ref = refs[k.index];
        if (ref) refs[k.index] = asOf(ctx, scope, ref, k.line, 0);
      }
    }
  }
}

function asOf(ctx: PyCtx, scope: number, ref: Ref, at: number, depth: number): Ref {
  const root = ref.root;
  if (depth > 8) return ref;
  if (root.t === "name") {
    const last = lastKill(ctx, scope, root.name, at);
    return last ? { root: priorOf(scope, root.name, last), path: ref.path } : ref;
  }
  if (root.t === "items") {
    return { root: { ...root, items: root.items.map((it) => ({ key: it.key, ref: asOf(ctx, scope, it.ref, at, depth + 1) })) }, path: ref.path };
  }
  if (root.t === "union") return { root: { ...root, refs: root.refs.map((r) => asOf(ctx, scope, r, at, depth + 1)) }, path: ref.path };
  // `state = state.next()`: the method of the value state had on that line.
  if (root.t === "call" && root.callee.root.t === "name" && root.callee.path.length > 0) {
    const callee = asOf(ctx, scope, root.callee, at, depth + 1);
    return callee === root.callee ? ref : { root: { ...root, callee }, path: ref.path };
  }
  return ref;
}

/**
 * Strong updates of dict keys: `d = {"a": f1}; d["a"] = f2; d["a"]()` calls f2 only. A call in
 * straight-line code reading a constant key of a name bound in its own scope sees the last
 * unconditional `d[k] = v` / `d.update({k: v})` of that scope before it, provided nothing between
 * them may have changed that key or d itself (a conditional item write, a rebinding of d) and no
 * other scope writes items of d (a function called in between could).
 */
function itemKills(ctx: PyCtx): Map<CallFact, number> {
  const readAt = new Map<CallFact, number>();
  // No item written: no call reads one (the pass below would only skip every call).
  if (ctx.items.length === 0) return readAt;
  const { facts } = ctx;
  // An unconditional item write of a function of d's scope run once there (`customize()` setting
  // `HANDLERS["save"] = f`: `onceAt`) counts as made on that line (`flow/registry_item_replaced_by_function`).
  const all = ctx.items.map((item) => {
    let s = item.scope;
    while (s >= 0 && !facts.bindings.get(s)?.has(item.name)) s = facts.defs[s]!.parent;
    if (s === item.scope || !item.always || facts.defs[item.scope]?.parent !== s) return item;
    const at = onceAt(ctx, item.scope, s, 0);
    return at === null ? item : { ...item, scope: s, line: at, ref: { root: { t: "scoped" as const, scope: item.scope, ref: item.ref }, path: [] } };
  });
  const byName = new Map<string, PyCtx["items"]>();
  for (const item of all) {
    const k = `${item.scope}\u0000${item.name}`;
    const list = byName.get(k);
    if (list) list.push(item);
    else byName.set(k, [item]);
  }
  const foreign = new Set<string>();
  for (const item of all) {
    let s = item.scope;
    while (s >= 0 && !facts.bindings.get(s)?.has(item.name)) s = facts.defs[s]!.parent;
    if (s !== item.scope) foreign.add(item.name);
  }
  for (const call of facts.calls) {
    const key = call.ref.path[0];
    if (!call.top || call.ref.root.t !== "name" || !key || key === "[*]" || !key.startsWith("[")) continue;
    const name = call.ref.root.name;
    const items = byName.get(`${call.scope}\u0000${name}`);
    if (!items || foreign.has(name) || ctx.globals.get(call.scope)?.has(name)) continue;
    let last: PyCtx["items"][number] | null = null;
    for (const it of items) if (it.always && it.key === key && it.line < call.line && (!last || it.line >= last.line)) last = it;
    if (!last) {
      // No item written before the read: d as bound then, without the writes below
      // (`api["get"]()` then `api["get"] = v2`: `flow/dict_item_overwritten_after_call`).
      if (items.some((it) => it.line <= call.line)) continue;
      const kills = ctx.kills.get(call.scope)?.get(name) ?? [];
      const own = (facts.bindings.get(call.scope)?.get(name)?.length ?? 0) - items.length;
      const seen = killed(kills) === own ? lastBefore(kills, call.line) : null;
      if (seen && ctx.items.every((it) => it.name === name || it.line > call.line || !mayAlias(facts, it.scope, it.name, call.scope, name))) {
        call.ref = { root: priorOf(call.scope, name, seen), path: call.ref.path };
        readAt.set(call, call.line);
      }
      continue;
    }
    const from = last.line;
    if (items.some((it) => it !== last && (it.key === key || it.key === "[*]") && it.line >= from && it.line < call.line)) continue;
    // Written through another name that may be the same dict (`t = d; t["k"] = g`): every value.
    if (ctx.items.some((it) => it.name !== name && (it.key === key || it.key === "[*]") && it.line < call.line && mayAlias(facts, it.scope, it.name, call.scope, name))) continue;
    // d itself: bound only by unconditional statements (whose lines we know), none in between.
    const kills = ctx.kills.get(call.scope)?.get(name) ?? [];
    const own = (facts.bindings.get(call.scope)?.get(name)?.length ?? 0) - items.length;
    if (killed(kills) !== own || kills.some((k) => k.line > from && k.line < call.line)) continue;
    call.ref = { root: last.ref.root, path: [...last.ref.path, ...call.ref.path.slice(1)] };
    // The value was read when the item was written: names in it as they were then.
    readAt.set(call, from);
  }
  return readAt;
}

/**
 * Strong updates of attributes: `hooks.notify = quiet; hooks.notify()` (a module's function, a
 * class's method, an instance's attribute replaced from outside) calls quiet only. A call in
 * straight-line code of `name.attr(...)` sees the last unconditional `name.attr = v` of its scope
 * before it, provided no other write of that attribute of name lies between them, no other scope
 * of the file writes it (a function called in between could), and name is not rebound between.
 * The value is read as of the write's line (`readAt`).
 */
function attrKills(ctx: PyCtx, readAt: Map<CallFact, number>): void {
  const writes = [...(ctx.attrWrites ?? []), ...methodWrites(ctx)];
  if (writes.length === 0) return;
  const { facts } = ctx;
  // (Not through a property of the file's classes: `h.plugin = p` runs its setter, and `h.plugin`
  // its getter, which the read must still see: `properties/setter_then_getter_returns_stored`.)
  let accessors: Set<string> | null = null;
  for (const d of facts.defs) if (d.kind === "method" && (d.getter || d.setter)) (accessors ??= new Set()).add(d.name);
  const moved = new Map<(typeof writes)[number], (typeof writes)[number] | null>();
  for (const call of facts.calls) {
    const attr = call.ref.path[0];
    if (!call.top || call.ref.root.t !== "name" || !attr || attr.startsWith("[") || readAt.has(call) || accessors?.has(attr)) continue;
    const name = call.ref.root.name;
    let last: (typeof writes)[number] | null = null;
    let foreign = false;
    const mine: (typeof writes)[number][] = [];
    for (const w0 of writes) {
      if (w0.attr !== attr) continue;
      // Another name's write of that attribute may be through an alias of name (`b = a; b.fn = g`,
      // a parameter given name): written in between, or in another scope, it keeps every value.
      if (w0.name !== name) {
        if (w0.line < call.line && mayAlias(facts, w0.scope, w0.name, call.scope, name)) foreign = true;
        continue;
      }
      let w: (typeof writes)[number] | null = w0;
      if (w0.scope !== call.scope) {
        if (!moved.has(w0)) moved.set(w0, calledWrite(ctx, w0, call.scope));
        w = moved.get(w0)!;
        if (!w) {
          foreign = true;
          continue;
        }
      }
      mine.push(w);
      if (w.always && w.line < call.line && (!last || w.line >= last.line)) last = w;
    }
    if (!last || foreign) continue;
    const from = last.line;
    if (mine.some((w) => w !== last && w.line >= from && w.line < call.line)) continue;
    // (A method's write: read by the very next call of the scope only.)
    const next = (last as { next?: number }).next;
    if (next !== undefined && next !== call.line) continue;
    // name itself: bound at most once in the scope, and by no unconditional statement in between.
    const kills = ctx.kills.get(call.scope)?.get(name) ?? [];
    if ((facts.bindings.get(call.scope)?.get(name)?.length ?? 0) > Math.max(1, kills.length)) continue;
    if (kills.some((k) => k.line > from && k.line < call.line) || ctx.globals.get(call.scope)?.has(name)) continue;
    call.ref = { root: last.ref.root, path: [...last.ref.path, ...call.ref.path.slice(1)] };
    readAt.set(call, from);
  }
}

/**
 * `self.handler = f` then `self.handler()` in straight-line code of one method, nothing called in
 * between (which could set the attribute again) and no other write of it there between: f only
 * (`flow/self_attr_set_then_called_in_method`). Not when the class defines a member of that name
 * (a property's setter may store something else).
 */
function selfKills(ctx: PyCtx): void {
  const writes = ctx.selfWrites;
  if (!writes) return;
  const { facts } = ctx;
  for (const call of facts.calls) {
    const attr = call.ref.path[0];
    if (!call.top || call.ref.root.t !== "this" || call.ref.path.length < 1 || !attr || attr.startsWith("[")) continue;
    let last: (typeof writes)[number] | null = null;
    for (const w of writes) {
      if (w.scope === call.scope && w.attr === attr && w.line < call.line && (!last || w.line >= last.line)) last = w;
    }
    if (!last?.always) continue;
    const from = last.line;
    if (writes.some((w) => w !== last && w.scope === call.scope && w.attr === attr && w.line >= from && w.line < call.line)) continue;
    if (facts.calls.some((c) => c !== call && c.scope === call.scope && c.line > from && c.line <= call.line)) continue;
    const cls = enclosingClass(facts.defs, call.scope, true);
    if (cls < 0 || facts.bindings.get(cls)?.has(attr) || (facts.bindings.get(call.scope)?.get("self")?.length ?? 0) > 1) continue;
    call.ref = { root: last.ref.root, path: [...last.ref.path, ...call.ref.path.slice(1)] };
  }
}

/**
 * Name `other` of scope `at` may hold the object `name` of scope `scope` holds: one is bound to
 * the other (`b = a`), or other is a parameter or bound to another name in a function.
 */
function mayAlias(facts: FactsDraft, at: number, other: string, scope: number, name: string): boolean {
  const names = (r: Ref): string | null => r.root.t === "name" || r.root.t === "prior" ? r.root.name : null;
  const others = facts.bindings.get(at)?.get(other) ?? [];
  if (at !== scope) return others.length === 0 || others.some((r) => r.root.t === "param" || names(r) !== null);
  return others.some((r) => names(r) === name) || (facts.bindings.get(scope)?.get(name) ?? []).some((r) => names(r) === other);
}

/**
 * `s.reset()` as a statement, s bound once in its scope to `C(...)` of a class C at the file's top
 * whose own method reset sets `self.callback = f` unconditionally: that write, made on the line of
 * the call, of s (`flow/reset_method_then_attr_call`), when nothing else is called between it and
 * the next call of that scope (which could set the attribute again).
 */
function methodWrites(ctx: PyCtx): NonNullable<PyCtx["attrWrites"]> {
  const out: NonNullable<PyCtx["attrWrites"]> = [];
  const self = ctx.selfWrites;
  if (!self || !ctx.alwaysCalls) return out;
  const { facts } = ctx;
  for (const m of ctx.alwaysCalls) {
    const root = m.ref.root;
    if (root.t !== "name" || m.ref.path.length !== 1) continue;
    const bound = facts.bindings.get(m.scope)?.get(root.name);
    const made = bound?.length === 1 && bound[0]!.path.length === 0 && bound[0]!.root.t === "call" ? bound[0]!.root.callee : null;
    if (!made || made.root.t !== "name" || made.path.length > 0) continue;
    const cls = facts.bindings.get(-1)?.get(made.root.name);
    const start = cls?.length === 1 && cls[0]!.root.t === "def" ? cls[0]!.root.start : -1;
    const c = facts.defs.findIndex((d) => d.start === start && d.kind === "class");
    const method = c < 0 ? -1 : facts.defs.findIndex((d) => d.parent === c && d.name === m.ref.path[0] && (d.kind === "method" || d.kind === "function"));
    if (method < 0 || (facts.defs[method]!.decorators?.length ?? 0) > 0) continue;
    // The next call of the scope after m: the attribute is read there or no write of m's counts.
    let next = Infinity;
    for (const k of facts.calls) if (k.scope === m.scope && k.line > m.line && k.line < next) next = k.line;
    const last = new Map<string, (typeof self)[number]>();
    for (const w of self) if (w.scope === method && w.always && (last.get(w.attr)?.line ?? -1) <= w.line) last.set(w.attr, w);
    for (const [attr, w] of last) {
      if (self.some((o) => o.scope === method && o.attr === attr && !o.always)) continue;
      out.push({ scope: m.scope, name: root.name, attr, ref: { root: { t: "scoped", scope: method, ref: w.ref }, path: [] }, line: m.line, always: true, next } as (typeof out)[number]);
    }
  }
  return out;
}

/**
 * `def change(): c.fn = f` (c the name of scope `target`, an unconditional statement of change)
 * with change called once, as a statement of target, and named nowhere else: the write as if
 * made on the line of that call, its value read in change (`flow/global_object_attr_rebound_by_function`).
 */
function calledWrite(ctx: PyCtx, w: NonNullable<PyCtx["attrWrites"]>[number], target: number): NonNullable<PyCtx["attrWrites"]>[number] | null {
  const { facts } = ctx;
  const d = facts.defs[w.scope];
  if (!w.always || !d || d.kind !== "function" || facts.bindings.get(w.scope)?.has(w.name) || ctx.globals.get(w.scope)?.has(w.name)) return null;
  let s = d.parent;
  while (s >= 0 && (facts.defs[s]!.kind === "class" || !facts.bindings.get(s)?.has(w.name))) s = facts.defs[s]!.parent;
  if (s !== target || d.parent !== target) return null;
  const name = boundName(facts, w.scope);
  const calls = name === null ? null : nameCalls(ctx).get(name);
  const site = calls?.length === 1 ? calls[0]! : null;
  if (!site || site.scope !== target || !ctx.alwaysCalls?.has(site)) return null;
  return { scope: target, name: w.name, attr: w.attr, ref: { root: { t: "scoped", scope: w.scope, ref: w.ref }, path: [] }, line: site.line, always: true };
}

/**
 * Python: `node` runs in straight-line order in `scope` — not inside a loop (whose body may run
 * again after later assignments) nor in another scope. `always`: and unconditionally (a
 * statement directly in the module or function body).
 */
export function pyStraight(node: Node, facts: FactsDraft, scope: number, always: boolean): boolean {
  const up = pyAncestors(node);
  return straightIn(up, up.length - 1, facts, scope, always);
}

/** An ancestor of a node: its type and start. */
export interface Ancestor {
  type: string;
  start: number;
}

/** One node of the last descent: what an ancestor list needs, its end read only when asked. */
interface PathEntry extends NodeWords {
  end?: number;
}

/** The last descent (its tree and path from the root): consecutive questions share most of it. */
let lastTree: Node["tree"] | null = null;
let lastPath: PathEntry[] = [];
/** How many times the descent failed and the ancestors were walked up instead (tests expect none). */
let walkedUp = 0;
export const ancestorWalksUp = (): number => walkedUp;

/**
 * The ancestors of `node`, the root first and the nearest last, found by one descent from the
 * root (`childWithDescendant`): `node.parent` is itself a descent from the root, so walking up
 * with it is quadratic in depth. The descent starts below the deepest node of the previous
 * descent that is an ancestor of `node` by its range (see the loop). The list is that descent's
 * own path (no list or object made per ancestor), which the next call starts from: not to be changed.
 */
export function pyAncestors(node: Node): readonly Ancestor[] {
  const target = node.id;
  if (node.tree !== lastTree) {
    lastTree = node.tree;
    lastPath = [];
  }
  const start = node.startIndex;
  let kept = lastPath.length > 0 ? 1 : 0; // the root holds every node
  if (kept > 0 && lastPath[0]!.id !== target) {
    const end = node.endIndex;
    // A non-empty node's range shares its inside only with its ancestors and descendants: a node
    // that holds it and is larger is an ancestor. An empty one may sit on a boundary between
    // siblings: only a node holding it strictly inside both ends is known to be an ancestor.
    const empty = end === start;
    while (kept < lastPath.length) {
      const e = lastPath[kept]!;
      if (e.id === target || e.start > start || (empty && e.start === start)) break;
      e.end ??= endOfWords(e);
      if (e.end < end || (e.end === end && (empty || e.start === start))) break;
      kept++;
    }
  }
  const down: PathEntry[] = lastPath.slice(0, kept);
  if (kept > 0 && down[kept - 1]!.id === target) return []; // only the root can be kept and be the node
  if (kept === 0) {
    const root = node.tree.rootNode;
    if (root.id === target) {
      lastPath = [];
      return [];
    }
    down.push(nodeWords(root));
  }
  if (descend(down.at(-1)!, node, down, 100_000 - down.length)) {
    lastPath = down;
    return down;
  }
  lastPath = [];
  walkedUp++;
  // Not reached from the root (never expected): walk up instead.
  const up: Ancestor[] = [];
  for (let p = node.parent; p && up.length < 257; p = p.parent) up.push({ type: p.type, start: p.startIndex });
  return up.reverse();
}

/** pyStraight over a node's ancestors (pyAncestors' order), from the one at `nearest` up. */
export function straightIn(ancestors: readonly Ancestor[], nearest: number, facts: FactsDraft, scope: number, always: boolean, throughClasses = false, throughLoops = false): boolean {
  for (let i = nearest; i > nearest - 256 && i >= 0; i--) {
    const p = ancestors[i]!;
    // (A class body runs where the class statement stands.)
    if (throughClasses && p.type === "class_definition") continue;
    if (p.type === "module") return scope === -1;
    const above = ancestors[i - 1];
    if (p.type === "block" && above?.type === "function_definition") {
      return scope >= 0 && facts.defs[scope]!.start === above.start;
    }
    // A `with` body and a `finally` block run whenever the statement holding them does.
    if (always && p.type === "block" && above?.type !== "with_statement" && above?.type !== "finally_clause") return false;
    if (throughLoops && (p.type === "for_statement" || p.type === "while_statement")) continue;
    if (PY_LOOPS.has(p.type)) return false;
  }
  return false;
}

const PY_LOOPS = new Set(["for_statement", "while_statement", "class_definition", "lambda", "function_definition"]);


/** An item stored into a parameter's dict (`table["x"] = fx` in `def register(table)`). */
type ParamStore = { def: number; index: number; name: string; held: Ref };

/**
 * `register(TABLE)` of a function of this file that stores items into that parameter: TABLE (a
 * bare name bound in the caller's scope or above) holds those items too, as if stored where
 * TABLE is bound (flow-insensitive; `dicts/p22_function_fills_dict_param`). Calls by the
 * function's own name only, in the scope that defines it or below, its name bound once there.
 */
function paramItemStores(facts: FactsDraft, stores: readonly ParamStore[]): void {
  const byName = new Map<string, ParamStore[]>();
  for (const st of stores) {
    const d = facts.defs[st.def]!;
    const bound = facts.bindings.get(d.parent)?.get(d.name);
    if (bound?.length !== 1 || bound[0]!.root.t !== "def" || bound[0]!.root.start !== d.start) continue;
    const list = byName.get(d.name);
    if (list) list.push(st);
    else byName.set(d.name, [st]);
  }
  if (byName.size === 0) return;
  let added = 0;
  for (const call of facts.calls) {
    if (call.ref.root.t !== "name" || call.ref.path.length > 0 || !call.args || call.kind !== "call") continue;
    const list = byName.get(call.ref.root.name);
    if (!list) continue;
    const owner = facts.defs[list[0]!.def]!.parent;
    // The callee name is the def's: no scope between the call's and the def's binds it.
    let s = call.scope;
    while (s !== owner && s >= 0 && !facts.bindings.get(s)?.has(call.ref.root.name)) s = facts.defs[s]!.parent;
    if (s !== owner) continue;
    for (const st of list) {
      let position = 0;
      let arg: Arg | undefined;
      for (const a of call.args) {
        if (a.name === null ? position++ === st.index : a.name === st.name) {
          arg = a;
          break;
        }
      }
      const root = arg?.ref?.root;
      if (!arg || root?.t !== "name" || arg.ref!.path.length > 0 || root.name === st.name) continue;
      let at = call.scope;
      while (at >= 0 && !facts.bindings.get(at)?.has(root.name)) {
        at = facts.defs[at]!.parent;
        while (at >= 0 && facts.defs[at]!.kind === "class") at = facts.defs[at]!.parent;
      }
      if (!facts.bindings.get(at)?.has(root.name)) continue;
      addTo(facts.bindings, at, root.name, { root: { t: "scoped", scope: st.def, ref: st.held }, path: [] });
      if (++added >= 64) return;
    }
  }
}
