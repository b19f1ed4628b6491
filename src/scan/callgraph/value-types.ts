// What resolution answers with (Value: a definition, an instance, a module, a collection, a
// member of an external package) and the per-file view of the facts it reads (FileInfo), with the
// bounds every resolver layer shares.
import type { Arg, FileFacts } from "./fact-types.ts";
import type { DefKind } from "./scopes.ts";
import type { PyLiteral, Ref } from "./ref-types.ts";
import { SmallMap } from "./small-map.ts";

export interface FileInfo {
  facts: FileFacts;
  moduleId: string;
  /** Graph node id per def index ("" for object literals, which are no nodes). */
  nodeIds: string[];
  /**
   * The module node's index in the node list of the assembly that made this, and each def's
   * (-1 for object literals): the ends of the edges a full assembly records (edge-ends.ts).
   */
  moduleNode: number;
  defNodes: Int32Array;
  /**
   * Each def's kind as a number (KIND): the hot tests of what a value is (a function? a class?)
   * read one byte of the file's array rather than the def's record, a cache miss each.
   */
  kinds: Uint8Array;
  /**
   * Def index by start offset when the defs are not in start order (see defAt()); null when they
   * are, as extraction sorts them: then a binary search finds one, and the file holds no Map
   * (~130 bytes per def, ~25 MB at 1M lines).
   */
  defByStart: Map<number, number> | null;
  /** Each def's start offset (Def.start), searched by defAt() in one compact array rather than through the defs' records. */
  starts: Int32Array;
  /**
   * Call sites per def index, filled by the flow pass (flow.ts) in rounds; null until one is
   * found. By index rather than by node id: no string-keyed Map entry per function, and an edit
   * (incremental.ts) keeps a def's index where it may rename its id.
   */
  sites: (ArgSite[] | undefined)[] | null;
  /**
   * A test, example or docs file (reach/entries.ts isNonProductionPath, not dependency code): what its calls
   * pass to functions of the production code does not flow into their parameters (param()).
   */
  nonProduction?: boolean;
}

/** The def index for a start offset: the last def starting there (the innermost), as a Map would keep. */
export function defAt(fi: FileInfo, start: number): number | undefined {
  if (fi.defByStart) return fi.defByStart.get(start);
  const starts = fi.starts;
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && starts[lo - 1] === start ? lo - 1 : undefined;
}

/** Def.start of every def, in def order (defAt() searches them). */
export function defStarts(defs: readonly { start: number }[]): Int32Array {
  const starts = new Int32Array(defs.length);
  for (let i = 0; i < defs.length; i++) starts[i] = defs[i]!.start;
  return starts;
}

/** defByStart for defs listed in start order, null; else the Map. */
export function defIndex(defs: readonly { start: number }[]): Map<number, number> | null {
  for (let i = 1; i < defs.length; i++) if (defs[i]!.start < defs[i - 1]!.start) return new Map(defs.map((d, j) => [d.start, j]));
  return null;
}

/** FileInfo.kinds: a def's kind as a number. */
export const KIND = { function: 0, method: 1, class: 2, object: 3, main: 4 } as const satisfies Record<DefKind, number>;

/** KIND of every def, in def order. */
export function defKinds(defs: readonly { kind: DefKind }[]): Uint8Array {
  const kinds = new Uint8Array(defs.length);
  for (let i = 0; i < defs.length; i++) kinds[i] = KIND[defs[i]!.kind];
  return kinds;
}

/** A function or method (KIND 0 or 1). */
export const callable = (fi: FileInfo, def: number): boolean => fi.kinds[def]! <= KIND.method;

export type Value =
  | { k: "def"; fi: FileInfo; def: number }
  /** `self`: the instance may be of a subclass, whose methods a base class method can call. */
  /** `site`: where it was made (`x = C(a)`), for attributes __init__ sets from its parameters. */
  | { k: "inst"; fi: FileInfo; def: number; self?: true; site?: ArgSite }
  | { k: "mod"; fi: FileInfo | null; dir: string | null }
  /** `returned`: the package's value came back from a call (`_(x)`, `express()`), not a function of it. */
  /**
   * `derived`: a member of something a package call returned (`express().use`): a use when
   * called, but not a package function when merely passed around.
   */
  | { k: "ext"; module: string; member: string[]; returned?: boolean; derived?: boolean }
  /** A Python dict/list/tuple/set literal, its items resolved where it was written. */
  | { k: "coll"; fi: FileInfo; scope: number; items: { key: string; ref: Ref }[]; length?: number; of?: PyLiteral }
  /** A method of a dict/list literal (`d.values`, `d.get`), so calling it gives its items. */
  | { k: "cmeth"; coll: Extract<Value, { k: "coll" }>; name: string }
  /** Python `super()`: member lookups continue along `rest`, the MRO after the current class. */
  | { k: "super"; fi: FileInfo; rest: Value[] };

