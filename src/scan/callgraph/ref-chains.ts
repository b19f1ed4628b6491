// Dotted chains (`a.b.c`, `self.x.y`) read with a loop, never recursion, so absurdly long chains
// cannot blow the stack; the per-file caches of their references.
import type { Node, Tree } from "web-tree-sitter";
import { fold, MAX_STEPS, type Ref, type Step } from "./ref-types.ts";

/**
 * This file's Refs of whole expressions written as a bare name or dotted names (`f`, `self.x`),
 * by their text: made once per text rather than at each occurrence (three objects each; the
 * decoded facts share equal Refs anyway). Refs are never changed once made: fold extends only
 * the path of a Ref it has just made, and only when it has steps to apply.
 */
export let byText = new Map<string, Ref>();
/** Python's: the same text is another Ref in JS (`super.m`). */
export let pyByText = new Map<string, Ref>();

/** A new file: its Refs are its own, as decoding shares equal values only within a file. */
export function beginFile(): void {
  byText = new Map();
  pyByText = new Map();
}

/** `a.b.c`, `this.a`, `super.a` with nothing but ASCII names and dots between them. */
export const DOTTED = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;
/** Roots that name a scope's value; any other word before a dot (`undefined`, `import`, `new`) is no identifier. */
const DOTTED_ROOTS = new Set(["this", "super"]);
const NOT_IDENTIFIERS = new Set(["true", "false", "null", "undefined", "import", "new", "function", "class", "async", "await", "yield", "typeof", "void", "delete", "in", "of", "instanceof", "let", "static", "get", "set", "export", "default"]);

/**
 * The Ref of a member chain written as dotted names, as the node-by-node walk of jsRef (pyRef
 * when `py`: one read of its text instead of four per attribute) would read it, or null when its
 * text is anything else (the walk then decides). Trees with errors always take the walk there: an
 * ERROR node may hold name-like text.
 */
export function dottedChain(node: Node, steps: Step[], text: string, py = false): Ref | null {
  const memo = py ? pyByText : byText;
  const whole = steps.length === 0;
  // A text met before passed the test below (the memo's other texts, bare names, hold no dot and
  // are no member's text): in a tree without errors it is that Ref again.
  const hasError = treeHasError(node.tree);
  if (whole && !hasError) {
    const known = memo.get(text);
    if (known !== undefined) return known;
  }
  if (!(py ? PY_DOTTED : DOTTED).test(text) || (hasError && node.hasError)) return null;
  if (whole && hasError) {
    const known = memo.get(text);
    if (known !== undefined) return known;
  }
  const parts = text.split(".");
  const first = parts[0]!;
  if ((py ? PY_NOT_NAMES : NOT_IDENTIFIERS).has(first) || steps.length + parts.length - 1 > MAX_STEPS) return null;
  for (let i = parts.length - 1; i >= 1; i--) steps.push({ k: "member", name: parts[i]! });
  const root: Ref["root"] = py
    ? first === "self" ? { t: "this" } : first === "cls" ? { t: "cls" } : { t: "name", name: first }
    : DOTTED_ROOTS.has(first) ? (first === "this" ? { t: "this" } : { t: "super" }) : { t: "name", name: first };
  const ref = fold(root, steps);
  if (whole) memo.set(text, ref);
  return ref;
}

const treeErrors = new WeakMap<Tree, boolean>();

/** Whether a tree has an error anywhere (read once per tree: then no node of a clean tree needs asking). */
function treeHasError(tree: Tree): boolean {
  let has = treeErrors.get(tree);
  if (has === undefined) treeErrors.set(tree, (has = tree.rootNode.hasError));
  return has;
}

/** `a.b.c` in Python: ASCII names and dots only (no spaces, comments, line continuations). */
const PY_DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/;
/** Words before a dot that are no identifier node (pyRef gives them no Ref). */
const PY_NOT_NAMES = new Set(["None", "True", "False"]);
