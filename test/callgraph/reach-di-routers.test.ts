// DI containers binding a token to a class, file-system routers other than Next.js, job processors
// named by path or dotted string, and form hooks: frameworks calling the app's code without a
// call in it. Real projects in temp dirs, built by the real engine.
import { afterAll, describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-di-routers-");
afterAll(temp.cleanup);

const project = temp.graph;
const hbs = target("npm", "handlebars", [{ path: "handlebars", symbols: ["compile"] }]);
const tarX = target("npm", "tar", [{ path: "tar", symbols: ["x"] }]);
const yamlLoad = target("npm", "js-yaml", [{ path: "js-yaml", symbols: ["load"] }]);
const jinja = target("PyPI", "jinja2", [{ path: "jinja2", symbols: ["Environment.from_string"] }]);
const bleach = target("PyPI", "bleach", [{ path: "bleach", symbols: ["clean"] }]);

describe("DI tokens", () => {
  const di = {
    "package.json": JSON.stringify({ name: "di", main: "src/main.ts" }),
    "src/types.ts": 'export const TYPES = { Mailer: Symbol.for("Mailer") };\nexport interface Mailer { send(to: string): void }\nexport interface Store { restore(f: string): void }\n',
    "src/hbs.ts": 'import Handlebars from "handlebars";\nexport class HbsMailer { send(to: string) { Handlebars.compile("hi")({ to }); } }\n',
    "src/tarstore.ts": 'import * as tar from "tar";\nexport class TarStore { restore(file: string) { tar.x({ file }); } }\n',
    "src/notifier.ts": [
      'import { inject, injectable } from "inversify";',
      'import { TYPES, Mailer } from "./types";',
      "@injectable()",
      "export class Notifier {",
      "  constructor(@inject(TYPES.Mailer) private mailer: Mailer) {}",
      "  welcome(to: string) { this.mailer.send(to); }",
      "}",
    ].join("\n"),
    "src/restorer.ts": [
      'import { inject, injectable } from "tsyringe";',
      'import type { Store } from "./types";',
      "@injectable()",
      "export class Restorer {",
      '  constructor(@inject("Store") private store: Store) {}',
      "  run(file: string) { this.store.restore(file); }",
      "}",
    ].join("\n"),
  };

  test("InversifyJS `bind(TOKEN).to(C)` and tsyringe `register(\"Store\", { useClass: C })` give `@inject(TOKEN)` parameters an instance of C", async () => {
    const g = await project({
      ...di,
      "src/container.ts": [
        'import { Container } from "inversify";',
        'import { container as tsy } from "tsyringe";',
        'import { TYPES, Mailer } from "./types";',
        'import { HbsMailer } from "./hbs";',
        'import { TarStore } from "./tarstore";',
        "export const container = new Container();",
        "container.bind<Mailer>(TYPES.Mailer).to(HbsMailer);",
        'tsy.register("Store", { useClass: TarStore });',
      ].join("\n"),
      "src/main.ts": [
        'import { container } from "./container";',
        'import { container as tsy } from "tsyringe";',
        'import { Notifier } from "./notifier";',
        'import { Restorer } from "./restorer";',
        'container.get(Notifier).welcome("a@b.c");',
        'tsy.resolve(Restorer).run("x.tgz");',
      ].join("\n"),
    });
    expect(reach(g, hbs).paths).toEqual([["src/main.ts:main", "src/main.ts:5", "src/notifier.ts:6", "src/hbs.ts:2", "handlebars.compile"]]);
    expect(reach(g, tarX).paths).toEqual([["src/main.ts:main", "src/main.ts:6", "src/restorer.ts:6", "src/tarstore.ts:2", "tar.x"]]);
  });

  test("with no provider of the token the injected parameter calls nothing (a token of another name does not count)", async () => {
    const g = await project({
      ...di,
      "src/container.ts": [
        'import { Container } from "inversify";',
        'import { HbsMailer } from "./hbs";',
        "export const container = new Container();",
        'container.bind("Other").to(HbsMailer);',
      ].join("\n"),
      "src/main.ts": 'import { container } from "./container";\nimport { Notifier } from "./notifier";\ncontainer.get(Notifier).welcome("a@b.c");\n',
    });
    expect(reach(g, hbs).level).toBe("none");
  });
});

describe("file-system routers", () => {
  test("Remix: app/routes/* modules' loader and action run; a helper folder under routes/ is no route", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "r", dependencies: { "@remix-run/node": "2.9.2", "js-yaml": "3.14.1" } }),
      "app/routes/imports.tsx": 'import { importYaml } from "../lib/yaml.server";\nexport async function action({ request }) {\n  return importYaml(await request.text());\n}\nexport default function Page() { return null; }\n',
      "app/routes/helpers/legacy.ts": 'import yaml from "js-yaml";\nexport const old = (s) => yaml.load(s);\n',
      "app/lib/yaml.server.ts": 'import yaml from "js-yaml";\nexport function importYaml(text: string) {\n  return yaml.load(text);\n}\n',
    });
    expect(reach(g, yamlLoad).paths).toEqual([["app/routes/imports.tsx:page", "app/routes/imports.tsx:3", "app/lib/yaml.server.ts:3", "js-yaml.load"]]);
  });

  test("SvelteKit: a +page.server `actions` object's functions run, imported through $lib (svelte.config, no tsconfig paths)", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "s", devDependencies: { "@sveltejs/kit": "2.5.0" }, dependencies: { "js-yaml": "3.14.1" } }),
      "svelte.config.js": "export default { kit: {} };\n",
      "src/routes/admin/+page.server.ts": 'import { importYaml } from "$lib/server/yaml";\nexport const actions = {\n  upload: async ({ request }) => importYaml(await request.text()),\n};\n',
      "src/lib/server/yaml.ts": 'import yaml from "js-yaml";\nexport function importYaml(text: string) {\n  return yaml.load(text);\n}\n',
    });
    expect(reach(g, yamlLoad).paths).toEqual([["src/routes/admin/+page.server.ts:page", "src/routes/admin/+page.server.ts:3", "src/lib/server/yaml.ts:3", "js-yaml.load"]]);
  });
});

