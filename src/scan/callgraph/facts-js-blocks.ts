// JavaScript block scoping: `let`/`const`/class names declared in a block hide outer names there.
import { type BlockName, setLocalNames } from "./refs-js-keys.ts";
import type { Node, Query } from "web-tree-sitter";
import { patternsCapturing } from "./captures.ts";
import { field } from "./fields.ts";
import { pyAncestors } from "./facts-py-flow.ts";
import { type NodeWords, nodeOfWords, queryMatches } from "./wasm-node.ts";

/** Nodes whose body is a function's scope (a block there is no block of its own). */
const JS_SCOPE_BODIES = new Set([
  "function_declaration", "function_expression", "arrow_function", "method_definition", "generator_function",
  "generator_function_declaration", "class_static_block",
]);
/** The captures blockShadows reads. */
const BLOCK_CAPTURES = new Set(["binding.declarator", "binding.loop", "catch.name", "name", "import.default", "import.namespace", "import.alias", "import.name"]);
/** Most block declarations renamed in a file. */
const MAX_BLOCK_NAMES = 64;

/**
 * JS block scoping, told before any Ref is made: a `let`/`const` declared in a block (not a
 * function's body), a `for (const x of ...)` and a `catch (e)` bind their name in that block only.
 * When the file declares the name elsewhere too (`function step` beside `for (const step of fs)`),
 * the block's identifiers of that name get a name of their own (refs-js-keys.ts `jsName`), so that the
 * function's other binding is not among their values, nor theirs among its uses. A block that
 * also declares a function or class of the name, or a function in it taking a parameter of
 * the name, keeps the plain name there (those bindings are made from definitions).
 */
export function blockShadows(matches: ReturnType<typeof queryMatches>, query?: Query): Map<string, BlockName[]> | null {
  // (A match of a pattern with none of the captures read below is skipped whole.)
  const reading = query ? patternsCapturing(query, "blockShadows", (name) => BLOCK_CAPTURES.has(name)) : null;
  const counts = new Map<string, number>();
  // Definitions' name nodes, by name (a candidate block looks at its own name's only).
  const defNames = new Map<string, Node[]>();
  let candidates: { name: string; block: Node }[] | null = null;
  const count = (name: string): void => void counts.set(name, (counts.get(name) ?? 0) + 1);
  let local: Set<string> | null = null;
  // Declarators and catches whose block is looked up once their name proves declared twice
  // (each step up the tree crosses into WASM).
  const pending: { name: string; node: Node; catch: boolean }[] = [];
  for (const { patternIndex, captures } of matches) {
    if (reading !== null && !reading[patternIndex]) continue;
    for (const c of captures) {
      const capName = c.name;
      if (capName === "binding.declarator") {
        const nameNode = captures.find((x) => x.name === "binding.name")?.node;
        if (nameNode?.type !== "identifier") continue;
        const name = nameNode.text;
        count(name);
        (local ??= new Set()).add(name);
        pending.push({ name, node: c.node, catch: false });
      } else if (capName === "binding.loop") {
        const left = field(c.node, "left");
        if (left?.type !== "identifier") continue;
        const name = left.text;
        count(name);
        const kind = field(c.node, "kind")?.type;
        if (kind === "const" || kind === "let") (candidates ??= []).push({ name, block: c.node });
      } else if (capName === "catch.name") {
        const name = c.node.text;
        count(name);
        pending.push({ name, node: c.node, catch: true });
      } else if (capName === "name" || capName === "import.default" || capName === "import.namespace" || capName === "import.alias" || capName === "import.name") {
        if (c.node.type !== "identifier") continue;
        const text = c.node.text;
        count(text);
        if (capName === "name") {
          const named = defNames.get(text);
          if (named) named.push(c.node);
          else defNames.set(text, [c.node]);
          (local ??= new Set()).add(text);
        }
      }
    }
  }
  setLocalNames(local);
  for (const p of pending) {
    if ((counts.get(p.name) ?? 0) < 2) {
      // `if (cb) { let cb = fallback; cb(); }`: a block's let/const hiding a parameter of the
      // function around it (parameters are not counted above).
      if (p.catch || !shadowsParameter(p.node, p.name)) continue;
      count(p.name);
    }
    if (p.catch) {
      (candidates ??= []).push({ name: p.name, block: p.node.parent! });
      continue;
    }
    // The block the declaration is scoped to (a statement block not a function's body, a `for`,
    // a switch's cases; none for a function's or the module's), from the ancestors of one
    // descent as in shadowsParameter: `.parent` per level is a descent of its own.
    const up = pyAncestors(p.node);
    const at = up.length - 1;
    if (up[at]?.type !== "lexical_declaration") continue;
    const container = up[at - 1]?.type;
    const block = container === "statement_block" ? (JS_SCOPE_BODIES.has(up[at - 2]?.type ?? "") ? undefined : up[at - 1])
      : container === "for_statement" ? up[at - 1]
      : container === "switch_case" || container === "switch_default" ? up[at - 2] : undefined;
    if (block) (candidates ??= []).push({ name: p.name, block: nodeOfWords(p.node.tree, block as NodeWords) });
  }
  if (candidates === null) return null;
  // Each block's range, by name: refs-js-keys.ts jsName() finds an identifier's innermost one when it
  // reads it (walking each block's identifiers here took a fifth of all JS extraction).
  let out: Map<string, BlockName[]> | null = null;
  let renamed = 0;
  candidates.sort((a, b) => a.block.startIndex - b.block.startIndex);
  for (const { name, block } of candidates) {
    if ((counts.get(name) ?? 0) < 2 || renamed >= MAX_BLOCK_NAMES) continue;
    const start = block.startIndex;
    const end = block.endIndex;
    const named = defNames.get(name);
    if (named !== undefined && named.some((d) => d.startIndex >= start && d.endIndex <= end)) continue;
    out ??= new Map();
    const list = out.get(name);
    const entry = { start, end, own: `${name}\u0001${start}` };
    if (list) list.push(entry);
    else out.set(name, [entry]);
    renamed++;
  }
  return out;
}

/** A block's `let`/`const` declarator whose name is a parameter of the function the block is in. */
function shadowsParameter(declarator: Node, name: string): boolean {
  // The ancestors of one descent from the root (pyAncestors), nearest last: `.parent` per level
  // is a descent of its own, and the block's test and the walk read the same nodes again.
  const up = pyAncestors(declarator);
  const at = up.length - 1;
  if (up[at]?.type !== "lexical_declaration") return false;
  // (Is the declaration in a block of its own: as in blockShadows, from the ancestors' types.)
  const container = up[at - 1]?.type;
  const outer = up[at - 2];
  const inBlock = container === "statement_block" ? !JS_SCOPE_BODIES.has(outer?.type ?? "")
    : container === "for_statement" || ((container === "switch_case" || container === "switch_default") && outer !== undefined);
  if (!inBlock) return false;
  for (let i = at - 2, depth = 0; i >= 0 && depth < 24; i--, depth++) {
    if (!JS_SCOPE_BODIES.has(up[i]!.type)) continue;
    const n = nodeOfWords(declarator.tree, up[i] as NodeWords);
    const params = field(n, "parameters") ?? field(n, "parameter");
    if (!params) return false;
    // Plain, defaulted and destructured parameter names (the text is enough to tell the word).
    return new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, "\\$")}([^\\w$:]|$)`).test(params.text);
  }
  return false;
}
