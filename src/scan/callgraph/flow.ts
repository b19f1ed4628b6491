// Argument flow: a call binds its arguments to the parameters of the functions it calls, so a
// function passed as an argument is found where the parameter is called (`def run(cb): cb()`).
// Which functions a call reaches can itself depend on parameters, so call sites are collected in
// a few rounds until nothing new turns up (bounded: near-linear in the number of calls).
import type { CallFact } from "./facts.ts";
import type { Ref } from "./refs.ts";
import type { ArgSite, FileInfo, Resolver, Value } from "./resolve.ts";

const ROUNDS = 4;
/** The slot of a call's iteration site (`xs.map(cb)`) in collectArgSites' seen keys. */
const ITEMS = 7;

interface Target {
  node: string;
  offset: number;
}

/** Fill resolver.argSites from every call with arguments. */
export function collectArgSites(infos: Map<string, FileInfo>, resolver: Resolver): void {
  // Sites recorded per function node (firstKey): a call's number among all calls, times 8, plus
  // its slot (ITEMS, or the bound-parameter offset, -1 to 1, plus 2).
  const seen = new Map<string, number | Set<number>>();
  resolver.reset();
  // Round one resolves every call; later rounds only those whose answer involved a parameter.
  let pending: [FileInfo, CallFact, number, number][] = [];
  let numbered = 0;
  for (const fi of infos.values()) {
    const base = numbered;
    fi.facts.calls.forEach((call, ci) => call.args && pending.push([fi, call, base + ci, ci]));
    numbered += fi.facts.calls.length;
  }
  for (let round = 0; round < ROUNDS && pending.length > 0; round++) {
    let added = 0;
    const next: typeof pending = [];
    for (const item of pending) {
      const [fi, call, ci, local] = item;
      {
        const before = resolver.touches;
        const targets = callTargets(resolver, fi, call, resolver.resolve(fi, call.scope, call.ref));
        const iterations = iterationSites(resolver, fi, call);
        if (resolver.touches !== before) next.push(item);
        for (const t of targets) {
          if (!firstKey(seen, t.node, ci * 8 + t.offset + 2)) continue;
          added++;
          const site: ArgSite = { fi, scope: call.scope, args: call.args!, offset: t.offset, call: local, round };
          const list = resolver.argSites.get(t.node);
          if (list) list.push(site);
          else resolver.argSites.set(t.node, [site]);
        }
        for (const { node, site } of iterations) {
          if (!firstKey(seen, node, ci * 8 + ITEMS)) continue;
          added++;
          site.call = local;
          site.items = true;
          site.round = round;
          const list = resolver.argSites.get(node);
          if (list) list.push(site);
          else resolver.argSites.set(node, [site]);
        }
      }
    }
    if (added === 0) break;
    pending = next;
    resolver.reset();
  }
}

/**
 * Call sites of the calls an edit added (incremental.ts), put where the flow pass would have put
 * them (round 0, in call order); false when that cannot be known or would change answers: the
 * call's answer involved a parameter, it passes items to a callback, or some question already
 * read the sites of a function it calls (then the rounds would have to run again).
 */
