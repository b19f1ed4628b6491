// Bindings of a name in the branches of one compound statement (Python if/elif/else, match, loop
// else; JS if/else chains and switch), grouped into the one rebinding the statement makes when every
// branch that goes on binds the name (facts-py-kills.ts branchKills, facts-js-branches.ts branchGroups).

/** A binding in a branch: `branch` is the branch's start (-1: deeper inside the statement). */
export interface BranchBinding {
  scope: number;
  name: string;
  /** Its index among the name's bindings in the scope. */
  index: number;
  /** The compound statement's start. */
  stmt: number;
  branch: number;
  /**
   * Python: a binding directly in a branch of an `if`/`else` nested directly in `branch` (each
   * level: that statement's start and the branch block's), outermost first; `need` says which
   * blocks of such a statement must bind.
   */
  via?: { stmt: number; branch: number }[];
}

/**
 * Per statement and name, the range of bindings from..to it may leave, when each branch start in
 * `need(first)` has a binding and those bindings are all the name has in between (a loop target or
 * a def among them: not only these values).
 */
export function branchRanges<B extends BranchBinding>(list: readonly B[], need: (first: B) => readonly number[] | null | undefined, nestedNeed?: (stmt: number) => readonly number[] | null | undefined): { first: B; from: number; to: number }[] {
  const groups = new Map<string, B[]>();
  for (const b of list) {
    const key = `${b.scope}\u0000${b.name}\u0000${b.stmt}`;
    const g = groups.get(key);
    if (g) g.push(b);
    else groups.set(key, [b]);
  }
  const out: { first: B; from: number; to: number }[] = [];
  for (const g of groups.values()) {
    const first = g[0]!;
    const starts = need(first);
    if (!starts || !starts.every((start) => bound(g, start, 0, nestedNeed))) continue;
    let from = first.index;
    let to = first.index;
    for (const b of g) {
      from = Math.min(from, b.index);
      to = Math.max(to, b.index);
    }
    if (to - from + 1 === g.length) out.push({ first, from, to });
  }
  return out;
}

/**
 * Whether block `start` binds the name: a binding directly in it, or a statement nested directly in
 * it (level `depth` of `via`) every branch of which that goes on binds it.
 */
function bound(g: readonly BranchBinding[], start: number, depth: number, nestedNeed: ((stmt: number) => readonly number[] | null | undefined) | undefined): boolean {
  const at = (b: BranchBinding): number => (depth === 0 ? b.branch : b.via?.[depth - 1]?.branch ?? -1);
  if (g.some((b) => at(b) === start && (b.via?.length ?? 0) === depth)) return true;
  if (!nestedNeed || depth > 4) return false;
  const inner = new Set<number>();
  for (const b of g) if (at(b) === start && b.via && b.via.length > depth) inner.add(b.via[depth]!.stmt);
  for (const stmt of inner) {
    const starts = nestedNeed(stmt);
    const sub = g.filter((b) => b.via?.[depth]?.stmt === stmt);
    if (starts && starts.every((s) => bound(sub, s, depth + 1, nestedNeed))) return true;
  }
  return false;
}
