// Entry points: package.json fields, Python mains, conventional fallbacks, test code exclusion,
// and the operator's entryGlobs/exclude.
import { afterAll, describe, expect, test } from "bun:test";
import { findEntries, isNonProductionPath, type EntrySource } from "../../src/scan/reach/entries.ts";
import { reach } from "../../src/scan/reach/index.ts";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { PROJECTS, target, tempGraphs } from "./helpers.ts";
import { readYaml } from "../../src/scan/inventory/structured.ts";
import { join } from "node:path";

const js = (...paths: string[]): EntrySource[] => paths.map((path) => ({ path, language: "javascript", hasMain: false }));
const brief = (entries: { file: string; kind: string }[]): string[] => entries.map((e) => `${e.file}:${e.kind}`);

describe("isNonProductionPath", () => {
  test.each([
    ["test/a.js", true], ["src/__tests__/a.js", true], ["spec/x.js", true], ["pkg/fixtures/a.py", true],
    ["examples/demo.js", true], ["docs/conf.py", true], ["src/a.test.ts", true], ["src/a.spec.js", true],
    ["tests_helpers.py", false], ["test_app.py", true], ["app_test.py", true], ["conftest.py", true],
    ["src/testing.js", false], ["src/latest/app.js", false], ["src/server.js", false],
  ])("%s → %p", (path, expected) => {
    expect(isNonProductionPath(path)).toBe(expected);
  });
});

describe("package.json", () => {
  test("main, bin as object, simple exports", () => {
    const entries = findEntries(js("lib/main.js", "bin/a.js", "bin/b.js", "esm/index.mjs"), [
      { dir: "", json: { main: "./lib/main.js", bin: { a: "bin/a.js", b: "./bin/b.js" }, exports: { ".": { import: "./esm/index.mjs", require: "./lib/main.js" } } } },
    ], []);
    // One entry per file: lib/main.js is "main" (first reason), not also "exports".
    expect(brief(entries)).toEqual(["lib/main.js:main", "bin/a.js:bin", "bin/b.js:bin", "esm/index.mjs:exports"]);
  });

  test("bin as a string; Node's default index.js when there is no main", () => {
    expect(brief(findEntries(js("cli.js", "index.js"), [{ dir: "", json: { bin: "cli.js" } }], []))).toEqual(["cli.js:bin", "index.js:main"]);
  });

  test("workspace packages in subdirectories; TS build output maps to src", () => {
    const sources = [...js("packages/api/src/server.ts"), ...js("packages/web/index.js")];
    const entries = findEntries(sources, [
      { dir: "packages/api", json: { main: "dist/server.js" } },
      { dir: "packages/web", json: { name: "web" } },
    ], []);
    expect(brief(entries)).toEqual(["packages/api/src/server.ts:main", "packages/web/index.js:main"]);
  });

  test("no package.json entry → conventional files, marked as assumed", () => {
    const entries = findEntries(js("src/app.js", "src/util.js", "server.js"), [], []);
    expect(brief(entries)).toEqual(["server.js:main", "src/app.js:main"]);
    expect(entries[0]!.reason).toContain("assumed");
  });

  test("package.json files in fixtures are ignored; test files never become entries", () => {
    const entries = findEntries(js("test/fixtures/app/index.js", "test/run.js"), [
      { dir: "test/fixtures/app", json: { main: "index.js" } },
      { dir: "", json: { main: "test/run.js" } },
    ], []);
    expect(entries).toEqual([]);
  });
});

describe("Python", () => {
  const py = (path: string, hasMain = false): EntrySource => ({ path, language: "python", hasMain });

  test("__main__ blocks, __main__.py, manage.py; not in tests", () => {
    const entries = findEntries([py("app.py", true), py("pkg/__main__.py"), py("manage.py"), py("tests/test_x.py", true), py("pkg/util.py")], [], []);
    expect(brief(entries)).toEqual(["app.py:__main__", "pkg/__main__.py:__main__", "manage.py:__main__"]);
  });

  test("pyproject scripts name a module and a function", () => {
    const entries = findEntries([py("src/tool/cli.py")], [], [{ module: "tool.cli", func: "main" }]);
    expect(entries).toEqual([{ file: "src/tool/cli.py", kind: "script", reason: "pyproject.toml script tool.cli:main", func: "main" }]);
  });

  test("no entry at all → conventional app.py / run.py; wsgi.py is an entry by itself", () => {
    expect(brief(findEntries([py("run.py"), py("views.py")], [], []))).toEqual(["run.py:main"]);
    expect(brief(findEntries([py("site/wsgi.py"), py("views.py")], [], []))).toEqual(["site/wsgi.py:wsgi"]);
  });
});