/**
 * A Python import (Resolver.pyImport()): the modules it runs, the module itself, and its
 * submodules asked for by name (null: none of that name); or why it runs none of ours.
 */
export type PyImport =
  | { runs: readonly Value[]; module: Value; subs: SmallMap<string, Value | null> | null }
  | "external" | "missing";

/** A call site that binds arguments to a function's parameters; `offset` 1 skips a bound `self`. */
export interface ArgSite {
  fi: FileInfo;
  scope: number;
  args: Arg[];
  offset: number;
  /**
   * Which call of its file made it (with `items`: the callback slot of an iteration method).
   */
  call?: number;
  items?: true;
  /** The flow round that found it (0 first): a list of sites is in round order, then call order. */
  round?: number;
  /** An instance's site: the call (a fact's own root, one per call written) that made it (resolve-roots.ts callRoot). */
  made?: object;
}

export const NO_SITES: readonly ArgSite[] = Object.freeze([]);

/** Builtins are named `<builtin>.name` (pycg convention); they are never packages. */
export const BUILTIN = "<builtin>";

/**
 * Methods of Python literals are builtins named by the literal's type the way PyCG writes them:
 * `<**PyStr**>.join`, `<**PyDict**>.items` (a builtin value whose first member is the type).
 */
export const PY_TYPES: Record<PyLiteral | "str", string> = {
  str: "<**PyStr**>", dict: "<**PyDict**>", list: "<**PyList**>", tuple: "<**PyTuple**>", set: "<**PySet**>",
};
export const TYPE_NAMES: ReadonlySet<string> = new Set(Object.values(PY_TYPES));

/** A Python literal itself (`<**PyStr**>`, not its method): calling one raises, so it is never a callee (`def f(cb="x"): cb()`). */
export function isPyLiteral(v: Extract<Value, { k: "ext" }>): boolean {
  return v.module === BUILTIN && v.member.length === 1 && TYPE_NAMES.has(v.member[0]!);
}

/**
 * The kept form of every empty answer: an empty array literal takes 72 bytes, and a third of the
 * memoised answers are empty. Frozen: answers are shared with their callers, never changed.
 */
export const NONE: Value[] = Object.freeze([]) as unknown as Value[];

/**
 * What argparse's `parser.parse_args()` returns: a Namespace of the program's own values, whose
 * attributes are what `set_defaults(name=v)` calls give (resolve-members.ts argparseDefault); no
 * package name (`args.func(args)` is no `...parse_args.func`). "<Namespace>" is no attribute name.
 */
export const ARGPARSE_NAMESPACE: Value = Object.freeze({ k: "ext", module: "argparse", member: Object.freeze(["<Namespace>"]) as string[], returned: true }) as Value;
export const isArgparseNamespace = (v: Value): boolean => v.k === "ext" && v.module === "argparse" && v.member.length === 1 && v.member[0] === "<Namespace>";
/** The global object, as `globalThis` names it (one shared answer, as STR). */
export const GLOBAL_THIS: Value[] = [{ k: "ext", module: BUILTIN, member: ["globalThis"] }];

export const MAX_DEPTH = 24;
/** Attributes a package value's name may have (`yaml.Loader.construct_mapping` has 2): see member(). */
export const EXT_DEPTH = 8;
/** Memoised answers being computed at once (a stack bound: alias chains through many files). */
export const MAX_LEVEL = 1024;
/** resolve() calls one inside another (a stack bound; about 4 frames each). */
export const MAX_NESTING = 4096;
/** Recomputations of a cycle's first answer until its answers stop growing. */
export const MAX_FIXPOINT = 8;
/** Questions asked again after their chain was cut, one inside another (memoised()). */
export const MAX_RETRIES = 64;
/**
 * Values an answer keeps; the rest are not followed (an explosion bound). A call whose answer
 * lost some (Resolver.losses) is a dynamic site (graph.ts), so a negative verdict says so.
 */
export const MAX_VALUES = 24;
/**
 * Answers cut to MAX_VALUES so far (cap()); read through Resolver.losses. A field of a constant
 * object: a module-level `let` read in resolve() cost assembly ~5%.
 */
export const LOST = { count: 0 };
