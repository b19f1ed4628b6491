// Python control flow read from syntax: code after a statement that always leaves (return, raise,
// `sys.exit()`, `while True` without break) is dead; straight-line code; `match` narrowing; a
// definition's ancestors.
import type { FactsDraft } from "./fact-types.ts";
import type { Node } from "web-tree-sitter";
import { descend, endOfWords, type NodeWords, nodeOfWords, nodeWords } from "./wasm-node.ts";
import type { Ref } from "./ref-types.ts";
import { field } from "./fields.ts";
import { PY_LOOPS } from "./facts-py-ctx.ts";
import { constTruth } from "./refs-py-strings.ts";

/** A new file: forget the previous file's dead-code block ends and `match` narrowings. */
export function beginPyFlow(): void {
  blockEnds = new Map();
  neverRuns = new Map();
  narrowings = [];
  stopTree = null;
}

/** `case Circle():` on a subject name: in that case's body (its lines), the name is a Circle. */
export let narrowings: { scope: number; name: string; from: number; to: number; made: Ref }[] = [];

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
  // The ancestors by one descent (pyAncestors), not `.parent` per level, itself a descent from
  // the root each (a fifth of Python extraction); a block is made a Node only to read its end.
  const up = pyAncestors(node);
  if (up.length > 0 && (up[0] as Partial<NodeWords>).id === undefined) return pyDeadCodeUp(node);
  for (let i = up.length - 1; i >= 0; i--) {
    const block = up[i]!;
    if (BRANCHING.has(block.type) && branchNeverRuns(node, block as NodeWords, i + 1 < up.length ? up[i + 1]!.start : node.startIndex)) return true;
    if (block.type !== "block") continue;
    let end = blockEnds.get(block.start);
    if (end === undefined) end = blockEnd(nodeOfWords(node.tree, block as NodeWords));
    if ((i + 1 < up.length ? up[i + 1]!.start : node.startIndex) >= end) return true;
  }
  return false;
}

/** Ancestors one of whose branches a constant condition may rule out (branchNeverRuns). */
const BRANCHING = new Set(["if_statement", "elif_clause", "else_clause", "while_statement", "for_statement", "boolean_operator", "conditional_expression"]);
/** Per branching node and the start of its child holding a call: whether that child never runs. */
let neverRuns = new Map<number | string, boolean>();
/** BRANCHING's types, numbered for neverRuns' keys. */
const BRANCH_TYPES = [...BRANCHING];
/** Offsets below this make a numeric key of neverRuns (exact in a double: 2^22 · 8 · 2^22 < 2^53). */
const KEY_OFFSETS = 1 << 22;

/**
 * Whether the child of a branching node starting at `childStart` is a branch a constant condition
 * rules out: the body of `if False:` / `if 0:` / `if not True:` / `if TYPE_CHECKING:` (and of such
 * an `elif`), every branch after an `if True:` (its `elif`s and `else`), the body of `while False:`
 * and of `for x in []:`,
 * the `else:` of `while True:` (its condition never turns false), the `else:` of a `for` over a
 * non-empty literal whose body leaves by `break` (or `return`/`raise`) on its first run, the right
 * operand of `False and x` / `True or x`, and the unchosen value of `a if True else b`.
 */
function branchNeverRuns(node: Node, words: NodeWords, childStart: number): boolean {
  // The node's start, type and the child's start: a number (no string made and hashed per call
  // and branching ancestor), a string for offsets too large for one.
  const key = words.start < KEY_OFFSETS && childStart >= 0 && childStart < KEY_OFFSETS ? (words.start * 8 + BRANCH_TYPES.indexOf(words.type)) * KEY_OFFSETS + childStart : `${words.start}:${words.type}:${childStart}`;
  let dead = neverRuns.get(key);
  if (dead === undefined) {
    dead = branchDead(nodeOfWords(node.tree, words), childStart);
    neverRuns.set(key, dead);
  }
  return dead;
}

