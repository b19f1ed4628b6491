// Entry points of real-world shapes, on fixture projects: package.json fields and scripts,
// framework apps (Express, Koa, Fastify), Next.js routers, and their Python counterparts
// (Flask, FastAPI, Django urls, Celery, WSGI, console scripts). Each case checks the entry label
// and the call path it yields.
import { describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { commandTargets, dockerCommands, exportTargets, findEntries, lambdaEntries, makeCommands, scriptFiles } from "../../src/scan/reach/entries.ts";
import { frameworkSignals, type UseSignal } from "../../src/scan/reach/frameworks.ts";
import type { ExternalUse, GraphNode } from "../../src/scan/callgraph/types.ts";
import { projectGraph, target } from "./helpers.ts";

const lodash = (symbol: string) => target("npm", "lodash", [{ path: "lodash", symbols: [symbol] }]);

describe("js-entries: package.json, frameworks, Next.js", () => {
  test("every entry, with its reason; tests, vendored, minified and unwired files are not entries", async () => {
    const g = await projectGraph("js-entries");
    expect(g.entries.map((e) => `${e.label} | ${e.reason}`).sort()).toEqual([
      'lib/cli.js:exports | "exports" of package.json',
      'lib/features/pick.js:exports | "exports" pattern ./lib/features/*.js of package.json',
      'lib/index.js:main | "main" of package.json',
      'lib/index.mjs:exports | "exports" of package.json',
      'scripts/seed.ts:script | script "seed" of package.json runs it',
      "services/fast.ts:server | creates a Fastify app (fastify at services/fast.ts:4)",
      "services/koa.js:server | creates a Koa app (koa at services/koa.js:4)",
      "src/admin.js:server | creates an Express app (express at src/admin.js:7)",
      'src/app.js:script | script "start" of package.json runs it',
      "web/app/api/items/route.ts:route | Next.js route handler (app router)",
      "web/app/dashboard/page.tsx:page | Next.js page (app router)",
      "web/pages/api/hello.js:route | Next.js API route (pages/api)",
      "web/pages/index.jsx:page | Next.js page (pages router)",
    ]);
  });

  test.each([
    ["escape", [["src/app.js:script", "src/app.js:5", "src/routes/items.js:4", "lodash.escape"]]],
    ["merge", [["services/koa.js:server", "services/koa.js:5", "services/koa.js:6", "lodash.merge"]]],
    ["trim", [["services/fast.ts:server", "services/fast.ts:5", "services/fast.ts:5", "lodash.trim"]]],
    ["setWith", [["src/admin.js:server", "src/admin.js:5", "src/admin.js:5", "lodash.setWith"]]],
    ["zipObjectDeep", [["web/app/api/items/route.ts:route", "web/app/api/items/route.ts:5", "lodash.zipObjectDeep"]]],
    ["unescape", [["web/pages/api/hello.js:route", "web/pages/api/hello.js:4", "lodash.unescape"]]],
    ["pick", [["lib/features/pick.js:exports", "lib/features/pick.js:3", "lodash.pick"]]],
    ["defaultsDeep", [["scripts/seed.ts:script", "scripts/seed.ts:3", "lodash.defaultsDeep"]]],
    ["template", [["lib/index.js:main", "lib/index.js:4", "lodash.template"], ["lib/index.mjs:exports", "lib/index.js:4", "lodash.template"]]],
  ])("lodash.%s is reached from its entry", async (symbol, paths) => {
    const r = reach(await projectGraph("js-entries"), lodash(symbol));
    expect(r.level).toBe("function");
    expect(r.paths).toEqual(paths);
  });

  test.each([
    ["toPath", "a component no page imports"],
    ["set", "a test that starts an Express app"],
    ["unset", "a file nothing runs"],
  ])("lodash.%s, used only by %s → none", async (symbol) => {
    const r = reach(await projectGraph("js-entries"), lodash(symbol));
    expect(r.level).toBe("none");
    expect(r.reason).toContain("none of its vulnerable symbols is called");
  });
});

describe("package.json parsing", () => {
  test("exports: strings, fallback arrays, nested conditions, patterns; types and package.json skipped", () => {
    expect(exportTargets("./a.js")).toEqual(["./a.js"]);
    expect(exportTargets({ ".": { node: { import: "./a.mjs", require: "./a.cjs" }, default: "./a.js" }, "./x": ["./x.js", "./x2.js"] }))
      .toEqual(["./a.mjs", "./a.cjs", "./a.js", "./x.js", "./x2.js"]);
    expect(exportTargets({ "./p/*": "./src/p/*.js", "./package.json": "./package.json", ".": { types: "./a.d.ts", default: "./a.js" } }))
      .toEqual(["./src/p/*.js", "./a.js"]);
    expect(exportTargets(null)).toEqual([]);
    expect(exportTargets(42)).toEqual([]);
  });

  test("exports: hostile nesting and size are bounded", () => {
    let deep: unknown = "./deep.js";
    for (let i = 0; i < 10_000; i++) deep = { node: deep };
    expect(exportTargets(deep)).toEqual([]);
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`./f${i}`, `./f${i}.js`]));
    expect(exportTargets(wide).length).toBe(500);
  });

  test.each([
    ["node server.js", ["server.js"]],
    ["cross-env NODE_ENV=production node --require dotenv/config src/app.js", ["src/app.js"]],
    ["NODE_OPTIONS=--max-old-space-size=4096 ts-node -P tsconfig.json src/main.ts", ["src/main.ts"]],
    ["nodemon -w src --exec ts-node src/index.ts", ["src/index.ts"]],
    ["tsx watch src/dev.ts", ["src/dev.ts"]],
    ["bun run scripts/build.ts && node dist/out.js", ["scripts/build.ts", "dist/out.js"]],
    ["npx babel-node tools/gen.js; echo ok", ["tools/gen.js"]],
    ["pm2 start ecosystem/app.js --name api", ["ecosystem/app.js"]],
    ["eslint . && jest", []],
    ["bun run build", []],
    ["node", []],
  ])("script %p runs %p", (cmd, files) => {
    expect(scriptFiles(cmd)).toEqual(files);
  });
});

const yaml = (symbol: string) => target("PyPI", "PyYAML", [{ path: "yaml", symbols: [symbol] }]);