describe("AWS Lambda handlers", () => {
  const yaml = (text: string): unknown => {
    const r = readYaml(text);
    if (!("value" in r)) throw new Error(r.error);
    return r.value;
  };
  const py = (path: string): EntrySource => ({ path, language: "python", hasMain: false });

  test("serverless.yml functions (map or list of maps) name a module and its export; other exports are not entries", () => {
    const sls = yaml(
      "service: orders\nfunctions:\n  create:\n    handler: src/handlers/orders.create\n  nested:\n    handler: api/index.routes.handler\n" +
        "  gone:\n    handler: src/handlers/missing.run\n",
    );
    const merged = yaml("functions:\n  - py:\n      handler: jobs/sync.main\n");
    const sources = [...js("src/handlers/orders.ts", "api/index.js", "src/unused.js"), py("services/billing/jobs/sync.py")];
    const entries = findEntries(sources, [{ dir: "", json: { name: "orders" } }], [], {}, {
      functionConfigs: new Map([["serverless.yml", sls], ["services/billing/serverless.yml", merged]]),
    });
    expect(entries.map((e) => [e.file, e.kind, e.func])).toEqual([
      ["src/handlers/orders.ts", "handler", "create"],
      ["api/index.js", "handler", "routes.handler"],
      ["services/billing/jobs/sync.py", "handler", "main"],
    ]);
    expect(entries[0]!.reason).toBe('serverless.yml function "create" handler src/handlers/orders.create');
  });

  test("SAM templates: Handler under the function's CodeUri or Globals.Function, CloudFormation tags read as values", () => {
    const sam = yaml(
      [
        "Transform: AWS::Serverless-2016-10-31",
        "Globals:",
        "  Function:",
        "    CodeUri: functions/",
        "Resources:",
        "  Hello:",
        "    Type: AWS::Serverless::Function",
        "    Properties:",
        "      CodeUri: hello-world/",
        "      Handler: app.lambdaHandler",
        "      Role: !GetAtt HelloRole.Arn",
        "  Report:",
        "    Type: AWS::Serverless::Function",
        "    Properties:",
        "      Handler: report.app.lambda_handler",
        "  Table:",
        "    Type: AWS::DynamoDB::Table",
        "    Properties:",
        "      Handler: not.a.function",
      ].join("\n"),
    );
    const sources = [...js("infra/hello-world/app.mjs"), py("infra/functions/report/app.py"), py("infra/not/a.py")];
    const entries = findEntries(sources, [], [], {}, { functionConfigs: new Map([["infra/template.yaml", sam]]) });
    expect(entries.map((e) => [e.file, e.kind, e.func])).toEqual([
      ["infra/hello-world/app.mjs", "handler", "lambdaHandler"],
      ["infra/functions/report/app.py", "handler", "lambda_handler"],
    ]);
  });

  test("Netlify functions by folder, Vercel's api/ only with a vercel.json; helpers are not entries", () => {
    const sources = js(
      "netlify/functions/orders.js", "netlify/functions/report/report.ts", "netlify/functions/report/format.ts",
      "netlify/edge-functions/geo.ts", "api/users/[id].ts", "api/_lib/db.ts", "src/util.js",
    );
    const files = (extra: string[]) => new Set([...sources.map((s) => s.path), ...extra]);
    const netlify = ["netlify/edge-functions/geo.ts:route", "netlify/functions/orders.js:route", "netlify/functions/report/report.ts:route"];
    expect(brief(findEntries(sources, [{ dir: "", json: { name: "fn" } }], [], {}, { all: files([]) }))).toEqual(netlify);
    expect(brief(findEntries(sources, [{ dir: "", json: { name: "fn" } }], [], {}, { all: files(["vercel.json"]) }))).toEqual(["api/users/[id].ts:route", ...netlify]);
  });

  const temp = tempGraphs("reachd-lambda-");
  afterAll(() => temp.cleanup());

  test("the named export runs, not its neighbours: a handler's call path starts at its function", async () => {
    const graph = await temp.graph({
      "package.json": JSON.stringify({ name: "fn", dependencies: { lodash: "4.17.20", "js-yaml": "3.14.1" } }),
      "serverless.yml": "service: fn\nfunctions:\n  render:\n    handler: src/render.handler\n",
      "src/render.js": [
        'const _ = require("lodash");',
        'const yaml = require("js-yaml");',
        "module.exports.handler = async (event) => ({ body: _.template(event.body)({}) });",
        "module.exports.debug = async (event) => yaml.load(event.body);",
        "",
      ].join("\n"),
    });
    expect(graph.entries.map((e) => e.label)).toEqual(["src/render.js:handler"]);
    const t = reach(graph, target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]));
    expect(t.level).toBe("function");
    expect(t.paths[0]).toEqual(["src/render.js:handler", "src/render.js:3", "lodash.template"]);
    // debug is exported but no function deploys it.
    expect(reach(graph, target("npm", "js-yaml", [{ path: "js-yaml", symbols: ["load"] }])).level).toBe("none");
  });
});

describe("operator options", () => {
  test("entryGlobs make test code an entry; exclude removes entries", async () => {
    const root = join(PROJECTS, "js-cjs");
    const withTests = await buildProjectGraph(root, { entryGlobs: ["test/**/*.js"] });
    expect(withTests.entries.map((e) => e.label)).toEqual(["src/server.js:main", "test/report-check.js:entry"]);
    const r = reach(withTests, target("npm", "minimist"));
    expect(r.level).toBe("package");
    expect(r.paths[0]).toEqual(["test/report-check.js:entry", "test/report-check.js:7", "minimist"]);

    const excluded = await buildProjectGraph(root, { exclude: ["src/server.js"] });
    expect(excluded.entries).toEqual([]);
    const u = reach(excluded, target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]));
    expect(u.level).toBe("unknown");
    expect(u.reason).toContain("no entry points found");
  });

  test("an aborted signal stops the build", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(buildProjectGraph(join(PROJECTS, "js-cjs"), { signal: controller.signal })).rejects.toThrow();
  });
});
