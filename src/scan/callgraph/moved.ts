// An edit inside a function body moves every later definition: its byte offsets and lines change
// while what it is does not. Resolution reads offsets only to find a definition by its start
// (FileInfo.defByStart: `def` roots of refs, `param` roots, class and object member starts), and
// lines not at all; the previous scan's memoised answers, call sites and indexes hold def indices,
// node ids and ref objects, never offsets. So an edited file whose defs are the same ones (count,
// order, nesting) can be compared with its previous facts once its offsets are expressed in the
// previous scan's coordinates: def i starts where old def i started. Its FileInfo then keeps
// its defByStart, and memoised values that point into it stay valid. Lines are kept as they are
// now (nodes, edges and dynamic sites of the file's own part are made again from them).
import type { FileFacts } from "./fact-types.ts";
import type { Def } from "./scopes.ts";

/** Deeper values are not moved (the edit is then assembled in full), like sameData's bound. */
const MAX_DEPTH = 512;

class Unmovable extends Error {}

/**
 * `now` in the coordinates of `old` when both have the same defs in the same order, else null.
 * When no old def moved, `now` itself (an edit that only adds after the last def).
 */
export function inOldCoordinates(old: FileFacts, now: FileFacts): FileFacts | null {
  const n = old.defs.length;
  let moved = false;
  for (let i = 0; i < n && i < now.defs.length && !moved; i++) {
    moved = old.defs[i]!.start !== now.defs[i]!.start || old.defs[i]!.end !== now.defs[i]!.end;
  }
  if (!moved) return now;
  // Defs added or removed: which old def a start meant is not known by index.
  if (now.defs.length !== n) return null;
  const to = new Map<number, number>();
  const from = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const a = now.defs[i]!.start;
    const b = old.defs[i]!.start;
    // Two defs at one start must be the same two before and after (defByStart keeps the last).
    if ((to.has(a) && to.get(a) !== b) || (from.has(b) && from.get(b) !== a)) return null;
    to.set(a, b);
    from.set(b, a);
  }
  const oldStarts = new Set(old.defs.map((d) => d.start));
  const move = (start: number): number => {
    const s = to.get(start);
    if (s === undefined) throw new Unmovable();
    return s;
  };
  const seen = new Map<object, unknown>();
  const copy = (v: unknown, depth: number): unknown => {
    if (typeof v !== "object" || v === null) return v;
    const hit = seen.get(v);
    if (hit !== undefined) return hit;
    if (depth > MAX_DEPTH) throw new Unmovable();
    let out: unknown;
    if (Array.isArray(v)) out = v.map((x) => copy(x, depth + 1));
    else if (v instanceof Map) out = new Map([...v].map(([k, x]) => [k, copy(x, depth + 1)]));
    else {
      const o: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) o[k] = copy(x, depth + 1);
      // The roots that name a def by its start (ref-types.ts).
      if (o.t === "def" && typeof o.start === "number") o.start = move(o.start);
      if (o.t === "param" && typeof o.def === "number") o.def = move(o.def);
      out = o;
    }
    seen.set(v, out);
    return out;
  };
  try {
    const defs = now.defs.map((d, i): Def => {
      const before = old.defs[i]!;
      if (d.memberStarts.length !== before.memberStarts.length) throw new Unmovable();
      // A member start that is no def's (a field's value) finds nothing, before and after.
      const memberStarts = d.memberStarts.map((s, j) => {
        if (to.has(s)) return to.get(s)!;
        const was = before.memberStarts[j]!;
        if (oldStarts.has(was)) throw new Unmovable();
        return was;
      });
      return { ...d, start: before.start, end: before.end, memberStarts, bases: copy(d.bases, 0) as Def["bases"] };
    });
    const rest = copy({ ...now, defs: [] }, 0) as FileFacts;
    return { ...rest, defs };
  } catch (e) {
    if (e instanceof Unmovable) return null;
    throw e;
  }
}
