// One query match's captures, read by name. A match has a handful of captures (2.8 on average in
// JavaScript), so scanning its capture list beats building a Map per match (tens of thousands of
// matches per file set); the list keeps capture order, so "first" and "all" read as before.
import type { Node, Query, QueryCapture } from "web-tree-sitter";

export type Caps = readonly QueryCapture[];

/** The first node captured under `name`, if any. */
export function cap(caps: Caps, name: string): Node | undefined {
  for (let i = 0; i < caps.length; i++) if (caps[i]!.name === name) return caps[i]!.node;
  return undefined;
}

export function has(caps: Caps, name: string): boolean {
  for (let i = 0; i < caps.length; i++) if (caps[i]!.name === name) return true;
  return false;
}

/** Every node captured under `name`, in capture order. */
export function capAll(caps: Caps, name: string): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < caps.length; i++) if (caps[i]!.name === name) out.push(caps[i]!.node);
  return out;
}

const withCaptures = new WeakMap<Query, Map<string, boolean[]>>();

/**
 * Per pattern of `query`: whether it has a capture named by `test` (known once the query is
 * compiled), so a match of a pattern that cannot carry such a capture skips the code reading it.
 */
export function patternsCapturing(query: Query, key: string, test: (name: string) => boolean): boolean[] {
  let byKey = withCaptures.get(query);
  if (!byKey) withCaptures.set(query, (byKey = new Map()));
  let flags = byKey.get(key);
  if (!flags) {
    flags = [];
    const ids = query.captureNames.flatMap((name, id) => (test(name) ? [id] : []));
    for (let p = 0; p < query.patternCount(); p++) {
      // Quantifier 0 ("zero"): the capture does not occur in this pattern.
      flags.push(ids.some((id) => query.captureQuantifiers[p]![id] !== 0));
    }
    byKey.set(key, flags);
  }
  return flags;
}
