// References as plain data (Ref: a root and a member path) and the synthetic member names both
// languages share (items of containers, generator returns, map entries), with the smallest helpers
// every reference reader uses.
import type { Node } from "web-tree-sitter";

export type Root =
  | { t: "name"; name: string }
  | { t: "this" }
  /** Python `cls` in a classmethod: the class itself, not an instance. */
  | { t: "cls" }
  /** Python `super(B, self)`: `cls` names B, the class whose MRO successor is looked up (else the enclosing one). */
  | { t: "super"; cls?: string }
  /** JS specifier ("lodash", "./util") or Python module (".models", "yaml"). */
  | { t: "module"; spec: string; req?: true }
  /** An inline function/class/object literal that is itself a definition (index in FileFacts.defs). */
  | { t: "def"; start: number }
  /** The value a call returns (instances of classes, builder objects of packages). */
  /** `or`: what the name means when the call's result is unknown (a decorated function). */
  /** `args`: Python `x = C(a)`, so the instance made there knows what its __init__ was given. */
  /** `sub`: Python `except E as e`, an instance of E or of any subclass (what was raised). */
  /** `op`: Python `a + b` read as `a.__add__(b)`, our method's result only (an operator is no call). */
  /** `n`: Python `x = C(a)`, which such binding of the file it is (equal texts are two calls: ArgSite.made). */
  | { t: "call"; callee: Ref; or?: Ref; args?: { name: string | null; ref: Ref | null }[]; sub?: true; op?: true; n?: number }
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

export function bareName(memo: Map<string, Ref>, name: string): Ref {
  let ref = memo.get(name);
  if (ref === undefined) memo.set(name, (ref = { root: { t: "name", name }, path: [] }));
  return ref;
}

/** Longest member/call chain we follow; longer chains are generated code, not worth resolving. */
export const MAX_STEPS = 64;

export type Step = { k: "member"; name: string } | { k: "call"; args?: { name: string | null; ref: Ref | null }[] } | { k: "new" };

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

export const MAP_ENTRY = "[entry]";

/**
 * The path step of what iterating a value gives where a plain object cannot be iterated
 * (`Array.from(o)`): "[*]" (any item) but of no JS object literal with named keys only.
 */
export const ITER_ITEM = "[iter]";

/** The name a file's rejection reasons are bound to for `Promise.allSettled` outcomes' `reason`. */
export const SETTLED_REASON = "\u0001reason";

/** A JS call's first argument (`args`: its `arguments` node), or null. */
export function firstArgument(args: Node | null): Node | null {
  return args?.type === "arguments" ? args.namedChild(0) : null;
}

/** Items of a literal we keep; bigger literals are data tables, not dispatch tables. */
export const MAX_ITEMS = 64;

/** Nested literals followed (`[(f, g), h]`); deeper ones are data, and recursion stays bounded. */
export const MAX_NESTING = 3;

/**
 * The key of an item stored as `d[fn.__name__] = fn` (facts-py-stores.ts itemAssign): the name of each
 * function or class fn holds (resolve.ts `namedItem`), not any key.
 */
export const NAME_KEY = "[.__name__]";

/** The module spec of a Python file's own module (`sys.modules[__name__]`): resolve-imports.ts reads it relative to the file. */
export const PY_SELF_MODULE = "<self>";

/** fold() from a Ref: its own path comes first. */
export function foldRef(ref: Ref, steps: Step[]): Ref {
  return steps.length === 0 ? ref : fold(ref.root, [...steps, ...ref.path.map((name): Step => ({ k: "member", name })).reverse()]);
}

/** Steps were collected outside-in; apply them inside-out onto the root. */
export function fold(root: Root, steps: Step[]): Ref {
  let ref: Ref = { root, path: [] };
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    if (step.k === "member") ref.path.push(step.name);
    else if (step.k === "call" && step.args) ref = { root: { t: "call", callee: ref, args: step.args }, path: [] };
    else ref = { root: step.k === "call" ? { t: "call", callee: ref } : { t: "new", callee: ref }, path: [] };
  }
  return ref;
}
