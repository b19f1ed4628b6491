// Golden files for the JSON call graph (`reachd callgraph PATH --format json`) of fixture
// projects. Rewrite them with `UPDATE_GOLDEN=1 bun test test/callgraph` and review the diff.
import { expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { callgraphJson } from "../../src/scan/callgraph/index.ts";
import { FIXTURES, projectGraph } from "./helpers.ts";

const GOLDEN = join(FIXTURES, "callgraph", "golden");

for (const name of ["js-cjs", "ts-app", "py-app"]) {
  test(`callgraph JSON of ${name} matches its golden file`, async () => {
    const actual = `${JSON.stringify(callgraphJson(await projectGraph(name)), null, 2)}\n`;
    const file = join(GOLDEN, `${name}.json`);
    if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, actual);
    expect(existsSync(file)).toBe(true);
    expect(actual).toBe(readFileSync(file, "utf8"));
  });
}

test("the JSON shape is documented: files, entries, nodes, edges, dynamic, unresolved", async () => {
  const json = callgraphJson(await projectGraph("js-dynamic"));
  expect(Object.keys(json)).toEqual(["files", "entries", "nodes", "edges", "dynamic", "unresolved"]);
  expect(json.dynamic).toEqual([{ from: "index.js#loadPlugin", line: 5, text: "require(path.join(__dirname, 'plugins', name))", kind: "import" }]);
  expect(json.nodes).toContainEqual({ id: "npm:js-yaml.load", file: null, line: null, kind: "external" });
});
