// The state Python fact extraction threads through its handlers (PyCtx) and helpers they share.
import type { Arg, CallFact, FactsDraft } from "./fact-types.ts";
import { ALL_OPEN } from "./fact-types.ts";
import type { BranchBinding } from "./branch-groups.ts";
import type { Def } from "./scopes.ts";
import type { Node } from "web-tree-sitter";
import { type Ref, type Root, stringLiteral } from "./ref-types.ts";
import { calleeNames } from "./queries.ts";
import { field } from "./fields.ts";

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
   * `def f` / `class C` / import statements of a scope's body (facts-py-captures.ts defKills, importKill):
   * kills too, once the file is done, of names bound more than once (a name bound once has no
   * earlier value to tell apart, and is left to the resolver's memoised lookup).
   */
  statementKills: { scope: number; name: string; index: number; line: number }[];
  /**
   * Per dynamic fact, the start of the node where a query match would have reported it: facts are
   * found when the call handler reads the callee, and put back in that order (`pyDynamicOrder`).
   */
  dynamicAt: number[];
  /** Calls by start that run in another scope than where they are written (fact-ctx.ts callScope). */
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
  /** `parse = staticmethod(parse)` / `render = render`, the class body's first binding of the name (`classOuterReads`). */
  classOuter?: { scope: number; name: string; count: number; def: number }[];
  /** `name = C(...)` in a class body (C a plain name): its binding's index (`descriptors`). */
  classAttrs?: { scope: number; name: string; index: number; cls: string }[];
  /** `g.send(v)` with g a plain name: scope, g and v (`sentValues`). */
  sends?: { scope: number; name: string; value: Ref; line: number }[];
  /** `nameCalls`, once made. */
  nameCalls?: Map<string, CallFact[] | null>;
  /** facts-py-kills.ts callsByMethod: per attribute name, the calls by it (null: named otherwise too). */
  methodCallsByName?: Map<string, CallFact[] | null>;
  /**
   * Names a comprehension's `for` binds, by scope, with its lines: the binding is the
   * comprehension's own (Python 3), so reads outside those lines may ignore it (`lastKill`).
   */
  comprehended?: Map<number, Map<string, { from: number; to: number; index: number }[]>>;
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
  /** `_magic = property` at the module's top, assigned once: the marker decorator each such name is (facts-py-classes.ts `markerAliases`). */
  markerAliases?: Map<string, string>;
  /** `o.attr = v`: a call of a property setter of ours named attr, if any, given v (`setterStores`). */
  setterStores?: { scope: number; obj: Node | Ref; attr: string; value: Ref; line: number }[];
}

/** Most arguments kept per call; generated code can pass thousands. */
export const MAX_ARGS = 32;

/** grammars/python/callees.scm's names, read once. */
let pyCallees: {
  eval: ReadonlySet<string>; attr: ReadonlySet<string>; load: ReadonlySet<string>; loadModule: ReadonlySet<string>;
  loadFunction: ReadonlySet<string>; update: ReadonlySet<string>; all: ReadonlySet<string>;
} | null = null;

export function pyCalleeNames(): NonNullable<typeof pyCallees> {
  const of = (role: string): ReadonlySet<string> => calleeNames("python", role);
  return (pyCallees ??= {
    eval: of("eval.call"), attr: of("attr.call"), load: of("load.call"), loadModule: of("load.module"),
    loadFunction: of("load.function"), update: of("update.method"), all: of("all.name"),
  });
}

/** The named arguments of a call, or null when it has none in an argument list. */
export function argumentList(call: Node): Node | null {
  const args = field(call, "arguments");
  return args?.type === "argument_list" ? args : null;
}

/**
 * The string items of a list or tuple literal given to `__all__` (`=`, `+=`, `.extend`). Anything
 * else given (`core.__all__`, `[*io.__all__, "b"]`, `a.__all__ + b.__all__`) adds ALL_OPEN: names
 * we cannot list, so `from m import *` takes the public ones as well as those listed.
 */
export function allNames(ctx: PyCtx, value: Node): void {
  const names: string[] = [];
  if (value.type !== "list" && value.type !== "tuple") names.push(ALL_OPEN);
  else {
    for (const c of value.namedChildren) {
      const item = c ? stringLiteral(c) : null;
      if (item !== null && names.length < 4096) names.push(item);
      else if (item === null && c?.type !== "comment" && !names.includes(ALL_OPEN)) names.push(ALL_OPEN);
    }
  }
  ctx.facts.allNames = [...(ctx.facts.allNames ?? []), ...names];
}

/** Name `name` as one of class `d`'s own attributes (Def.fields). */
export function addField(d: Def, name: string): void {
  if (d.kind !== "class") return;
  if (!d.fields) d.fields = [name];
  else if (!d.fields.includes(name) && d.fields.length < 1024) d.fields.push(name);
}

/** The name the def `fn` is bound to, once and to nothing else, in its scope; null if none is. */
export function boundName(facts: FactsDraft, fn: number): string | null {
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
 * `fresh`: the value does not name the name (`lastBefore`). `sibling`: a block of an `if` or
 * `elif`: reads after the block up to this last line of the if statement are in its other
 * branches and never see the assignment.
 */
export type Kill = { index: number; line: number; stmt?: true; from?: number; first?: number; fresh?: true; block?: number; loop?: boolean; sibling?: number };

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

export const PY_LOOPS = new Set(["for_statement", "while_statement", "class_definition", "lambda", "function_definition"]);
