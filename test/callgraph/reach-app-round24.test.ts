// Round 24 of the end-to-end apps (v14): plugin packages whose host calls their hooks (ESLint rules'
// create() and visitors, Babel visitors, an MkDocs plugin's public hooks), Gatsby's API files, Meteor's
// mainModule, Kedro's pipeline registry, Locust and Modal commands, Locust user classes, Odoo addons.
import { afterAll, describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-round24-");
afterAll(temp.cleanup);

const project = temp.graph;

const lodashTemplate = target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]);
const requestsGet = target("PyPI", "requests", [{ path: "requests", symbols: ["get"] }]);
const qsParse = target("npm", "qs", [{ path: "qs", symbols: ["parse"] }]);

describe("plugin packages", () => {
  test("ESLint plugin: `rules: { x: require(\"./rules/x\") }` in the main export makes each rule's create() run, and its visitor methods", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "eslint-plugin-x", main: "index.js" }),
      "index.js": 'module.exports = { rules: { "no-t": require("./rules/no-t") } };\n',
      "rules/no-t.js": [
        'const _ = require("lodash");',
        "module.exports = {",
        "  create(context) {",
        "    return {",
        "      TemplateLiteral(node) {",
        "        _.template(node.raw);",
        "      },",
        "    };",
        "  },",
        "};",
      ].join("\n"),
    });
    const r = reach(g, lodashTemplate);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["index.js:main -> rules/no-t.js:5 -> rules/no-t.js:6 -> lodash.template"]);
  });

  test("Babel plugin: the methods of `visitor`, an object nested in the literal the exported factory returns, run", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "babel-plugin-x", main: "index.js" }),
      "index.js": [
        'const _ = require("lodash");',
        "module.exports = function plugin({ types: t }) {",
        "  return {",
        "    visitor: {",
        "      StringLiteral(path) {",
        "        path.node.value = _.template(path.node.value)({});",
        "      },",
        "    },",
        "  };",
        "};",
      ].join("\n"),
    });
    expect(reach(g, lodashTemplate).level).toBe("function");
  });

  test("a named object in a function (`const handlers = { run() {} }`) is still called only where it is used", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "index.js" }),
      "index.js": [
        'const _ = require("lodash");',
        "exports.start = function start() {",
        "  const handlers = { nested: { run() { return _.template('x'); } } };",
        "  return handlers.nested ? 1 : 0;",
        "};",
      ].join("\n"),
    });
    expect(reach(g, lodashTemplate).level).toBe("none");
  });

  test("MkDocs plugin class (an entry point of group mkdocs.plugins): its public hooks run, not its `_helpers` by themselves", async () => {
    const files = {
      "pyproject.toml": '[project]\nname = "p"\nversion = "1"\n[project.entry-points."mkdocs.plugins"]\np = "plug.plugin:P"\n',
      "plug/__init__.py": "",
      "plug/plugin.py": [
        "import requests",
        "from mkdocs.plugins import BasePlugin",
        "class P(BasePlugin):",
        "    def on_page_markdown(self, markdown, page, config, files):",
        "        return markdown",
        "    def _fetch(self, url):",
        "        return requests.get(url).text",
      ].join("\n"),
    };
    expect(reach(await project(files), requestsGet).level).toBe("none");
    files["plug/plugin.py"] = files["plug/plugin.py"].replace("        return markdown", "        return self._fetch(markdown)");
    const r = reach(await project(files), requestsGet);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["plug/plugin.py:plugin -> plug/plugin.py:5 -> plug/plugin.py:7 -> requests.get"]);
  });
});

