// Honest limits in Python: eval/exec, getattr with a computed name and import_module(var) on a
// reachable path make a negative answer `unknown` with the reason; a positive path still wins.
import { afterAll, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-pydyn-");
afterAll(temp.cleanup);

const graphOf = temp.graph;

const YAML_LOAD = target("PyPI", "PyYAML", [{ path: "yaml", symbols: ["load"] }]);

test("eval on a reachable path → unknown, naming the site", async () => {
  const g = await graphOf({
    "app.py": [
      "import yaml",
      "def run(code):",
      "    return eval(code)",
      "if __name__ == '__main__':",
      "    yaml.safe_load('a')",
      "    run('1')",
    ].join("\n"),
  });
  expect(g.dynamic.map((d) => [d.text, d.kind, d.line])).toEqual([["eval(code)", "eval", 3]]);
  const r = reach(g, YAML_LOAD);
  expect(r.level).toBe("unknown");
  expect(r.reason).toBe("code run from a string `eval(code)` at app.py:3 in reachable code; what it calls cannot be known");
});

test("getattr with a computed name → unknown; with a literal name it is resolved", async () => {
  const g = await graphOf({
    "app.py": [
      "import yaml",
      "class Api:",
      "    def load(self):",
      "        return yaml.load('a')",
      "    def other(self):",
      "        pass",
      "def call(obj, name):",
      "    return getattr(obj, name)()",
      "if __name__ == '__main__':",
      "    call(Api(), 'other')",
    ].join("\n"),
  });
  const r = reach(g, YAML_LOAD);
  expect(r.level).toBe("unknown");
  expect(r.reason).toBe("computed attribute `getattr(obj, name)` at app.py:8 in reachable code; what it calls cannot be known");

  const literal = await graphOf({
    "app.py": [
      "import yaml",
      "class Api:",
      "    def load(self):",
      "        return yaml.load('a')",
      "if __name__ == '__main__':",
      "    getattr(Api(), 'load')()",
    ].join("\n"),
  });
  expect(literal.dynamic).toEqual([]);
  const hit = reach(literal, YAML_LOAD);
  expect(hit.level).toBe("function");
  expect(hit.paths).toEqual([["app.py:__main__", "app.py:6", "app.py:4", "yaml.load"]]);
});

test("a positive path wins over a dynamic site; unreachable dynamic code does not matter", async () => {
  const g = await graphOf({
    "app.py": [
      "import yaml",
      "def never(code):",
      "    exec(code)",
      "def run():",
      "    eval('1')",
      "    return yaml.load('a')",
      "if __name__ == '__main__':",
      "    run()",
    ].join("\n"),
  });
  expect(reach(g, YAML_LOAD).level).toBe("function");
  const none = await graphOf({
    "app.py": ["import yaml", "def never(code):", "    exec(code)", "if __name__ == '__main__':", "    yaml.safe_load('a')"].join("\n"),
  });
  const r = reach(none, YAML_LOAD);
  expect(r.level).toBe("none");
});

test("importlib.import_module with a variable stays a dynamic import", async () => {
  const g = await graphOf({
    "app.py": ["import importlib", "def plug(n):", "    return importlib.import_module(n)", "if __name__ == '__main__':", "    plug('x')"].join("\n"),
  });
  const r = reach(g, YAML_LOAD);
  expect(r.level).toBe("unknown");
  expect(r.reason).toBe("dynamic import `importlib.import_module(n)` at app.py:3 in reachable code; what it loads cannot be known");
});
