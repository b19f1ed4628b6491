// Values that either operand of `a || b`, `a ?? b`, `a && b` or a ternary may hold.
import { JS_FUNCTION_LITERALS } from "./facts-js.ts";
import type { Node } from "web-tree-sitter";
import { field } from "./fields.ts";
import { type Ctx } from "./fact-ctx.ts";

/** A binary operand that may be either operand (the operator is checked again by eitherCallee). */
export const EITHER_MEMBER = /\|\||\?\?/;

/** Operators whose value is one of their operands. */
export const EITHER = new Set(["||", "??", "&&"]);
const EITHER_TEXT = /\|\||\?\?|&&/;

/**
 * Marks the function literals that are a bound value's operands (`c ? f : g`, `a || (g)`) kept,
 * as the binding holds them. (Deeper ones, `a || (c ? f : g)`, the binding does not read: they
 * still count as run where written.)
 */
export function keptOperands(ctx: Ctx, value: Node, type: string): void {
  if (type === "parenthesized_expression" && value.namedChildCount === 1) {
    value = value.namedChild(0)!;
    type = value.type;
  }
  for (let o of eitherOperands(value, type) ?? []) {
    if (o.type === "parenthesized_expression" && o.namedChildCount === 1) o = o.namedChild(0)!;
    if (JS_FUNCTION_LITERALS.has(o.type)) ctx.anonymousUses.set(o.startIndex, true);
  }
}

/** The operands a `c ? a : b` / `a || b` (`??`, `&&`) value may be; null for other operators. */
export function eitherOperands(value: Node, type: string): Node[] | null {
  // The operator is part of the expression's text: a binary expression whose text holds none of
  // EITHER's has none of them, and its operator field is not read from WASM (most are `a + b`).
  if (type === "binary_expression" && !EITHER_TEXT.test(value.text)) return null;
  const operands = type === "ternary_expression"
    ? [field(value, "consequence"), field(value, "alternative")]
    : EITHER.has(field(value, "operator")?.type ?? "") ? [field(value, "left"), field(value, "right")] : null;
  if (!operands) return null;
  // A chain `a ? f : b ? g : h` (and `c ? f : g || h`): each operand of the nested ones too.
  const out: Node[] = [];
  for (const n of operands) {
    if (n === null) continue;
    const nested = n.type === "ternary_expression" && out.length < 8 ? eitherOperands(n, n.type) : null;
    if (nested) out.push(...nested);
    else out.push(n);
  }
  return out;
}
