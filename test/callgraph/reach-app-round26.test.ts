// Round 26 of the end-to-end apps (v15): a Sphinx extension's setup(app), classes and objects handed to a
// host's registration method (`add_directive`, `pluginmanager.register`) or as the class to make (`cls=`),
// luigi/Celery task hooks only, `self.x` a package base gives looked up in our subclasses, AdonisJS v6.
import { afterAll, describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-round26-");
afterAll(temp.cleanup);

const project = temp.graph;

const requestsGet = target("PyPI", "requests", [{ path: "requests", symbols: ["get"] }]);
const handlebarsCompile = target("npm", "handlebars", [{ path: "handlebars", symbols: ["compile"] }]);

describe("Python hosts", () => {
  test("Sphinx: a module defining setup(app) in a project importing sphinx runs setup, and a directive class handed to app.add_directive has its run() called", async () => {
    const files = {
      "pyproject.toml": '[project]\nname = "sphinx-x"\ndependencies = ["sphinx", "requests"]\n',
      "sphinx_x/__init__.py": "from .directive import Fetch\n\n\ndef setup(app):\n    app.add_directive(\"fetch\", Fetch)\n",
      "sphinx_x/directive.py": "import requests\nfrom sphinx.util.docutils import SphinxDirective\n\n\nclass Fetch(SphinxDirective):\n    def run(self):\n        return [requests.get(self.arguments[0]).text]\n\n    def _unused(self):\n        pass\n",
    };
    const r = reach(await project(files), requestsGet);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["sphinx_x/__init__.py:extension -> sphinx_x/__init__.py:5 -> sphinx_x/directive.py:7 -> requests.get"]);
    // Without Sphinx imported anywhere, setup(app) is nobody's hook.
    const plain = { ...files, "sphinx_x/directive.py": files["sphinx_x/directive.py"].replace("from sphinx.util.docutils import SphinxDirective\n", "SphinxDirective = object\n") };
    expect(reach(await project(plain), requestsGet).level).not.toBe("function");
  });

  test("pytest plugin: an object registered with config.pluginmanager.register() has its public hooks called", async () => {
    const g = await project({
      "pyproject.toml": '[project]\nname = "pytest-x"\n\n[project.entry-points.pytest11]\nx = "pytest_x.plugin"\n',
      "pytest_x/__init__.py": "",
      "pytest_x/plugin.py": "import requests\n\n\nclass Reporter:\n    def pytest_terminal_summary(self, terminalreporter):\n        requests.get(\"https://example.org/ping\")\n\n\ndef pytest_configure(config):\n    config.pluginmanager.register(Reporter(), \"x-reporter\")\n",
    });
    const r = reach(g, requestsGet);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["pytest_x/plugin.py:plugin -> pytest_x/plugin.py:10 -> pytest_x/plugin.py:6 -> requests.get"]);
  });

  test("luigi: a Task subclass runs its hooks, not its helpers; self.build() in the base's run() reaches the subclasses' build", async () => {
    const g = await project({
      "requirements.txt": "luigi==3.5.1\nrequests==2.25.1\n",
      "Makefile": "run:\n\tluigi --module jobs.tasks Report --local-scheduler\n",
      "jobs/__init__.py": "",
      "jobs/tasks.py": [
        "import luigi",
        "import requests",
        "",
        "",
        "class Base(luigi.Task):",
        "    def run(self):",
        "        self.build()",
        "",
        "",
        "class Report(Base):",
        "    def build(self):",
        '        requests.get("https://example.org")',
        "",
        "    def debug_dump(self):",
        '        requests.get("https://example.org/debug")',
        "",
      ].join("\n"),
    });
    const r = reach(g, requestsGet);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["jobs/tasks.py:views -> jobs/tasks.py:7 -> jobs/tasks.py:12 -> requests.get"]);
  });
});

describe("AdonisJS v6", () => {
  test("adonisrc.ts preloads #start/routes; a route's [LazyController, \"send\"] runs that method of the controller's default export", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", type: "module", imports: { "#controllers/*": "./app/controllers/*.js", "#start/*": "./start/*.js" }, dependencies: { "@adonisjs/core": "^6.0.0", handlebars: "4.7.6" } }),
      "adonisrc.ts": "import { defineConfig } from '@adonisjs/core/app'\n\nexport default defineConfig({\n  preloads: [() => import('#start/routes')],\n})\n",
      "start/routes.ts": "import router from '@adonisjs/core/services/router'\nconst MailController = () => import('#controllers/mail_controller')\n\nrouter.post('/mail', [MailController, 'send'])\n",
      "app/controllers/mail_controller.ts": "import Handlebars from 'handlebars'\n\nexport default class MailController {\n  async send({ request }: any) {\n    return Handlebars.compile(request.input('tpl'))({})\n  }\n}\n",
    });
    const r = reach(g, handlebarsCompile);
    expect(r.level).toBe("function");
    expect(r.paths.map((p) => p.join(" -> "))).toEqual(["app/controllers/mail_controller.ts:handler -> app/controllers/mail_controller.ts:5 -> handlebars.compile"]);
  });
});
