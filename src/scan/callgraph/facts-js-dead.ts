// JavaScript code that never runs: the statements after a `return` or `throw` of the same block
// (or switch case). Calls there give no edge (`returns/j31_dead_code_after_return`).
import type { Node } from "web-tree-sitter";

/** The file's dead ranges as [start, end) pairs, sorted and merged once the exits are all read. */
let ranges: number[] = [];
let merged = true;
const BLOCKS = new Set(["statement_block", "switch_case", "switch_default"]);
const MAX_RANGES = 100_000;

/** A new file: forget the previous file's ranges. */
export function beginJsDead(): void {
  ranges = [];
  merged = true;
}

/** A `return`/`throw` statement: what follows it in its block never runs. */
export function addJsExit(stmt: Node | null): void {
  if (!stmt || (stmt.type !== "return_statement" && stmt.type !== "throw_statement") || ranges.length >= MAX_RANGES) return;
  const block = stmt.parent;
  if (!block || !BLOCKS.has(block.type)) return;
  // The block's closing brace (or the case's end) right after the exit: nothing follows it.
  const end = block.endIndex;
  if (end - stmt.endIndex <= 1 && block.type === "statement_block") return;
  if (end <= stmt.endIndex) return;
  ranges.push(stmt.endIndex, end);
  merged = false;
}

/** Sort and merge the ranges (nested blocks' ranges lie inside their outer block's). */
function merge(): void {
  merged = true;
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [s, e] of pairs) {
    if (out.length > 0 && s <= out[out.length - 1]!) out[out.length - 1] = Math.max(out[out.length - 1]!, e);
    else out.push(s, e);
  }
  ranges = out;
}

/**
 * Whether a call at `pos` never runs: it lies after an exit of its block. A call of a function
 * (or method) written in that stretch is not (a function declaration there is hoisted and may be
 * called from elsewhere): scopeStart, the start of the call's enclosing definition, is before it.
 */
export function jsDeadAt(pos: number, scopeStart: number): boolean {
  if (ranges.length === 0) return false;
  if (!merged) merge();
  let lo = 0;
  let hi = ranges.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = ranges[mid * 2]!;
    const e = ranges[mid * 2 + 1]!;
    if (pos < s) hi = mid - 1;
    else if (pos >= e) lo = mid + 1;
    else return scopeStart < s;
  }
  return false;
}
