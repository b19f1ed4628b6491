// Python rebinding: which later statements replace a name's, an attribute's or an item's value
// (kills), per branch of if/elif/else, match and loops, and through calls that write it.
import type { CallFact, FactsDraft } from "./fact-types.ts";
import type { Node } from "web-tree-sitter";
import type { Ref, Root } from "./ref-types.ts";
import { branchRanges } from "./branch-groups.ts";
import { enclosingClass } from "./scopes.ts";
import { endRowOf, lineOf as line } from "./wasm-node.ts";
import { type Ancestor, straightIn } from "./facts-py-flow.ts";
import { boundName, type Branches, type Kill, type Kills, type PyCtx } from "./facts-py-ctx.ts";

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
export function branchKills(ctx: PyCtx): void {
  const { binds, stmts } = ctx.branches;
  if (binds.length === 0) return;
  for (const { first, from, to } of branchRanges(binds, (b) => stmts.get(b.stmt)?.need, (stmt) => stmts.get(stmt)?.need)) {
    const info = stmts.get(first.stmt)!;
    addKill(ctx.kills, first.scope, first.name, { index: to, from, line: info.line, first: info.first });
  }
}

/** How many bindings the kills account for (a compound statement's, all of its own). */
export function killed(kills: readonly Kill[]): number {
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
export function priorOf(scope: number, name: string, seen: Seen): Extract<Root, { t: "prior" }> {
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
export function lastKill(ctx: PyCtx, scope: number, name: string, at: number): Seen | null {
  const kills = ctx.kills.get(scope)?.get(name);
  const refs = ctx.facts.bindings.get(scope)?.get(name);
  if (!kills || !refs || kills.length > MAX_KILLS || ctx.globals.get(scope)?.has(name)) return null;
  if (killed(kills) + outside(ctx, scope, name, at) !== refs.length) return paramRead(ctx, scope, name, at);
  return lastBefore(kills, at);
}

/**
 * A parameter rebound in straight-line code, read outside loops: the read sees the argument and the
 * rebindings above it only (`x = k.strip()` above `k = load(k)`), and from the last one above that
 * surely replaces it, a value not naming it (`k = Loader().load(text)`); a rebinding naming it
 * (`k = cast(k)`) may give it back, so the argument stays seen through it (paramKills orders only
 * parameters whose every rebinding replaces). Null unless every other binding is such an
 * assignment and the answer differs from every binding.
 */
export function paramRead(ctx: PyCtx, scope: number, name: string, at: number): Seen | null {
  const kills = ctx.kills.get(scope)?.get(name);
  const refs = ctx.facts.bindings.get(scope)?.get(name);
  const def = ctx.facts.defs[scope];
  if (!def || !kills || !refs || kills.length > MAX_KILLS || refs[0]!.root.t !== "param" || ctx.globals.get(scope)?.has(name)) return null;
  if (kills.some((k) => k.index === 0) || killed(kills) + 1 + outside(ctx, scope, name, at) !== refs.length) return null;
  let below = false;
  for (const k of kills) {
    if (k.first !== undefined && at >= k.first && at <= k.line) return null;
    // (`key = key.encode()` reads key on its own line, before binding it.)
    if (k.first !== undefined ? at < k.first : at <= k.line) below = true;
  }
  const seen = lastBefore([{ index: 0, line: def.line }, ...kills], at);
  if (!seen) return null;
  // (A block's assignment is the last one seen only by reads in that block: `if job is None: job = Default(); job.run()`.)
  const from = kills.some((k) => k.index === seen.from && k.fresh === true && (k.block === undefined || (!k.loop && at <= k.block)) && k.from === undefined) ? seen.from : 0;
  return from === 0 && !below && seen.to + 1 >= refs.length ? null : { from, to: seen.to };
}

/**
 * How many bindings of `name` in `scope` are comprehension variables whose comprehension does not
 * hold line `at` (a read there cannot see them); -1 when one holds it.
 */
export function outside(ctx: PyCtx, scope: number, name: string, at: number): number {
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
export function lastBefore(kills: readonly Kill[], at: number, after = -1): Seen | null {
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
  for (const k of kills) if (k.block !== undefined && k.line > last.line && k.line < at && !(k.sibling !== undefined && at <= k.sibling)) upto = Math.max(upto, k.index);
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
export function callKills(ctx: PyCtx, scope: number, target: number, name: string, refs: readonly Ref[]): void {
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
export function nameCalls(ctx: PyCtx): Map<string, CallFact[] | null> {
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
export function valueKills(ctx: PyCtx): void {
  const { facts } = ctx;
  for (const [scope, names] of ctx.kills) {
    for (const [name, kills] of names) {
      if (kills.length > MAX_KILLS) continue;
      const refs = facts.bindings.get(scope)?.get(name);
      if (!refs) continue;
      if (killed(kills) !== refs.length) {
        // (A parameter's rebindings, each read as of its line: `key = key.encode()` above `key = load(key)`.)
        for (const k of kills) {
          const ref = refs[k.index];
          if (k.from === undefined && !k.loop && ref && paramRead(ctx, scope, name, k.line)) refs[k.index] = asOf(ctx, scope, ref, k.line, 0);
        }
        continue;
      }
      for (const k of kills) {
        if (k.from !== undefined || k.loop) continue;
        const ref = refs[k.index];
        if (ref) refs[k.index] = asOf(ctx, scope, ref, k.line, 0);
      }
    }
  }
}

export function asOf(ctx: PyCtx, scope: number, ref: Ref, at: number, depth: number): Ref {
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
  // `state = state.next()`: the method of the value state had on that line. (`s = Store()` after a
  // second `class Store`: the last class: `classes/x9_class_redefined_then_instance_method_call`.)
  if (root.t === "call" && root.callee.root.t === "name") {
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
export function itemKills(ctx: PyCtx): Map<CallFact, number> {
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
export function attrKills(ctx: PyCtx, readAt: Map<CallFact, number>): void {
  const writes = [...(ctx.attrWrites ?? []), ...methodWrites(ctx)];
  if (writes.length === 0) return;
  const { facts } = ctx;
  // (Not through a property of the file's classes: `h.plugin = p` runs its setter, and `h.plugin`
  // its getter, which the read must still see: `properties/setter_then_getter_returns_stored`.)
  let accessors: Set<string> | null = null;
  for (const d of facts.defs) if (d.kind === "method" && (d.getter || d.setter)) (accessors ??= new Set()).add(d.name);
  // (Nor through a data descriptor's attribute, `say = Slot()` of a Slot with `__get__` and
  // `__set__`: it wins over the instance's store.)
  for (const d of facts.defs) {
    if (d.name !== "__get__" || !d.getter || d.prop === undefined || !facts.defs.some((o) => o.parent === d.parent && o.kind === "method" && o.name === "__set__")) continue;
    (accessors ??= new Set()).add(d.prop);
    for (const p of d.props ?? []) accessors.add(p);
  }
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
export function selfKills(ctx: PyCtx): void {
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