export function addCallSites(
  resolver: Resolver, infos: Map<string, FileInfo>, edits: { fi: FileInfo; moved: number[]; added: CallFact[] }[],
): boolean {
  const found: { node: string; site: ArgSite }[] = [];
  for (const { fi, added } of edits) {
    if (added.length === 0) continue;
    const at = new Map(fi.facts.calls.map((c, i) => [c, i]));
    for (const call of added) {
      if (!call.args) continue;
      const before = resolver.touches;
      const targets = callTargets(resolver, fi, call, resolver.resolve(fi, call.scope, call.ref));
      if (iterationSites(resolver, fi, call).length > 0) return false;
      if (targets.length === 0) continue;
      if (resolver.touches !== before) return false;
      const seen = new Set<string>();
      for (const t of targets) {
        if (resolver.askedSites.has(t.node)) return false;
        const key = `${t.node}\u0000${t.offset}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push({ node: t.node, site: { fi, scope: call.scope, args: call.args, offset: t.offset, call: at.get(call)!, round: 0 } });
      }
    }
  }
  // Sites of an edited file's calls are numbered in its new call list from now on.
  // (The caller made sure no site is of a removed call.)
  const renumber = new Map<FileInfo, number[]>();
  for (const { fi, moved } of edits) {
    if (moved.some((to, from) => to !== from)) renumber.set(fi, moved);
  }
  if (renumber.size > 0) {
    for (const list of resolver.argSites.values()) {
      for (const site of list) {
        const moved = renumber.get(site.fi);
        if (moved && site.call !== undefined) site.call = moved[site.call]!;
      }
    }
  }
  const order = new Map([...infos.values()].map((f, i) => [f, i]));
  const later = (a: ArgSite, b: ArgSite): boolean => (a.round ?? 0) > 0 || (order.get(a.fi)! - order.get(b.fi)! || a.call! - b.call!) > 0;
  for (const { node, site } of found) {
    const list = resolver.argSites.get(node);
    if (!list) {
      resolver.argSites.set(node, [site]);
      continue;
    }
    let at = list.length;
    while (at > 0 && later(list[at - 1]!, site)) at--;
    list.splice(at, 0, site);
  }
  return true;
}

/** JS array methods that call their first argument with each item (reduce: as its 2nd parameter). */
const ITERATION: Record<string, number> = {
  forEach: 0, map: 0, filter: 0, some: 0, every: 0, find: 0, findIndex: 0, flatMap: 0, reduce: 1, reduceRight: 1,
};

/**
 * `[a, b].forEach(cb)`, `fns.map((f) => f())`: the callback's parameter receives the items of the
 * array literal the receiver names.
 */
function iterationSites(resolver: Resolver, fi: FileInfo, call: CallFact): { node: string; site: ArgSite }[] {
  const method = call.ref.path.at(-1);
  const callback = call.args?.[0]?.ref;
  if (method === undefined || !callback || fi.facts.language === "python") return [];
  if (method !== "then" && ITERATION[method] === undefined) return [];
  const receiver = receiverOf(call.ref);
  let args: ArgSite["args"];
  if (method === "then") {
    // `import("./m").then((m) => m.run())`: the callback receives the module.
    if (!resolver.resolve(fi, call.scope, receiver).some((v) => v.k === "mod")) return [];
    args = [{ name: null, ref: receiver }];
  } else {
    const position = ITERATION[method];
    if (position === undefined) return [];
    if (!resolver.resolve(fi, call.scope, receiver).some((v) => v.k === "coll")) return [];
    const items = { root: receiver.root, path: [...receiver.path, "[*]"] };
    args = position === 0 ? [{ name: null, ref: items }] : [{ name: null, ref: null }, { name: null, ref: items }];
  }
  const out: { node: string; site: ArgSite }[] = [];
  for (const v of resolver.resolve(fi, call.scope, callback)) {
    if (v.k !== "def") continue;
    const kind = v.fi.facts.defs[v.def]!.kind;
    if (kind === "function" || kind === "method") out.push({ node: v.fi.nodeIds[v.def]!, site: { fi, scope: call.scope, args, offset: 0 } });
  }
  return out;
}

const receivers = new WeakMap<Ref, Ref>();

/**
 * `a.b` of a call's `a.b.m`: one object per call, so that the resolver's memo, kept by reference
 * object, finds it again in the next round and the graph pass.
 */
function receiverOf(ref: Ref): Ref {
  let receiver = receivers.get(ref);
  if (!receiver) receivers.set(ref, (receiver = { root: ref.root, path: ref.path.slice(0, -1) }));
  return receiver;
}

/** Function nodes a call runs with its arguments, and how many leading parameters are bound. */
export function callTargets(resolver: Resolver, fi: FileInfo, call: CallFact, values: Value[]): Target[] {
  const out: Target[] = [];
  const python = fi.facts.language === "python";
  let bound: boolean | null = null;
  const isBound = (): boolean => {
    if (bound !== null) return bound;
    const { root, path } = call.ref;
    // A method called through a plain name was mostly taken from an instance (`f = obj.m`,
    // `run(obj.m)` calling its parameter): bound. `Cls.m` kept in a name is the rare exception.
    if (path.length === 0) return (bound = python && root.t === "name");
    if (root.t === "this" && path.length === 1) return (bound = true);
    const prefix = resolver.resolve(fi, call.scope, receiverOf(call.ref));
    return (bound = prefix.some((v) => v.k === "inst" || v.k === "super"));
  };
  const fn = (v: Value, ctor: boolean): void => {
    if (v.k !== "def") return;
    const d = v.fi.facts.defs[v.def]!;
    if (d.kind !== "function" && d.kind !== "method") return;
    const decorators = d.decorators ?? [];
    let offset = 0;
    if (python && d.kind === "method") {
      if (decorators.includes("staticmethod")) offset = 0;
      else if (ctor || decorators.includes("classmethod")) offset = 1;
      else offset = isBound() ? 1 : 0;
    }
    out.push({ node: v.fi.nodeIds[v.def]!, offset: offset + shift });
  };
  // JS `f.call(thisArg, a, b)` passes a, b from the second argument on; `f.apply` passes a list.
  const via = python ? undefined : call.ref.path.at(-1);
  if (via === "apply") return out;
  const shift = via === "call" ? -1 : 0;
  for (const v of values) {
    if (v.k === "def" && v.fi.facts.defs[v.def]!.kind === "class" && !python) {
      for (const m of resolver.member(v, "constructor", 0)) fn(m, true);
    } else if (v.k === "def" && v.fi.facts.defs[v.def]!.kind === "class") {
      for (const name of ["__new__", "__init__"]) for (const m of resolver.member(v, name, 0)) fn(m, true);
    } else if (v.k === "inst" && python) {
      for (const m of resolver.classMember(v.fi, v.def, "__call__", 0)) fn(m, true);
    } else fn(v, false);
  }
  return out;
}

/**
 * Records `key` under `at`: false when it was there already. A place's one key is kept bare until it
 * has a second (most have one, and a Set each was most of the garbage).
 */
export function firstKey<K>(seen: Map<K, number | Set<number>>, at: K, key: number): boolean {
  const had = seen.get(at);
  if (had === undefined) {
    seen.set(at, key);
    return true;
  }
  if (typeof had === "number") {
    if (had === key) return false;
    seen.set(at, new Set([had, key]));
    return true;
  }
  if (had.has(key)) return false;
  had.add(key);
  return true;
}
