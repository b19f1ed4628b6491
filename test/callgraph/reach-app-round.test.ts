// Framework conventions and dynamic-site rules found by a round of fresh realistic apps
// (test/fixtures/apps: aiohttp-gallery, falcon-exports, graphene-bookclub, fastify-wiki, …), each
// on a minimal project built by the real engine.
import { afterAll, describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-app-round-");
afterAll(temp.cleanup);
const project = temp.graph;

const yamlLoad = target("PyPI", "pyyaml", [{ path: "yaml", symbols: ["load"] }]);
const jsYamlLoad = target("npm", "js-yaml", [{ path: "js-yaml", symbols: ["load"] }]);
const semverSatisfies = target("npm", "semver", [{ path: "semver", symbols: ["satisfies"] }]);

describe("Python class-based handlers", () => {
  test("aiohttp web.View subclasses routed by router.add_view() run their methods", async () => {
    const g = await project({
      "requirements.txt": "aiohttp==3.9.5\npyyaml==5.3.1\n",
      "svc/__main__.py": "from aiohttp import web\nfrom .views import ConfigView\n\napp = web.Application()\napp.router.add_view('/cfg', ConfigView)\nweb.run_app(app)\n",
      "svc/views.py": "import yaml\nfrom aiohttp import web\n\n\nclass ConfigView(web.View):\n    async def post(self):\n        return web.json_response(yaml.load(await self.request.text()))\n",
    });
    const r = reach(g, yamlLoad);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["svc/views.py:views", "svc/views.py:7", "yaml.load"]]);
  });

  test("Falcon resources derive from nothing: a class with on_<verb> responders is a view; other classes are not", async () => {
    const g = await project({
      "requirements.txt": "falcon==3.1.3\npyyaml==5.3.1\n",
      "app.py": "import falcon\nfrom res import Things\n\napp = falcon.App()\napp.add_route('/things', Things())\n",
      "res.py": "import yaml\n\n\nclass Things:\n    def on_post(self, req, resp):\n        resp.media = yaml.load(req.stream.read())\n\n\nclass Helper:\n    def parse(self, s):\n        return yaml.load(s)\n",
    });
    const r = reach(g, yamlLoad);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["res.py:views", "res.py:6", "yaml.load"]]);
  });

  test("graphene: resolve_<field> methods of an ObjectType and a Mutation's mutate are run by the executor", async () => {
    const g = await project({
      "requirements.txt": "graphene==3.3\npyyaml==5.3.1\n",
      "schema.py": [
        "import graphene",
        "import yaml",
        "",
        "",
        "class Query(graphene.ObjectType):",
        "    config = graphene.String()",
        "",
        "    def resolve_config(root, info):",
        "        return str(yaml.load(open('c.yml')))",
        "",
        "",
        "schema = graphene.Schema(query=Query)",
        "",
        "if __name__ == '__main__':",
        "    print(schema.execute('{ config }'))",
        "",
      ].join("\n"),
    });
    const r = reach(g, yamlLoad);
    expect(r.level).toBe("function");
    expect(r.paths![0]!.at(-2)).toBe("schema.py:9");
  });
});

describe("JS folders loaded module by module", () => {
  test("@fastify/autoload: every file under `dir: path.join(__dirname, 'routes')` runs its exported plugin", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "server.js" }),
      "server.js": "const path = require('path');\nconst app = require('fastify')();\napp.register(require('@fastify/autoload'), { dir: path.join(__dirname, 'routes') });\napp.listen({ port: 3000 });\n",
      "routes/cfg/index.js": "const yaml = require('js-yaml');\nmodule.exports = async function (fastify) {\n  fastify.post('/cfg', async (req) => yaml.load(req.body));\n};\n",
    });
    const r = reach(g, jsYamlLoad);
    expect(r.level).toBe("function");
    expect(r.paths![0]![0]).toBe("routes/cfg/index.js:exports");
  });

  test("readdirSync + require(`./routes/${f}`): each module of the folder is loaded (no dynamic site left)", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "server.js" }),
      "server.js": "const fs = require('fs');\nconst app = require('express')();\nfor (const f of fs.readdirSync(__dirname + '/routes')) require(`./routes/${f}`)(app);\napp.listen(3000);\n",
      "routes/cfg.js": "const yaml = require('js-yaml');\nmodule.exports = (app) => app.post('/cfg', (req, res) => res.json(yaml.load(req.body)));\n",
    });
    expect(g.dynamic).toEqual([]);
    const r = reach(g, jsYamlLoad);
    expect(r.level).toBe("function");
    expect(r.paths![0]![0]).toBe("routes/cfg.js:exports");
  });
});

