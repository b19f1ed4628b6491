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

test("a call whose callees were more than assembly follows is a dynamic site: none becomes unknown", async () => {
  // 30 handlers; the last one loads YAML.
  const handlers = (count: number): string[] => {
    const lines = ["import yaml"];
    for (let i = 0; i < count; i++) lines.push(`def h${i}(s):`, `    return ${i === count - 1 ? "yaml.load(s)" : `s + "${i}"`}`);
    return lines;
  };
  // In a list the program iterates: up to the bound every item is followed; past it the call
  // says it lost some.
  const listed = (count: number): string =>
    [...handlers(count), `HANDLERS = [${Array.from({ length: count }, (_, i) => `h${i}`).join(", ")}]`,
      "def run_all(s):", "    for h in HANDLERS:", "        h(s)", "if __name__ == '__main__':", "    yaml.safe_load('a')", "    run_all('x')"].join("\n");
  const few = await graphOf({ "app.py": listed(10) });
  expect(few.dynamic).toEqual([]);
  expect(reach(few, YAML_LOAD).level).toBe("function");
  const many = await graphOf({ "app.py": listed(30) });
  const line = 1 + 30 * 2 + 1 + 3;
  expect(many.dynamic).toEqual([{ from: "app.py#run_all", line, ecosystem: "PyPI", text: "h()", kind: "capped" }]);
  const r = reach(many, YAML_LOAD);
  expect(r.level).toBe("unknown");
  expect(r.reason).toBe(`\`h()\` at app.py:${line} in reachable code has more possible callees or callbacks than reachd follows (24); the others are not known`);
  // Handed to a parameter at 30 call sites, the parameter's call loses values too, but each
  // function passed is a reference at its call site, which reach follows: the path is found.
  const passed = [...handlers(30), "def apply(f, s):", "    return f(s)", "if __name__ == '__main__':", "    yaml.safe_load('a')",
    ...Array.from({ length: 30 }, (_, i) => `    apply(h${i}, 'x')`)].join("\n");
  const g = await graphOf({ "app.py": passed });
  expect(g.dynamic).toEqual([{ from: "app.py#apply", line: 1 + 30 * 2 + 2, ecosystem: "PyPI", text: "f()", kind: "capped" }]);
  expect(reach(g, YAML_LOAD).level).toBe("function");
});
