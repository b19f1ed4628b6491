// A Python property (or descriptor) read as a value runs its getter: the vulnerable call inside
// the getter is reachable although the pycg form, like PyCG, names no bare read (graph.ts keeps
// these reads as reference edges: fact-bindings.ts getterRead).
import { afterAll, describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-property-reads-");
afterAll(temp.cleanup);

const yamlLoad = target("PyPI", "pyyaml", [{ path: "yaml", symbols: ["load"] }]);

const request = [
  "import yaml",
  "",
  "",
  "class Request:",
  "    def __init__(self, body):",
  "        self._body = body",
  "",
  "    @property",
  "    def data(self):",
  "        return yaml.load(self._body)",
  "",
  "",
].join("\n");

describe("Python property reads", () => {
  test("`payload = request.data` runs the getter: its call is reachable, through the read's line", async () => {
    const g = await temp.graph({
      "app.py": request + ["def handle(request):", "    payload = request.data", "    return payload", "", "", 'if __name__ == "__main__":', '    handle(Request("a: 1"))', ""].join("\n"),
    });
    const r = reach(g, yamlLoad);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["app.py:__main__ -> app.py:18 -> app.py:13 -> app.py:10 -> yaml.load"]);
  });

  test("`return request.data` runs the getter too", async () => {
    const g = await temp.graph({
      "app.py": request + ["def payload_of(request):", "    return request.data", "", "", 'if __name__ == "__main__":', '    payload_of(Request("a: 1"))', ""].join("\n"),
    });
    const r = reach(g, yamlLoad);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["app.py:__main__ -> app.py:17 -> app.py:13 -> app.py:10 -> yaml.load"]);
  });

  test("a property read as a condition, an operand, a comparison or a package call's argument runs the getter (Q7)", async () => {
    const uses = [
      ["if request.data:", "    pass"],
      ["while request.data:", "    break"],
      ["total = 1 + request.data"],
      ["flag = not request.data"],
      ["same = request.data == 1"],
      ["either = request.data or 1"],
      ["print(request.data)"],
      ["text = f\"{request.data}\""],
    ];
    for (const use of uses) {
      const g = await temp.graph({
        "app.py": request + ["def handle(request):", ...use.map((l) => "    " + l), "", "", 'if __name__ == "__main__":', '    handle(Request("a: 1"))', ""].join("\n"),
      });
      const r = reach(g, yamlLoad);
      expect([use[0], r.level]).toEqual([use[0], "function"]);
      expect(r.paths.map((p) => p.join(" -> "))).toEqual([`app.py:__main__ -> app.py:${16 + use.length} -> app.py:13 -> app.py:10 -> yaml.load`]);
    }
  });

  test("a read of a plain attribute of the same name elsewhere runs nothing", async () => {
    const g = await temp.graph({
      "app.py": request + ["class Plain:", "    data = None", "", "", "def handle(p):", "    payload = p.data", "    return payload", "", "", 'if __name__ == "__main__":', "    handle(Plain())", ""].join("\n"),
    });
    expect(reach(g, yamlLoad).level).not.toBe("function");
  });
});