describe("what a dynamic import can load", () => {
  const files = {
    "package.json": JSON.stringify({ name: "app", main: "index.js" }),
    "index.js": "const semver = require('semver');\nconst name = process.argv[2];\nrequire(`./commands/${name}`).run();\nconsole.log(semver.valid('1.0.0'));\n",
    "commands/build.js": "const yaml = require('js-yaml');\nexports.run = () => yaml.load('a: 1');\n",
  };

  test("a literal folder of ours: packages used in what its modules load are unknown", async () => {
    const r = reach(await project(files), jsYamlLoad);
    expect(r.level).toBe("unknown");
    expect(r.reason).toStartWith("dynamic import `require(`./commands/${name}`)` at index.js:3");
  });

  test("a literal folder of ours: a direct dependency used only elsewhere stays none", async () => {
    const r = reach(await project(files), semverSatisfies);
    expect(r.level).toBe("none");
    expect(r.reason).toBe("semver is used by reachable code (index.js:1), but none of its vulnerable symbols is called");
  });

  test("a computed folder can load anything: unknown", async () => {
    const g = await project({ ...files, "index.js": files["index.js"].replace("`./commands/${name}`", "process.env.CMD_DIR + name") });
    expect(reach(g, semverSatisfies).level).toBe("unknown");
  });

  test("a dev-only dependency is never unknown for a dynamic site (not installed in production)", async () => {
    const g = await project({ ...files, "index.js": files["index.js"].replace("`./commands/${name}`", "process.env.CMD_DIR + name") });
    const r = reach(g, { ...jsYamlLoad, dependency: { ...jsYamlLoad.dependency, dev: true } });
    expect(r.level).toBe("none");
  });

  test("Python import_module(f\"pkg.formats.{fmt}\"): only what pkg/formats loads", async () => {
    const g = await project({
      "requirements.txt": "pyyaml==5.3.1\nmarkdown2==2.3.8\n",
      "main.py": "import importlib\nimport sys\n\nimport yaml\n\nif __name__ == '__main__':\n    cfg = yaml.safe_load(open('c.yml'))\n    importlib.import_module(f'pkg.formats.{sys.argv[1]}').render(cfg)\n",
      "pkg/__init__.py": "",
      "pkg/formats/__init__.py": "",
      "pkg/formats/html.py": "import markdown2\n\n\ndef render(cfg):\n    return markdown2.markdown(cfg['text'])\n",
    });
    expect(reach(g, yamlLoad).level).toBe("none");
    const md = reach(g, target("PyPI", "markdown2", [{ path: "markdown2", symbols: ["markdown"] }]));
    expect(md.level).toBe("unknown");
    expect(md.reason).toContain("import_module(f'pkg.formats.{sys.argv[1]}')");
  });
});

describe("app rules", () => {
  test("a Quart app beside a console script, and an Elysia app beside a bin, are server entries", async () => {
    const py = await project({
      "pyproject.toml": "[project]\nname = 'svc'\nversion = '1'\n[project.scripts]\nsvc = 'svc.cli:main'\n",
      "svc/__init__.py": "",
      "svc/cli.py": "def main():\n    print('cli')\n",
      "svc/web.py": "import yaml\nfrom quart import Quart, request\n\napp = Quart(__name__)\n\n\n@app.post('/cfg')\nasync def cfg():\n    return yaml.load(await request.get_data())\n",
    });
    expect(reach(py, yamlLoad).paths).toEqual([["svc/web.py:server", "svc/web.py:7", "svc/web.py:9", "yaml.load"]]);
    const js = await project({
      "package.json": JSON.stringify({ name: "e", bin: { e: "src/cli.ts" } }),
      "src/cli.ts": "console.log('cli');\n",
      "src/server.ts": "import { Elysia } from 'elysia';\nimport yaml from 'js-yaml';\n\nnew Elysia().post('/cfg', ({ body }) => yaml.load(String(body))).listen(3000);\n",
    });
    expect(reach(js, jsYamlLoad).level).toBe("function");
  });
});
