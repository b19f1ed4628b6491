// Whether a character stands in a range of a file's source, read from the source text the tree
// was parsed from: a cheap test that spares a walk of the tree (each `.parent` is a descent from
// the root in WASM) when the construct that walk looks for starts with that character.
import type { Node } from "web-tree-sitter";

/** Per character: the first place at or after `from` it stands in `source` (source.length if none). */
const nextOf = new Map<string, { source: string | null; from: number; at: number }>();

/** Whether `ch` stands in `[from, to)` of the source `node`'s tree was parsed from (true when unknown). */
export function charBetween(node: Node, ch: string, from: number, to: number): boolean {
  const source = (node.tree as { source?: string }).source;
  if (source === undefined) return true;
  let next = nextOf.get(ch);
  if (next === undefined) nextOf.set(ch, (next = { source: null, from: 0, at: 0 }));
  // Kept for the next question (they come in source order): every place from `from` to `at` has
  // the same answer.
  if (source !== next.source || from < next.from || from > next.at) {
    const at = source.indexOf(ch, from);
    next.source = source;
    next.from = from;
    next.at = at < 0 ? source.length : at;
  }
  return next.at < to;
}