describe("py-entries: Flask, FastAPI, Django, Celery, WSGI, console scripts", () => {
  test("every entry, with its reason; tests and vendored __main__ files are not entries", async () => {
    const g = await projectGraph("py-entries");
    expect(g.entries.map((e) => `${e.label} | ${e.reason}`).sort()).toEqual([
      "api/main.py:server | creates a FastAPI app (fastapi.FastAPI at api/main.py:4)",
      "mysite/urls.py:urls | Django ROOT_URLCONF mysite.urls (mysite/settings.py)",
      // Also a Django WSGI module; the Procfile, a declared entry, is named first.
      'mysite/wsgi.py:script | Procfile process "web" runs it',
      'polls/urls.py:urls | Django include("polls.urls") in mysite/urls.py',
      'scripts/migrate.py:script | Procfile process "release" runs it',
      "tool/cli.py:script | setup.py script tool.cli:run",
      "tool/export.py:script | setup.cfg script tool.export:main",
      'tool/worker.py:script | Procfile process "worker" runs it',
      "web/app.py:server | creates a Flask app (flask.Flask at web/app.py:4)",
      "worker/emails.py:task | defines Celery tasks (@app.task)",
      "worker/jobs.py:task | creates a Celery app (workers load it) (celery.Celery at worker/jobs.py:4)",
      "worker/tasks.py:task | defines Celery tasks (workers run them) (celery.shared_task at worker/tasks.py:5)",
    ]);
    // A console script runs its function, not the whole module's functions.
    expect(g.entries.find((e) => e.file === "tool/cli.py")!.nodes).toEqual(["tool/cli.py#<module>", "tool/cli.py#run"]);
  });

  test.each([
    ["load", [["web/app.py:server", "web/app.py:7", "web/app.py:9", "yaml.load"]]],
    ["full_load", [["api/main.py:server", "api/main.py:7", "api/main.py:9", "yaml.full_load"]]],
    ["unsafe_load", [["polls/urls.py:urls", "polls/urls.py:6", "polls/views.py:5", "yaml.unsafe_load"]]],
    ["safe_load", [["worker/tasks.py:task", "worker/tasks.py:5", "worker/tasks.py:7", "yaml.safe_load"]]],
    ["dump", [["worker/jobs.py:task", "worker/jobs.py:7", "worker/jobs.py:9", "yaml.dump"]]],
    ["compose", [["tool/cli.py:script", "tool/cli.py:5", "yaml.compose"]]],
    ["emit", [["tool/export.py:script", "tool/export.py:5", "yaml.emit"]]],
    ["safe_dump", [["tool/worker.py:script", "tool/worker.py:3", "yaml.safe_dump"]]],
    ["add_constructor", [["scripts/migrate.py:script", "scripts/migrate.py:3", "yaml.add_constructor"]]],
    ["compose_all", [["worker/emails.py:task", "worker/emails.py:5", "worker/emails.py:7", "yaml.compose_all"]]],
  ])("yaml.%s is reached from its entry", async (symbol, paths) => {
    const r = reach(await projectGraph("py-entries"), yaml(symbol));
    expect(r.level).toBe("function");
    expect(r.paths).toEqual(paths);
  });

  test.each([
    ["load_all", "a view no URL names"],
    ["scan", "a function next to the console script's"],
    ["parse", "a test's __main__ block"],
    ["serialize", "a vendored package's __main__.py"],
  ])("yaml.%s, used only by %s → none", async (symbol) => {
    const r = reach(await projectGraph("py-entries"), yaml(symbol));
    expect(r.level).toBe("none");
  });
});

