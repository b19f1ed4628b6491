// AMD `require([deps], callback)` names its modules with literals: they are imports, not a
// dynamic site (which would make reach `unknown` where the modules are plain to see).
import { expect, test } from "bun:test";
import { join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { FIXTURES } from "./helpers.ts";

test("AMD require([deps], callback): its modules are imported, no dynamic site", async () => {
  const g = await buildProjectGraph(join(FIXTURES, "pycg", "javascript", "modules_cjs", "amd_require_callback"));
  expect(g.dynamic).toEqual([]);
  const imported = g.edges.filter((e) => e.kind === "import" && e.from === "main.js#<module>").map((e) => e.to).sort();
  expect(imported).toEqual(["config.js#<module>", "greet.js#<module>"]);
});
