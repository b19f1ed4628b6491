// Round 21 of the end-to-end apps: evidence paths of calls before paths through a reference, and
// entry points named in text (serverless.ts, Dagster, django-ninja and discord.py dotted names, cmd.Cmd).
import { afterAll, describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { bestPaths } from "../../src/scan/reach/search.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-round21-");
afterAll(temp.cleanup);

const project = temp.graph;

const jsYaml = target("npm", "js-yaml", [{ path: "js-yaml", symbols: ["load"] }]);
const xml2js = target("npm", "xml2js", [{ path: "xml2js", symbols: ["parseStringPromise"] }]);
const requests = target("PyPI", "requests", [{ path: "requests", symbols: ["get"] }]);
const sqlparse = target("PyPI", "sqlparse", [{ path: "sqlparse", symbols: ["format"] }]);

describe("evidence paths", () => {
  test("a function also stored in a Map (a reference edge) is shown by the path of calls, not the equally short reference", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "server.js" }),
      "server.js": [
        "const express = require('express');",
        "const registry = require('./registry');",
        "const { parse } = require('./service');",
        "const app = express();",
        "app.post('/i', (req, res) => res.json(parse(req.body)));",
        "app.listen(3000);",
      ].join("\n"),
      "registry.js": ["const { fromYaml } = require('./yaml');", "const m = new Map();", "m.set('yaml', fromYaml);", "module.exports = m;"].join("\n"),
      "service.js": ["const { fromYaml } = require('./yaml');", "exports.parse = (t) => fromYaml(t);"].join("\n"),
      "yaml.js": ["const yaml = require('js-yaml');", "exports.fromYaml = (t) => yaml.load(t);"].join("\n"),
    });
    const r = reach(g, jsYaml);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["server.js:main", "server.js:5", "service.js:2", "yaml.js:2", "js-yaml.load"]]);
  });

  test("bestPaths keeps shortest first among paths of one kind", () => {
    const a = ["e:main", "a.js:1", "x"];
    const b = ["e:main", "a.js:2", "b.js:3", "x"];
    expect(bestPaths([b, a, a], 5)).toEqual([a, b]);
  });
});

describe("entries named in text", () => {
  test("serverless.ts and the aws-nodejs-typescript template's handlerPath(__dirname) modules name handlers", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "svc", main: "serverless.ts" }),
      "serverless.ts": [
        "import hello from './src/functions/hello';",
        "const config = { service: 'svc', functions: { hello, ping: { handler: 'src/ping.main' } } };",
        "module.exports = config;",
      ].join("\n"),
      "src/libs/handler-resolver.ts": "export const handlerPath = (context: string) => context.split(process.cwd())[1].substring(1);\n",
      "src/functions/hello/index.ts": [
        "import { handlerPath } from '../../libs/handler-resolver';",
        "export default { handler: `${handlerPath(__dirname)}/handler.main`, events: [] };",
      ].join("\n"),
      "src/functions/hello/handler.ts": ["import { parseStringPromise } from 'xml2js';", "export const main = async (event: any) => parseStringPromise(event.body);"].join("\n"),
      "src/ping.ts": ["import yaml from 'js-yaml';", "export const main = async (event: any) => yaml.load(event.body);"].join("\n"),
    });
    expect(reach(g, xml2js).level).toBe("function");
    expect(reach(g, jsYaml).level).toBe("function");
  });

  test("Dagster's [tool.dagster] module_name is imported; its @asset functions run", async () => {
    const g = await project({
      "pyproject.toml": '[project]\nname = "wx"\nversion = "0.1.0"\n\n[tool.dagster]\nmodule_name = "wx.definitions"\n',
      "wx/__init__.py": "",
      "wx/definitions.py": "from dagster import Definitions, load_assets_from_modules\n\nfrom . import assets\n\ndefs = Definitions(assets=load_assets_from_modules([assets]))\n",
      "wx/assets.py": "import requests\nfrom dagster import asset\n\n\n@asset\ndef stations():\n    return requests.get('https://example.invalid').json()\n",
    });
    expect(reach(g, requests).level).toBe("function");
  });

  test("django-ninja add_router(prefix, \"pkg.module.router\") imports the module; discord.py load_extension() over dotted names calls setup()", async () => {
    const g = await project({
      "run.py": "from api import api\n\nif __name__ == '__main__':\n    api.run()\n",
      "api.py": "from ninja import NinjaAPI\n\napi = NinjaAPI()\napi.add_router('/feeds/', 'feeds.router')\n",
      "feeds.py": "import requests\nfrom ninja import Router\n\nrouter = Router()\nrequests.get('https://example.invalid/warmup')\n",
      "bot.py": [
        "from discord.ext import commands",
        "",
        "EXTENSIONS = ('cogs.fmt',)",
        "",
        "",
        "class Bot(commands.Bot):",
        "    async def setup_hook(self):",
        "        for name in EXTENSIONS:",
        "            await self.load_extension(name)",
        "",
        "",
        "if __name__ == '__main__':",
        "    Bot(command_prefix='!').run('token')",
      ].join("\n"),
      "cogs/__init__.py": "",
      "cogs/fmt.py": "import sqlparse\n\n\nasync def setup(bot):\n    sqlparse.format('select 1')\n",
    });
    expect(reach(g, requests).level).toBe("function");
    expect(reach(g, sqlparse).level).toBe("function");
  });

  test("a cmd.Cmd subclass's do_<command> methods run (cmdloop calls them)", async () => {
    const g = await project({
      "shell.py": [
        "import cmd",
        "",
        "import sqlparse",
        "",
        "",
        "class Shell(cmd.Cmd):",
        "    def do_fmt(self, arg):",
        "        print(sqlparse.format(arg))",
        "",
        "",
        "if __name__ == '__main__':",
        "    Shell().cmdloop()",
      ].join("\n"),
    });
    expect(reach(g, sqlparse).level).toBe("function");
  });
});
