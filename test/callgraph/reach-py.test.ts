// Reach on the Python fixture projects: __main__ entries, relative imports, self.m(), X() → __init__.
import { describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { projectGraph, target } from "./helpers.ts";

describe("py-app", () => {
  test("the __main__ block is the entry", async () => {
    const g = await projectGraph("py-app");
    expect(g.entries.map((e) => [e.label, e.nodes])).toEqual([["app.py:__main__", ["app.py#<module>", "app.py#__main__"]]]);
  });

  test("yaml.load via X() → __init__, from .config import load_config as read_config → function", async () => {
    const r = reach(await projectGraph("py-app"), target("PyPI", "PyYAML", [{ path: "yaml", symbols: ["load"] }]));
    expect(r.level).toBe("function");
    expect(r.symbols).toEqual(["yaml.load"]);
    expect(r.paths).toEqual([[
      "app.py:__main__", "app.py:14", "app.py:8", "myapp/server.py:7", "myapp/config.py:6", "yaml.load",
    ]]);
  });

  test("a symbol called only by tests → none", async () => {
    const r = reach(await projectGraph("py-app"), target("PyPI", "PyYAML", [{ path: "yaml", symbols: ["full_load"] }]));
    expect(r.level).toBe("none");
    expect(r.reason).toBe("PyYAML is used by reachable code (myapp/config.py:1), but none of its vulnerable symbols is called");
  });

  test("distribution name → import name, no symbols → package level, call preferred", async () => {
    const r = reach(await projectGraph("py-app"), target("PyPI", "Pillow"));
    expect(r.level).toBe("package");
    expect(r.paths).toEqual([["app.py:__main__", "app.py:14", "app.py:10", "myapp/images.py:5", "PIL.ImageMath.eval"]]);
  });

  test("dotted import path PIL.ImageMath + eval → function", async () => {
    const r = reach(await projectGraph("py-app"), target("PyPI", "pillow", [{ path: "PIL.ImageMath", symbols: ["eval"] }]));
    expect(r.level).toBe("function");
    expect(r.symbols).toEqual(["PIL.ImageMath.eval"]);
  });

  test("self.m() and self.attr.m() through instance attributes", async () => {
    const r = reach(await projectGraph("py-app"), target("PyPI", "requests", [{ path: "requests", symbols: ["get"] }]));
    expect(r.paths).toEqual([[
      "app.py:__main__", "app.py:14", "app.py:9", "myapp/server.py:11", "myapp/server.py:14",
      "myapp/handlers/upload.py:8", "requests.get",
    ]]);
  });

  test("a module nothing imports → none", async () => {
    const r = reach(await projectGraph("py-app"), target("PyPI", "Jinja2"));
    expect(r.level).toBe("none");
    expect(r.reason).toBe("Jinja2 is used only by code that no entry point reaches (myapp/legacy.py:2)");
  });

  test("transitive: parent used by reachable code → unknown; parent unused → none", async () => {
    const g = await projectGraph("py-app");
    const viaRequests = reach(g, target("PyPI", "urllib3", [], { direct: false, chain: ["app", "requests", "urllib3"] }));
    expect(viaRequests.level).toBe("unknown");
    expect(viaRequests.reason).toBe("reached through requests (used at myapp/handlers/upload.py:1), whose code is not in the checkout");
    const viaJinja = reach(g, target("PyPI", "MarkupSafe", [], { direct: false, chain: ["app", "Jinja2", "MarkupSafe"] }));
    expect(viaJinja).toEqual({
      level: "none", reason: "MarkupSafe comes in through Jinja2, which no reachable code uses", symbols: [], paths: [],
    });
  });

  test("a transitive dependency the app imports itself is analysed like a direct one", async () => {
    const r = reach(await projectGraph("py-app"), target("PyPI", "pyyaml", [{ path: "yaml", symbols: ["load"] }], { direct: false, chain: ["app", "other", "pyyaml"] }));
    expect(r.level).toBe("function");
  });
});

describe("py-dynamic", () => {
  test("importlib.import_module(non-literal) in reachable code → unknown", async () => {
    const r = reach(await projectGraph("py-dynamic"), target("PyPI", "PyYAML", [{ path: "yaml", symbols: ["load"] }]));
    expect(r.level).toBe("unknown");
    expect(r.reason).toBe(
      'dynamic import `importlib.import_module("plugins." + name)` at main.py:6 in reachable code; what it loads cannot be known',
    );
  });
});
