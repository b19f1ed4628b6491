// The shared lockfile graph walk: direct, dev-only and the shortest chain, decided once for all
// formats that give packages, edges and project declarations.
import { describe, expect, test } from "bun:test";
import { graphDependencies, type GraphPackage } from "../../src/scan/inventory/graph.ts";

function pkgs(spec: Record<string, string[]>, devHints: string[] = []): Map<string, GraphPackage> {
  return new Map(Object.entries(spec).map(([k, deps]) => [k, { name: k, version: "1.0.0", deps, ...(devHints.includes(k) ? { devHint: true } : {}) }]));
}

function summary(deps: ReturnType<typeof graphDependencies>): Record<string, string> {
  return Object.fromEntries(deps.map((d) => [d.name, `${d.direct ? "direct" : "transitive"} ${d.dev ? "dev" : "prod"} ${d.chain.join(">")}`]));
}

describe("graph walk", () => {
  test("a package reached from production and dev declarations is production, with the production chain", () => {
    const packages = pkgs({ a: ["shared"], t: ["shared", "only-dev"], shared: ["leaf"], leaf: [], "only-dev": [], stray: [] }, ["stray"]);
    const out = graphDependencies({
      ecosystem: "npm",
      source: "x",
      projects: [{ name: "app", deps: [{ key: "a", dev: false }, { key: "t", dev: true }] }],
      packages,
    });
    expect(summary(out)).toEqual({
      a: "direct prod app>a",
      t: "direct dev app>t",
      shared: "transitive prod app>a>shared",
      leaf: "transitive prod app>a>shared>leaf",
      "only-dev": "transitive dev app>t>only-dev",
      // Not reached at all: the lockfile's own dev marking decides, the chain is a stub.
      stray: "transitive dev app>stray",
    });
  });

  test("the shortest chain wins across projects; cycles end", () => {
    const packages = pkgs({ a: ["b"], b: ["c"], c: ["a", "d"], d: [] });
    const out = graphDependencies({
      ecosystem: "PyPI",
      source: "x",
      projects: [
        { name: "root", deps: [{ key: "a", dev: false }] },
        { name: "ws", deps: [{ key: "c", dev: false }] },
      ],
      packages,
      resolution: "installed",
    });
    expect(summary(out)).toEqual({
      a: "direct prod root>a",
      b: "transitive prod root>a>b",
      c: "direct prod ws>c",
      d: "transitive prod ws>c>d",
    });
    expect(out.every((d) => d.resolution === "installed" && d.ecosystem === "PyPI")).toBe(true);
  });

  test("declared keys that are not locked are ignored; a dev declaration of a production package stays production", () => {
    const packages = pkgs({ a: [] });
    const out = graphDependencies({
      ecosystem: "npm",
      source: "x",
      projects: [{ name: "p", deps: [{ key: "missing", dev: false }, { key: "a", dev: true }, { key: "a", dev: false }] }],
      packages,
    });
    expect(summary(out)).toEqual({ a: "direct prod p>a" });
    expect(out[0]!.resolution).toBeUndefined();
  });

  test("workspaces in other folders than the lockfile each get their own copy, flags and chain; links are walked through", () => {
    const packages = pkgs({ express: ["qs"], qs: [], jest: ["qs"], lodash: [], "@m/lib": ["lodash"] });
    packages.get("@m/lib")!.virtual = true;
    const out = graphDependencies({
      ecosystem: "npm",
      source: "package-lock.json",
      projects: [
        { name: "mono", deps: [{ key: "jest", dev: true }] },
        { name: "@m/web", dir: "packages/web", deps: [{ key: "express", dev: false }, { key: "@m/lib", dev: false }] },
        { name: "@m/admin", dir: "packages/admin", deps: [{ key: "jest", dev: true }] },
      ],
      packages,
    });
    const rows = out.map((d) => `${d.project ?? "(lockfile)"} ${d.name} ${d.direct ? "direct" : "transitive"} ${d.dev ? "dev" : "prod"} ${d.chain.join(">")}`).sort();
    expect(rows).toEqual([
      "(lockfile) jest direct dev mono>jest",
      "(lockfile) qs transitive dev mono>jest>qs",
      "packages/admin jest direct dev @m/admin>jest",
      // Production for web, dev-only for admin: each workspace's copy says so.
      "packages/admin qs transitive dev @m/admin>jest>qs",
      "packages/web express direct prod @m/web>express",
      // Through the workspace link: the linked workspace's name is in the chain, it is not a dependency.
      "packages/web lodash transitive prod @m/web>@m/lib>lodash",
      "packages/web qs transitive prod @m/web>express>qs",
    ]);
  });
});