describe("JS projects loaded by convention", () => {
  test("Gatsby: gatsby-node.js's exported APIs run in a project that depends on gatsby, and not without it", async () => {
    const files = {
      "package.json": JSON.stringify({ name: "site", private: true, dependencies: { gatsby: "5.13.3", lodash: "4.17.20" }, scripts: { build: "gatsby build" } }),
      "gatsby-node.js": 'const _ = require("lodash");\nexports.onCreateNode = ({ node }) => {\n  node.slug = _.template(node.title)({});\n};\n',
    };
    const r = reach(await project(files), lodashTemplate);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["gatsby-node.js:exports -> gatsby-node.js:3 -> lodash.template"]);
    const plain = { ...files, "package.json": JSON.stringify({ name: "site", private: true, dependencies: { lodash: "4.17.20" }, main: "index.js" }), "index.js": "module.exports = 1;\n" };
    expect(reach(await project(plain), lodashTemplate).level).toBe("none");
  });

  test("Meteor: package.json `meteor.mainModule` (per side, or one string) names the modules Meteor loads; `testModule` is no entry", async () => {
    const files = {
      "package.json": JSON.stringify({ name: "app", private: true, meteor: { mainModule: { client: "client/main.js", server: "server/main.js" }, testModule: "tests/main.js" } }),
      "server/main.js": 'import { render } from "../imports/render";\nMeteor.methods({\n  "x.render"(s) {\n    return render(s);\n  },\n});\n',
      "client/main.js": "console.log(1);\n",
      "imports/render.js": 'import _ from "lodash";\nexport function render(s) {\n  return _.template(s)({});\n}\n',
      "tests/main.js": 'import _ from "lodash";\n_.template("x");\n',
    };
    const g = await project(files);
    expect(g.entries.map((e) => e.label).sort()).toEqual(["client/main.js:main", "server/main.js:main"]);
    const r = reach(g, lodashTemplate);
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["server/main.js:main -> server/main.js:2 -> server/main.js:4 -> imports/render.js:3 -> lodash.template"]);
    const one = await project({ ...files, "package.json": JSON.stringify({ name: "app", private: true, meteor: { mainModule: "server/main.js" } }) });
    expect(one.entries.map((e) => e.label)).toEqual(["server/main.js:main"]);
  });
});

describe("Python projects run by a tool", () => {
  test("Kedro: `[tool.kedro] package_name` makes pipeline_registry.register_pipelines() run, and the node functions its pipelines hand to kedro", async () => {
    const g = await project({
      "pyproject.toml": '[project]\nname = "sf"\nversion = "0.1"\n[tool.kedro]\npackage_name = "sf"\nsource_dir = "src"\n',
      "src/sf/__init__.py": "",
      "src/sf/settings.py": "HOOKS = ()\n",
      "src/sf/pipeline_registry.py": "from kedro.pipeline import node, pipeline\nfrom sf.nodes import fetch\n\ndef register_pipelines():\n    return {'__default__': pipeline([node(func=fetch, inputs='u', outputs='t')])}\n",
      "src/sf/nodes.py": "import requests\n\ndef fetch(u):\n    return requests.get(u).text\n",
    });
    expect(g.entries.map((e) => e.label).sort()).toEqual(["src/sf/pipeline_registry.py:script", "src/sf/settings.py:module"]);
    expect(reach(g, requestsGet).paths.map((p) => p.join(" -> "))).toEqual(["src/sf/pipeline_registry.py:script -> src/sf/pipeline_registry.py:5 -> src/sf/nodes.py:4 -> requests.get"]);
  });

  test("Locust: a Dockerfile's `locust -f loadtest/locustfile.py` runs an HttpUser's on_start and tasks; an unnamed locustfile is no entry", async () => {
    const files: Record<string, string> = {
      "requirements.txt": "locust==2.24.1\nrequests==2.25.1\n",
      "Dockerfile": 'FROM locustio/locust\nCOPY . /app\nCMD ["locust", "-f", "loadtest/locustfile.py", "--headless"]\n',
      "loadtest/__init__.py": "",
      "loadtest/locustfile.py": [
        "import requests",
        "from locust import HttpUser, task",
        "class Shopper(HttpUser):",
        "    def on_start(self):",
        "        self.token = requests.get('https://auth.example/token').text",
        "    @task",
        "    def browse(self):",
        "        self.client.get('/')",
      ].join("\n"),
    };
    const r = reach(await project(files), requestsGet);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["loadtest/locustfile.py:locust -> loadtest/locustfile.py:5 -> requests.get"]);
    delete files.Dockerfile;
    expect((await project(files)).entries.map((e) => e.file)).not.toContain("loadtest/locustfile.py");
  });

  test("a class deriving from a package's `User` (Django's auth model) outside a locustfile: its methods are no entries", async () => {
    const g = await project({
      "manage.py": "import sys\nif __name__ == '__main__':\n    pass\n",
      "accounts/__init__.py": "",
      "accounts/models.py": "import requests\nfrom django.contrib.auth.models import User\n\nclass Customer(User):\n    def avatar(self):\n        return requests.get(self.url).content\n",
    });
    expect(reach(g, requestsGet).level).not.toBe("function");
  });

  test("Modal: a Makefile's `modal deploy thumbs/app.py` (and `app.py::fn`) runs the app module, whose @app.function functions Modal calls", async () => {
    const files: Record<string, string> = {
      "requirements.txt": "modal==0.62.0\nrequests==2.25.1\n",
      "Makefile": "deploy:\n\tmodal deploy thumbs/app.py\n",
      "thumbs/__init__.py": "",
      "thumbs/app.py": "import modal\nimport requests\n\napp = modal.App('t')\n\n@app.function()\ndef pull(url):\n    return requests.get(url).content\n",
    };
    const r = reach(await project(files), requestsGet);
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["thumbs/app.py:script -> thumbs/app.py:6 -> thumbs/app.py:8 -> requests.get"]);
    files.Makefile = "run:\n\tmodal run thumbs/app.py::pull\n";
    expect(reach(await project(files), requestsGet).level).toBe("function");
  });

  test("Odoo: a model's public methods and a controller's routes run; a class deriving another package's `models.Model` (Django) does not", async () => {
    const odoo = await project({
      "addon/__manifest__.py": "{'name': 'x', 'depends': ['base']}\n",
      "addon/__init__.py": "from . import models\n",
      "addon/models.py": "import requests\nfrom odoo import models\n\nclass Partner(models.Model):\n    _inherit = 'res.partner'\n\n    def action_sync(self):\n        return requests.get(self.website).text\n",
    });
    const r = reach(odoo, requestsGet);
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["addon/models.py:views -> addon/models.py:8 -> requests.get"]);
    const django = await project({
      "manage.py": "import sys\nif __name__ == '__main__':\n    pass\n",
      "shop/__init__.py": "",
      "shop/models.py": "import requests\nfrom django.db import models\n\nclass Partner(models.Model):\n    def sync(self):\n        return requests.get(self.website).text\n",
    });
    expect(reach(django, requestsGet).level).not.toBe("function");
  });
});

