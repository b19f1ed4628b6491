// Argument flow: a call binds its arguments to the parameters of the functions it calls, so a
// function passed as an argument is found where the parameter is called (`def run(cb): cb()`).
// Which functions a call reaches can itself depend on parameters, so call sites are collected in
// a few rounds until nothing new turns up (bounded: near-linear in the number of calls).
import type { Arg, CallFact } from "./fact-types.ts";
import { bound, boundRefs, unpackScope } from "./bound.ts";
import { anyItem, type Ref } from "./ref-types.ts";
import { BUILTIN, callable, KIND, type ArgSite, type FileInfo, type Value } from "./value-types.ts";
import { identityFree } from "./resolve-helpers.ts";
import type { Resolver } from "./resolve.ts";

const ROUNDS = 4;
/** The slot of a call's iteration site (`xs.map(cb)`), beside bound-parameter offsets (-1 to 1). */
const ITEMS = 5;

interface Target {
  fi: FileInfo;
  def: number;
  offset: number;
}

/**
 * Fill each file's call sites (FileInfo.sites) from every call with arguments. Returns what the
 * first round resolved each such call to (per file, in call order), where that answer is stable
 * and so the one the graph pass would get again; null where it is not.
 */
export function collectArgSites(infos: Map<string, FileInfo>, resolver: Resolver): Map<FileInfo, (Value[] | null)[]> {
  const sites = new SiteLists(infos);
  resolver.reset();
  // Round one resolves every call; later rounds only those whose answer involved a parameter
  // (listed as file and call, side by side: a pair each was 12 MB at 500k lines).
  let files: FileInfo[] = [];
  let calls: number[] = [];
  const defaulted = defaultedNames(infos);
  const pySetters = pySetterNames(infos);
  for (const fi of infos.values()) {
    const list = fi.facts.calls;
    for (let ci = 0; ci < list.length; ci++) {
      if (list[ci]!.args || leavesOut(list[ci]!, defaulted, fi)) {
        files.push(fi);
        calls.push(ci);
      }
    }
  }
  const targets = new Targets(resolver);
  const iterations = new IterationSites(resolver);
  const answers = new Map<FileInfo, (Value[] | null)[]>();
  let answered: (Value[] | null)[] = [];
  for (let round = 0; round < ROUNDS && files.length > 0; round++) {
    let added = 0;
    const nextFiles: FileInfo[] = [];
    const nextCalls: number[] = [];
    for (let i = 0; i < files.length; i++) {
      const fi = files[i]!;
      const local = calls[i]!;
      const call = fi.facts.calls[local]!;
      const before = resolver.touches;
      const instability = resolver.instability;
      const lost = resolver.losses;
      // (`o.x = v` of a name holding a getter and a setter: v is the setter's. Python's `o.x = v`
      // of an x no setter of ours is named: nothing, unresolved.)
      const values = call.setter ? (fi.facts.language === "python" ? pySetterValues(resolver, fi, call, pySetters) : accessors(resolver.resolve(fi, call.scope, call.ref), "setter")) : resolver.resolve(fi, call.scope, call.ref);
      if (round === 0) {
        if (i === 0 || fi !== files[i - 1]) answers.set(fi, (answered = []));
        // One that lost values is asked again by the graph pass, which reports the loss.
        if (call.args) answered.push(resolver.instability === instability && resolver.losses === lost && values.every(identityFree) ? values : null);
      }
      const count = targets.of(fi, call, values);
      const callbacks = iterations.of(fi, call, values);
      if (resolver.touches !== before) {
        nextFiles.push(fi);
        nextCalls.push(local);
      }
      // (Calls in the constructor of a class nothing makes run never: their arguments flow nowhere.)
      if (count > 0 && call.args && resolver.unmadeConstructor(fi, call.scope)) continue;
      for (let t = 0; t < count; t++) {
        if (sites.addCall(targets.fis[t]!, targets.defs[t]!, fi, call, targets.args ?? call.args ?? NO_ARGS, targets.offsets[t]!, local, round)) added++;
      }
      for (let t = 0; t < callbacks; t++) {
        if (sites.addItems(iterations.fis[t]!, iterations.defs[t]!, fi, call, iterations.args, local, round)) added++;
      }
    }
    if (added === 0) break;
    files = nextFiles;
    calls = nextCalls;
    resolver.reset();
  }
  return answers;
}

/**
 * The call sites per function, told apart by call and slot (the bound-parameter offset, or
 * ITEMS). Round one resolves each call once, in order, so a site it adds can only repeat one of
 * the same call's, at the end of the function's list; later rounds ask again calls whose sites are
 * anywhere in it, and index a list's sites by key once they ask about it. A key per site for
 * the whole pass was a Map entry per function (and a Set per function of several sites), live
 * through the flow pass.
 */
class SiteLists {
  /** Each file's first call's number among all calls. */
  private bases = new Map<FileInfo, number>();
  private keys = new Map<ArgSite[], Set<number>>();

  constructor(infos: Map<string, FileInfo>) {
    let numbered = 0;
    for (const fi of infos.values()) {
      this.bases.set(fi, numbered);
      numbered += fi.facts.calls.length;
    }
  }

  /**
   * Adds the site where `call` (the file's `local`th) binds its arguments at `offset` to its
   * function's list, unless the list has it (same call and slot) already: made only when new.
   */
  addCall(target: FileInfo, def: number, fi: FileInfo, call: CallFact, args: Arg[], offset: number, local: number, round: number): boolean {
    const list = sitesOf(target)[def];
    if (list && this.has(list, fi, local, offset, round)) return false;
    push(target, def, { fi, scope: call.scope, args, offset, call: local, round });
    return true;
  }

  /** addCall() of the site where `call` passes `args` to an iteration callback (the ITEMS slot). */
  addItems(target: FileInfo, def: number, fi: FileInfo, call: CallFact, args: Arg[], local: number, round: number): boolean {
    const list = sitesOf(target)[def];
    if (list && this.has(list, fi, local, ITEMS, round)) return false;
    push(target, def, { fi, scope: call.scope, args, offset: 0, call: local, items: true, round });
    return true;
  }

  /** Whether the list has the site of this call and slot (recorded as had, after round one). */
  private has(list: ArgSite[], fi: FileInfo, call: number, slot: number, round: number): boolean {
    if (round > 0) {
      const keys = this.keysOf(list);
      const key = this.key(fi, call, slot);
      if (keys.has(key)) return true;
      keys.add(key);
      return false;
    }
    for (let i = list.length - 1; i >= 0; i--) {
      const other = list[i]!;
      if (other.call !== call || other.fi !== fi) break;
      if (slotOf(other) === slot) return true;
    }
    return false;
  }

  private keysOf(list: ArgSite[]): Set<number> {
    let keys = this.keys.get(list);
    if (!keys) {
      keys = new Set();
      for (const site of list) keys.add(this.key(site.fi, site.call!, slotOf(site)));
      this.keys.set(list, keys);
    }
    return keys;
  }

  private key(fi: FileInfo, call: number, slot: number): number {
    return (this.bases.get(fi)! + call) * 8 + slot + 2;
  }
}

const slotOf = (site: ArgSite): number => (site.items ? ITEMS : site.offset);

