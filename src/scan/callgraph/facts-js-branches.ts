// JavaScript control flow for rebinding: which statements leave early, straight-line code, and the
// branches of if/else chains and switches whose bindings together replace a name's earlier value.
import type { Node } from "web-tree-sitter";
import { branchRanges } from "./branch-groups.ts";
import { endRowOf, lineOf as line } from "./wasm-node.ts";
import { type Ctx, type JsBranch, type Reassign } from "./fact-ctx.ts";

const LOOPS = new Set(["for_statement", "for_in_statement", "while_statement", "do_statement", "switch_statement"]);
export const NESTED_CODE = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function_declaration", "generator_function", "class_declaration", "class"]);

/** Whether a `for...of` body leaves the loop early: a `return`, a labelled `break`, or a `break` of this loop (not of a loop or switch inside it). */
export function leavesEarly(body: Node | null): boolean {
  if (!body) return false;
  const text = body.text;
  if (!text.includes("break") && !text.includes("return")) return false;
  const stack: [Node, boolean][] = [[body, false]];
  let n = 0;
  while (stack.length > 0 && n++ < 2000) {
    const [node, inner] = stack.pop()!;
    const t = node.type;
    if (t === "return_statement") return true;
    if (t === "break_statement") {
      if (!inner || node.namedChildCount > 0) return true;
      continue;
    }
    if (NESTED_CODE.has(t)) continue;
    const deeper = inner || LOOPS.has(t);
    for (const c of node.namedChildren) if (c) stack.push([c, deeper]);
  }
  return false;
}

const STRAIGHT_STATEMENTS = new Set(["expression_statement", "return_statement", "lexical_declaration", "variable_declaration"]);

/** Bodies whose statements run once, in order, each time their code runs. */
export const JS_BODIES = new Set(["function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function_declaration", "generator_function"]);

/**
 * Whether an expression (an assignment, a call) is a statement of its module or function body:
 * it runs once each time that code runs, after the statements before it (not in a block, a loop,
 * a condition). Asked only for reassigned names: `parent` walks down from the root.
 */
export function jsStraight(expr: Node): boolean {
  let statement = expr.parent;
  // `return p()`, `const r = p()` run in order as `p();` does.
  if (statement?.type === "variable_declarator") statement = statement.parent;
  if (!statement || !STRAIGHT_STATEMENTS.has(statement.type)) return false;
  const body = statement.parent;
  if (body?.type === "program") return true;
  return body?.type === "statement_block" && JS_BODIES.has(body.parent?.type ?? "");
}

const JS_EXITS = new Set(["return_statement", "throw_statement", "continue_statement", "break_statement"]);

export function jsBranch(expr: Node): JsBranch | null {
  const statement = expr.parent;
  if (statement?.type !== "expression_statement") return null;
  let branch: Node = statement;
  const holder = statement.parent;
  if (holder?.type === "switch_case" || holder?.type === "switch_default") {
    const sw = holder.parent?.parent;
    if (sw?.type !== "switch_statement") return null;
    const body = sw.parent;
    const straight = body?.type === "program" || (body?.type === "statement_block" && JS_BODIES.has(body.parent?.type ?? ""));
    return straight ? { stmt: sw.startIndex, first: line(sw), last: endRowOf(sw) + 1, branch: holder.startIndex, need: switchBranches(sw) } : null;
  }
  if (holder?.type === "statement_block") branch = holder;
  let up = branch.parent;
  if (up?.type === "else_clause") up = up.parent;
  if (up?.type !== "if_statement") return null;
  while (up.parent?.type === "else_clause" && up.parent.parent?.type === "if_statement") up = up.parent.parent;
  const body = up.parent;
  const straight = body?.type === "program" || (body?.type === "statement_block" && JS_BODIES.has(body.parent?.type ?? ""));
  return straight ? { stmt: up.startIndex, first: line(up), last: endRowOf(up) + 1, branch: branch.startIndex, need: jsBranches(up) } : null;
}

function jsBranches(stmt: Node): number[] | null {
  const need: number[] = [];
  const goesOn = (n: Node): boolean => {
    const last = n.type === "statement_block" ? n.namedChildren.filter((c) => c?.type !== "comment").at(-1) : n;
    return !last || !JS_EXITS.has(last.type);
  };
  let at: Node | null = stmt;
  for (let depth = 0; at && depth < 64; depth++) {
    const consequence: Node | null = at.childForFieldName("consequence");
    if (!consequence) return null;
    if (goesOn(consequence)) need.push(consequence.startIndex);
    const otherwise: Node | null = at.childForFieldName("alternative")?.namedChildren.find((c) => c?.type !== "comment") ?? null;
    if (!otherwise) return null;
    if (otherwise.type === "if_statement") at = otherwise;
    else {
      if (goesOn(otherwise)) need.push(otherwise.startIndex);
      return need;
    }
  }
  return null;
}

/**
 * The cases of a switch with a `default` that go on past it (their starts): each that has
 * statements and does not end in return/throw/continue (`break` leaves the switch and goes on). A
 * case with no statements falls into the next. Null without a default.
 */
function switchBranches(sw: Node): number[] | null {
  const cases = sw.childForFieldName("body")?.namedChildren ?? [];
  if (!cases.some((c) => c?.type === "switch_default")) return null;
  const need: number[] = [];
  for (const c of cases) {
    if (c?.type !== "switch_case" && c?.type !== "switch_default") continue;
    const body = c.childrenForFieldName("body").filter((n) => n && n.type !== "comment");
    const last = body.at(-1);
    if (last && last.type !== "return_statement" && last.type !== "throw_statement" && last.type !== "continue_statement") need.push(c.startIndex);
  }
  return need;
}

/**
 * `let f = a; if (c) { f = b; } else { f = g; } f()`: an if/else chain whose every branch that goes
 * on reassigns f is one reassignment holding any of those values (when they are all the bindings
 * of f in between).
 */
export function branchGroups(list: NonNullable<Ctx["branchReassigns"]>): Reassign[] {
  return branchRanges(list, (b) => b.need).map(({ first, from, to }) => (
    { scope: first.scope, name: first.name, index: to, from: first.first, to: first.last, wrap: false, straight: true, group: from }
  ));
}
