// JavaScript implicit conversions: operators and template literals that call an object's
// valueOf/toString/[Symbol.toPrimitive].
import type { Node } from "web-tree-sitter";
import { endRowOf } from "./wasm-node.ts";
import { field } from "./fields.ts";
import type { CallFact } from "./fact-types.ts";
import { callScope, type Ctx } from "./fact-ctx.ts";

/**
 * `jsArgs`: a JS call's arguments, read in the definition pass. No closure here reads its
 * variables: JavaScriptCore would then make an environment object at every call (every
 * reference match), closure made or not.
 */
export const NUMBER_OPERATORS = new Set(["+", "-", "*", "/", "%", "**", "<", ">", "<=", ">="]);
const CONVERTIBLE = new Set(["identifier", "member_expression", "new_expression", "this"]);
const CONVERT_BITS: Record<NonNullable<CallFact["convert"]>, number> = { string: 1, number: 2, json: 4, then: 8, instance: 16, asyncDispose: 32 };

/**
 * An operand converted to a primitive: a call of its `[Symbol.toPrimitive]`/`toString`/`valueOf`
 * (`toJSON` for "json"), resolved once the project's converters are known (graph.ts). A name
 * converted again in the same scope (`y > 7`, `y - 5`, `${y}`) calls the same converters: its
 * first site stands for the rest.
 */
export function conversionFact(ctx: Ctx, converted: Node, convert: NonNullable<CallFact["convert"]>): void {
  const scope = callScope(ctx, converted);
  const type = converted.type;
  let text: string | undefined;
  if (type === "identifier") {
    // By scope, then name, a bit per hint: a "scope\0hint\0name" key string per site (100k sites
    // per 222k generated JS lines) cost a concatenation and its hash each.
    let names = (ctx.converted ??= new Map()).get(scope);
    if (!names) ctx.converted.set(scope, (names = new Map()));
    text = converted.text;
    const seen = names.get(text) ?? 0;
    const bit = CONVERT_BITS[convert];
    if ((seen & bit) !== 0) return;
    names.set(text, seen | bit);
  }
  // (The type and text already read: ctx.ref reads the same node the same way.)
  const ref = text === undefined ? ctx.ref(converted, type) : ctx.ref(converted, type, text);
  if (ref) ctx.facts.calls.push({ scope, ref, line: endRowOf(converted) + 1, kind: "call", convert });
}

/** Operator tokens of binary_expression (an anonymous node's type is its text). */
const BINARY_OPERATORS = new Set([
  "&&", "||", "??", ">>", ">>>", "<<", "&", "^", "|", "+", "-", "*", "/", "%", "**",
  "<", "<=", "==", "===", "!=", "!==", ">=", ">", "instanceof", "in",
]);

/**
 * A binary expression's operator, as `field(binary, "operator")?.type` reads it: the source
 * between its two operands is the operator token and whitespace, unless a comment or an error
 * is there too (then it is no operator's text, and the field is read). One slice of the text
 * instead of a crossing into WASM and a node per binary expression (87k per 222k JS lines).
 */
export function binaryOperator(binary: Node, left: Node | undefined, right: Node | undefined): string | undefined {
  if (left && right) {
    const start = binary.startIndex;
    const between = binary.text.slice(left.endIndex - start, right.startIndex - start).trim();
    if (BINARY_OPERATORS.has(between)) return between;
  }
  return field(binary, "operator")?.type;
}

/**
 * An operand's conversion fact, told where the matches reach it. (The closure is made here, not in
 * referenceFacts: one there over its variables made JavaScriptCore allocate their environment at
 * every reference match.)
 */
export function laterConversion(ctx: Ctx, operand: Node, convert: NonNullable<CallFact["convert"]>): void {
  ctx.later.add(operand.startIndex, () => conversionFact(ctx, operand, convert));
}

/** Each convertible operand's fact, told where the matches reach it (as its own pattern did). */
export function binaryConversions(ctx: Ctx, left: Node | undefined, right: Node | undefined): void {
  // (Left, then right; no list of the two and no closure here over a loop's variable: one per
  // binary expression, 87k per 222k generated JS lines.)
  if (left && CONVERTIBLE.has(left.type)) laterConversion(ctx, left, "number");
  if (right && CONVERTIBLE.has(right.type)) laterConversion(ctx, right, "number");
}
