// Reach details on small generated projects: symbol matching forms, path ordering and limits,
// import-only package use, dev dependencies, Python parse errors.
import { describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { graphOf } from "./carets.ts";
import { target } from "./helpers.ts";

const project = (files: Record<string, string>) => graphOf(new Map(Object.entries(files)));
const lodashTemplate = [{ path: "lodash", symbols: ["template"] }];

describe("symbol matching", () => {
  test("require('lodash/template') matches {path: lodash, symbols: [template]}", async () => {
    const g = await project({ "package.json": '{"main":"a.js"}', "a.js": "const t = require('lodash/template');\nt('x');\n" });
    expect(reach(g, target("npm", "lodash", lodashTemplate))).toEqual({
      level: "function", reason: null, symbols: ["lodash.template"], paths: [["a.js:main", "a.js:2", "lodash.template"]],
    });
  });

  test("scoped packages and subpaths", async () => {
    const g = await project({ "package.json": '{"main":"a.js"}', "a.js": "import { parse } from '@babel/parser/lib';\nparse('x');\n" });
    const r = reach(g, target("npm", "@babel/parser", [{ path: "@babel/parser/lib", symbols: ["parse"] }]));
    expect(r.symbols).toEqual(["@babel/parser/lib.parse"]);
    expect(reach(g, target("npm", "@babel/core")).level).toBe("none");
  });

  test("package names with dots, and names sharing a first segment, are told apart", async () => {
    // Uses are prefiltered by their module's first segment ("lodash" for lodash.template): the
    // whole name must still decide.
    const g = await project({
      "package.json": '{"main":"a.js"}',
      "a.js": "const t = require('lodash.template');\nconst m = require('lodash.merge');\nt('x');\nm({}, {});\n",
    });
    expect(reach(g, target("npm", "lodash.template")).paths).toEqual([["a.js:main", "a.js:3", "lodash.template"]]);
    expect(reach(g, target("npm", "lodash.merge")).paths).toEqual([["a.js:main", "a.js:4", "lodash.merge"]]);
    expect(reach(g, target("npm", "lodash")).level).toBe("none");
    const py = await project({ "run.py": "import google.cloud.storage as gcs\nimport googleapis\n\nif __name__ == '__main__':\n    gcs.Client()\n" });
    expect(reach(py, target("PyPI", "google-cloud-storage", [{ path: "google.cloud.storage", symbols: ["Client"] }])).symbols)
      .toEqual(["google.cloud.storage.Client"]);
    expect(reach(py, target("PyPI", "googleapis-common", [{ path: "googleapis.common", symbols: ["x"] }])).symbols).toEqual([]);
  });

  test("Python: from yaml import load as yload; distribution name PyYAML", async () => {
    const g = await project({ "run.py": "from yaml import load as yload\n\nif __name__ == '__main__':\n    yload('x')\n" });
    const r = reach(g, target("PyPI", "PyYAML", [{ path: "yaml", symbols: ["load"] }]));
    expect(r.paths).toEqual([["run.py:__main__", "run.py:4", "yaml.load"]]);
  });

  test("Class.method symbols", async () => {
    const g = await project({ "main.py": "from pkg import Parser\n\nif __name__ == '__main__':\n    Parser().feed('x')\n" });
    const r = reach(g, target("PyPI", "pkg", [{ path: "pkg", symbols: ["Parser.feed"] }]));
    expect(r.symbols).toEqual(["pkg.Parser.feed"]);
  });
});

describe("paths", () => {
  test("at most 5, shortest first, then in text order", async () => {
    const calls = Array.from({ length: 7 }, (_, i) => `function f${i}() { _.template('x'); }\nf${i}();`).join("\n");
    const g = await project({
      "package.json": '{"main":"a.js"}',
      "a.js": `const _ = require('lodash');\nconst b = require('./b');\n${calls}\nb.deep();\n`,
      "b.js": "const _ = require('lodash');\nexports.deep = () => _.template('y');\n",
    });
    const r = reach(g, target("npm", "lodash", lodashTemplate));
    expect(r.paths.length).toBe(5);
    expect(r.paths.map((p) => p.join(" -> "))).toEqual([
      "a.js:main -> a.js:4 -> a.js:3 -> lodash.template",
      "a.js:main -> a.js:6 -> a.js:5 -> lodash.template",
      "a.js:main -> a.js:8 -> a.js:7 -> lodash.template",
      "a.js:main -> a.js:10 -> a.js:9 -> lodash.template",
      "a.js:main -> a.js:12 -> a.js:11 -> lodash.template",
    ]);
  });

  test("package level through an import only: the import site is the path", async () => {
    const g = await project({ "package.json": '{"main":"a.js"}', "a.js": "require('./b');\n", "b.js": "import 'reflect-metadata';\n" });
    const r = reach(g, target("npm", "reflect-metadata"));
    expect(r).toEqual({
      level: "package", reason: "no vulnerable symbols are known; reflect-metadata is imported by reachable code",
      symbols: [], paths: [["a.js:main", "a.js:1", "b.js:1", "reflect-metadata"]],
    });
  });
});

describe("unknown and none", () => {
  test("Python file with a syntax error on the way → unknown", async () => {
    const g = await project({
      "main.py": "import helper\n\nif __name__ == '__main__':\n    helper.go()\n",
      "helper.py": "import yaml\n\ndef go(:\n    pass\n",
    });
    const r = reach(g, target("PyPI", "PyYAML", [{ path: "yaml", symbols: ["load"] }]));
    expect(r.level).toBe("unknown");
    expect(r.reason).toStartWith("helper.py is reachable but could not be fully analysed (syntax error at line 3");
  });

  test("a file with errors that nothing reaches does not matter", async () => {
    const g = await project({
      "package.json": '{"main":"a.js"}', "a.js": "console.log(1);\n", "old.js": "function ( {\n",
    });
    expect(reach(g, target("npm", "lodash", lodashTemplate)).level).toBe("none");
  });

  test("__import__ of a literal is an ordinary import; of a variable, dynamic", async () => {
    const g = await project({ "m.py": "if __name__ == '__main__':\n    y = __import__('yaml')\n    z = __import__(name)\n" });
    const r = reach(g, target("PyPI", "PyYAML"));
    expect(r.level).toBe("package");
    const s = reach(g, target("PyPI", "requests"));
    expect(s.level).toBe("unknown");
  });
});