describe("framework rules without a full project", () => {
  const py = (path: string) => ({ path, language: "python" as const, hasMain: false });
  const use = (file: string, name: string, ecosystem: "npm" | "PyPI" = "PyPI") => ({ file, line: 1, ecosystem, name });

  test("Django with no settings in the checkout: every urls.py; without Django: none", () => {
    const sources = [py("a/urls.py"), py("b/urls.py"), py("b/views.py")];
    const withDjango = findEntries(sources, [], [], {}, { uses: [use("b/urls.py", "django.urls.path")] });
    expect(withDjango.map((e) => `${e.file}:${e.kind}`)).toEqual(["a/urls.py:urls", "b/urls.py:urls"]);
    expect(findEntries([py("a/urls.py"), py("main.py")], [], [], {}, {}).map((e) => e.file)).toEqual(["main.py"]);
  });

  test("Celery: tasks.py only in projects that use Celery; a module-level `application` is a WSGI entry", () => {
    const sources = [py("shop/tasks.py"), py("srv/entry.py")];
    const names = new Map([["srv/entry.py", ["application", "os"]]]);
    expect(findEntries(sources, [], [], {}, { moduleNames: names, uses: [use("shop/tasks.py", "celery.shared_task")] }).map((e) => `${e.file}:${e.kind}`))
      .toEqual(["shop/tasks.py:task", "srv/entry.py:wsgi"]);
    expect(findEntries([py("shop/tasks.py"), py("app.py")], [], [], {}, {}).map((e) => e.file)).toEqual(["app.py"]);
  });

  test("Django: installed apps' AppConfig modules (named by class or by package) and management commands are entries", () => {
    const sources = [py("site/settings.py"), py("shop/apps.py"), py("blog/apps.py"), py("blog/management/commands/import_posts.py"), py("blog/management/commands/_util.py"), py("notes/models.py")];
    const texts = new Map([["site/settings.py", 'INSTALLED_APPS = [\n    "django.contrib.auth",\n    "shop.apps.ShopConfig",\n    "blog",\n    "notes",\n]\n']]);
    const entries = findEntries(sources, [], [], {}, { texts, uses: [use("shop/apps.py", "django.apps.AppConfig")] });
    expect(entries.map((e) => `${e.file}:${e.kind}`)).toEqual(["shop/apps.py:apps", "blog/apps.py:apps", "blog/management/commands/import_posts.py:command"]);
    // Without Django settings or uses, a folder named like that is nothing.
    expect(findEntries([py("x/management/commands/run.py"), py("main.py")], [], [], {}, {}).map((e) => e.file)).toEqual(["main.py"]);
  });

  test("Cloudflare Workers: the `main` of a wrangler.toml or wrangler.json(c), relative to its folder (dist mapped to src)", () => {
    const js = (path: string) => ({ path, language: "typescript" as const, hasMain: false });
    const sources = [js("src/worker.ts"), js("apps/edge/src/index.ts"), js("apps/api/src/main.ts"), js("src/render.ts")];
    const workerConfigs = new Map([
      ["wrangler.toml", 'name = "site"\nmain = "src/worker.ts"\ncompatibility_date = "2024-01-01"\n'],
      ["apps/edge/wrangler.jsonc", '{\n  // edge\n  "name": "edge",\n  "main": "./src/index.ts"\n}\n'],
      ["apps/api/wrangler.json", '{ "name": "api", "main": "dist/main.js" }'],
    ]);
    expect(findEntries(sources, [], [], {}, { workerConfigs }).map((e) => `${e.file}:${e.kind}`)).toEqual(["src/worker.ts:main", "apps/edge/src/index.ts:main", "apps/api/src/main.ts:main"]);
  });

  test("Flask app factories: `create_app`/`make_app` of a module creating the app runs (flask --app discovery), unless it binds an app", () => {
    const sources = [py("ledger/__init__.py"), py("shop/factory.py"), py("served/__init__.py"), py("plain/app.py")];
    const moduleNames = new Map([
      ["ledger/__init__.py", ["Flask", "create_app", "register_hooks"]],
      ["shop/factory.py", ["Flask", "make_app"]],
      ["served/__init__.py", ["Flask", "create_app", "app"]],
      ["plain/app.py", ["create_app"]],
    ]);
    const uses = [use("ledger/__init__.py", "flask.Flask"), use("shop/factory.py", "flask.Flask"), use("served/__init__.py", "flask.Flask"), use("plain/app.py", "fastapi.FastAPI")];
    const entries = findEntries(sources, [], [], {}, { moduleNames, uses });
    expect(entries.map((e) => `${e.file}:${e.kind}:${e.func ?? ""}`)).toEqual([
      "ledger/__init__.py:server:", "plain/app.py:server:", "served/__init__.py:server:", "shop/factory.py:server:",
      "ledger/__init__.py:server:create_app", "shop/factory.py:server:make_app",
    ]);
  });

  test("Pyramid: config.include() runs the module's includeme(), config.scan() imports the package's modules (relative, absolute, none: the caller's)", () => {
    const sources = [py("wiki/__init__.py"), py("wiki/routes.py"), py("wiki/views/__init__.py"), py("wiki/views/pages.py"), py("wiki/admin/__init__.py"), py("wiki/admin/users.py"), py("other/x.py")];
    const texts = new Map([
      ["wiki/__init__.py", 'from pyramid.config import Configurator\n\ndef main(g, **s):\n    config = Configurator()\n    config.include(".routes")\n    config.scan(".views")\n'],
      ["wiki/admin/__init__.py", "import pyramid\n\ndef includeme(config):\n    config.scan()\n"],
      ["other/x.py", 'def f(c):\n    c.scan(".y")\n    c.include("wiki.routes")\n'],
    ]);
    expect(findEntries(sources, [], [], {}, { texts }).map((e) => `${e.file}:${e.kind}:${e.func ?? ""}`)).toEqual([
      "wiki/routes.py:plugin:includeme", "wiki/views/__init__.py:scan:", "wiki/views/pages.py:scan:", "wiki/admin/__init__.py:scan:", "wiki/admin/users.py:scan:",
    ]);
  });

  test("Scrapy: settings' ITEM_PIPELINES / middlewares / EXTENSIONS classes by dotted path, SPIDER_MODULES packages", () => {
    const sources = [py("shop/settings.py"), py("shop/pipelines.py"), py("shop/middlewares.py"), py("shop/spiders/__init__.py"), py("shop/spiders/a.py")];
    const texts = new Map([["shop/settings.py", 'SPIDER_MODULES = ["shop.spiders"]\nITEM_PIPELINES = {\n    "shop.pipelines.Store": 300,\n    "scrapy.pipelines.images.ImagesPipeline": 1,\n}\nDOWNLOADER_MIDDLEWARES = {"shop.middlewares.Proxy": 543}\n']]);
    expect(findEntries(sources, [], [], {}, { texts }).map((e) => `${e.file}:${e.kind}:${e.func ?? ""}`)).toEqual([
      "shop/pipelines.py:middleware:Store", "shop/middlewares.py:middleware:Proxy", "shop/spiders/__init__.py:scan:", "shop/spiders/a.py:scan:",
    ]);
  });

  test("Airflow DAG files, serverless Python apps (Azure FunctionApp, functions_framework, Chalice) are entries by the call that defines them", () => {
    const uses = [use("dags/a.py", "airflow.DAG"), use("dags/b.py", "airflow.decorators.dag"), use("function_app.py", "azure.functions.FunctionApp"), use("gcf/main.py", "functions_framework.http"), use("api/app.py", "chalice.Chalice"), use("etl/x.py", "airflow.operators.python.PythonOperator")];
    const sources = ["dags/a.py", "dags/b.py", "function_app.py", "gcf/main.py", "api/app.py", "etl/x.py"].map(py);
    expect(findEntries(sources, [], [], {}, { uses }).map((e) => `${e.file}:${e.kind}`)).toEqual(["api/app.py:server", "dags/a.py:dag", "dags/b.py:dag", "function_app.py:server", "gcf/main.py:server"]);
  });

  test("Dash: the app module and pages registering with `dash.register_page`; APScheduler jobs by textual reference", () => {
    const uses = [use("app.py", "dash.Dash"), use("pages/report.py", "dash.register_page"), use("lib/x.py", "dash.html.Div")];
    const sources = ["app.py", "pages/report.py", "lib/x.py", "syncd/jobs.py", "syncd/sched.py"].map(py);
    const jobTexts = new Map([["syncd/sched.py", 'sched.add_job("syncd.jobs:pull_feeds", "interval", minutes=5)\nsched.add_job(func="syncd.jobs:push", trigger="cron")\nsched.add_job("requests:get")\n']]);
    expect(findEntries(sources, [], [], {}, { uses, jobTexts }).map((e) => `${e.file}:${e.kind}:${e.func ?? ""}`)).toEqual([
      "app.py:server:", "pages/report.py:page:", "syncd/jobs.py:job:pull_feeds", "syncd/jobs.py:job:push",
    ]);
  });

  test("SolidStart routes and the AWS CDK's Lambda constructs (NodejsFunction entry + handler, Function asset + handler, Python PythonFunction)", () => {
    const ts = (path: string) => ({ path, language: "typescript" as const, hasMain: false });
    const sources = [ts("src/routes/api/x.ts"), ts("src/routes/index.tsx"), ts("src/lib/y.ts"), ts("src/entry-server.tsx"), ts("lambda/ingest.ts"), { path: "lambda/thumbs.js", language: "javascript" as const, hasMain: false }, ts("lib/stack.ts"), py("functions/api/index.py"), py("functions/api/other.py")];
    const packages = [{ dir: "", json: { dependencies: { "@solidjs/start": "1.0.0" } } }];
    const texts = new Map([["lib/stack.ts", [
      'new NodejsFunction(this, "Ingest", { entry: path.join(__dirname, "../lambda/ingest.ts"), handler: "main" });',
      'new lambda.Function(this, "Thumbs", { runtime, code: lambda.Code.fromAsset(path.join(__dirname, "..", "lambda")), handler: "thumbs.resize" });',
      'new PythonFunction(this, "Api", { entry: "functions/api", runtime });',
      'new NodejsFunction(this, "Gone", { entry: "lambda/missing.ts" });',
    ].join("\n")]]);
    const entries = findEntries(sources, packages, [], {}, { texts, all: new Set([...sources.map((s) => s.path), "cdk.json"]) });
    expect(entries.map((e) => `${e.file}:${e.kind}:${e.func ?? ""}`)).toEqual([
      "src/entry-server.tsx:route:", "src/routes/api/x.ts:route:", "src/routes/index.tsx:route:",
      "lambda/ingest.ts:handler:main", "lambda/thumbs.js:handler:resize", "functions/api/index.py:handler:handler",
    ]);
  });

  test("scripts an HTML page loads (relative, `/`-rooted: the page's folder, the root, public/) and a browser extension's manifest.json scripts", () => {
    const js = (path: string) => ({ path, language: "javascript" as const, hasMain: false });
    const sources = ["src/main.tsx", "popup/popup.js", "public/js/site.js", "src/bg.js", "src/content.js", "src/lib.js"].map(js);
    const pageTexts = new Map([
      ["index.html", '<div id="root"></div><script type="module" src="/src/main.tsx"></script><script src="https://cdn.example/x.js"></script>'],
      ["popup/popup.html", '<script src="popup.js?v=2"></script>'],
      ["views/layout.html", '<script defer src="/js/site.js"></script><script src="/js/missing.js"></script>'],
      ["manifest.json", JSON.stringify({ manifest_version: 3, background: { service_worker: "src/bg.js" }, content_scripts: [{ matches: ["<all_urls>"], js: ["src/content.js"] }] })],
      ["config/manifest.json", '{ "name": "not an extension" }'],
    ]);
    // (src/main.tsx is also the conventional main of a project with no package.json entry, which comes first.)
    expect(findEntries(sources, [], [], {}, { pageTexts }).map((e) => `${e.file}:${e.kind}`)).toEqual([
      "src/main.tsx:main", "popup/popup.js:script", "public/js/site.js:script", "src/bg.js:script", "src/content.js:script",
    ]);
    // A server's conventional file still counts beside a page's script.
    const withServer = [...sources, js("server.js")];
    expect(findEntries(withServer, [], [], {}, { pageTexts: new Map([["public/index.html", '<script src="/js/site.js"></script>']]) }).map((e) => `${e.file}:${e.kind}`)).toEqual([
      "server.js:main", "src/main.tsx:main", "public/js/site.js:script",
    ]);
  });

  test("a JavaScript GitHub Action: action.yml `runs.pre/main/post` (a build in dist/ maps to src/); a Docker action names none", () => {
    const ts = (path: string) => ({ path, language: "typescript" as const, hasMain: false });
    const sources = [ts("src/index.ts"), ts("src/cleanup.ts"), ts("docker/src/index.ts")];
    const functionConfigs = new Map<string, unknown>([
      ["action.yml", { runs: { using: "node20", main: "dist/index.js", post: "dist/cleanup.js" } }],
      ["docker/action.yaml", { runs: { using: "docker", image: "Dockerfile" } }],
    ]);
    expect(findEntries(sources, [], [], {}, { functionConfigs }).map((e) => `${e.file}:${e.kind} | ${e.reason}`)).toEqual([
      "src/index.ts:main | action.yml runs.main (a GitHub Action's program)", "src/cleanup.ts:main | action.yml runs.post (a GitHub Action's program)",
    ]);
  });

  test("a package.json `main` glob (Azure Functions v4) and Azure function.json folders (v3 / Python v1)", () => {
    const js = (path: string) => ({ path, language: "javascript" as const, hasMain: false });
    const sources = [js("src/functions/orders.js"), js("src/functions/reports.js"), js("src/lib/x.js"), js("Http/index.js"), { path: "src/Queue/handler.ts", language: "typescript" as const, hasMain: false }, py("PyFn/__init__.py")];
    const functionConfigs = new Map<string, unknown>([
      ["Http/function.json", { bindings: [{ type: "httpTrigger" }] }],
      ["Queue/function.json", { scriptFile: "../dist/Queue/handler.js", entryPoint: "onMessage", bindings: [] }],
      ["PyFn/function.json", { scriptFile: "__init__.py", bindings: [] }],
      ["data/function.json", { name: "not a function" }],
    ]);
    const entries = findEntries(sources, [{ dir: "", json: { main: "src/functions/*.js" } }], [], {}, { functionConfigs });
    expect(entries.map((e) => `${e.file}:${e.kind}:${e.func ?? ""}`)).toEqual([
      "src/functions/orders.js:main:", "src/functions/reports.js:main:", "Http/index.js:main:", "src/Queue/handler.ts:handler:onMessage", "PyFn/__init__.py:handler:main",
    ]);
  });

  test("AdonisJS: .adonisrc.json preloads, controllers named by string in them, `App/…` modules they name", () => {
    const ts = (path: string) => ({ path, language: "typescript" as const, hasMain: false });
    const sources = [ts("server.ts"), ts("start/routes.ts"), ts("start/kernel.ts"), ts("app/Controllers/Http/PostsController.ts"), ts("app/Controllers/Http/Admin/UsersController.ts"), ts("app/Controllers/Http/UnusedController.ts"), ts("app/Middleware/Auth.ts")];
    const adonisTexts = new Map([
      [".adonisrc.json", JSON.stringify({ preloads: ["./start/routes", { file: "./start/kernel", environment: ["web"] }] })],
      ["start/routes.ts", 'Route.get("/p/:id", "PostsController.show")\nRoute.group(() => { Route.get("/u", "Admin/UsersController.index") })\n'],
      ["start/kernel.ts", 'Server.middleware.registerNamed({ auth: () => import("App/Middleware/Auth") })\n'],
    ]);
    expect(findEntries(sources, [], [], {}, { adonisTexts }).map((e) => `${e.file}:${e.kind}:${e.func ?? ""}`)).toEqual([
      "start/routes.ts:preload:", "app/Controllers/Http/PostsController.ts:handler:default.show", "app/Controllers/Http/Admin/UsersController.ts:handler:default.index",
      "start/kernel.ts:preload:", "app/Middleware/Auth.ts:controller:",
    ]);
  });

  test("Sails: config/routes.js targets (Controller.action, standalone actions) and policies, only with a sails dependency", () => {
    const js = (path: string) => ({ path, language: "javascript" as const, hasMain: false });
    const sources = [js("app.js"), js("config/routes.js"), js("api/controllers/UserController.js"), js("api/controllers/auth/login.js"), js("api/controllers/OtherController.js"), js("api/policies/is-admin.js")];
    const texts = new Map([["config/routes.js", `module.exports.routes = {\n  "GET /u": "UserController.find",\n  "POST /login": { action: "auth/login" },\n  "GET /": { view: "pages/home" },\n};\n`]]);
    const sails = [{ dir: "", json: { main: "app.js", dependencies: { sails: "^1.5.0" } } }];
    expect(findEntries(sources, sails, [], {}, { texts }).map((e) => `${e.file}:${e.kind}:${e.func ?? ""}`)).toEqual([
      "app.js:main:", "api/controllers/UserController.js:handler:find", "api/controllers/auth/login.js:main:", "api/policies/is-admin.js:main:",
    ]);
    expect(findEntries(sources, [{ dir: "", json: { main: "app.js" } }], [], {}, { texts }).map((e) => e.file)).toEqual(["app.js"]);
  });

  test("an app created in a test or vendored file is no entry; excluded files are none", () => {
    const js = (path: string) => ({ path, language: "javascript" as const, hasMain: false });
    const uses = [use("test/server.js", "express", "npm"), use("vendor/x/index.js", "http.createServer", "npm"), use("src/api.js", "express", "npm"), use("src/b.js", "koa", "npm")];
    const entries = findEntries([js("test/server.js"), js("vendor/x/index.js"), js("src/api.js"), js("src/b.js")], [], [], { exclude: ["src/b.js"] }, { uses });
    expect(entries.map((e) => `${e.file}:${e.kind}`)).toEqual(["src/api.js:server"]);
  });
});

