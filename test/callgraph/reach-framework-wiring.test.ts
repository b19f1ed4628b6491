// How frameworks call the application's code without a call in it: Express handler arrays,
// Express view engines, FastAPI dependencies. Real projects in temp dirs, built by the real engine.
import { afterAll, describe, expect, test } from "bun:test";
import { toPycg } from "../../src/scan/callgraph/pycg.ts";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-wiring-");
afterAll(temp.cleanup);

const project = temp.graph;

const lodashTemplate = target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]);

describe("Express handler arrays", () => {
  test("app.post(path, [mw, handler]) and router.use([a, b]) call every function in the array", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "server.js" }),
      "server.js": [
        "const express = require('express');",
        "const _ = require('lodash');",
        "const app = express();",
        "const router = express.Router();",
        "function render(req, res) { res.send(_.template(req.body)()); }",
        "function audit(req, res, next) { next(); }",
        "function legacy(req, res) { res.send(_.template('x')()); }",
        "app.post('/r', [express.json(), render]);",
        "router.use([audit, legacy]);",
        "app.listen(3000);",
      ].join("\n"),
    });
    const r = reach(g, lodashTemplate);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([
      ["server.js:main", "server.js:8", "server.js:5", "lodash.template"],
      ["server.js:main", "server.js:9", "server.js:7", "lodash.template"],
    ]);
    expect(toPycg(g)["server"]).toEqual(expect.arrayContaining(["server.render", "server.audit", "server.legacy"]));
  });

  test("an array handed to our own function binds no parameter to its items", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "main.js" }),
      "main.js": [
        "function a() {}",
        "function b() {}",
        "function first(fns, extra) { extra(); }",
        "first([a], b);",
      ].join("\n"),
    });
    const cg = toPycg(g);
    // b is called through `extra`; a is only stored, never called by `first`.
    expect(cg["main.first"]).toEqual(["main.b"]);
  });
});

describe("Express view engines", () => {
  const ejsRender = target("npm", "ejs", [{ path: "ejs", symbols: ["render", "renderFile", "compile", "__express"] }]);
  const app = (setup: string) => ({
    "package.json": JSON.stringify({ name: "app", main: "server.js" }),
    "server.js": [
      "const express = require('express');",
      "const app = express();",
      setup,
      "app.get('/', (req, res) => res.render('index', { q: req.query }));",
      "app.listen(3000);",
    ].join("\n"),
  });

  test("app.set('view engine', 'ejs') is a call of ejs.__express (what Express calls on res.render) at that line", async () => {
    const r = reach(await project(app("app.set('view engine', 'ejs');")), ejsRender);
    expect(r.level).toBe("function");
    expect(r.symbols).toEqual(["ejs.__express"]);
    expect(r.paths).toEqual([["server.js:main", "server.js:3", "ejs.__express"]]);
  });

  test("app.engine('ejs', require('ejs').__express) hands the engine to Express", async () => {
    const r = reach(await project(app("app.engine('ejs', require('ejs').__express);")), ejsRender);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["server.js:main", "server.js:3", "ejs.__express"]]);
  });

  test("other settings and non-literal engines are no use of a package", async () => {
    const g = await project(app("app.set('views', 'ejs');\napp.set('view engine', process.env.ENGINE);\napp.set('view engine', './local');"));
    expect(g.uses.filter((u) => u.module === "ejs" || u.module === "./local")).toEqual([]);
    expect(reach(g, ejsRender).level).toBe("none");
  });
});

describe("FastAPI dependencies", () => {
  const imageMathEval = target("PyPI", "pillow", [{ path: "PIL.ImageMath", symbols: ["eval"] }]);
  const files = (route: string) => ({
    "main.py": ["from fastapi import FastAPI", "from routes import router", "app = FastAPI()", "app.include_router(router)", ""].join("\n"),
    "service.py": [
      "from PIL import ImageMath",
      "class Service:",
      "    def apply(self, expr):",
      "        return ImageMath.eval(expr)",
      "def get_service():",
      "    return Service()",
      "",
    ].join("\n"),
    "routes.py": [
      "import typing",
      "from typing import Annotated",
      "from fastapi import APIRouter, Depends",
      "from service import Service, get_service",
      "router = APIRouter()",
      "@router.post('/x')",
      route,
      "    return svc.apply(expr)",
      "",
    ].join("\n"),
  });

  for (const [form, route] of [
    ["default", "def handle(expr: str, svc: Service = Depends(get_service)):"],
    ["Annotated", "def handle(expr: str, svc: Annotated[Service, Depends(get_service)]):"],
    ["string annotation", "def handle(expr: str, svc: 'Service' = Depends(get_service)):"],
    ["typing.Annotated", "def handle(expr: str, svc: typing.Annotated[Service, Depends(get_service)]):"],
  ] as const) {
    test(`a parameter typed with our class and filled by Depends holds an instance of it (${form})`, async () => {
      const g = await project(files(route));
      const r = reach(g, imageMathEval);
      expect(r.level).toBe("function");
      expect(r.paths).toEqual([["main.py:server", "main.py:2", "routes.py:6", "routes.py:8", "service.py:4", "PIL.ImageMath.eval"]]);
      // FastAPI calls the dependency for each request (handed to Depends in the signature), and
      // the route calls the method on the instance it gets.
      expect(g.edges.filter((e) => e.from === "routes.py#handle").map((e) => [e.to, e.line, e.kind])).toEqual([
        ["service.py#get_service", 7, "call"],
        ["service.py#Service.apply", 8, "call"],
      ]);
    });
  }

  test("without Depends an annotation binds nothing (callers decide what a parameter holds)", async () => {
    const g = await project(files("def handle(expr: str, svc: Service = None):"));
    expect(reach(g, imageMathEval).level).not.toBe("function");
  });
});
