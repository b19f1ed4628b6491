// Installed trees (node_modules, site-packages) rebuilt as graphs, against hostile shapes: cycles,
// names that try to leave the tree or poison objects, broken manifests, long chains.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractInventory } from "../../src/scan/inventory/index.ts";
import { resolveNode } from "../../src/scan/inventory/npm/resolve.ts";

let root: string;

function put(rel: string, value: unknown): void {
  mkdirSync(join(root, rel, ".."), { recursive: true });
  writeFileSync(join(root, rel), typeof value === "string" ? value : JSON.stringify(value));
}

const LONG = 1500;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "reachd-installed-"));
  // cycle: a ↔ b; hostile names; a broken manifest; a dependency on a missing package.
  // Raw JSON: an object literal's "__proto__" key would set the prototype instead.
  put("cyc/package.json", '{"name": "cyc", "dependencies": {"a": "1", "__proto__": "1", "../../etc": "1", "@x/../../y": "1", "broken": "1"}}');
  put("cyc/node_modules/a/package.json", { name: "a", version: "1.0.0", dependencies: { b: "1", missing: "1" } });
  put("cyc/node_modules/b/package.json", { name: "b", version: "1.0.0", dependencies: { a: "1", constructor: "1" } });
  put("cyc/node_modules/broken/package.json", "{ not json");
  put("cyc/node_modules/__proto__/package.json", { name: "__proto__", version: "1.0.0" });
  // A long hoisted chain p0 → p1 → … : every chain exact, in one walk.
  put("long/package.json", { name: "long", dependencies: { p0: "1" } });
  for (let i = 0; i < LONG; i++) put(`long/node_modules/p${i}/package.json`, { name: `p${i}`, version: "1.0.0", dependencies: i + 1 < LONG ? { [`p${i + 1}`]: "1" } : {} });
  // No project package.json at all: the install path is the chain.
  put("bare/node_modules/x/node_modules/y/package.json", { name: "y", version: "2.0.0" });
  // Python: a Requires-Dist cycle and a self-requirement.
  const meta = (name: string, reqs: string[]) => ["Metadata-Version: 2.1", `Name: ${name}`, "Version: 1.0", ...reqs.map((r) => `Requires-Dist: ${r}`), ""].join("\n");
  put("py/pyproject.toml", '[project]\nname = "py"\ndependencies = ["alpha"]\n');
  put("py/venv/lib/python3.12/site-packages/alpha-1.0.dist-info/METADATA", meta("alpha", ["beta", "alpha", "!!bad"]));
  put("py/venv/lib/python3.12/site-packages/beta-1.0.dist-info/METADATA", meta("beta", ["Alpha>=1"]));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("installed trees as graphs", () => {
  test("cycles end, hostile names are not followed, a broken manifest is one error", async () => {
    const inv = await extractInventory(join(root, "cyc"));
    const installed = inv.dependencies.filter((d) => d.resolution === "installed");
    const rows = installed.map((d) => `${d.name} ${d.direct ? "direct" : "transitive"} ${d.chain.join(">")}`).sort();
    expect(rows).toEqual(["__proto__ direct cyc>__proto__", "a direct cyc>a", "b transitive cyc>a>b"]);
    expect(inv.errors.map((e) => e.file)).toEqual(["node_modules/broken/package.json"]);
  });

  test(`a ${LONG}-package chain gets its exact chain at every depth`, async () => {
    const inv = await extractInventory(join(root, "long"));
    const last = inv.dependencies.find((d) => d.name === `p${LONG - 1}`)!;
    expect(last.chain.length).toBe(LONG + 1);
    expect(last.chain.slice(0, 3)).toEqual(["long", "p0", "p1"]);
    expect(inv.dependencies.filter((d) => d.direct).map((d) => d.name)).toEqual(["p0"]);
  });

  test("without a project manifest the install path stands for the chain", async () => {
    const inv = await extractInventory(join(root, "bare"));
    expect(inv.dependencies.map((d) => [d.name, d.chain, d.direct])).toEqual([["y", ["app", "x", "y"], false]]);
  });

  test("site-packages: a Requires-Dist cycle ends, names compare in PEP 503 form", async () => {
    const inv = await extractInventory(join(root, "py"));
    const rows = inv.dependencies.map((d) => `${d.name} ${d.direct ? "direct" : "transitive"} ${d.chain.join(">")}`).sort();
    expect(rows).toEqual(["alpha direct py>alpha", "beta transitive py>alpha>beta"]);
  });
});

describe("resolveNode (Node's lookup, shared by lockfile v2 and installed trees)", () => {
  const has = (set: string[]) => (dir: string) => set.includes(dir);
  test("nested copy first, then each enclosing node_modules, never a node_modules/node_modules", () => {
    const tree = ["node_modules/a/node_modules/qs", "node_modules/qs", "web/node_modules/qs"];
    expect(resolveNode("node_modules/a", "qs", has(tree))).toBe("node_modules/a/node_modules/qs");
    expect(resolveNode("node_modules/b", "qs", has(tree))).toBe("node_modules/qs");
    expect(resolveNode("web/node_modules/x/node_modules/y", "qs", has(tree))).toBe("web/node_modules/qs");
    expect(resolveNode("node_modules/@s/c", "qs", has(["node_modules/node_modules/qs", "node_modules/qs"]))).toBe("node_modules/qs");
    expect(resolveNode("", "zz", has(tree))).toBeNull();
  });
  test("a workspace folder looks in each enclosing folder, and a scope folder has its own node_modules, as in Node", () => {
    expect(resolveNode("packages/web", "qs", has(["packages/node_modules/qs", "node_modules/qs"]))).toBe("packages/node_modules/qs");
    expect(resolveNode("packages/web", "qs", has(["packages/web/node_modules/qs", "node_modules/qs"]))).toBe("packages/web/node_modules/qs");
    expect(resolveNode("node_modules/@s/c", "qs", has(["node_modules/@s/node_modules/qs", "node_modules/qs"]))).toBe("node_modules/@s/node_modules/qs");
    expect(resolveNode("node_modules/a/node_modules/@s/c", "@t/d", has(["node_modules/a/node_modules/@t/d", "node_modules/@t/d"]))).toBe("node_modules/a/node_modules/@t/d");
  });
});
