// JavaScript/TypeScript-only parts of fact extraction: parameter names (for parameter flow),
// call arguments, and what happens to anonymous functions (passed on, returned, called at once).
import type { Node } from "web-tree-sitter";

/** Parameter names in order; "" for a destructured parameter (it binds no single value). */
export function jsParams(fn: Node): string[] {
  const single = fn.childForFieldName("parameter");
  if (single) return [single.type === "identifier" ? single.text : ""];
  const list = fn.childForFieldName("parameters");
  if (!list) return [];
  const out: string[] = [];
  for (const p of list.namedChildren) {
    if (!p || p.type === "comment") continue;
    out.push(paramName(p));
  }
  return out;
}

/** Names a destructured or rest parameter binds: they shadow outer names but receive no flow. */
export function jsParamShadows(fn: Node): string[] {
  const list = fn.childForFieldName("parameters");
  const out: string[] = [];
  for (const p of list?.namedChildren ?? []) {
    if (!p || paramName(p) !== "") continue;
    for (const id of p.descendantsOfType(["identifier", "shorthand_property_identifier_pattern"])) {
      if (id && out.length < 64) out.push(id.text);
    }
  }
  return out;
}

function paramName(p: Node): string {
  let n: Node | null = p;
  // TypeScript wraps parameters (`x: T`, `x?: T`, `public x`); defaults are `x = v`.
  if (n.type === "required_parameter" || n.type === "optional_parameter") n = n.childForFieldName("pattern");
  if (n?.type === "assignment_pattern") n = n.childForFieldName("left");
  return n?.type === "identifier" ? n.text : "";
}

/** The argument expressions of a call or `new` (spread arguments end the positional list). */
export function jsArgs(call: Node): Node[] {
  const args = call.childForFieldName("arguments");
  if (!args || args.type !== "arguments") return [];
  const out: Node[] = [];
  for (const a of args.namedChildren) {
    if (!a || a.type === "comment") continue;
    if (a.type === "spread_element" || out.length >= 32) break;
    out.push(a);
  }
  return out;
}

export const JS_FUNCTION_LITERALS = new Set(["function_expression", "arrow_function", "generator_function", "function"]);