describe("job processors", () => {
  test("bullmq: a sandboxed processor file (second argument, built from __dirname) is loaded and its export called; worker_threads' `new Worker(file, opts)` still loads its file", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "q", main: "worker.js" }),
      "worker.js": [
        'const path = require("path");',
        'const { Worker } = require("bullmq");',
        'const threads = require("worker_threads");',
        'new Worker("reports", path.join(__dirname, "processors", "report.js"), { connection: {} });',
        'new threads.Worker(path.join(__dirname, "thread.js"), { workerData: 1 });',
      ].join("\n"),
      "processors/report.js": 'const Handlebars = require("handlebars");\nmodule.exports = async (job) => Handlebars.compile(job.data.t)({});\n',
      "thread.js": 'const tar = require("tar");\ntar.x({ file: "a.tgz" });\n',
    });
    expect(reach(g, hbs).paths).toEqual([["worker.js:main", "worker.js:4", "processors/report.js:2", "handlebars.compile"]]);
    expect(reach(g, tarX).paths).toEqual([["worker.js:main", "worker.js:5", "thread.js:2", "tar.x"]]);
  });

  test("worker pools: Piscina's `filename` (and Tinypool's, workerpool's `pool(file)`) is loaded in each worker and its export called; a pool with no literal filename loads nothing", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "pool", main: "server.js" }),
      "server.js": [
        'const path = require("node:path");',
        'const Piscina = require("piscina");',
        'const { Tinypool } = require("tinypool");',
        'const pool = new Piscina({ filename: path.resolve(__dirname, "workers/render.js"), maxThreads: 2 });',
        'const tiny = new Tinypool({ filename: path.join(__dirname, "workers", "unpack.mjs") });',
        "const other = new Piscina({ filename: process.env.WORKER });",
        'const workerpool = require("workerpool"); const wp = workerpool.pool(__dirname + "/workers/convert.js");',
        'module.exports = (t) => Promise.all([pool.run(t), tiny.run(t), other.run(t), wp.exec("toJson", [t])]);',
      ].join("\n"),
      "workers/convert.js": 'const workerpool = require("workerpool");\nconst yaml = require("js-yaml");\nworkerpool.worker({ toJson: (t) => JSON.stringify(yaml.load(t)) });\n',
      "workers/render.js": 'const Handlebars = require("handlebars");\nmodule.exports = async ({ t }) => Handlebars.compile(t)({});\n',
      "workers/unpack.mjs": 'import tar from "tar";\nexport default async function unpack({ file }) {\n  await tar.x({ file });\n}\n',
    });
    expect(reach(g, hbs).paths).toEqual([["server.js:main", "server.js:4", "workers/render.js:2", "handlebars.compile"]]);
    expect(reach(g, tarX).paths).toEqual([["server.js:main", "server.js:5", "workers/unpack.mjs:3", "tar.x"]]);
    // workerpool: the worker file runs in each worker; `workerpool.worker({ toJson })` hands its functions over.
    expect(reach(g, yamlLoad).paths).toEqual([["server.js:main", "server.js:7", "workers/convert.js:3", "workers/convert.js:3", "js-yaml.load"]]);
  });

  test("RQ: a job queued by its dotted path is an entry of that module's function; a dotted path naming no module of ours is nothing", async () => {
    const g = await project({
      "requirements.txt": "rq==1.16.2\njinja2==2.11.2\n",
      "app/__init__.py": "",
      "app/web.py": [
        "from redis import Redis",
        "from rq import Queue",
        "",
        "q = Queue(connection=Redis())",
        "",
        "",
        "def submit(template):",
        '    q.enqueue("app.jobs.render", template)',
        '    q.enqueue("os.path.join", "a")',
        "",
        "",
        'if __name__ == "__main__":',
        '    submit("x")',
      ].join("\n"),
      "app/jobs.py": "from jinja2 import Environment\n\n\ndef render(template):\n    return Environment().from_string(template).render()\n\n\ndef unused(t):\n    return Environment().from_string(t)\n",
    });
    const r = reach(g, jinja);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["app/jobs.py:job", "app/jobs.py:5", "jinja2.Environment.from_string"]]);
  });
});

describe("form hooks", () => {
  test("Django: a Form subclass's clean_<field>() runs (is_valid() calls it)", async () => {
    const g = await project({
      "requirements.txt": "Django==4.2.16\nbleach==3.1.0\n",
      "shop/__init__.py": "",
      "shop/forms.py": "import bleach\nfrom django import forms\n\n\nclass ReviewForm(forms.Form):\n    body = forms.CharField()\n\n    def clean_body(self):\n        return bleach.clean(self.cleaned_data['body'])\n",
    });
    expect(reach(g, bleach).paths).toEqual([["shop/forms.py:views", "shop/forms.py:9", "bleach.clean"]]);
  });
});
