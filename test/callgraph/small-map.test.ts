// The resolver's small memo maps (small-map.ts) and packed bindings (bound.ts) answer like the
// Maps they replace.
import { describe, expect, test } from "bun:test";
import { binds, bound, boundNames, boundScopes, packBindings, type DraftBindings } from "../../src/scan/callgraph/bound.ts";
import type { Ref } from "../../src/scan/callgraph/ref-types.ts";
import { SmallMap } from "../../src/scan/callgraph/small-map.ts";

/** A deterministic pseudo-random sequence (xorshift), so a failure can be replayed. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

describe("SmallMap", () => {
  test("get, has, set and delete agree with a Map through growth past the array form", () => {
    const next = random(7);
    const small = new SmallMap<string, number>();
    const map = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      // Few keys at first, then many: the map grows into its Map form and keeps answering.
      const key = `k${Math.floor(next() * (i < 5_000 ? 10 : 60))}`;
      const op = next();
      if (op < 0.5) {
        small.set(key, i);
        map.set(key, i);
      } else if (op < 0.7) {
        expect(small.delete(key)).toBe(map.delete(key));
      } else {
        expect(small.get(key)).toBe(map.get(key));
        expect(small.has(key)).toBe(map.has(key));
      }
    }
  });
});

describe("packed bindings", () => {
  const ref = (name: string): Ref => ({ root: { t: "name", name }, path: [] });
  test("every scope and name reads as in the draft, in binding order, small and large scopes alike", () => {
    const draft: DraftBindings = new Map();
    const many = new Map<string, Ref[]>();
    for (let i = 0; i < 40; i++) many.set(`n${i}`, [ref(`v${i}`)]);
    draft.set(-1, many);
    draft.set(3, new Map([["a", [ref("x")]], ["b", [ref("y"), ref("z")]]]));
    draft.set(7, new Map([["a", [ref("w")]]]));
    const packed = packBindings(draft);
    for (const [scope, names] of draft) {
      expect(boundNames(packed, scope)).toEqual([...names.keys()]);
      for (const [name, refs] of names) {
        expect(bound(packed, scope, name)).toEqual(refs);
        expect(binds(packed, scope, name)).toBe(true);
      }
      expect(bound(packed, scope, "missing")).toBeUndefined();
      expect(binds(packed, scope, "missing")).toBe(false);
    }
    for (const scope of [0, 1, 2, 4, 8, 100]) {
      expect(bound(packed, scope, "a")).toBeUndefined();
      expect(boundNames(packed, scope)).toEqual([]);
    }
    expect([...boundScopes(packed)].map(([scope]) => scope)).toEqual([-1, 3, 7]);
  });
});
