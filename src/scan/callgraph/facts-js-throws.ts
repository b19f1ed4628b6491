// JavaScript exceptions: what a try block can throw (directly or through the calls it makes) and so
// what its catch parameter holds.
import type { Node } from "web-tree-sitter";
import { field } from "./fields.ts";
import { type CatchParam, type Ctx } from "./fact-ctx.ts";
import type { FactsDraft } from "./fact-types.ts";
import { NESTED_CODE } from "./facts-js-branches.ts";

/**
 * Whether what `node` throws is caught on the way up to `stop` (exclusive; null: the enclosing
 * function): `node` is in the block of a try statement that has a catch clause.
 */
export function caughtWithin(node: Node, stop: Node | null): boolean {
  let child = node;
  for (let p = node.parent; p !== null; child = p, p = p.parent) {
    if (stop !== null ? p.id === stop.id : NESTED_CODE.has(p.type)) return false;
    if (p.type === "try_statement" && child.type === "statement_block" && field(p, "body")?.id === child.id && !!field(p, "handler")) return true;
  }
  return false;
}

/** The names a try block calls (`f()`, `o.f()`: f), constructs (`new C()`) or passes (`xs.map(f)`). */
export function tryReach(entry: CatchParam, body: Node): void {
  const names = new Set<string>();
  entry.body = { start: body.startIndex, end: body.endIndex };
  for (const node of body.descendantsOfType(["call_expression", "new_expression", "await_expression", "yield_expression"])) {
    if (!node) continue;
    const type = node.type;
    if (type === "await_expression" || type === "yield_expression") {
      const arg = node.namedChild(0);
      if (arg && arg.type !== "call_expression" && arg.type !== "new_expression") return;
      continue;
    }
    const callee = field(node, type === "new_expression" ? "constructor" : "function");
    const named = callee?.type === "member_expression" ? field(callee, "property") : callee;
    if (named?.type === "identifier" || named?.type === "property_identifier") names.add(named.text);
    else return;
    if (named.type === "property_identifier") (entry.members ??= new Set()).add(named.text);
    for (const arg of field(node, "arguments")?.namedChildren ?? []) if (arg?.type === "identifier") names.add(arg.text);
    if (names.size > 64) return;
  }
  entry.names = names;
}

/**
 * Which thrown values each try statement's catch may take: those thrown in its try block, and
 * those thrown in the file's functions its code reaches by name (the names it calls, those
 * functions' calls in turn, `o.m()` any function or method named m), not what the file throws
 * anywhere (`find()` in one try, `check()` in another: each catch takes its own callee's error).
 * A catch not in the map (a `.catch` handler, a block awaiting a promise made before) takes all.
 */
export function catchableThrows(caught: NonNullable<Ctx["caught"]>, facts: FactsDraft): Map<CatchParam, Set<unknown>> | null {
  const catches = caught.catches.filter((c) => c.names !== undefined);
  if (catches.length === 0) return null;
  const { defs, calls } = facts;
  const byName = new Map<string, number[]>();
  for (let d = 0; d < defs.length; d++) {
    const name = defs[d]!.name;
    const last = name.slice(name.lastIndexOf(".") + 1);
    if (last) (byName.get(last) ?? byName.set(last, []).get(last)!).push(d);
  }
  const children = new Map<number, number[]>();
  for (let d = 0; d < defs.length; d++) (children.get(defs[d]!.parent) ?? children.set(defs[d]!.parent, []).get(defs[d]!.parent)!).push(d);
  const callsOf = new Map<number, string[]>();
  // Functions of the file handed to a call (`emitter.on("x", handler)`, `xs.map((x) => ...)`):
  // a method we do not define (`emitter.emit("x")`) may run them.
  const handed: number[] = [];
  const starts = new Map<number, number>();
  for (let d = 0; d < defs.length; d++) starts.set(defs[d]!.start, d);
  for (const c of calls) {
    for (const a of c.args ?? []) {
      const root = a.ref?.root;
      if (root?.t === "name" && a.ref!.path.length === 0) handed.push(...(byName.get(root.name) ?? []));
      else if (root?.t === "def" && a.ref!.path.length === 0 && starts.has(root.start)) handed.push(starts.get(root.start)!);
    }
  }
  for (const c of calls) {
    const names = callsOf.get(c.scope) ?? callsOf.set(c.scope, []).get(c.scope)!;
    const ref = c.ref;
    const name = ref.path.length > 0 ? ref.path.at(-1) : ref.root.t === "name" ? ref.root.name : undefined;
    if (name !== undefined) names.push(name);
    for (const a of c.args ?? []) if (a.ref?.root.t === "name" && a.ref.path.length === 0) names.push(a.ref.root.name);
  }
  const out = new Map<CatchParam, Set<unknown>>();
  for (const c of catches) {
    const reached = new Set<number>();
    const work: number[] = [];
    const reach = (name: string): void => {
      for (const d of byName.get(name) ?? []) if (!reached.has(d)) { reached.add(d); work.push(d); }
    };
    for (const name of c.names!) reach(name);
    if ([...c.members ?? []].some((m) => !byName.has(m))) for (const d of handed) if (!reached.has(d)) { reached.add(d); work.push(d); }
    while (work.length > 0) {
      const d = work.pop()!;
      for (const name of callsOf.get(d) ?? []) reach(name);
      for (const k of children.get(d) ?? []) if (!reached.has(k)) { reached.add(k); work.push(k); }
    }
    const takes = new Set<unknown>();
    for (const t of caught.thrown) {
      let yes = t.at === undefined || (t.at >= c.body!.start && t.at < c.body!.end);
      for (let s = t.scope; !yes && s >= 0; s = defs[s]!.parent) yes = reached.has(s);
      // (Thrown in a reached function's own try block: its catch takes it first.)
      if (yes && t.at !== undefined && !(t.at >= c.body!.start && t.at < c.body!.end) &&
        catches.some((o) => o !== c && o.scope === t.scope && t.at! >= o.body!.start && t.at! < o.body!.end)) yes = false;
      if (yes) takes.add(t);
    }
    out.set(c, takes);
  }
  return out;
}

/** Most thrown values of a file a `catch (e)` parameter is bound to. */
export const MAX_THROWN = 16;
