// The one dependency walk behind lockfile graphs, node_modules trees and site-packages.
import { describe, expect, test } from "bun:test";
import { walkDependencies } from "../../src/scan/inventory/walk.ts";

function walk(edges: Record<string, string[]> | [string, string[]][], roots: { key: string; dev: boolean; from: string }[], limit?: number) {
  const graph = new Map(Array.isArray(edges) ? edges : Object.entries(edges));
  const places = walkDependencies({ roots, edges: (k) => graph.get(k) ?? [], name: (k) => k.toUpperCase(), ...(limit ? { limit } : {}) });
  return [...places].map(([key, p]) => `${key} ${p.direct ? "direct" : "transitive"} ${p.dev ? "dev" : "prod"} ${p.chain.join(">")}`);
}

describe("walkDependencies", () => {
  test("production first: a dev root a production root reaches stays production but is direct; shortest chain wins", () => {
    const rows = walk({ a: ["b", "c"], b: ["d"], c: [], d: ["a"], t: ["d", "u"], u: [] }, [
      { key: "t", dev: true, from: "app" },
      { key: "a", dev: false, from: "app" },
      { key: "d", dev: true, from: "app" },
    ]);
    expect(rows).toEqual([
      "a direct prod app>A",
      "b transitive prod app>A>B",
      "c transitive prod app>A>C",
      "d direct prod app>A>B>D",
      "t direct dev app>T",
      "u transitive dev app>T>U",
    ]);
  });

  test("each root starts its chain at its own project; the first project to declare a key owns it", () => {
    const rows = walk({ x: ["y"], y: [], z: ["y"] }, [
      { key: "z", dev: false, from: "web" },
      { key: "x", dev: false, from: "api" },
    ]);
    expect(rows).toEqual(["z direct prod web>Z", "x direct prod api>X", "y transitive prod web>Z>Y"]);
  });

  test("hostile keys are plain strings and cycles end; the limit stops following edges", () => {
    expect(walk([["__proto__", ["constructor"]], ["constructor", ["__proto__"]]], [{ key: "__proto__", dev: false, from: "r" }])).toEqual([
      "__proto__ direct prod r>__PROTO__",
      "constructor transitive prod r>__PROTO__>CONSTRUCTOR",
    ]);
    const chain = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`p${i}`, [`p${i + 1}`]]));
    expect(walk(chain, [{ key: "p0", dev: false, from: "r" }], 10)).toHaveLength(10);
    expect(walk(chain, [{ key: "p0", dev: false, from: "r" }])).toHaveLength(51);
  });
});