function branchDead(n: Node, childStart: number): boolean {
  const type = n.type;
  if (type === "if_statement") return field(n, "consequence")?.startIndex === childStart && constTruth(field(n, "condition"), 0) === false;
  if (type === "elif_clause") {
    if (field(n, "consequence")?.startIndex !== childStart) return false;
    return constTruth(field(n, "condition"), 0) === false || earlierBranchTaken(n);
  }
  if (type === "while_statement") {
    if (field(n, "body")?.startIndex === childStart) return constTruth(field(n, "condition"), 0) === false;
    return false;
  }
  if (type === "for_statement") {
    // `for x in []:` / `()`: the body never runs.
    const iter = field(n, "right");
    return field(n, "body")?.startIndex === childStart && (iter?.type === "list" || iter?.type === "tuple") && iter.namedChildCount === 0;
  }
  if (type === "else_clause") {
    const owner = n.parent;
    if (!owner || field(n, "body")?.startIndex !== childStart) return false;
    if (owner.type === "if_statement") return earlierBranchTaken(n);
    // A `try`'s `else:` runs only when its body finishes: not after one that always leaves.
    if (owner.type === "try_statement") return blockStops(field(owner, "body"), 0);
    if (owner.type === "while_statement") return constTruth(field(owner, "condition"), 0) === true;
    if (owner.type === "for_statement") {
      const iter = field(owner, "right");
      return (iter?.type === "list" || iter?.type === "tuple") && iter.namedChildCount > 0 && !iter.namedChildren.some((k) => k?.type === "list_splat") && leavesOnFirstRun(field(owner, "body"));
    }
    return false;
  }
  if (type === "boolean_operator") {
    const left = field(n, "left");
    if (!left || field(n, "right")?.startIndex !== childStart) return false;
    const op = field(n, "operator")?.type ?? n.child(1)?.type;
    const v = constTruth(left, 0);
    return (op === "and" && v === false) || (op === "or" && v === true);
  }
  if (type === "conditional_expression" && n.namedChildCount === 3) {
    const v = constTruth(n.namedChild(1), 0);
    if (v === undefined) return false;
    return (v ? n.namedChild(2) : n.namedChild(0))?.startIndex === childStart;
  }
  return false;
}

/** An `elif`/`else` of an `if` whose own condition or an earlier `elif`'s is constant true. */
function earlierBranchTaken(clause: Node): boolean {
  const owner = clause.parent;
  if (!owner || owner.type !== "if_statement") return false;
  if (constTruth(field(owner, "condition"), 0) === true) return true;
  for (const alt of owner.childrenForFieldName("alternative")) {
    if (!alt || alt.startIndex >= clause.startIndex) break;
    if (alt.type === "elif_clause" && constTruth(field(alt, "condition"), 0) === true) return true;
  }
  return false;
}

/** A loop body whose first statement that stops is a `break`/`return`/`raise` at its top, with no `continue` of its own before it. */
function leavesOnFirstRun(body: Node | null): boolean {
  if (!body) return false;
  for (const c of body.namedChildren) {
    if (!c) continue;
    const t = c.type;
    if (t === "break_statement" || t === "return_statement" || t === "raise_statement") return true;
    if (t === "continue_statement" || (t !== "expression_statement" && t !== "pass_statement" && /\bcontinue\b/.test(c.text))) return false;
  }
  return false;
}

/** pyDeadCode by walking up with `.parent` (when the descent failed: never expected). */
function pyDeadCodeUp(node: Node): boolean {
  for (let a: Node | null = node; a?.parent; a = a.parent) {
    const block = a.parent;
    if (block.type !== "block") continue;
    const end = blockEnds.get(block.startIndex) ?? blockEnd(block);
    if (a.startIndex >= end) return true;
  }
  return false;
}