describe("tests do not give production code its `this`", () => {
  test("a test's `loader.call(mockContext, src)`: the mock's methods are not what the loader's `this.getOptions()` calls", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "x-loader", main: "index.js", devDependencies: { qs: "6.5.2" } }),
      "index.js": "module.exports = function loader(source) {\n  const options = this.getOptions();\n  return source + JSON.stringify(options);\n};\n",
      "test/loader.test.js": 'const qs = require("qs");\nconst loader = require("..");\nloader.call({ getOptions: () => qs.parse("a=1") }, "src");\n',
    });
    const r = reach(g, qsParse);
    expect(r.level).toBe("none");
    expect(r.reason).toBe("qs is used only by code that no entry point reaches (test/loader.test.js:1)");
  });
});

describe("Wagtail and Ray Serve", () => {
  test("Wagtail: an installed app's wagtail_hooks.py is imported, so its `@hooks.register(...)` functions run", async () => {
    const g = await project({
      "requirements.txt": "Django==4.2.16\nwagtail==5.2.6\nrequests==2.25.1\n",
      "manage.py": "import sys\nif __name__ == '__main__':\n    pass\n",
      "site_config/__init__.py": "",
      "site_config/settings.py": 'INSTALLED_APPS = ["blog", "wagtail"]\nROOT_URLCONF = "site_config.urls"\n',
      "site_config/urls.py": "urlpatterns = []\n",
      "blog/__init__.py": "",
      "blog/wagtail_hooks.py": "import requests\nfrom wagtail import hooks\n\n@hooks.register('before_serve_page')\ndef ping(page, request, args, kwargs):\n    requests.get('https://example.org/ping')\n",
    });
    expect(reach(g, requestsGet).paths.map((p) => p.join(" -> "))).toEqual(["blog/wagtail_hooks.py:hooks -> blog/wagtail_hooks.py:4 -> blog/wagtail_hooks.py:6 -> requests.get"]);
  });

  test("Ray Serve: `serve run pkg.app:app` runs the module; a callable class handed to a package's decorator has its __call__ run", async () => {
    const g = await project({
      "requirements.txt": "ray==2.10.0\nrequests==2.25.1\n",
      "Procfile": "web: serve run pkg.app:app\n",
      "pkg/__init__.py": "",
      "pkg/app.py": "import requests\nfrom ray import serve\n\n@serve.deployment(num_replicas=2)\nclass Fetch:\n    async def __call__(self, request):\n        return requests.get('https://example.org').text\n\n    def helper(self):\n        return 1\n\napp = Fetch.bind()\n",
    });
    const r = reach(g, requestsGet);
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["pkg/app.py:script -> pkg/app.py:4 -> pkg/app.py:7 -> requests.get"]);
    expect(g.entries.map((e) => e.label)).toEqual(["pkg/app.py:script"]);
  });

  test("a Python class handed to a package as data (`registry.add(Model)`) without __call__ gets no method run", async () => {
    const g = await project({
      "requirements.txt": "requests==2.25.1\n",
      "main.py": "import requests\nimport registry\n\nclass Model:\n    def sync(self):\n        return requests.get('https://example.org')\n\nregistry.add(Model)\n\nif __name__ == '__main__':\n    pass\n",
    });
    expect(reach(g, requestsGet).level).not.toBe("function");
  });
});
