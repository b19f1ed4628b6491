import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { moduleName, toDot, toPycg } from "../../src/scan/callgraph/pycg.ts";

test("module names follow the pycg convention", () => {
  expect(moduleName("main.py")).toBe("main");
  expect(moduleName("pkg/mod.py")).toBe("pkg.mod");
  expect(moduleName("pkg/__init__.py")).toBe("pkg");
  expect(moduleName("nested/to_import.js")).toBe("nested.to_import");
});

test("pycg form: callers to callees, externals by import path, reachable functions as keys", async () => {
  const dir = mkdtempSync(join(tmpdir(), "reachd-pycg-"));
  writeFileSync(join(dir, "main.py"), [
    "import yaml",
    "def func():",
    "    return yaml.full_load('a')",
    "def unused():",
    "    func()",
    "def leaf():",
    "    pass",
    "func()",
    "leaf()",
  ].join("\n"));
  const graph = await buildProjectGraph(dir);
  const pycg = toPycg(graph);
  expect(pycg.main).toEqual(["main.func", "main.leaf"]);
  expect(pycg["main.func"]).toEqual(["yaml.full_load"]);
  expect(pycg["main.leaf"]).toEqual([]);
  expect("main.unused" in pycg).toBe(false);
  const dot = toDot(graph);
  expect(dot).toStartWith("digraph callgraph {");
  expect(dot).toContain('"main.py#<module>" -> "main.py#func"');
});
