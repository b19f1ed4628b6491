// bestPaths() picks by insertion: it must keep what a stable sort of the distinct paths and its
// first `limit` keep (shortest first, "file:line" segments by file then line number).
import { expect, test } from "bun:test";
import { bestPaths } from "../../src/scan/reach/search.ts";

function reference(paths: string[][], limit: number): string[][] {
  const seen = new Set<string>();
  const unique = paths.filter((p) => {
    const key = p.join(" -> ");
    return !seen.has(key) && seen.add(key) !== undefined;
  });
  const cmp = (a: string[], b: string[]): number => {
    if (a.length !== b.length) return a.length - b.length;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      const mx = /^(.*):(\d+)$/.exec(a[i]!);
      const my = /^(.*):(\d+)$/.exec(b[i]!);
      if (mx && my && mx[1] === my[1]) return Number(mx[2]) - Number(my[2]);
      return a[i]! < b[i]! ? -1 : 1;
    }
    return 0;
  };
  return unique.sort(cmp).slice(0, limit);
}

test("the same paths as sorting all of them, for many lists and limits", () => {
  let seed = 7;
  const rand = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const segments = ["a.js:main", "b.js:exports", "src/x.js:9", "src/x.js:10", "src/y.js:2", "src/x.js:100", "lodash.template"];
  for (let round = 0; round < 300; round++) {
    const paths = Array.from({ length: rand(40) }, () => Array.from({ length: 1 + rand(5) }, () => segments[rand(segments.length)]!));
    for (const limit of [0, 1, 2, 5, 50]) expect(bestPaths(paths, limit)).toEqual(reference(paths, limit));
  }
});