describe("frameworkSignals: only the uses detection reads", () => {
  // Every use as a signal, as entry detection once named them all.
  const allSignals = (uses: ExternalUse[], nodes: GraphNode[]): UseSignal[] =>
    uses.filter((u) => u.kind !== "import").map((u) => ({
      file: nodes.find((n) => n.id === u.from)?.file ?? "",
      line: u.line,
      ecosystem: u.ecosystem,
      name: [u.ecosystem === "npm" ? u.module.replace(/\//g, ".") : u.module, ...u.member].join("."),
    }));
  const files = ["a.js", "b.js", "c.js", "d.py", "e.py", "f/tasks.py", "g/urls.py", "h.py"];
  const nodes: GraphNode[] = files.map((f) => ({ id: `${f}#<module>`, file: f, line: 1, kind: "module", name: "<module>" }));
  const u = (file: string, line: number, ecosystem: "npm" | "PyPI", module: string, member: string[], kind: ExternalUse["kind"] = "call"): ExternalUse =>
    ({ from: `${file}#<module>`, line, ecosystem, module, member, kind });
  const uses = [
    u("a.js", 3, "npm", "lodash", ["merge"]), u("a.js", 2, "npm", "express", []), u("b.js", 1, "npm", "@hapi/hapi", ["server"]),
    u("b.js", 2, "npm", "node:http", ["createServer"]), u("c.js", 1, "npm", "koa", [], "import"), u("c.js", 2, "npm", "express.js", []),
    u("d.py", 4, "PyPI", "flask", ["Flask"]), u("d.py", 1, "PyPI", "yaml", ["load"]), u("e.py", 1, "PyPI", "django.core.wsgi", ["get_wsgi_application"]),
    u("f/tasks.py", 1, "PyPI", "celery", ["shared_task"]), u("h.py", 1, "PyPI", "rest_framework.views", ["APIView"], "ref"), u("h.py", 2, "PyPI", "djangox", []),
  ];
  const sources = files.map((path) => ({ path, language: path.endsWith(".py") ? ("python" as const) : ("javascript" as const), hasMain: false }));

  test("the same entries as from every use, without the uses no rule or convention names", () => {
    const kept = frameworkSignals(uses, nodes);
    // Kept by first segment: "express.js" too (no rule names it in full, so it makes no entry).
    expect(kept.map((s) => s.name)).toEqual(["express", "@hapi.hapi.server", "node:http.createServer", "express.js", "flask.Flask", "django.core.wsgi.get_wsgi_application", "celery.shared_task", "rest_framework.views.APIView"]);
    const ctx = { viewFiles: () => new Map([["h.py", ["Api"]]]) };
    const entries = findEntries(sources, [], [], {}, { ...ctx, uses: kept });
    expect(entries).toEqual(findEntries(sources, [], [], {}, { ...ctx, uses: allSignals(uses, nodes) }));
    expect(entries.map((e) => `${e.file}:${e.kind}`)).toEqual(["a.js:server", "b.js:server", "d.py:server", "e.py:wsgi", "f/tasks.py:task", "g/urls.py:urls", "h.py:views"]);
  });
});

describe("Procfile commands", () => {
  test.each([
    ["gunicorn --workers 3 -b 0.0.0.0:$PORT mysite.wsgi:application", { files: [], modules: ["mysite.wsgi"] }],
    ["uvicorn api.main:app --host 0.0.0.0", { files: [], modules: ["api.main"] }],
    ["newrelic-admin run-program daphne proj.asgi:application", { files: [], modules: ["proj.asgi"] }],
    ["python -m tool.worker", { files: [], modules: ["tool.worker"] }],
    ["python3 manage.py migrate && python scripts/seed.py", { files: ["manage.py", "scripts/seed.py"], modules: [] }],
    ["celery -A proj worker -l info", { files: [], modules: ["proj", "proj.celery"] }],
    ["celery --app=shop.app beat", { files: [], modules: ["shop.app", "shop.app.celery"] }],
    ["node dist/server.js", { files: ["dist/server.js"], modules: [] }],
    ["bin/start-nginx", { files: [], modules: [] }],
    // App factories: the server calls the function.
    ['gunicorn "ledger:create_app()" --bind 0.0.0.0:$PORT', { files: [], modules: ["ledger"], factories: ["ledger:create_app"] }],
    ["gunicorn 'shop.web:make_app(config=\"prod\")'", { files: [], modules: ["shop.web"], factories: ["shop.web:make_app"] }],
    ["uvicorn --factory api.main:create_app --port 8000", { files: [], modules: ["api.main"], factories: ["api.main:create_app"] }],
    // Workers and script runners (also as `python -m X`): Streamlit's script (its pages/ are added by the caller),
    // every module dramatiq imports, huey/arq objects (module and dotted path), faust like celery.
    ["streamlit run Home.py --server.port=8501", { files: ["Home.py"], modules: [], streamlit: ["Home.py"] }],
    ["python -m streamlit run app/main.py", { files: ["app/main.py"], modules: [], streamlit: ["app/main.py"] }],
    ["dramatiq media.actors other.tasks:broker --processes 2", { files: [], modules: ["media.actors", "other.tasks"] }],
    ["python -m dramatiq app.jobs", { files: [], modules: ["app.jobs"] }],
    ["huey_consumer main.huey -w 4", { files: [], modules: ["main.huey", "main"] }],
    ["arq app.worker.WorkerSettings", { files: [], modules: ["app.worker.WorkerSettings", "app.worker"], settings: ["app.worker:WorkerSettings"] }],
    ["python -m gunicorn web.wsgi:app", { files: [], modules: ["web.wsgi"] }],
    // gunicorn's configuration file (its server hooks run; wsgi_app in it is read by findEntries).
    ["gunicorn -c deploy/gunicorn.py app:app", { files: [], modules: ["app"], configs: ["deploy/gunicorn.py"] }],
    ["gunicorn --config=python:conf.gunicorn", { files: [], modules: [], configs: ["python:conf.gunicorn"] }],
    // A tool's `run` subcommand given Python scripts of ours (kopf, chainlit …; `-m` a module); nameko's modules.
    ["kopf run --all-namespaces --liveness=http://0.0.0.0:8080/healthz op/handlers.py op/timers.py", { files: ["op/handlers.py", "op/timers.py"], modules: [] }],
    ["kopf run -m op.handlers --namespace ops", { files: [], modules: ["op.handlers"] }],
    ["chainlit run app.py -w", { files: ["app.py"], modules: [] }],
    ["npm run build", { files: [], modules: [] }],
    ["nameko run --config config.yml orders.service orders.events:PaymentEvents", { files: [], modules: ["orders.service", "orders.events"] }],
  ])("%p", (cmd, expected) => {
    expect(commandTargets(cmd)).toEqual(expected);
  });

  test("a Dockerfile's CMD / ENTRYPOINT, exec or shell form, combined when both are given; the last of each counts", () => {
    expect(dockerCommands('FROM python:3.11\nCMD ["python", "old.py"]\nENTRYPOINT ["gunicorn"]\nCMD ["app:app", "--bind", "0.0.0.0"]\n')).toBe(
      "ENTRYPOINT+CMD: gunicorn app:app --bind 0.0.0.0\nENTRYPOINT: gunicorn\nCMD: app:app --bind 0.0.0.0",
    );
    expect(dockerCommands("FROM node:20\nCMD node \\\n  dist/server.js\n")).toBe("CMD: node    dist/server.js");
    expect(dockerCommands('CMD ["broken"\n')).toBe("");
    const py = (path: string) => ({ path, language: "python" as const, hasMain: false });
    const sources = ["Home.py", "pages/1_Report.py", "pages/_helpers.py", "pages/sub/x.py", "lib/q.py"].map(py);
    const entries = findEntries(sources, [], [], {}, { dockerfile: dockerCommands('CMD ["streamlit", "run", "Home.py"]') });
    expect(entries.map((e) => `${e.file}:${e.kind} | ${e.reason}`)).toEqual([
      "Home.py:script | Dockerfile CMD runs it",
      "pages/1_Report.py:script | a Streamlit page of Home.py (Dockerfile CMD runs it)",
    ]);
  });
});

describe("Makefiles, gunicorn configurations and Zappa settings", () => {
  const py = (path: string) => ({ path, language: "python" as const, hasMain: false });

  test("a Makefile's recipes as Procfile lines: continuations joined, @/- dropped, simple variables replaced, check targets left out", () => {
    const text = "PY ?= python3\nAPP := web.wsgi:app\n\n.PHONY: run\nrun: deps\n\t@gunicorn -c conf/gunicorn.py \\\n\t  $(APP)\nworker:\n\t-$(PY) -m jobs.worker\ntest:\n\tpython tools/run_tests.py\nlint:\n\tflake8\n";
    expect(makeCommands(text)).toBe("run: gunicorn -c conf/gunicorn.py  web.wsgi:app\nworker: python3 -m jobs.worker");
  });

  test("gunicorn.conf.py (read by default) and a -c file are entries whose wsgi_app names the app module and factory", () => {
    const sources = ["gunicorn.conf.py", "conf/gunicorn_prod.py", "notes/__init__.py", "web/wsgi.py"].map(py);
    const texts = new Map([["conf/gunicorn_prod.py", 'wsgi_app = "notes:create_app()"\n\ndef post_fork(server, worker):\n    pass\n']]);
    const entries = findEntries(sources, [], [], {}, { makefile: "run: gunicorn -c conf/gunicorn_prod.py", gunicornTexts: texts });
    expect(entries.map((e) => `${e.file}:${e.kind}${e.func ? `:${e.func}` : ""} | ${e.reason}`)).toEqual([
      'conf/gunicorn_prod.py:gunicorn | Makefile target "run" runs it as its gunicorn configuration (gunicorn calls its server hooks)',
      "gunicorn.conf.py:gunicorn | gunicorn configuration file (gunicorn reads gunicorn.conf.py by default and calls its server hooks)",
      "notes/__init__.py:script | wsgi_app of the gunicorn configuration conf/gunicorn_prod.py",
      "notes/__init__.py:script:create_app | wsgi_app of the gunicorn configuration conf/gunicorn_prod.py, calling its app factory create_app()",
      "web/wsgi.py:wsgi | WSGI module (wsgi.py)",
    ]);
  });

  test("zappa_settings.json: each stage's app_function module and its scheduled events' functions", () => {
    const sources = new Set(["links/app.py", "links/jobs.py"]);
    const settings = { prod: { app_function: "links.app.app", events: [{ function: "links.jobs.purge", expression: "rate(1 day)" }, { function: "links.gone.x" }] } };
    expect(lambdaEntries(new Map([["zappa_settings.json", settings]]), sources)).toEqual([
      { file: "links/app.py", kind: "handler", reason: 'zappa_settings.json stage "prod" app_function links.app.app' },
      { file: "links/jobs.py", func: "purge", kind: "handler", reason: 'zappa_settings.json stage "prod" event handler links.jobs.purge' },
    ]);
  });
});

describe("hostile configuration", () => {
  const js = (path: string) => ({ path, language: "javascript" as const, hasMain: false });

  test("package.json fields of the wrong types name nothing and break nothing", () => {
    const odd = [
      { scripts: 42, bin: [1, 2], exports: [null, { ".": 3 }], main: { x: 1 }, module: null },
      { scripts: { a: null, b: ["node x.js"], c: "node ../../etc/passwd.js" }, bin: { x: 7 }, exports: "../outside.js" },
      { scripts: { huge: `node ${"a/".repeat(500_000)}x.js` } },
    ];
    for (const json of odd) {
      expect(findEntries([js("x.js")], [{ dir: "", json }], []).map((e) => e.file)).toEqual([]);
    }
  });

  test("huge and malformed setup.py / setup.cfg / pyproject.toml: scripts that parse, nothing else", async () => {
    const { buildProjectGraph } = await import("../../src/scan/callgraph/index.ts");
    const { cleanup, tempDir } = await import("../support/server.ts");
    const { writeFileSync, mkdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const app = tempDir("reachd-hostile-");
    try {
      mkdirSync(join(app, "tool"));
      writeFileSync(join(app, "tool/__init__.py"), "");
      writeFileSync(join(app, "tool/cli.py"), "def main():\n    pass\n");
      writeFileSync(join(app, "pyproject.toml"), "[project\nscripts = {");
      writeFileSync(join(app, "setup.cfg"), "[options.entry_points]\nconsole_scripts =\n    broken\n    = :\n    t = tool.cli:main\n");
      writeFileSync(join(app, "setup.py"), `"console_scripts"\n${"x = (".repeat(200_000)}\n`);
      const g = await buildProjectGraph(app, { pool: false, cache: null });
      expect(g.entries.map((e) => `${e.label} | ${e.reason}`)).toEqual(["tool/cli.py:script | setup.cfg script tool.cli:main"]);
    } finally {
      cleanup(app);
    }
  });

  test("classes deriving from a package's handler base (Tornado RequestHandler, through the project's own base) are views in any project; a base of ours named like one is not", async () => {
    const { buildProjectGraph } = await import("../../src/scan/callgraph/index.ts");
    const { cleanup, tempDir } = await import("../support/server.ts");
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const app = tempDir("reachd-handlers-");
    try {
      writeFileSync(join(app, "base.py"), "import tornado.web\n\nclass BaseHandler(tornado.web.RequestHandler):\n    def prepare(self):\n        pass\n");
      writeFileSync(join(app, "pages.py"), "from base import BaseHandler\n\nclass PageHandler(BaseHandler):\n    def get(self):\n        self.write('x')\n");
      writeFileSync(join(app, "events.py"), "class EventHandler:\n    def handle(self):\n        pass\n\nclass ClickHandler(EventHandler):\n    def handle(self):\n        pass\n");
      writeFileSync(join(app, "jobs.py"), "import threading\n\nclass Poller(threading.Thread):\n    def run(self):\n        pass\n");
      const g = await buildProjectGraph(app, { pool: false, cache: null });
      const views = g.entries.filter((e) => e.kind === "views");
      expect(views.map((e) => `${e.label} | ${e.reason}`)).toEqual([
        "base.py:views | class-based views (BaseHandler): the framework dispatches requests to their methods",
        "jobs.py:views | class-based views (Poller): the framework dispatches requests to their methods",
        "pages.py:views | class-based views (PageHandler): the framework dispatches requests to their methods",
      ]);
      expect(views[2]!.nodes.some((n) => n.endsWith("PageHandler.get"))).toBe(true);
      expect(views[1]!.nodes.some((n) => n.endsWith("Poller.run"))).toBe(true);
    } finally {
      cleanup(app);
    }
  });

  test("a view class in a file that is an entry for another reason (the module creating a FastAPI app defines its middleware): its methods run too", async () => {
    const { buildProjectGraph } = await import("../../src/scan/callgraph/index.ts");
    const { cleanup, tempDir } = await import("../support/server.ts");
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const app = tempDir("reachd-middleware-");
    try {
      writeFileSync(join(app, "main.py"), "from fastapi import FastAPI\nfrom starlette.middleware.base import BaseHTTPMiddleware\n\nclass Auth(BaseHTTPMiddleware):\n    async def dispatch(self, request, call_next):\n        return await call_next(request)\n\napp = FastAPI()\napp.add_middleware(Auth)\n");
      const g = await buildProjectGraph(app, { pool: false, cache: null });
      const entry = g.entries.find((e) => e.file === "main.py")!;
      expect(entry.kind).toBe("server");
      expect(entry.nodes.some((n) => n.endsWith("Auth.dispatch"))).toBe(true);
    } finally {
      cleanup(app);
    }
  });

  test("plugin entry points (pyproject entry-points, poetry plugins, setup.cfg groups): the host loads the object; a class's methods run", async () => {
    const { buildProjectGraph } = await import("../../src/scan/callgraph/index.ts");
    const { cleanup, tempDir } = await import("../support/server.ts");
    const { writeFileSync, mkdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const app = tempDir("reachd-plugins-");
    try {
      mkdirSync(join(app, "pkg"));
      writeFileSync(join(app, "pkg/__init__.py"), "");
      writeFileSync(join(app, "pkg/feed.py"), "import requests\n\nclass Feed:\n    def fetch(self):\n        return requests.get('x')\n\ndef unused():\n    requests.post('y')\n");
      writeFileSync(join(app, "pkg/hooks.py"), "def on_load():\n    pass\n");
      writeFileSync(join(app, "pkg/other.py"), "def hook():\n    pass\n");
      writeFileSync(join(app, "pyproject.toml"), '[project]\nname = "pkg"\n\n[project.entry-points."pkg.sources"]\nfeed = "pkg.feed:Feed [extra]"\n\n[tool.poetry.plugins."pkg.hooks"]\nload = "pkg.hooks:on_load"\n');
      writeFileSync(join(app, "setup.cfg"), "[options.entry_points]\npkg.more =\n    o = pkg.other:hook\n\n[metadata]\nname = pkg\n");
      const g = await buildProjectGraph(app, { pool: false, cache: null });
      expect(g.entries.map((e) => `${e.label} | ${e.reason}`).sort()).toEqual([
        "pkg/feed.py:plugin | pyproject.toml entry point pkg.feed:Feed of group pkg.sources",
        "pkg/hooks.py:plugin | pyproject.toml entry point pkg.hooks:on_load of group pkg.hooks",
        "pkg/other.py:plugin | setup.cfg entry point pkg.other:hook of group pkg.more",
      ]);
      const feed = g.entries.find((e) => e.file === "pkg/feed.py")!;
      expect(feed.nodes.some((n) => n.endsWith("Feed.fetch"))).toBe(true);
      expect(feed.nodes.some((n) => n.endsWith("unused"))).toBe(false);
      expect(g.entries.find((e) => e.file === "pkg/hooks.py")!.nodes.some((n) => n.endsWith("on_load"))).toBe(true);
    } finally {
      cleanup(app);
    }
  });
});

describe("folders listed and loaded by a computed name", () => {
  test("`glob.sync(path.join(__dirname, \"routes/**\/*.js\"))` + `require(path.resolve(f))` and `readdirSync` + `require(path.join(__dirname, \"jobs\", f))` load those folders' modules", async () => {
    const { buildProjectGraph } = await import("../../src/scan/callgraph/index.ts");
    const { cleanup, tempDir } = await import("../support/server.ts");
    const { writeFileSync, mkdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const app = tempDir("reachd-listed-");
    try {
      for (const d of ["routes/admin", "jobs", "lib"]) mkdirSync(join(app, d), { recursive: true });
      writeFileSync(join(app, "package.json"), JSON.stringify({ name: "x", main: "server.js" }));
      writeFileSync(join(app, "server.js"), [
        'const glob = require("glob");',
        'const fs = require("fs");',
        'const path = require("path");',
        'glob.sync(path.join(__dirname, "routes/**/*.js")).forEach((file) => require(path.resolve(file))(app));',
        'fs.readdirSync(path.join(__dirname, "jobs")).forEach((f) => require(path.join(__dirname, "jobs", f)));',
        "",
      ].join("\n"));
      writeFileSync(join(app, "routes/a.js"), "module.exports = (app) => {};\n");
      writeFileSync(join(app, "routes/admin/b.js"), "module.exports = (app) => {};\n");
      writeFileSync(join(app, "jobs/c.js"), "exports.run = () => {};\n");
      writeFileSync(join(app, "lib/d.js"), "exports.x = 1;\n");
      const g = await buildProjectGraph(app, { pool: false, cache: null });
      expect(g.entries.map((e) => e.label).sort()).toEqual(["jobs/c.js:exports", "routes/a.js:exports", "routes/admin/b.js:exports", "server.js:main"]);
      expect(g.dynamic.filter((d) => (d.kind ?? "import") === "import")).toEqual([]);
    } finally {
      cleanup(app);
    }
  });
});

describe("containers' commands", () => {
  test("a compose file's service `command` (string or list) and a Dockerfile's ENTRYPOINT + CMD name what runs", async () => {
    const { buildProjectGraph } = await import("../../src/scan/callgraph/index.ts");
    const { cleanup, tempDir } = await import("../support/server.ts");
    const { writeFileSync, mkdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const app = tempDir("reachd-compose-");
    try {
      mkdirSync(join(app, "worker"));
      writeFileSync(join(app, "worker/__init__.py"), "");
      writeFileSync(join(app, "worker/loop.py"), "print('x')\n");
      writeFileSync(join(app, "web.py"), "print('y')\n");
      writeFileSync(join(app, "docker-compose.yml"), "services:\n  worker:\n    command: python -m worker.loop --queue images\n  beat:\n    command: [\"python\", \"-m\", \"worker.loop\"]\n  redis:\n    image: redis:7\n");
      writeFileSync(join(app, "Dockerfile"), 'FROM python:3.12\nENTRYPOINT ["python"]\nCMD ["web.py"]\n');
      const g = await buildProjectGraph(app, { pool: false, cache: null });
      expect(g.entries.map((e) => `${e.label} | ${e.reason}`)).toEqual(["web.py:script | Dockerfile ENTRYPOINT+CMD runs it", "worker/loop.py:script | docker-compose.yml service worker runs it"]);
    } finally {
      cleanup(app);
    }
  });
});

describe("a Python project with no entry point: root-level scripts", () => {
  test("`bot.py` calling `bot.run(TOKEN)` at its top level and imported by none is the script; a library module defining a logger, setup.py and an imported module are not", async () => {
    const { buildProjectGraph } = await import("../../src/scan/callgraph/index.ts");
    const { cleanup, tempDir } = await import("../support/server.ts");
    const { writeFileSync, mkdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const app = tempDir("reachd-pyscript-");
    try {
      mkdirSync(join(app, "cogs"));
      writeFileSync(join(app, "bot.py"), "import discord\nfrom helpers import greet\n\nbot = discord.Client()\n\n\n@bot.event\nasync def on_ready():\n    greet()\n\n\nbot.run('token')\n");
      writeFileSync(join(app, "helpers.py"), "import logging\n\nlog = logging.getLogger(__name__)\nprint('loaded')\n\n\ndef greet():\n    log.info('hi')\n");
      writeFileSync(join(app, "quiet.py"), "import logging\n\nlog = logging.getLogger(__name__)\n\n\ndef run():\n    log.info('x')\n");
      writeFileSync(join(app, "setup.py"), "from setuptools import setup\n\nsetup(name='x')\n");
      writeFileSync(join(app, "cogs/__init__.py"), "");
      const g = await buildProjectGraph(app, { pool: false, cache: null });
      expect(g.entries.map((e) => `${e.label} | ${e.reason}`)).toEqual(["bot.py:main | no Python entry point found: a top-level script (its module code makes calls, no module imports it)"]);
    } finally {
      cleanup(app);
    }
  });
});

describe("Strapi: modules loaded by folder, controllers made by a factory", () => {
  test("`createCoreController(uid, ({ strapi }) => ({ async preview(ctx) {} }))` in src/api/*/controllers: the factory's object's methods run", async () => {
    const { buildProjectGraph } = await import("../../src/scan/callgraph/index.ts");
    const { cleanup, tempDir } = await import("../support/server.ts");
    const { writeFileSync, mkdirSync } = await import("node:fs");
    const { join } = await import("node:path");
    const app = tempDir("reachd-strapi-");
    try {
      for (const d of ["src/api/article/controllers", "src/api/article/routes", "src/lib", "src/admin"]) mkdirSync(join(app, d), { recursive: true });
      writeFileSync(join(app, "package.json"), JSON.stringify({ name: "cms", scripts: { start: "strapi start" }, dependencies: { "@strapi/strapi": "4.24.0" } }));
      writeFileSync(join(app, "src/index.js"), "module.exports = { register() {}, bootstrap() {} };\n");
      writeFileSync(join(app, "src/api/article/controllers/article.js"), [
        'const { createCoreController } = require("@strapi/strapi").factories;',
        'const { render } = require("../../../lib/render");',
        'module.exports = createCoreController("api::article.article", ({ strapi }) => ({',
        "  async preview(ctx) {",
        "    ctx.body = render(ctx.request.body.text);",
        "  },",
        "}));",
        "",
      ].join("\n"));
      writeFileSync(join(app, "src/api/article/routes/custom.js"), 'module.exports = { routes: [{ method: "POST", path: "/p", handler: "article.preview" }] };\n');
      writeFileSync(join(app, "src/lib/render.js"), "exports.render = (s) => s;\n");
      writeFileSync(join(app, "src/admin/app.js"), "export default {};\n");
      const g = await buildProjectGraph(app, { pool: false, cache: null });
      expect(g.entries.map((e) => e.label).sort()).toEqual(["src/api/article/controllers/article.js:exports", "src/api/article/routes/custom.js:exports", "src/index.js:exports"]);
      expect(g.edges.some((e) => e.from.endsWith("article.js#<module>") && e.to.endsWith("preview") && e.kind === "ref")).toBe(true);
    } finally {
      cleanup(app);
    }
  });
});

describe("Python callbacks handed to a package in a list, and Fire commands", () => {
  test("`Litestar(on_startup=[load])`, `fire.Fire(Admin)` and `fire.Fire({...})` reference what the package calls; a dict of options, a property read into a list and private methods do not", async () => {
    const { buildProjectGraph } = await import("../../src/scan/callgraph/index.ts");
    const { cleanup, tempDir } = await import("../support/server.ts");
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const app = tempDir("reachd-pylists-");
    try {
      writeFileSync(join(app, "main.py"), [
        "import fire", "import litestar", "", "def load():", "    pass", "", "def stop():", "    pass", "", "def opt():", "    pass", "", "HOOKS = (stop,)", "",
        "class Conf:", "    @property", "    def host(self):", "        return 'h'", "", "    def parts(self):", "        return litestar.url([self.host])", "",
        "class Admin:", "    def publish(self):", "        pass", "", "    def _helper(self):", "        pass", "",
        "def cmd():", "    pass", "",
        "app = litestar.Litestar(on_startup=[load], on_shutdown=HOOKS, config={'x': opt})", "fire.Fire(Admin)", "fire.Fire({'run': cmd})", "",
      ].join("\n"));
      const g = await buildProjectGraph(app, { pool: false, cache: null });
      const refs = g.edges.filter((e) => e.from === "main.py#<module>" && e.kind === "ref").map((e) => e.to).sort();
      expect(refs).toEqual(["main.py#Admin.publish", "main.py#cmd", "main.py#load", "main.py#stop"]);
      expect(g.edges.some((e) => e.to === "main.py#Conf.host" && e.kind === "ref")).toBe(false);
    } finally {
      cleanup(app);
    }
  });
});
