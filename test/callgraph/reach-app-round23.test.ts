// Round 23 of the end-to-end apps (v13): paths start once per entry node and entry file, a name a
// plain module binds to a number is no missing module, Bree's job files, Qt and Home Assistant
// classes, and convention-loaded files of Moleculer, Egg.js and LoopBack.
import { afterAll, describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-round23-");
afterAll(temp.cleanup);

const project = temp.graph;

const lodashTemplate = target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]);
const requestsGet = target("PyPI", "requests", [{ path: "requests", symbols: ["get"] }]);
const pillowOpen = target("PyPI", "pillow", [{ path: "PIL.Image", symbols: ["open"] }]);

describe("paths and unresolved names", () => {
  test("a function two entries of one file list (a discord.py extension's Cog, also a view class) gives each path once", async () => {
    const g = await project({
      "requirements.txt": "discord.py==2.3.2\nrequests==2.25.1\n",
      "bot.py": [
        "import asyncio",
        "from discord.ext import commands",
        "bot = commands.Bot(command_prefix='!')",
        "async def main():",
        "    await bot.load_extension('cogs.fetch')",
        "if __name__ == '__main__':",
        "    asyncio.run(main())",
      ].join("\n"),
      "cogs/__init__.py": "",
      "cogs/fetch.py": [
        "import requests",
        "from discord.ext import commands",
        "class Fetch(commands.Cog):",
        "    @commands.command()",
        "    async def fetch(self, ctx, url):",
        "        await ctx.send(requests.get(url).text[:100])",
        "async def setup(bot):",
        "    await bot.add_cog(Fetch())",
      ].join("\n"),
    });
    const r = reach(g, requestsGet);
    expect(r.level).toBe("function");
    const sites = r.paths.map((p) => p.slice(1).join(" -> "));
    expect(new Set(sites).size).toBe(sites.length);
  });

  test("`from .const import TIMEOUT` (a number, which has no value) is no module missing from the checkout", async () => {
    const g = await project({
      "app/__init__.py": "",
      "app/const.py": "TIMEOUT = 30\nNAME = 'x'\n",
      "app/main.py": ["from .const import NAME, TIMEOUT", "", "def run():", "    return NAME, TIMEOUT", ""].join("\n"),
      "run.py": "from app.main import run\n\nif __name__ == '__main__':\n    run()\n",
    });
    expect(g.unresolved).toEqual([]);
  });

  test("`from . import missing` in a package with no such submodule or name is still unresolved", async () => {
    const g = await project({
      "app/__init__.py": "",
      "app/main.py": "from . import helpers\n",
      "run.py": "import app.main\n\nif __name__ == '__main__':\n    pass\n",
    });
    expect(g.unresolved.map((u) => u.specifier)).toEqual([".helpers"]);
  });
});

describe("job files and framework classes", () => {
  test("Bree: `new Bree({ root: path.join(__dirname, \"jobs\"), jobs: [...] })` loads each job's file where it is listed", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "index.js" }),
      "index.js": [
        'const path = require("path");',
        'const Bree = require("bree");',
        "const bree = new Bree({",
        '  root: path.join(__dirname, "jobs"),',
        '  jobs: ["cleanup", { name: "digest", interval: "1h" }],',
        "});",
        "bree.start();",
      ].join("\n"),
      "jobs/digest.js": 'const _ = require("lodash");\nconsole.log(_.template("<%= a %>")({ a: 1 }));\n',
      "jobs/cleanup.js": "console.log('cleanup');\n",
    });
    const r = reach(g, lodashTemplate);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["index.js:main", "index.js:5", "jobs/digest.js:2", "lodash.template"]]);
  });

  test("Qt: a QThread subclass's run() runs once started; a plain class of the same module does not", async () => {
    const g = await project({
      "requirements.txt": "PySide6==6.7.1\npillow==9.1.0\nrequests==2.25.1\n",
      "viewer.py": [
        "from PIL import Image",
        "from PySide6.QtCore import QThread",
        "import requests",
        "class Loader(QThread):",
        "    def run(self):",
        "        Image.open(self.path)",
        "class Helper:",
        "    def fetch(self):",
        "        return requests.get('https://example.com')",
        "def start(path):",
        "    worker = Loader()",
        "    worker.path = path",
        "    worker.start()",
        "if __name__ == '__main__':",
        "    start('a.png')",
      ].join("\n"),
    });
    expect(reach(g, pillowOpen).level).toBe("function");
    expect(reach(g, requestsGet).level).toBe("none");
  });

  test("Home Assistant: custom_components/<domain>/ with a manifest.json runs its modules' setup hooks", async () => {
    const g = await project({
      "requirements.txt": "homeassistant==2024.6.4\nrequests==2.25.1\n",
      "custom_components/demo/manifest.json": JSON.stringify({ domain: "demo", name: "Demo", version: "1.0.0" }),
      "custom_components/demo/__init__.py": "from .api import pull\n\nasync def async_setup_entry(hass, entry):\n    await hass.async_add_executor_job(pull)\n    return True\n",
      "custom_components/demo/api.py": "import requests\n\ndef pull():\n    return requests.get('https://example.com').json()\n",
    });
    const r = reach(g, requestsGet);
    expect(r.level).toBe("function");
    expect(r.paths[0]![0]).toBe("custom_components/demo/__init__.py:integration");
  });
});

describe("files loaded by folder conventions", () => {
  test("moleculer-runner's folder argument loads its *.service.js files; their schema's actions run", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "mesh", scripts: { start: "moleculer-runner --hot services" }, dependencies: { moleculer: "0.14.33", lodash: "4.17.20" } }),
      "services/greeter.service.js": 'const _ = require("lodash");\nmodule.exports = { name: "greeter", actions: { hello(ctx) { return _.template("hi <%= n %>")(ctx.params); } } };\n',
      "services/helpers.js": 'const _ = require("lodash");\nexports.t = () => _.template("x");\n',
    });
    const r = reach(g, lodashTemplate);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p[0])).toEqual(["services/greeter.service.js:exports"]);
  });

  test("Egg.js: app/service classes' methods run; LoopBack: src/controllers/*.controller classes' methods run", async () => {
    const egg = await project({
      "package.json": JSON.stringify({ name: "blog", dependencies: { egg: "3.17.5", lodash: "4.17.20" } }),
      "app/service/post.js": 'const { Service } = require("egg");\nconst _ = require("lodash");\nclass PostService extends Service {\n  render(s) { return _.template(s)({}); }\n}\nmodule.exports = PostService;\n',
    });
    expect(reach(egg, lodashTemplate).level).toBe("function");
    const loopback = await project({
      "package.json": JSON.stringify({ name: "notes", main: "dist/index.js", dependencies: { "@loopback/boot": "7.0.3", lodash: "4.17.20" } }),
      "src/index.ts": "export const main = () => 1;\n",
      "src/controllers/note.controller.ts": 'import _ from "lodash";\nexport class NoteController {\n  render(s: string) { return _.template(s)({}); }\n}\n',
    });
    expect(reach(loopback, lodashTemplate).level).toBe("function");
  });
});
