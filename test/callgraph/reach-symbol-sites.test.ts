// Paths end where a vulnerable symbol is really called: a method called on what the symbol
// returned (`yaml.load(...).get()` reads as `yaml.load.get`) is no call of the symbol, and counts
// for it only when no real call of it is reachable.
import { afterAll, expect, test } from "bun:test";
import type { ProjectGraph } from "../../src/scan/callgraph/index.ts";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-sites-");
afterAll(temp.cleanup);

const project = temp.graph;

const yamlLoad = target("PyPI", "pyyaml", [{ path: "yaml", symbols: ["load"] }]);

test("a method called on the symbol's result does not stand for the call when the call is reached", async () => {
  const g = await project({
    "main.py": [
      "import yaml",
      "",
      "class Importer:",
      "    def parse(self, text):",
      "        return yaml.load(text)",
      "",
      "    def run(self, text):",
      "        doc = self.parse(text)",
      "        return doc.get('items')",
      "",
      "if __name__ == '__main__':",
      "    Importer().run('a: 1')",
    ].join("\n"),
  });
  const r = reach(g, yamlLoad);
  expect(r.level).toBe("function");
  expect(r.symbols).toEqual(["yaml.load"]);
  expect(r.paths).toEqual([["main.py:__main__", "main.py:12", "main.py:8", "main.py:5", "yaml.load"]]);
});

test("a use below the symbol still counts when it is the only one reached", () => {
  // Plain graph data: a method of a Session whose construction the facts did not see.
  const g: ProjectGraph = {
    files: [{ path: "main.py", language: "python" }],
    nodes: [
      { id: "main.py#<module>", file: "main.py", line: 1, kind: "module", name: "<module>" },
      { id: "main.py#fetch", file: "main.py", line: 3, kind: "function", name: "fetch" },
    ],
    edges: [{ from: "main.py#<module>", to: "main.py#fetch", line: 6, kind: "call" }],
    uses: [{ from: "main.py#fetch", line: 4, ecosystem: "PyPI", module: "requests", member: ["Session", "get"], kind: "call" }],
    dynamic: [],
    unresolved: [],
    entries: [{ file: "main.py", kind: "__main__", label: "main.py:__main__", nodes: ["main.py#<module>"], reason: "test" }],
  };
  const r = reach(g, target("PyPI", "requests", [{ path: "requests", symbols: ["Session"] }]));
  expect(r.level).toBe("function");
  expect(r.symbols).toEqual(["requests.Session"]);
  expect(r.paths).toEqual([["main.py:__main__", "main.py:6", "main.py:4", "requests.Session"]]);
});