function push(target: FileInfo, def: number, site: ArgSite): void {
  const lists = sitesOf(target);
  const list = lists[def];
  if (list) list.push(site);
  else lists[def] = [site];
}

/** A file's call site lists, made with a slot per def (a far index in an empty array would make it sparse). */
function sitesOf(fi: FileInfo): (ArgSite[] | undefined)[] {
  return (fi.sites ??= new Array<ArgSite[] | undefined>(fi.facts.defs.length));
}

/**
 * Call sites of the calls an edit added (incremental.ts), put where the flow pass would have put
 * them (round 0, in call order); false when that cannot be known or would change answers: the
 * call's answer involved a parameter, it passes items to a callback, or some question already
 * read the sites of a function it calls (then the rounds would have to run again).
 */
export function addCallSites(
  resolver: Resolver, infos: Map<string, FileInfo>, edits: { fi: FileInfo; moved: number[]; added: CallFact[] }[], touched?: readonly ArgSite[],
): boolean {
  const found: { fi: FileInfo; def: number; site: ArgSite }[] = [];
  let defaulted: Set<string> | null = null;
  let pySetters: Set<string> | null = null;
  for (const { fi, added } of edits) {
    if (added.length === 0) continue;
    const at = new Map(fi.facts.calls.map((c, i) => [c, i]));
    for (const call of added) {
      // A call leaving out arguments of a function with defaults, `f.apply(o, xs)`, `f.bind(o, a)`:
      // sites made as the flow pass makes them (not kept in order here).
      if (!call.args && leavesOut(call, (defaulted ??= defaultedNames(infos)), fi)) return false;
      if (!call.args) continue;
      const before = resolver.touches;
      const values = call.setter ? (fi.facts.language === "python" ? pySetterValues(resolver, fi, call, (pySetters ??= pySetterNames(infos))) : accessors(resolver.resolve(fi, call.scope, call.ref), "setter")) : resolver.resolve(fi, call.scope, call.ref);
      if (fi.facts.language !== "python" && (call.ref.path.at(-1) === "apply" || call.ref.path.at(-1) === "bind" || reflectApply(values) || reflectApply(values, "construct"))) return false;
      const targets = callTargets(resolver, fi, call, values);
      if (new IterationSites(resolver).of(fi, call, values) > 0) return false;
      if (targets.length === 0) continue;
      if (resolver.touches !== before) return false;
      const seen = new Set<string>();
      for (const t of targets) {
        const node = t.fi.nodeIds[t.def]!;
        if (resolver.askedSites.has(node)) return false;
        const key = `${node}\u0000${t.offset}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push({ fi: t.fi, def: t.def, site: { fi, scope: call.scope, args: call.args, offset: t.offset, call: at.get(call)!, round: 0 } });
      }
    }
  }
  // Sites of an edited file's calls are numbered in its new call list from now on.
  // (The caller made sure no site is of a removed call.)
  const renumber = new Map<FileInfo, number[]>();
  for (const { fi, moved } of edits) {
    if (moved.some((to, from) => to !== from)) renumber.set(fi, moved);
  }
  // `touched`: the caller's list of every site of an edited file's calls (graph.ts reassemble).
  const renumbered = (site: ArgSite): void => {
    const moved = renumber.get(site.fi);
    if (moved && site.call !== undefined) site.call = moved[site.call]!;
  };
  if (renumber.size > 0 && touched) touched.forEach(renumbered);
  else if (renumber.size > 0) {
    for (const info of infos.values()) {
      for (const list of info.sites ?? []) {
        for (const site of list ?? []) renumbered(site);
      }
    }
  }
  const order = new Map([...infos.values()].map((f, i) => [f, i]));
  const later = (a: ArgSite, b: ArgSite): boolean => (a.round ?? 0) > 0 || (order.get(a.fi)! - order.get(b.fi)! || a.call! - b.call!) > 0;
  for (const { fi, def, site } of found) {
    const lists = sitesOf(fi);
    const list = lists[def];
    if (!list) {
      lists[def] = [site];
      continue;
    }
    let at = list.length;
    while (at > 0 && later(list[at - 1]!, site)) at--;
    list.splice(at, 0, site);
  }
  return true;
}

/**
 * JS array methods that call their first argument with each item (reduce: as its 2nd parameter).
 * A Map: an object literal also answered the names every object inherits (`xs.constructor(cb)`).
 */
const ITERATION = new Map<string, number>([
  ["forEach", 0], ["map", 0], ["filter", 0], ["some", 0], ["every", 0], ["find", 0], ["findIndex", 0], ["findLast", 0], ["findLastIndex", 0], ["flatMap", 0], ["reduce", 1], ["reduceRight", 1],
  // A comparator gets two items: `xs.sort((a, b) => a.compareTo(b))`.
  ["sort", 2], ["toSorted", 2],
]);

/**
 * Python builtins that call a function with each item of an iterable: the function's argument
 * position (-1: the `key` keyword) and the iterable's.
 */
const PY_ITERATION = new Map<string, [number, number]>([
  ["sorted", [-1, 0]], ["min", [-1, 0]], ["max", [-1, 0]], ["map", [0, 1]], ["filter", [0, 1]],
]);

/**
 * `[a, b].forEach(cb)`, `fns.map((f) => f())`: the callback's parameter receives the items of the
 * array literal the receiver names; Python `sorted(fs, key=lambda f: f())`, `map(cb, fs)`: those of
 * the iterable. One call after another, into lists it reuses (as Targets).
 */
class IterationSites {
  /** The callbacks of the last call (of()): file and def; `args`, what each gets. */
  readonly fis: FileInfo[] = [];
  readonly defs: number[] = [];
  args: Arg[] = [];

  constructor(private resolver: Resolver) {}

  /** How many callbacks `call` (calling `values`) passes to an iteration method (in the lists). */
  of(fi: FileInfo, call: CallFact, values: readonly Value[]): number {
    if (fi.facts.language === "python") return this.pyBuiltin(fi, call, values);
    const passedFrom = call.args && call.args.length > 1 ? timerArguments(values) : Infinity;
    if (passedFrom !== Infinity && call.args![0]!.ref && call.args!.length > passedFrom) {
      let args = timerArgs.get(call);
      if (!args) timerArgs.set(call, (args = call.args!.slice(passedFrom)));
      this.args = args;
      return this.callbacks(fi, call, call.args![0]!.ref!);
    }
    const method = call.ref.path.at(-1);
    if (method !== undefined && ROUTE_METHODS.has(method) && call.args && values.some(isExpressRouting)) return this.expressHandlers(fi, call);
    // `Array.from(xs, f)`: f gets each item of xs (`Array.from(xs, f, obj)` too).
    if (method === "from" && call.ref.root.t === "name" && call.ref.root.name === "Array" && call.ref.path.length === 1 &&
      call.args && call.args.length >= 2 && call.args.length <= 3 + call.args.filter((a) => a.name === "[]").length && call.args[0]!.ref && call.args[1]!.ref && call.args[0]!.name === null && call.args[1]!.name === null) {
      this.args = argsOf(call.args[0]!.ref, 0);
      return this.callbacks(fi, call, call.args[1]!.ref);
    }
    const callback = call.args?.[0]?.ref;
    if (method === undefined || !callback) return 0;
    if (method !== "then" && !ITERATION.has(method)) return 0;
    const resolver = this.resolver;
    const receiver = receiverOf(call.ref);
    if (method === "then") {
      // `import("./m").then((m) => m.run())`: the callback receives the module; `load().then((f) => f())`
      // what our load() returns (its promise read as the value, as `await` reads it).
      // `import("chalk").then((m) => m.default.red())`: a package's module too.
      if (!dynamicImport(receiver) && !resolver.resolve(fi, call.scope, receiver).some(isOurValue)) return 0;
      this.args = argsOf(receiver, THEN);
    } else {
      const position = ITERATION.get(method);
      if (position === undefined) return 0;
      if (!this.iterable(resolver.resolve(fi, call.scope, receiver))) return 0;
      this.args = position === 1 ? reduceArgs(call, receiver) : position === 2 ? spreadArgs(receiver, PY_REDUCE) : argsOf(receiver, position);
    }
    return this.callbacks(fi, call, callback);
  }

  /**
   * A literal array or dict of ours, or a JS module whose `module.exports` is one
   * (`const routes = require("./routes"); routes.forEach((r) => r.handler())`).
   */
  private iterable(values: readonly Value[]): boolean {
    for (const v of values) {
      if (v.k === "coll") return true;
      if (v.k === "mod" && v.fi && v.fi.facts.language !== "python" && this.resolver.jsExport(v.fi, "default", 0).some(isCollection)) return true;
    }
    return false;
  }

  private pyBuiltin(fi: FileInfo, call: CallFact, values: readonly Value[]): number {
    const v = values.length === 1 ? values[0]! : null;
    // `xs.sort(key=f)` on a list of ours: f's parameter gets xs's items, as with `sorted(xs, key=f)`.
    if (v?.k === "ext" && v.module === BUILTIN && v.member.length === 2 && v.member[1] === "sort" && v.member[0] === "<**PyList**>" && !v.returned && call.args) {
      const key = call.args.find((a) => a.name === "key")?.ref;
      if (!key) return 0;
      this.args = argsOf(receiverOf(call.ref), 0);
      return this.callbacks(fi, call, key, true);
    }
    if (v?.k !== "ext" || v.member.length !== 1 || v.returned || !call.args) return 0;
    // `functools.reduce(f, xs)`: both of f's parameters get xs's items; `itertools.starmap(f,
    // pairs)`: f's parameters get each pair's items by position.
    const folded = v.module === "functools" && v.member[0] === "reduce" ? PY_REDUCE : v.module === "itertools" && v.member[0] === "starmap" ? PY_STARMAP : null;
    if (folded !== null) {
      const [f, xs] = call.args;
      if (!f || !xs || f.name !== null || xs.name !== null || !f.ref || !xs.ref) return 0;
      this.args = spreadArgs(xs.ref, folded);
      // `reduce(step, xs, start)`: step's accumulator is start, then what step returned.
      const init = call.args[2];
      if (folded === PY_REDUCE && init && init.name === null && init.ref) this.args = reduceStart(call, this.args, init.ref, f.ref);
      return this.callbacks(fi, call, f.ref, true);
    }
    // `json.dumps(obj, default=f)`: json calls f with what it cannot encode in obj (obj, its items
    // and theirs, two levels: `{"m": Money()}` gives f the Money).
    if (v.module === "json" && (v.member[0] === "dumps" || v.member[0] === "dump")) {
      const f = call.args.find((a) => a.name === "default")?.ref;
      const obj = call.args[0];
      if (!f || !obj || obj.name !== null || !obj.ref) return 0;
      this.args = jsonDefaultArgs(call, obj.ref);
      return this.callbacks(fi, call, f, true);
    }
    if (v.module !== BUILTIN) return 0;
    const at = PY_ITERATION.get(v.member[0]!);
    if (!at) return 0;
    let callback: Ref | null = null;
    let items: Ref | null = null;
    let position = 0;
    let more = false;
    for (const a of call.args) {
      if (a.name === "key" && at[0] < 0) callback = a.ref;
      if (a.name !== null) continue;
      if (position === at[0]) callback = a.ref;
      if (position === at[1]) items = a.ref;
      else if (position > at[1] && at[0] === 0 && v.member[0] === "map") more = true;
      position++;
    }
    if (!callback || !items) return 0;
    this.args = more ? mapArgs(call) : argsOf(items, 0);
    // (A method would take the item as its first parameter, which is bound: not told here.)
    return this.callbacks(fi, call, callback, true);
  }

  /**
   * `app.get(path, auth, (req, res) => ...)` of an Express app or router: Express calls each
   * handler with its request and response (`express.request` / `express.response`, whose methods
   * are the package's: `res.redirect()` is express.response.redirect); an error handler, four
   * parameters, gets them after the error.
   */
  private expressHandlers(fi: FileInfo, call: CallFact): number {
    let count = 0;
    let errors = true;
    for (const a of call.args!) {
      if (a.name !== null || !a.ref) continue;
      for (const v of this.resolver.resolve(fi, call.scope, a.ref)) {
        if (v.k !== "def" || !callable(v.fi, v.def) || count >= 16) continue;
        this.fis[count] = v.fi;
        this.defs[count++] = v.def;
        if (!v.fi.facts.defs[v.def]!.params?.some((q) => q.index === 3)) errors = false;
      }
    }
    this.args = errors ? EXPRESS_ERROR_ARGS : EXPRESS_ARGS;
    return count;
  }

  private callbacks(fi: FileInfo, call: CallFact, callback: Ref, noMethods = false): number {
    let count = 0;
    for (const v of this.resolver.resolve(fi, call.scope, callback)) {
      if (v.k !== "def" || !callable(v.fi, v.def) || (noMethods && v.fi.kinds[v.def] === KIND.method)) continue;
      this.fis[count] = v.fi;
      this.defs[count++] = v.def;
    }
    return count;
  }
}

/** Methods of an Express app, router or route that take request handlers. */
const ROUTE_METHODS = new Set(["use", "all", "get", "post", "put", "patch", "delete", "del", "options", "head"]);

/** An Express app, router or `route(path)` (what `express()`, `express.Router()` make) asked for a routing method. */
function isExpressRouting(v: Value): boolean {
  return v.k === "ext" && v.module === "express" && v.member.length > 0 && v.member.length <= 3 && ROUTE_METHODS.has(v.member.at(-1)!) &&
    (v.member.length === 1 || v.member[0] === "Router" || v.member[0] === "route" || v.member[0] === "application");
}

// Objects made from express.request / express.response (as `new` of a package's class reads):
// their methods called are uses of the package, the objects and their data passed on are not.
const EXPRESS_REQUEST: Ref = { root: { t: "new", callee: { root: { t: "module", spec: "express" }, path: ["request"] } }, path: [] };
const EXPRESS_RESPONSE: Ref = { root: { t: "new", callee: { root: { t: "module", spec: "express" }, path: ["response"] } }, path: [] };
const EXPRESS_ARGS: Arg[] = [{ name: null, ref: EXPRESS_REQUEST }, { name: null, ref: EXPRESS_RESPONSE }];
const EXPRESS_ERROR_ARGS: Arg[] = [{ name: null, ref: null }, { name: null, ref: EXPRESS_REQUEST }, { name: null, ref: EXPRESS_RESPONSE }];

/** JS timers that call their callback with the arguments after its delay: `setTimeout(f, ms, a)`. */
const TIMERS = new Map([["setTimeout", 2], ["setInterval", 2], ["setImmediate", 1], ["process.nextTick", 1]]);

/** Where the arguments a timer hands its callback start (Infinity: no timer). */
export function timerArguments(values: readonly Value[]): number {
  const v = values.length === 1 ? values[0]! : null;
  if (v?.k !== "ext" || v.module !== BUILTIN || v.returned || v.member.length > 2) return Infinity;
  return TIMERS.get(v.member.join(".")) ?? Infinity;
}

/** The arguments of a timer's call its callback gets, made once per call (the resolver's memo is by reference). */
const timerArgs = new WeakMap<CallFact, Arg[]>();

const isOurValue = (v: Value): boolean => v.k === "mod" || v.k === "def" || v.k === "inst" || v.k === "coll";
const isCollection = (v: Value): boolean => v.k === "coll";

/**
 * The arguments a callback gets from a receiver (THEN: the receiver itself; else its items after
 * `position` others), made once per receiver: a new reference per call and round was a new
 * question for the resolver's memo, which is kept by reference object.
 */
const THEN = -1;
const madeArgs = new Map<number, WeakMap<Ref, Arg[]>>([[THEN, new WeakMap()], [0, new WeakMap()], [1, new WeakMap()]]);

function argsOf(receiver: Ref, position: number): Arg[] {
  const made = madeArgs.get(position)!;
  let args = made.get(receiver);
  if (!args) {
    if (position === THEN) args = [{ name: null, ref: receiver }];
    else {
      const items = anyItem(receiver);
      // `m.forEach((v, k) => ...)` of a Map: k is a key, what `m.keys()` gives (an array's: none).
      const keys: Ref = { root: { t: "call", callee: { root: receiver.root, path: [...receiver.path, "keys"] } }, path: ["[*]"] };
      args = position === 0 ? [{ name: null, ref: items }, { name: null, ref: keys }] : [{ name: null, ref: null }, { name: null, ref: items }];
    }
    made.set(receiver, args);
  }
  return args;
}

/**
 * `xs.reduce(f, init)`: f's accumulator gets init and what f itself returned on the step before
 * (without init, the items: the first is the first accumulator), its second parameter the items
 * (made once per call). The returns matter when f builds functions: in
 * `fns.reduceRight((next, mw) => mw(next), last)` each middleware's `next` is the one built
 * before. Without init they are left out: the usual `compose(f, g)` over two functions runs its
 * step once, and what that step built is never an accumulator.
 */
const reduceMade = new WeakMap<CallFact, Arg[]>();
function reduceArgs(call: CallFact, receiver: Ref): Arg[] {
  let args = reduceMade.get(call);
  if (!args) {
    const items = anyItem(receiver);
    const init = call.args && call.args.length > 1 && call.args[1]!.name === null ? call.args[1]!.ref : undefined;
    args = [{ name: null, ref: init === undefined ? items : foldedStart(init, call.args![0]!.ref!) }, { name: null, ref: items }];
    reduceMade.set(call, args);
  }
  return args;
}

/** `map(f, xs, ys)`: f's parameters get an item of each iterable in turn (made once per call). */
const mapMade = new WeakMap<CallFact, Arg[]>();
function mapArgs(call: CallFact): Arg[] {
  let args = mapMade.get(call);
  if (!args) {
    args = call.args!.filter((a) => a.name === null).slice(1, 1 + 8).map((a) => ({ name: null, ref: a.ref ? anyItem(a.ref) : null }));
    mapMade.set(call, args);
  }
  return args;
}

const PY_REDUCE = 0;
const PY_STARMAP = 1;
const spreadMade = [new WeakMap<Ref, Arg[]>(), new WeakMap<Ref, Arg[]>()];

/**
 * What reduce's function gets from `xs` (any item as either parameter) or starmap's (the items'
 * items by position, up to four): made once per iterable, as argsOf's are.
 */
function spreadArgs(xs: Ref, how: number): Arg[] {
  let args = spreadMade[how]!.get(xs);
  if (!args) {
    const item = anyItem(xs);
    args = how === PY_REDUCE
      ? [{ name: null, ref: item }, { name: null, ref: item }]
      : [0, 1, 2, 3].map((i) => ({ name: null, ref: { root: item.root, path: [...item.path, `[${i}]`] } }));
    spreadMade[how]!.set(xs, args);
  }
  return args;
}

/** A fold's accumulator given a start value: that value, then what the step returned (init may be unknown: null). */
function foldedStart(init: Ref | null, step: Ref): Ref {
  const built: Ref = { root: { t: "call", callee: step }, path: [] };
  return init ? { root: { t: "union", refs: [init, built] }, path: [] } : built;
}

const startMade = new WeakMap<CallFact, Arg[]>();

const jsonMade = new WeakMap<CallFact, Arg[]>();
/** `json.dumps(obj, default=f)`'s argument for f: obj, an item of obj, or an item of one (made once per call). */
function jsonDefaultArgs(call: CallFact, obj: Ref): Arg[] {
  let out = jsonMade.get(call);
  if (!out) {
    // (A literal dict or list is encoded, never given to f: only its items are.)
    const refs = obj.root.t === "items" && obj.path.length === 0 ? [anyItem(obj), anyItem(anyItem(obj))] : [obj, anyItem(obj), anyItem(anyItem(obj))];
    out = [{ name: null, ref: { root: { t: "union", refs }, path: [] } }];
    jsonMade.set(call, out);
  }
  return out;
}

/** functools.reduce's arguments with a start value: the accumulator is that or what the step returned (made once per call). */
function reduceStart(call: CallFact, args: Arg[], init: Ref, step: Ref): Arg[] {
  let out = startMade.get(call);
  if (!out) {
    out = [{ name: null, ref: foldedStart(init, step) }, args[1]!];
    startMade.set(call, out);
  }
  return out;
}

/** `import("x")` (or `require("x")`) itself, whose `.then` hands the module to its callback. */
export function dynamicImport(ref: Ref): boolean {
  return ref.root.t === "module" && ref.path.length === 0;
}

/** A method named `name` written in a class or object literal of ours (not Function.prototype's). */
function ownMethodNamed(v: Value, name: string): boolean {
  if (v.k !== "def") return false;
  const d = v.fi.facts.defs[v.def]!;
  if (d.name !== name || d.parent < 0) return false;
  const kind = v.fi.facts.defs[d.parent]!.kind;
  return kind === "class" || kind === "object";
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

/** Python property setters' names: `o.x = v` runs a setter only where x is one of these. */
function pySetterNames(infos: Map<string, FileInfo>): Set<string> {
  const names = new Set<string>();
  for (const fi of infos.values()) {
    if (fi.facts.language !== "python") continue;
    for (const d of fi.facts.defs) {
      if (!d.setter) continue;
      // (`task = property(get, set_task)`'s set_task and a descriptor's `__set__` under the attribute's names.)
      names.add(d.prop ?? d.name);
      for (const p of d.props ?? []) names.add(p);
    }
  }
  return names;
}

/**
 * Python `o.x = v`: the setters named x of the classes o is an instance of (the first class of
 * each one's MRO defining x), when some setter of ours is named x. (Not `o.x` resolved: the value
 * assigned there counts as the class's own x, hiding an inherited property; a class's `C.x = v`
 * replaces the property, no setter runs.)
 */
function pySetterValues(resolver: Resolver, fi: FileInfo, call: CallFact, names: ReadonlySet<string>): Value[] {
  const name = call.ref.path.at(-1)!;
  if (!names.has(name)) return [];
  const found: Value[] = [];
  for (const r of resolver.resolve(fi, call.scope, receiverOf(call.ref))) {
    if (r.k !== "inst" || r.fi.facts.language !== "python" || r.fi.kinds[r.def] !== KIND.class) continue;
    for (const c of resolver.mro(r.fi, r.def, 1)) {
      if (c.k !== "def") continue;
      const at = c.fi.facts.members.get(`${c.fi.facts.defs[c.def]!.qname}.${name}`);
      if (at === undefined) {
        // `task = property(get_task, set_task)` in the class body: set_task; `hook = Hook()` of a
        // data descriptor (the binding read as Hook's `__get__`, facts-py-classes.ts descriptors()):
        // Hook's `__set__` (flow gives it the value as its third parameter, Targets.of).
        const held = bound(c.fi.facts.bindings, c.def, name);
        if (!held) continue;
        const defs = c.fi.facts.defs;
        let set = defs.findIndex((d) => d.parent === c.def && d.setter === true && d.prop === name);
        for (const r of held) {
          if (set >= 0) break;
          if (r.root.t !== "def" || r.path.length > 0) continue;
          const start = r.root.start;
          const get = defs.findIndex((d) => d.start === start);
          const g = get >= 0 ? defs[get]! : null;
          if (g?.name === "__get__" && (g.prop === name || g.props?.includes(name))) set = defs.findIndex((d) => d.parent === g.parent && d.name === "__set__" && d.setter === true);
        }
        if (set >= 0 && found.length < 16) found.push({ k: "def", fi: c.fi, def: set });
        break;
      }
      if (found.length < 16) found.push({ k: "def", fi: c.fi, def: at });
      break;
    }
  }
  return accessors(found, "setter");
}

/**
 * The getters (or setters) among resolved values: a member name holding both a getter and a
 * setter resolves to whichever was defined first, so its sibling of the same name is looked up.
 */
export function accessors(values: Value[], want: "getter" | "setter"): Value[] {
  const out: Value[] = [];
  for (const v of values) {
    if (v.k !== "def") continue;
    const defs = v.fi.facts.defs;
    const d = defs[v.def]!;
    if (d[want]) out.push(v);
    else if (d.getter || d.setter) {
      const i = defs.findIndex((o) => o[want] === true && o.parent === d.parent && o.name === d.name);
      if (i >= 0) out.push({ ...v, def: i });
    }
  }
  return out;
}

/** Function nodes a call runs with its arguments, and how many leading parameters are bound. */
export function callTargets(resolver: Resolver, fi: FileInfo, call: CallFact, values: Value[]): readonly Target[] {
  const targets = new Targets(resolver);
  const n = targets.of(fi, call, values);
  const out: Target[] = [];
  for (let t = 0; t < n; t++) out.push({ fi: targets.fis[t]!, def: targets.defs[t]!, offset: targets.offsets[t]! });
  return out;
}

/** bindFixes() by the `f.bind` callee it was asked of (it scans the file's calls). */
const bindFixed = new WeakMap<Ref, number>();

/**
 * A call of a plain name the file binds only to `f.bind(o, a, ...)` (in the nearest scope binding
 * it): how many arguments that bind fixed, so the call's own fill f's parameters after them; 0
 * otherwise (or when binds of that f fix different numbers). The scope walk is not memoised per
 * call: a WeakMap lookup per call and round cost more than the walk; only bindFixes() is.
 */
function boundCount(fi: FileInfo, call: CallFact): number {
  const root = call.ref.root;
  if (root.t !== "name") return 0;
  const defs = fi.facts.defs;
  for (let s = call.scope; ; s = defs[s]!.parent) {
    const refs = boundRefs(fi.facts.bindings, s, root.name);
    if (refs !== undefined) {
      const r = Array.isArray(refs) ? (refs.length === 1 ? refs[0]! : null) : refs;
      if (!r || r.path.length !== 0 || r.root.t !== "call" || r.root.callee.path.at(-1) !== "bind") return 0;
      const callee = r.root.callee;
      let n = bindFixed.get(callee);
      if (n === undefined) bindFixed.set(callee, (n = bindFixes(fi, callee)));
      return n;
    }
    if (s < 0) return 0;
  }
}

/** How many arguments after `this` the file's calls `callee(...)` (an `f.bind`) pass, when all pass as many; else 0. */
function bindFixes(fi: FileInfo, callee: Ref): number {
  let found = -1;
  const text = callee.path.join(".");
  for (const c of fi.facts.calls) {
    const r = c.ref;
    if (r.path.at(-1) !== "bind" || r.path.length !== callee.path.length || r.root.t !== callee.root.t || !c.args) continue;
    if (r.root.t === "name" && callee.root.t === "name" ? r.root.name !== callee.root.name : r.root.t !== "this") continue;
    if (r.path.join(".") !== text) continue;
    let k = 0;
    for (const a of c.args) {
      if (a.name === "*") return 0;
      if (a.name === null) k++;
    }
    if (found >= 0 && found !== k - 1) return 0;
    found = Math.max(0, k - 1);
  }
  return Math.max(0, found);
}

/** `Reflect.apply` among a callee's values. */
export function reflectApply(values: readonly Value[], member = "apply"): boolean {
  return values.some((v) => v.k === "ext" && v.module === BUILTIN && !v.returned && v.member.length === 2 && v.member[0] === "Reflect" && v.member[1] === member);
}

/** The arguments `f.apply(o, xs)` / `Reflect.apply(f, o, xs)` gives f: xs spread (`f(...xs)`), made once per call. */
const spreadMadeOf = new WeakMap<CallFact, Arg[]>();

function spreadOf(call: CallFact, xs: Ref): Arg[] {
  let args = spreadMadeOf.get(call);
  if (!args) spreadMadeOf.set(call, (args = [{ name: "*", ref: xs }]));
  return args;
}

/**
 * Package functions and methods handed a function and the arguments to call it with: the
 * function's position (the arguments follow it), or -1 for keywords (`target=`, `args=`, ...).
 */
const HANDED_AT: Record<string, number> = {
  submit: 0, to_thread: 0, callback: 0, push_async_callback: 0, call_soon: 0, call_soon_threadsafe: 0,
  run_in_executor: 1, call_later: 1, call_at: 1, finalize: 1,
  Thread: -1, Timer: -1, Process: -1, enter: -1, enterabs: -1, apply_async: -1,
};
Object.setPrototypeOf(HANDED_AT, null);

/**
 * Python: whether argument i of a call handing a function to a package (HANDED_AT) is one of the
 * arguments the package calls that function with: not called there itself (graph.ts).
 */
export function pyHandedArgument(call: CallFact, values: readonly Value[], i: number): boolean {
  const name = handedName(call, values);
  if (name === null) return false;
  const at = HANDED_AT[name]!;
  if (at >= 0) return i > at;
  const a = call.args![i]!;
  if (a.name !== null) return a.name === "args" || a.name === "kwargs" || a.name === "argument" || a.name === "kwds";
  // (Positional: Timer(interval, function, args, kwargs), enter(delay, priority, action, argument, kwargs), apply_async(func, args, kwds).)
  return name === "Timer" ? i >= 2 : name === "enter" || name === "enterabs" ? i >= 3 : name === "apply_async" ? i >= 1 : false;
}

/** The HANDED_AT name of a call of package values (`pool.submit`, `Thread`), or null. */
function handedName(call: CallFact, values: readonly Value[]): string | null {
  if (values.length === 0 || !values.every((v) => v.k === "ext" && v.module !== BUILTIN)) return null;
  const name = call.ref.path.at(-1) ?? (call.ref.root.t === "name" ? call.ref.root.name : "");
  return HANDED_AT[name] === undefined ? null : name;
}

/** The arguments HANDED_AT's keyword forms pass (`args=`'s items, `kwargs=`'s), made once per call. */
const handedArgs = new WeakMap<CallFact, Arg[]>();

const NO_ARGS: Arg[] = [];

/**
 * JS: the names of functions with a parameter default (the last part of a member's name; a class's
 * name for its constructor's): calls of such a name that pass no argument are sites too, so that
 * the default counts when another call passes the parameter (`run(); run(other)`). Other calls
 * without arguments bind nothing and are no sites.
 */
function defaultedNames(infos: Map<string, FileInfo>): Set<string> {
  const out = new Set<string>();
  for (const fi of infos.values()) {
    const facts = fi.facts;
    if (facts.language === "python") continue;
    const defs = facts.defs;
    for (let i = 0; i < defs.length; i++) {
      const names = facts.bindings[i + 1];
      if (!names) continue;
      const d = defs[i]!;
      let has = false;
      if (names instanceof Map) {
        for (const refs of names.values()) if (defaults(refs, d.start)) has = true;
      } else for (let k = 1; k < names.length; k += 2) if (defaults(names[k] as Ref | Ref[], d.start)) has = true;
      if (!has) continue;
      const name = d.name.slice(d.name.lastIndexOf(".") + 1);
      out.add(name);
      if (name === "constructor" && d.parent >= 0) out.add(defs[d.parent]!.name.slice(defs[d.parent]!.name.lastIndexOf(".") + 1));
    }
  }
  return out;
}

/**
 * Some of a name's values is a parameter of the function starting at `start` with a default.
 * (Apart from defaultedNames(): a closure per function there, and an array per bare Ref.)
 */
function defaults(refs: Ref | Ref[], start: number): boolean {
  if (!Array.isArray(refs)) return defaulting(refs, start);
  for (const r of refs) if (defaulting(r, start)) return true;
  return false;
}

/** A parameter with a default, or a member default of one (`({ log = quiet })`: facts.ts). */
function defaulting(r: Ref, start: number): boolean {
  const root = r.root;
  if (root.t === "param") return !!root.default && root.def === start;
  if (root.t !== "union" || !root.present) return false;
  const param = root.refs[0]!.root;
  return param.t === "param" && param.def === start;
}

/** A JS call without arguments of a name defaultedNames() has. */
function leavesOut(call: CallFact, defaulted: Set<string>, fi: FileInfo): boolean {
  if (call.args || defaulted.size === 0 || fi.facts.language === "python" || call.getter || call.setter || call.protocol) return false;
  const name = call.ref.path.at(-1) ?? (call.ref.root.t === "name" ? call.ref.root.name : undefined);
  return name !== undefined && defaulted.has(name);
}

/**
 * callTargets() of one call after another, into lists it reuses: the flow pass asks it for every
 * call with arguments, and an object, a list and an object per target each time were garbage.
 */
class Targets {
  /** The targets of the last call (of()): file, def and offset, the first `of()` of each list. */
  readonly fis: FileInfo[] = [];
  readonly defs: number[] = [];
  readonly offsets: number[] = [];
  /** The arguments the last call's targets get when not the call's own (`f.apply(o, xs)`: xs's items), else null. */
  args: Arg[] | null = null;
  private count = 0;
  private fi: FileInfo | null = null;
  private call: CallFact | null = null;
  private python = false;
  private shift = 0;
  /** Whether a method called here gets `self` bound: asked once, when a method needs it. */
  private bound: boolean | null = null;
  /** Whether the method called here is one our decorator replaced (decoratedMethod()): asked once per call. */
  private decorated: boolean | null = null;

  constructor(private resolver: Resolver) {}

  /** Finds the targets of `call`, whose callee is `values`: how many (in the lists). */
  of(fi: FileInfo, call: CallFact, values: Value[]): number {
    const python = fi.facts.language === "python";
    // JS `f.call(thisArg, a, b)` passes a, b from the second argument on; `f.apply(thisArg, xs)`
    // passes xs's items (as `f(...xs)`); `f.bind(thisArg, a)` binds a to f's first parameter
    // (the bound function's later call passes the rest at positions that count from 0 again, as
    // Python's functools.partial: the parameters they fill are not told apart).
    let via = python ? undefined : call.ref.path.at(-1);
    // `rpc.call(name, cb)`, `migration.apply(db, done)`, `keys.bind(k, fn)`: a method of ours of
    // that name (of a class or object literal) takes its arguments as any method does.
    // (Not `Rpc.prototype.call.call(o, ...)`: Function.prototype.call of that method.)
    if ((via === "call" || via === "apply" || via === "bind") && values.some((v) => ownMethodNamed(v, via!)) &&
      !this.resolver.resolve(fi, call.scope, receiverOf(call.ref)).some((v) => v.k === "def" && callable(v.fi, v.def))) via = undefined;
    this.count = 0;
    this.args = null;
    this.fi = fi;
    this.call = call;
    this.python = python;
    this.shift = via === "call" || via === "bind" ? -1 : 0;
    this.bound = null;
    this.decorated = null;
    if (!python && call.args && call.args.length >= 3 && (call.args.length === 3 || call.args[3]!.name === "[]") && reflectApply(values)) {
      // `Reflect.apply(f, thisArg, xs)`: f gets xs's items.
      const [f, o, xs] = call.args;
      if (!f!.ref || !xs!.ref || f!.name !== null || o!.name !== null || xs!.name !== null) return 0;
      this.args = spreadOf(call, xs!.ref);
      for (const v of this.resolver.resolve(fi, call.scope, f!.ref)) if (v.k === "def" && v.fi.kinds[v.def] !== KIND.class) this.value(v, python, fi, call, 0);
      return this.count;
    }
    if (!python && call.args && call.args.length >= 2 && (call.args.length === 2 || call.args[2]!.name === "[]") && reflectApply(values, "construct")) {
      // `Reflect.construct(C, xs)`: C's constructor gets xs's items, as `new C(...xs)`.
      const [c, xs] = call.args;
      if (!c!.ref || !xs!.ref || c!.name !== null || xs!.name !== null) return 0;
      this.args = spreadOf(call, xs!.ref);
      for (const v of this.resolver.resolve(fi, call.scope, c!.ref)) if (v.k === "def") this.value(v, python, fi, call, 0);
      return this.count;
    }
    if (via === "apply" || via === "bind") {
      const given = call.args;
      if (!given || given.length < 2) return 0;
      if (via === "apply") {
        // (An array literal's items follow as "[]" arguments: facts.ts.)
        const xs = given[1]!;
        if (given.length > 2 && given[2]!.name !== "[]") return 0;
        if (!xs.ref || xs.name !== null || given[0]!.name !== null) return 0;
        this.args = spreadOf(call, xs.ref);
      }
      // `f.bind(...)` resolves to f itself (resolve.ts); apply's callee too.
      const fs = via === "bind" ? this.resolver.resolve(fi, call.scope, receiverOf(call.ref)) : values;
      for (const v of fs) if (v.k === "def" && v.fi.kinds[v.def] !== KIND.class) this.value(v, python, fi, call, 0);
      return this.count;
    }
    // Python: a function handed to a package with the arguments it will be called with
    // (`pool.submit(f, a)`, `threading.Thread(target=f, args=(a,))`): they fill f's parameters.
    const handed = python && call.args && call.args.length >= 2 ? handedName(call, values) : null;
    if (handed !== null) return this.handed(fi, call, HANDED_AT[handed]!, handed);
    // `g(b)` of a `const g = f.bind(o, a)`: b fills f's parameter after a.
    if (!python && call.args && call.ref.path.length === 0) this.shift = boundCount(fi, call);
    for (const v of values) {
      // (`o.hook = f` of a data descriptor: its `__set__(self, obj, value)` gets f as value.)
      const dunderSet = python && call.setter === true && v.k === "def" && v.fi.facts.defs[v.def]!.name === "__set__";
      if (dunderSet) this.shift = 1;
      this.value(v, python, fi, call, 0);
      if (dunderSet) this.shift = 0;
    }
    return this.count;
  }

  /** A function a package is handed with its arguments (HANDED_AT): its targets. */
  private handed(fi: FileInfo, call: CallFact, at: number, name: string): number {
    const args = call.args!;
    const keyword = (k: string): Arg | undefined => args.find((a) => a.name === k);
    let f: Arg | undefined;
    if (at >= 0) {
      f = args[at];
      if (!f || f.name !== null || args.slice(0, at).some((a) => a.name !== null)) return 0;
      this.shift = -(at + 1);
    } else {
      // Thread(target=f, args=xs, kwargs=d); Timer(interval, f, args, kwargs); Process likewise;
      // sched's enter(delay, prio, action, argument=xs, kwargs=d); apply_async(f, args, kwds).
      const fnKey = name === "Timer" ? "function" : name === "enter" || name === "enterabs" ? "action" : "target";
      const fnAt = name === "Timer" ? 1 : name === "enter" || name === "enterabs" ? 2 : name === "apply_async" ? 0 : -1;
      f = keyword(fnKey) ?? (fnAt >= 0 && args[fnAt]?.name === null ? args[fnAt] : undefined);
      const xsAt = fnAt >= 0 ? fnAt + 1 : -1;
      const xs = keyword(name === "enter" || name === "enterabs" ? "argument" : "args") ?? (xsAt >= 0 && args[xsAt]?.name === null ? args[xsAt] : undefined);
      const kw = keyword(name === "apply_async" ? "kwds" : "kwargs");
      if (!f?.ref || (!xs?.ref && !kw?.ref)) return 0;
      let passed = handedArgs.get(call);
      if (!passed) handedArgs.set(call, (passed = [...(xs?.ref ? [{ name: "*", ref: xs.ref }] : []), ...(kw?.ref ? [{ name: "**", ref: kw.ref }] : [])]));
      this.args = passed;
    }
    if (!f?.ref) return 0;
    for (const v of this.resolver.resolve(fi, call.scope, f.ref)) if ((v.k === "def" && v.fi.kinds[v.def] !== KIND.class) || v.k === "inst") this.value(v, true, fi, call, 0);
    this.shift = 0;
    return this.count;
  }

  /** One callee value's targets: a JS module called (`const C = require("./c"); new C(s)`) is its default export, as resolve.ts calleeDefs reads it. */
  private value(v: Value, python: boolean, fi: FileInfo, call: CallFact, depth: number): void {
    const resolver = this.resolver;
    if (v.k === "mod") {
      if (python || !v.fi || v.fi.facts.language === "python" || depth > 2) return;
      for (const d of resolver.jsExport(v.fi, "default", 0)) this.value(d, python, fi, call, depth + 1);
      return;
    }
    const cls = v.k === "def" && v.fi.kinds[v.def] === KIND.class;
    if (cls && !python) {
      for (const m of resolver.member(v, "constructor", 0)) this.add(m, true);
      // A React class component: its elements' props are `this.props` (facts.ts binds that
      // attribute to the class's own first parameter), whatever its constructor does with them.
      if (v.k === "def" && v.fi.facts.attrs.get(v.def)?.has("props")) this.addClass(v);
    } else if (cls) {
      const before = this.count;
      for (const m of resolver.member(v, "__new__", 0)) this.add(m, true);
      for (const m of resolver.member(v, "__init__", 0)) this.add(m, true);
      // A dataclass's (NamedTuple's) generated __init__: the class keeps the sites, for its fields
      // (resolve-indexes.ts fieldAtSites), with `self` bound.
      const fields = this.count === before && v.k === "def" ? resolver.initFieldsOf(v.fi, v.def) : null;
      if (fields !== null) {
        this.addClass(v as Extract<Value, { k: "def" }>, 1);
        // Its `__post_init__(self, loader)` gets the `InitVar` fields: bound as the call's
        // arguments when they are the leading fields (positions agree; keywords by name).
        for (const m of resolver.member(v, "__post_init__", 0)) if (m.k === "def" && postInitLeads(m, fields)) this.add(m, true);
      }
    } else if (v.k === "inst" && python) {
      for (const m of resolver.classMember(v.fi, v.def, "__call__")) this.add(m, true);
    } else if (python && v.k === "ext" && !v.returned && v.member.length === 1 && ((v.module === "functools" && v.member[0] === "partial") || (v.module === "types" && v.member[0] === "MethodType"))) {
      // (`types.MethodType(f, obj)` binds obj to f's first parameter, as `partial(f, obj)` does.)
      this.partial(fi, call);
    } else if (python && v.k === "ext" && !v.returned && v.member.length === 1 && v.module === "functools" && v.member[0] === "partialmethod") {
      this.partialMethod(fi, call);
    } else this.add(v, false);
  }

  /**
   * `functools.partial(f, a, k=v)` passes a and k to f (its later call passes the rest, at
   * positions that count from 0 again: the parameters they fill are not told apart).
   */
  private partial(fi: FileInfo, call: CallFact): void {
    const f = call.args?.[0];
    if (!f?.ref || f.name !== null) return;
    this.shift = -1;
    let bound: boolean | null = null;
    let onClass: boolean | null = null;
    for (const v of this.resolver.resolve(fi, call.scope, f.ref)) {
      if (v.k === "def" && v.fi.kinds[v.def] === KIND.function) this.add(v, false);
      // `partial(obj.send, on_done=f)`: a method taken from an instance has `self` bound.
      else if (v.k === "def" && v.fi.kinds[v.def] === KIND.method && f.ref.path.length > 0 && !v.fi.facts.defs[v.def]!.decorators?.length) {
        bound ??= this.resolver.resolve(fi, call.scope, receiverOf(f.ref)).some(isInstance);
        if (bound) this.at(v, 1);
        // (`partial(C.run, c, f)`: the class's plain function, whose self is the first argument given.)
        else if ((onClass ??= this.resolver.resolve(fi, call.scope, receiverOf(f.ref)).some((r) => r.k === "def" && r.fi.kinds[r.def] === KIND.class))) this.at(v, 0);
      }
    }
    this.shift = 0;
  }

  /**
   * `functools.partialmethod(set, a, k=v)` in a class body: a and k fill set's parameters after
   * `self` (the method's later call binds self, flow-insensitively: graph.ts).
   */
  private partialMethod(fi: FileInfo, call: CallFact): void {
    const f = call.args?.[0];
    if (!f?.ref || f.name !== null) return;
    for (const v of this.resolver.resolve(fi, call.scope, f.ref)) {
      if (v.k === "def" && (v.fi.kinds[v.def] === KIND.method || v.fi.kinds[v.def] === KIND.function)) this.at(v, 0);
    }
  }

  /** A target with `offset` (beside the shift) leading parameters bound. */
  private at(v: Extract<Value, { k: "def" }>, offset: number): void {
    const at = this.count++;
    this.fis[at] = v.fi;
    this.defs[at] = v.def;
    this.offsets[at] = offset + this.shift;
  }

  private add(v: Value, ctor: boolean): void {
    if (v.k !== "def") return;
    const kind = v.fi.kinds[v.def]!;
    if (kind > KIND.method) return;
    let offset = 0;
    if (this.python && kind === KIND.method) {
      const decorators = v.fi.facts.defs[v.def]!.decorators;
      if (decorators?.includes("staticmethod")) offset = 0;
      else if (ctor || decorators?.includes("classmethod")) offset = 1;
      else offset = this.isBound() ? 1 : 0;
    } else if (this.python && this.call!.ref.path.length > 0 && this.decoratedMethod()) {
      // `obj.deposit(5)` where our decorator replaced method deposit with `wrapper(self, *args)`:
      // the function it returned is bound as the method was (`Order.create(1)` of a classmethod
      // over our decorator: `guard(cls, *a)` gets the class).
      offset = 1;
    }
    const at = this.count++;
    this.fis[at] = v.fi;
    this.defs[at] = v.def;
    this.offsets[at] = offset + this.shift;
  }

  /** The class itself as a target (its sites: React props, generated __init__ fields), `offset` parameters bound. */
  private addClass(v: Extract<Value, { k: "def" }>, offset = 0): void {
    const at = this.count++;
    this.fis[at] = v.fi;
    this.defs[at] = v.def;
    this.offsets[at] = offset + this.shift;
  }

  /**
   * Whether the member called (`obj.name(...)`, obj an instance) is, in the first class of obj's
   * MRO that defines it, a method with decorators other than staticmethod/classmethod, or a
   * function the class body binds the name to.
   */
  private decoratedMethod(): boolean {
    return (this.decorated ??= this.findDecoratedMethod());
  }

  private findDecoratedMethod(): boolean {
    const call = this.call!;
    const name = call.ref.path.at(-1)!;
    for (const r of this.resolver.resolve(this.fi!, call.scope, receiverOf(call.ref))) {
      if ((r.k !== "inst" && r.k !== "def") || r.fi.kinds[r.def] !== KIND.class) continue;
      const onClass = r.k === "def";
      for (const c of this.resolver.mro(r.fi, r.def, 1)) {
        if (c.k !== "def") continue;
        const at = c.fi.facts.members.get(`${c.fi.facts.defs[c.def]!.qname}.${name}`);
        if (at === undefined) {
          // `info = describe` in the class body: a plain function there is bound too, unless the
          // body wraps some attribute in staticmethod()/classmethod() (which the value does not show).
          if (bound(c.fi.facts.bindings, c.def, name) === undefined) continue;
          if (onClass) return false;
          return !c.fi.facts.calls.some((k) => k.scope === c.def && k.ref.path.length === 0 && k.ref.root.t === "name" &&
            (k.ref.root.name === "staticmethod" || k.ref.root.name === "classmethod"));
        }
        const d = c.fi.facts.defs[at]!;
        const decorators = d.kind === "method" ? d.decorators ?? [] : [];
        // `@classmethod` over our decorator: what it returned is bound to the class, on an instance too.
        if (decorators.length > 1 && decorators[0] === "classmethod") return true;
        if (!onClass && decorators.length > 0 && !decorators.some((x) => x === "staticmethod" || x === "classmethod")) return true;
        break;
      }
    }
    return false;
  }

  private isBound(): boolean {
    if (this.bound !== null) return this.bound;
    const call = this.call!;
    const { root, path } = call.ref;
    // A method called through a plain name was mostly taken from an instance (`f = obj.m`,
    // `run(obj.m)` calling its parameter): bound. `Cls.m` kept in a name is the rare exception.
    // In a class body, the name is the plain function (`@_traced` defined above in the class).
    // (`f(self, *args)` in a decorator's wrapper hands self itself: f is the plain function the
    // decorator got, `decorators/a1_wrapper_passes_self_to_undecorated_method`.)
    const first = call.args?.[0];
    if (path.length === 0 && this.python && first && first.name === null && first.ref?.root.t === "this" && first.ref.path.length === 0) return (this.bound = false);
    if (path.length === 0) return (this.bound = this.python && root.t === "name" && !(call.scope >= 0 && this.fi!.kinds[call.scope] === KIND.class));
    if (root.t === "this" && path.length === 1) return (this.bound = true);
    const prefix = this.resolver.resolve(this.fi!, call.scope, receiverOf(call.ref));
    return (this.bound = prefix.some(isInstance));
  }
}

const isInstance = (v: Value): boolean => v.k === "inst" || v.k === "super";

/** `__post_init__(self, a, b)` whose parameters after self are a dataclass's first fields, in order. */
function postInitLeads(m: Extract<Value, { k: "def" }>, fields: readonly string[]): boolean {
  const names: string[] = [];
  const scope = m.fi.facts.bindings[m.def + 1];
  if (!scope) return false;
  for (const [name, refs] of unpackScope(scope)) {
    for (const r of Array.isArray(refs) ? refs : [refs]) {
      if (r.root.t !== "param" || r.path.length > 0 || r.root.index < 1 || r.root.star) continue;
      if (r.root.index > fields.length) return false;
      names[r.root.index - 1] = name;
    }
  }
  if (names.length === 0) return false;
  for (let i = 0; i < names.length; i++) if (names[i] !== fields[i]) return false;
  return true;
}