/** Where a block's code stops running (its first statement that terminates), kept by its start. */
function blockEnd(block: Node): number {
  let end = Infinity;
  if (!mayStop(block)) {
    blockEnds.set(block.startIndex, end);
    return end;
  }
  for (const c of block.namedChildren) {
    if (c && terminates(c, 0)) {
      end = c.endIndex;
      break;
    }
  }
  blockEnds.set(block.startIndex, end);
  return end;
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
  if (depth > 6 || !mayStop(c)) return false;
  if (type === "if_statement") {
    // Not without an `else:` (its alternatives are among its children: read from the tree's
    // memory, not by the field's cursor, as most `if`s have none).
    if (!hasElse(c)) return false;
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
  // (Not `with suppress(E):` / `pytest.raises(E)` / `self.assertRaises(E)`: an error the body's
  // return expression raises is swallowed there and the code after runs.)
  if (type === "with_statement") {
    const body = field(c, "body");
    if (SWALLOWING_WITH.test(c.text.slice(0, (body?.startIndex ?? c.endIndex) - c.startIndex))) return false;
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
    const callee = call?.type === "call" ? field(call, "function")?.text ?? "" : "";
    if (NO_RETURN_CALLS.has(callee) && (callee.includes(".") || !ownsName(c, callee))) return true;
    return call?.type === "call" && field(call, "function")?.type === "identifier" && alwaysRaises(c, callee);
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

/** Whether an `if` statement has an `else_clause` child. */
function hasElse(c: Node): boolean {
  for (const k of c.namedChildren) if (k?.type === "else_clause") return true;
  return false;
}

const NO_RETURN_CALLS = new Set(["sys.exit", "exit", "quit", "os._exit", "os.abort"]);

/**
 * Every statement terminates() takes as stopping holds one of these words (`return`, `raise`,
 * `continue`, `break`, `while`, the ends of the calls above: `xit` of `exit`, so that no word's
 * end is another's start and a global search finds them all) or calls a function of the file that
 * always raises (alwaysRaises).
 */
const STOP_WORDS = /return|raise|continue|break|xit|quit|abort|while/g;
/** The file whose stop words are listed, and where they start, in order. */
let stopTree: object | null = null;
let stopAt: number[] = [];

/**
 * Whether a node may stop the code after it (terminates, blockStops): false when no stop word
 * starts inside it and the file has no function that always raises. Exact: only a node whose
 * answer is false is skipped, and the node lists and texts terminates() reads cost far more than
 * this (blockEnd was half of pyDeadCode on generated code, where most blocks hold no `return`).
 */
function mayStop(node: Node): boolean {
  const tree = node.tree as object;
  if (tree !== stopTree) {
    stopTree = tree;
    const text = (node.tree as { source?: string }).source ?? node.tree.rootNode.text;
    const at: number[] = [];
    STOP_WORDS.lastIndex = 0;
    for (let m = STOP_WORDS.exec(text); m !== null; m = STOP_WORDS.exec(text)) at.push(m.index);
    stopAt = at;
  }
  const start = node.startIndex;
  let lo = 0;
  let hi = stopAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (stopAt[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  if (lo < stopAt.length && stopAt[lo]! < node.endIndex) return true;
  // A call of a function that always raises stops with no stop word of its own (the set read as
  // it is now: while alwaysRaises reads the file, the functions read so far, as it answers).
  return raisingSet(node).size > 0;
}

/** Context managers that swallow what their body raises (terminates). */
const SWALLOWING_WITH = /\b(?:suppress|raises|assertRaises\w*|assertWarns\w*|ignored|ignore_errors)\s*\(/;

/** Per file: the names it defines, assigns or imports itself among exit/quit (terminates: a module's own `exit()` returns). */
const OWN_EXITS = new WeakMap<object, Set<string>>();
function ownsName(node: Node, name: string): boolean {
  const tree = node.tree as object;
  let own = OWN_EXITS.get(tree);
  if (!own) {
    own = new Set();
    const text = node.tree.rootNode.text;
    for (const m of text.matchAll(/\b(?:def|class|as)\s+(exit|quit)\b|^[ \t]*(exit|quit)\s*=(?!=)|^[ \t]*from\s+(?!sys\b|builtins\b)\S+\s+import\b[^\n]*\b(exit|quit)\b/gm)) own.add((m[1] ?? m[2] ?? m[3])!);
    OWN_EXITS.set(tree, own);
  }
  return own.has(name);
}

/** Names a file's code may rebind by a string (alwaysRaises: then no function of the file is sure to raise). */
const REBINDS_BY_STRING = /\b(?:globals|vars)\s*\(\s*\)|\bsetattr\s*\(|\bsys\.modules\b/;
/** Per file: its module-level functions that always raise (alwaysRaises). */
const RAISING = new WeakMap<object, Set<string>>();
/** Most module-level statements read for them (a bound on hostile files). */
const MAX_TOP_STATEMENTS = 4096;

/**
 * Whether `name()` called as a statement always raises: `name` is a plain (undecorated, not
 * async) function at the file's top level, its body's first statement that stops being a `raise`
 * (`def fail(): raise ValueError()`), no `yield` and no `return` in it (`if x > 0: return x` /
 * a loop's or a `try`'s `return` above the `raise` leaves normally:
 * `exceptions/q7_sometimes_raising_call_then_call`), and the name defined once and bound
 * nowhere else in the file (no assignment, import, parameter, loop or `as` target of that name;
 * no `globals()`/`vars()`/`setattr(`/`sys.modules` in the file, which may rebind it by a string:
 * `exceptions/q7_raising_function_replaced_through_globals`).
 */
function alwaysRaises(node: Node, name: string): boolean {
  return raisingSet(node).has(name);
}

/** The file's module-level functions that always raise (alwaysRaises), read on the first question. */
function raisingSet(node: Node): Set<string> {
  const tree = node.tree as object;
  let raising = RAISING.get(tree);
  if (!raising) {
    raising = new Set();
    // (Set first: a body read here calling another function asks again and finds those read so far.)
    RAISING.set(tree, raising);
    const root = node.tree.rootNode;
    const text = root.text;
    // (A function whose body stops at a `raise` holds the word: a file without it has none.)
    const count = text.includes("raise") && !REBINDS_BY_STRING.test(text) ? Math.min(root.namedChildCount, MAX_TOP_STATEMENTS) : 0;
    for (let i = 0; i < count; i++) {
      const d = root.namedChild(i);
      if (d?.type !== "function_definition" || d.child(0)?.type === "async") continue;
      const fname = field(d, "name")?.text;
      const body = field(d, "body");
      if (!fname || !body) continue;
      let raises = false;
      for (const k of body.namedChildren) {
        if (k && terminates(k, 1)) {
          raises = k.type === "raise_statement";
          break;
        }
      }
      if (!raises || /\b(?:yield|return)\b/.test(body.text)) continue;
      const defs = text.match(new RegExp(`\\bdef\\s+${fname}\\b`, "g"))?.length ?? 0;
      const bound = new RegExp(`(?:^|[^.\\w])${fname}\\s*(?:[-+*/%&|^@]|<<|>>|\\*\\*|//)?=(?!=)|\\b${fname}\\s*:=|\\bas\\s+${fname}\\b|\\bimport\\b[^\\n]*\\b${fname}\\b|\\b(?:global|nonlocal|for|lambda)\\b[^\\n:]*\\b${fname}\\b|\\bdef\\s+\\w+\\s*\\([^)]*\\b${fname}\\b`, "m");
      if (defs === 1 && !bound.test(text)) raising.add(fname);
    }
  }
  return raising;
}

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
/** The node that descent reached (its id; 0: none): asked again, its ancestors are that path. */
let lastTarget = 0;
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
    lastTarget = 0;
  }
  // The same node again (a call is asked for by pyDeadCode, then pyStraight): the same path.
  if (target === lastTarget) return lastPath;
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
      lastTarget = 0;
      return [];
    }
    down.push(nodeWords(root));
  }
  if (descend(down.at(-1)!, node, down, 100_000 - down.length)) {
    lastPath = down;
    lastTarget = target;
    return down;
  }
  lastPath = [];
  lastTarget = 0;
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
