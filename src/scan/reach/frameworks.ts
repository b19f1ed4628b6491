// Framework entry points: files that start a server, a worker or a request handler. Web apps are
// found by the call that creates the app (`express()`, `new Koa()`, `Flask(__name__)`): that
// module is where the process starts, and its route handlers are reached through registration
// (a handler passed to `app.get(...)` or a decorated view counts as called where it is passed).
// File-system routers (Next.js) and string-wired ones (Django urls, Celery tasks) are found by
// their conventions.
import { posix } from "node:path";
import type { ExternalUse, GraphNode } from "../callgraph/types.ts";
import type { EntryFile, PackageJson } from "./entries.ts";
import { topModule } from "./names.ts";

/** An external use, reduced to what framework detection needs. */
export interface UseSignal {
  file: string;
  line: number;
  ecosystem: "npm" | "PyPI";
  /** Dotted full name: "express", "http.createServer", "flask.Flask", "celery.shared_task". */
  name: string;
}

interface AppRule {
  ecosystem: "npm" | "PyPI";
  /** Full names (exact) whose call creates an app. */
  names: string[];
  kind: string;
  what: string;
}

const APP_RULES: AppRule[] = [
  { ecosystem: "npm", names: ["express"], kind: "server", what: "creates an Express app" },
  { ecosystem: "npm", names: ["koa", "koa.default"], kind: "server", what: "creates a Koa app" },
  { ecosystem: "npm", names: ["fastify", "fastify.fastify", "fastify.default"], kind: "server", what: "creates a Fastify app" },
  { ecosystem: "npm", names: ["@hapi.hapi.server", "@hapi.hapi.Server", "hapi.server"], kind: "server", what: "creates a hapi server" },
  { ecosystem: "npm", names: ["restify.createServer"], kind: "server", what: "creates a restify server" },
  { ecosystem: "npm", names: ["@nestjs.core.NestFactory.create"], kind: "server", what: "creates a NestJS app" },
  // Nest instantiates the controllers a module lists and routes requests to their decorated methods.
  { ecosystem: "npm", names: ["@nestjs.common.Controller"], kind: "controller", what: "is a NestJS controller, whose methods handle requests" },
  // Other classes Nest (or a GraphQL schema builder) finds by their class decorator and dispatches to.
  { ecosystem: "npm", names: ["@nestjs.graphql.Resolver", "type-graphql.Resolver"], kind: "controller", what: "is a GraphQL resolver class, whose queries, mutations and field resolvers the executor calls" },
  { ecosystem: "npm", names: ["@nestjs.websockets.WebSocketGateway"], kind: "controller", what: "is a NestJS WebSocket gateway, whose message handlers run" },
  { ecosystem: "npm", names: ["@nestjs.bull.Processor", "@nestjs.bullmq.Processor"], kind: "controller", what: "is a NestJS queue processor, whose job handlers run" },
  { ecosystem: "npm", names: ["hono.Hono"], kind: "server", what: "creates a Hono app" },
  { ecosystem: "npm", names: ["elysia.Elysia"], kind: "server", what: "creates an Elysia app" },
  { ecosystem: "npm", names: ["polka", "polka.default"], kind: "server", what: "creates a Polka app" },
  { ecosystem: "npm", names: ["h3.createApp"], kind: "server", what: "creates an h3 app" },
  ...["http", "https", "http2", "node:http", "node:https", "node:http2"].map((m): AppRule => ({
    ecosystem: "npm", names: [`${m}.createServer`, `${m}.createSecureServer`], kind: "server", what: `starts a ${m.replace("node:", "")} server`,
  })),
  { ecosystem: "PyPI", names: ["flask.Flask"], kind: "server", what: "creates a Flask app" },
  { ecosystem: "PyPI", names: ["fastapi.FastAPI"], kind: "server", what: "creates a FastAPI app" },
  { ecosystem: "PyPI", names: ["quart.Quart"], kind: "server", what: "creates a Quart app" },
  { ecosystem: "PyPI", names: ["litestar.Litestar", "starlite.Starlite"], kind: "server", what: "creates a Litestar app" },
  { ecosystem: "PyPI", names: ["connexion.App", "connexion.FlaskApp", "connexion.AsyncApp"], kind: "server", what: "creates a Connexion app" },
  { ecosystem: "PyPI", names: ["pyramid.config.Configurator"], kind: "server", what: "configures a Pyramid app" },
  { ecosystem: "PyPI", names: ["starlette.applications.Starlette"], kind: "server", what: "creates a Starlette app" },
  { ecosystem: "PyPI", names: ["sanic.Sanic"], kind: "server", what: "creates a Sanic app" },
  { ecosystem: "PyPI", names: ["bottle.Bottle"], kind: "server", what: "creates a Bottle app" },
  { ecosystem: "PyPI", names: ["falcon.App", "falcon.API", "falcon.asgi.App"], kind: "server", what: "creates a Falcon app" },
  { ecosystem: "PyPI", names: ["aiohttp.web.Application"], kind: "server", what: "creates an aiohttp app" },
  { ecosystem: "PyPI", names: ["tornado.web.Application"], kind: "server", what: "creates a Tornado app" },
  // Serverless Python apps whose host imports the module: Azure Functions' v2 model (`app = func.FunctionApp()`,
  // `@app.route(...)`), Google Cloud Functions (`@functions_framework.http`), AWS Chalice (`app = Chalice(...)`).
  { ecosystem: "PyPI", names: ["azure.functions.FunctionApp", "azure.functions.AsgiFunctionApp", "azure.functions.WsgiFunctionApp"], kind: "server", what: "creates an Azure Functions app (the host imports it)" },
  { ecosystem: "PyPI", names: ["functions_framework.http", "functions_framework.cloud_event", "functions_framework.typed"], kind: "server", what: "defines a Google Cloud Function (the Functions Framework imports it)" },
  { ecosystem: "PyPI", names: ["chalice.Chalice"], kind: "server", what: "creates a Chalice app" },
  // Plotly Dash: the app module, and with `use_pages=True` every module of pages/ (each calls `dash.register_page`), which Dash imports.
  { ecosystem: "PyPI", names: ["dash.Dash"], kind: "server", what: "creates a Dash app" },
  { ecosystem: "PyPI", names: ["dash.register_page"], kind: "page", what: "is a Dash page (Dash imports the modules of its pages folder; their callbacks run)" },
  { ecosystem: "PyPI", names: ["django.core.wsgi.get_wsgi_application"], kind: "wsgi", what: "is a Django WSGI module" },
  { ecosystem: "PyPI", names: ["django.core.asgi.get_asgi_application"], kind: "asgi", what: "is a Django ASGI module" },
  { ecosystem: "PyPI", names: ["celery.Celery"], kind: "task", what: "creates a Celery app (workers load it)" },
  { ecosystem: "PyPI", names: ["celery.shared_task", "celery.task"], kind: "task", what: "defines Celery tasks (workers run them)" },
  // The scheduler imports every DAG file of its dags folder; operators' `python_callable`s and `@task` functions run.
  {
    ecosystem: "PyPI",
    names: ["airflow.DAG", "airflow.models.DAG", "airflow.models.dag.DAG", "airflow.decorators.dag", "airflow.sdk.DAG", "airflow.sdk.dag"],
    kind: "dag",
    what: "defines an Airflow DAG (the scheduler imports the file and runs its tasks)",
  },
];

/**
 * Top-level Python modules whose use alone turns on a convention: Django URL configurations,
 * Celery task modules, class-based views (Django, Django REST framework, Flask, aiohttp
 * `web.View` routed by `router.add_view()`/`@routes.view()`, Sanic `HTTPMethodView`, Quart `MethodView`).
 */
export const PY_CONVENTION_MODULES = ["django", "celery", "rest_framework", "flask", "aiohttp", "sanic", "quart", "falcon"] as const;
export type PyConventionModule = (typeof PY_CONVENTION_MODULES)[number];

/** The first rule naming each (ecosystem, full name): a lookup per use instead of a scan of every rule. */
const RULE_OF = new Map<string, AppRule>();
for (const r of APP_RULES) for (const name of r.names) if (!RULE_OF.has(`${r.ecosystem}\u0000${name}`)) RULE_OF.set(`${r.ecosystem}\u0000${name}`, r);

/** Per ecosystem, the first segments of the full names framework detection reads. */
const SIGNAL_TOPS = { npm: new Set<string>(), PyPI: new Set<string>(PY_CONVENTION_MODULES) };
for (const r of APP_RULES) for (const name of r.names) SIGNAL_TOPS[r.ecosystem].add(name.split(".", 1)[0]!);

/**
 * The signals framework detection reads, from a graph's external uses (imports aside): those
 * whose full name starts like an app rule's name or a convention module. Detection reads no
 * others (appEntries looks full names up in the rules, findEntries asks only whether a convention
 * module is used), so a big app's 100k+ other uses are not named at all.
 */
export function frameworkSignals(uses: ExternalUse[], nodes: GraphNode[]): UseSignal[] {
  // Answered once per module string (hashed once), not by cutting a new string from every use.
  const kept = { npm: new Map<string, boolean>(), PyPI: new Map<string, boolean>() };
  const wanted = uses.filter((u) => {
    if (u.kind === "import") return false;
    let keep = kept[u.ecosystem].get(u.module);
    if (keep === undefined) kept[u.ecosystem].set(u.module, (keep = SIGNAL_TOPS[u.ecosystem].has(topModule(u.module))));
    return keep;
  });
  if (wanted.length === 0) return [];
  const useNodes = new Set(wanted.map((u) => u.from));
  const fileOf = new Map<string, string>();
  for (const n of nodes) if (useNodes.has(n.id)) fileOf.set(n.id, n.file);
  return wanted.map((u) => ({
    file: fileOf.get(u.from) ?? "",
    line: u.line,
    ecosystem: u.ecosystem,
    name: [u.ecosystem === "npm" ? u.module.replace(/\//g, ".") : u.module, ...u.member].join("."),
  }));
}

/** Files whose code creates an app or defines tasks, by the external calls they make. */
export function appEntries(uses: UseSignal[]): EntryFile[] {
  const out: EntryFile[] = [];
  // Only the uses a rule names are sorted (a big app has 100k+ uses, a handful of app calls);
  // the sort is stable, so they come in the same order as when every use was sorted.
  const hits: { u: UseSignal; rule: AppRule }[] = [];
  for (const u of uses) {
    const rule = RULE_OF.get(`${u.ecosystem}\u0000${u.name}`);
    if (rule) hits.push({ u, rule });
  }
  hits.sort(({ u: a }, { u: b }) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  const seen = new Set<string>();
  for (const { u, rule } of hits) {
    if (seen.has(`${u.file}:${rule.kind}`)) continue;
    seen.add(`${u.file}:${rule.kind}`);
    out.push({ file: u.file, kind: rule.kind, reason: `${rule.what} (${u.name} at ${u.file}:${u.line})` });
  }
  return out;
}

/** The factory names Flask's app discovery calls (`flask --app pkg run` with no app object in pkg). */
const FLASK_FACTORIES = ["create_app", "make_app"];

/**
 * Flask app factories: a module that creates a Flask (or Quart) app and defines a module-level
 * `create_app` / `make_app` is what `flask --app <module>` loads, and Flask's discovery calls that
 * factory when the module binds no app object; the factory (registering blueprints, hooks, error
 * handlers) runs. A module binding `app` or `application` is served as that object, not called.
 */
export function flaskFactories(uses: UseSignal[], moduleNames: Map<string, string[]>): EntryFile[] {
  const out: EntryFile[] = [];
  const seen = new Set<string>();
  for (const u of uses) {
    if (u.ecosystem !== "PyPI" || (u.name !== "flask.Flask" && u.name !== "quart.Quart") || seen.has(u.file)) continue;
    seen.add(u.file);
    const names = moduleNames.get(u.file) ?? [];
    if (names.includes("app") || names.includes("application")) continue;
    const func = FLASK_FACTORIES.find((f) => names.includes(f));
    if (func) out.push({ file: u.file, kind: "server", reason: `Flask app factory ${func}() (${u.name} at ${u.file}:${u.line}), called by Flask's app discovery`, func });
  }
  return out;
}

const JS_ROUTE = /\.(m|c)?[jt]sx?$/;
const APP_ROUTER_FILES = new Set(["route", "page", "layout", "template", "loading", "error", "not-found", "default"]);

/** Directories that are Next.js apps: next in a package.json's dependencies, or a next.config file. */
function nextRoots(packages: PackageJson[], all: Iterable<string>): string[] {
  const roots = new Set<string>();
  for (const p of packages) {
    const json = (p.json ?? {}) as Record<string, unknown>;
    for (const field of ["dependencies", "devDependencies"]) {
      const deps = json[field];
      if (deps && typeof deps === "object" && "next" in deps) roots.add(p.dir);
    }
  }
  for (const f of all) if (/(^|\/)next\.config\.(js|mjs|cjs|ts|mts)$/.test(f)) roots.add(posix.dirname(f) === "." ? "" : posix.dirname(f));
  return [...roots];
}

/** Next.js pages router (pages/**, pages/api/**), app router (app/**: route, page, layout …) and middleware. */
export function nextEntries(packages: PackageJson[], all: Iterable<string>, sources: string[]): EntryFile[] {
  const out: EntryFile[] = [];
  const files = [...all];
  for (const root of nextRoots(packages, files)) {
    const prefix = root === "" ? "" : `${root}/`;
    for (const file of sources) {
      if (!file.startsWith(prefix) || !JS_ROUTE.test(file)) continue;
      const rel = file.slice(prefix.length).replace(/^src\//, "");
      const base = posix.basename(rel).replace(JS_ROUTE, "");
      if (rel.startsWith("pages/api/")) out.push({ file, kind: "route", reason: "Next.js API route (pages/api)" });
      else if (rel.startsWith("pages/")) out.push({ file, kind: "page", reason: "Next.js page (pages router)" });
      else if (rel.startsWith("app/") && APP_ROUTER_FILES.has(base)) {
        out.push(base === "route" ? { file, kind: "route", reason: "Next.js route handler (app router)" } : { file, kind: "page", reason: `Next.js ${base} (app router)` });
      } else if (/^middleware$/.test(base) && !rel.includes("/")) out.push({ file, kind: "route", reason: "Next.js middleware" });
    }
  }
  return out;
}

/** Folders of projects with one of `deps` in a package.json, or a config file matching `config`. */
function projectRoots(packages: PackageJson[], all: Iterable<string>, deps: (name: string) => boolean, config: RegExp): string[] {
  const roots = new Set<string>();
  for (const p of packages) {
    const json = (p.json ?? {}) as Record<string, unknown>;
    for (const field of ["dependencies", "devDependencies"]) {
      const d = json[field];
      if (d && typeof d === "object" && Object.keys(d).some(deps)) roots.add(p.dir);
    }
  }
  for (const f of all) if (config.test(f) && !f.includes("node_modules/")) roots.add(posix.dirname(f) === "." ? "" : posix.dirname(f));
  return [...roots];
}

const REMIX_DEP = (n: string): boolean => n.startsWith("@remix-run/") || n.startsWith("@react-router/");
const REMIX_CONFIG = /(^|\/)(?:remix|react-router)\.config\.(?:js|mjs|cjs|ts|mts)$/;
const SVELTEKIT_DEP = (n: string): boolean => n === "@sveltejs/kit";
const SVELTEKIT_CONFIG = /(^|\/)svelte\.config\.(?:js|mjs|cjs|ts)$/;
const SVELTEKIT_ROUTE = /^\+(?:page|layout)(?:\.server)?$|^\+server$/;
const NUXT_DEP = (n: string): boolean => n === "nuxt" || n === "nuxt3";
const NUXT_CONFIG = /(^|\/)nuxt\.config\.(?:js|mjs|ts)$/;
const ASTRO_DEP = (n: string): boolean => n === "astro";
const ASTRO_CONFIG = /(^|\/)astro\.config\.(?:js|mjs|cjs|ts|mts)$/;
const GATSBY_DEP = (n: string): boolean => n === "gatsby";
const GATSBY_CONFIG = /(^|\/)gatsby-config\.[cm]?[jt]s$/;
/** Gatsby's API files, of the site or of a local plugin (`plugins/<name>/gatsby-node.js`): Gatsby calls their exported APIs. */
const GATSBY_API_FILE = /^(?:plugins\/[^/]+\/)?gatsby-(?:node|config|ssr|browser)\.[cm]?[jt]sx?$/;
const STRAPI_DEP = (n: string): boolean => n === "@strapi/strapi" || n === "strapi";
/** Modules Strapi loads by folder (v4/v5 under src/, v3 at the root): their exports are its controllers, services, routes, hooks. */
const STRAPI_FILE = /^(?:src\/)?(?:api\/[^/]+\/(?:controllers|services|routes|policies|middlewares|models)\/[^/]+|api\/[^/]+\/content-types\/[^/]+\/lifecycles\.[^/]+|api\/[^/]+\/config\/policies\/[^/]+|middlewares\/[^/]+|policies\/[^/]+|index\.[^/]+|extensions\/.+\/strapi-server\.[^/]+|plugins\/[^/]+\/(?:strapi-server\.[^/]+|server\/.+)|config\/functions\/[^/]+|config\/cron-tasks\.[^/]+)$/;
const SOLID_START_DEP = (n: string): boolean => n === "@solidjs/start" || n === "solid-start";
const LOOPBACK_DEP = (n: string): boolean => n === "@loopback/boot";
/** LoopBack 4's booters' default artifacts (under its project root, dist/ built from src/): classes it binds and calls. */
const LOOPBACK_FILE = /^src\/(?:controllers\/(?:.+\/)?[^/]+\.controller|interceptors\/(?:.+\/)?[^/]+\.interceptor|observers\/(?:.+\/)?[^/]+\.observer)\.[cm]?ts$/;
const EGG_DEP = (n: string): boolean => n === "egg";
/** Egg.js controllers and services: classes Egg makes per request (`ctx.service.post.find()`), their methods run. */
const EGG_CLASS_FILE = /^app\/(?:controller|service)\/.+\.[cm]?[jt]s$/;
/** Other modules Egg loads by convention: the router, middleware, schedules, extensions, boot hooks, configuration. */
const EGG_FILE = /^(?:app\/router|app\/(?:middleware|schedule|extend)\/.+|app|agent|config\/config\.[\w-]+|config\/plugin(?:\.[\w-]+)?)\.[cm]?[jt]s$/;
/** (No config file of its own: SolidStart's `app.config.ts` is vinxi's, shared with other frameworks.) */
const NO_CONFIG = /^$/;

/**
 * Other file-system routers, whose route modules the framework loads and whose exports it calls:
 * Remix / React Router framework mode (`app/routes/*` and `app/routes/<x>/route.*`: `loader`,
 * `action`, the component; `app/root`, `app/entry.server`), SvelteKit (`src/routes/**` `+page.server`,
 * `+page`, `+layout(.server)`, `+server`: `load`, `actions`, `GET`…; `src/hooks.server`), Nuxt
 * (`server/api|routes|middleware|plugins/**`: the default export, a `defineEventHandler(…)`) and
 * Astro (`src/pages/**` endpoints exporting `GET`/`POST`…, `src/middleware`), SolidStart (`src/routes/**`:
 * API routes' `GET`/`POST`…, page components; `src/entry-server`, `src/app`, `src/middleware`), Gatsby
 * (`gatsby-node`/`-config`/`-ssr`/`-browser` and those of local plugins: their exported APIs; `src/pages/**`,
 * `src/templates/**` rendered at build; `src/api/**` functions).
 */
export function fileRouterEntries(packages: PackageJson[], all: Iterable<string>, sources: string[]): EntryFile[] {
  const out: EntryFile[] = [];
  const files = [...all];
  const under = (root: string): [string, string][] => {
    const prefix = root === "" ? "" : `${root}/`;
    return sources.filter((f) => f.startsWith(prefix) && JS_ROUTE.test(f) && !/\.d\.[cm]?ts$/.test(f)).map((f) => [f, f.slice(prefix.length)]);
  };
  const base = (rel: string): string => posix.basename(rel).replace(JS_ROUTE, "");
  for (const root of projectRoots(packages, files, REMIX_DEP, REMIX_CONFIG)) {
    for (const [file, rel] of under(root)) {
      const parts = rel.split("/");
      if (parts[0] !== "app") continue;
      if (parts.length === 2 && ["root", "entry.server"].includes(base(rel))) out.push({ file, kind: "page", reason: `Remix ${base(rel)} module` });
      else if (parts[1] === "routes" && (parts.length === 3 || (parts.length === 4 && base(rel) === "route"))) {
        out.push({ file, kind: "page", reason: "Remix route module (app/routes): its loader, action and component run" });
      }
    }
  }
  for (const root of projectRoots(packages, files, SVELTEKIT_DEP, SVELTEKIT_CONFIG)) {
    for (const [file, rel] of under(root)) {
      const b = base(rel);
      if (rel.startsWith("src/routes/") && SVELTEKIT_ROUTE.test(b)) {
        out.push(b === "+server" ? { file, kind: "route", reason: "SvelteKit endpoint (+server)" } : { file, kind: "page", reason: `SvelteKit ${b} module: its load and actions run` });
      } else if (/^src\/hooks(?:\.server|\.client)?\.[cm]?[jt]s$/.test(rel) || /^src\/params\/[^/]+$/.test(rel)) {
        out.push({ file, kind: "page", reason: `SvelteKit ${rel.startsWith("src/params/") ? "param matcher" : "hooks"}` });
      }
    }
  }
  for (const root of projectRoots(packages, files, NUXT_DEP, NUXT_CONFIG)) {
    for (const [file, rel] of under(root)) {
      if (/^(?:src\/)?server\/(?:api|routes|middleware|plugins)\//.test(rel)) out.push({ file, kind: "route", reason: "Nuxt server handler (server/)" });
      // Auto-imported server utilities: the server bundle imports them, so their top-level code runs.
      else if (/^(?:src\/)?server\/utils\/[^/]+$/.test(rel)) out.push({ file, kind: "script", reason: "Nuxt server utility (server/utils, auto-imported)" });
    }
  }
  for (const root of projectRoots(packages, files, STRAPI_DEP, NO_CONFIG)) {
    for (const [file, rel] of under(root)) {
      if (STRAPI_FILE.test(rel) && !rel.startsWith("src/admin/")) out.push({ file, kind: "exports", reason: "Strapi module (loaded by folder: controllers, services, routes, policies, middlewares, lifecycles)" });
    }
  }
  for (const root of projectRoots(packages, files, LOOPBACK_DEP, NO_CONFIG)) {
    for (const [file, rel] of under(root)) {
      if (LOOPBACK_FILE.test(rel) && !/\.d\.[cm]?ts$/.test(rel)) out.push({ file, kind: "controller", reason: "LoopBack artifact booted by convention (src/controllers/*.controller, interceptors, observers): its class's methods run" });
    }
  }
  for (const root of projectRoots(packages, files, EGG_DEP, NO_CONFIG)) {
    for (const [file, rel] of under(root)) {
      if (/\.d\.[cm]?ts$/.test(rel)) continue;
      if (EGG_CLASS_FILE.test(rel)) out.push({ file, kind: "controller", reason: "Egg controller or service (app/controller, app/service): Egg makes its class per request and calls its methods" });
      else if (EGG_FILE.test(rel)) out.push({ file, kind: "exports", reason: "Egg module loaded by convention (app/router, app/middleware, app/schedule, app/extend, app.js, agent.js, config): its exports run" });
    }
  }
  for (const root of projectRoots(packages, files, SOLID_START_DEP, NO_CONFIG)) {
    for (const [file, rel] of under(root)) {
      if (rel.startsWith("src/routes/")) out.push({ file, kind: "route", reason: "SolidStart route (src/routes): its component, GET/POST… and route data run" });
      else if (/^src\/(?:entry-server|app|middleware(?:\/index)?)\.[cm]?[jt]sx?$/.test(rel)) out.push({ file, kind: "route", reason: `SolidStart ${base(rel)} module` });
    }
  }
  for (const root of projectRoots(packages, files, ASTRO_DEP, ASTRO_CONFIG)) {
    for (const [file, rel] of under(root)) {
      if (rel.startsWith("src/pages/") || /^src\/middleware(?:\/index)?\.[cm]?[jt]s$/.test(rel)) out.push({ file, kind: "route", reason: "Astro endpoint or middleware" });
    }
  }
  for (const root of projectRoots(packages, files, GATSBY_DEP, GATSBY_CONFIG)) {
    for (const [file, rel] of under(root)) {
      if (GATSBY_API_FILE.test(rel)) out.push({ file, kind: "exports", reason: `Gatsby ${base(rel)} (Gatsby calls the APIs it exports: sourceNodes, onCreateNode, createPages…)` });
      else if (rel.startsWith("src/api/")) out.push({ file, kind: "route", reason: "Gatsby Function (src/api)" });
      else if (rel.startsWith("src/pages/") || rel.startsWith("src/templates/")) out.push({ file, kind: "page", reason: "Gatsby page or template (rendered at build)" });
    }
  }
  return out;
}

/** The module specifiers of Fastify's autoload plugin. */
export const AUTOLOAD_SPEC = /^(?:@fastify\/autoload|fastify-autoload)$/;

/** `dir: path.join(__dirname, "routes")` (or `join`/`resolve`, `import.meta.dirname`, a `__dirname` made from import.meta.url), its literal parts. */
const AUTOLOAD_DIR = /\bdir\s*:\s*(?:path\.|posix\.)?(?:join|resolve)\(\s*(?:__dirname|import\.meta\.dirname)\s*((?:,\s*(?:"[^"]*"|'[^']*')\s*)+)\)/g;

/**
 * @fastify/autoload: `app.register(autoload, { dir: path.join(__dirname, "routes") })` requires every
 * JS/TS file under that folder (recursively) and registers its export as a plugin, so each is an
 * entry whose exported functions run. `texts` holds the files importing the autoload package.
 */
export function autoloadEntries(texts: Map<string, string>, sources: string[]): EntryFile[] {
  const out: EntryFile[] = [];
  for (const [file, text] of texts) {
    if (!/\.[cm]?[jt]sx?$/.test(file)) continue;
    for (const m of text.matchAll(AUTOLOAD_DIR)) {
      const parts = [...m[1]!.matchAll(/"([^"]*)"|'([^']*)'/g)].map((p) => p[1] ?? p[2]!);
      const dir = posix.join(posix.dirname(file), ...parts);
      if (dir === "." || dir.startsWith("..")) continue;
      for (const s of sources) {
        if (s.startsWith(`${dir}/`) && /\.[cm]?[jt]sx?$/.test(s) && !/\.d\.[cm]?ts$/.test(s)) {
          out.push({ file: s, kind: "exports", reason: `loaded by @fastify/autoload from ${dir} (${file}), which registers its export as a plugin` });
        }
      }
    }
  }
  return out;
}

/** commander's module specifier. */
export const COMMANDER_SPEC = /^commander$/;

/** `.command("install [name]", "description"`: a subcommand with a description, which commander runs as its own executable. */
const COMMANDER_EXEC = /\.command\(\s*(["'`])([\w:.-]+)[^"'`\n]*\1\s*,\s*["'`]/g;
/** `.executableDir("commands")`: where those executables are, relative to the script. */
const COMMANDER_DIR = /\.executableDir\(\s*(["'`])([\w./-]+)\1\s*\)/;

/**
 * commander's stand-alone executable subcommands: a script whose program declares
 * `.command("unpack <tarball>", "unpack a package")` (a description as second argument, no action)
 * runs `<script>-unpack` (`bin/pkgctl.js` → `bin/pkgctl-unpack.js`, in `.executableDir("…")` when given)
 * as a child process: that file is an entry. `texts` holds the files importing commander.
 */
export function commanderEntries(texts: Map<string, string>, sources: Set<string>): EntryFile[] {
  const out: EntryFile[] = [];
  for (const [file, text] of texts) {
    const ext = /\.[cm]?[jt]sx?$/.exec(file)?.[0];
    if (!ext) continue;
    const at = COMMANDER_DIR.exec(text)?.[2];
    const dir = posix.normalize(posix.join(posix.dirname(file), at ?? "."));
    if (dir.startsWith("..")) continue;
    const stem = posix.basename(file, ext);
    let n = 0;
    for (const m of text.matchAll(COMMANDER_EXEC)) {
      if (n++ >= 200) break;
      const name = m[2]!;
      const base = posix.join(dir, `${stem}-${name}`);
      const hit = [ext, ".js", ".ts", ".mjs", ".cjs"].map((x) => `${base}${x}`).find((c) => sources.has(c) && c !== file);
      if (hit) out.push({ file: hit, kind: "bin", reason: `commander runs it for \`${stem} ${name}\` (${file}:${text.slice(0, m.index).split("\n").length}), an executable subcommand` });
    }
  }
  return out;
}

/** The module specifiers of the AWS CDK (v2 `aws-cdk-lib`, v1 `@aws-cdk/*`, Python `aws_cdk`). */
export const CDK_SPEC = /^(?:aws-cdk-lib(?:\/|$)|@aws-cdk\/|aws_cdk(?:\.|$))/;
/** Where a construct's props start: `new NodejsFunction(this, "Fn", {`, `_lambda.Function(self, "Fn",`. */
const CDK_CONSTRUCT = /\(\s*(?:this|self|scope|stack)\s*,/g;
/** A path expression: `path.join(__dirname, "..", "lambda")`, `os.path.join(os.path.dirname(__file__), "lambda")`, or a string. */
const CDK_PATH = String.raw`((?:path\.|posix\.|os\.path\.)?(?:join|resolve)\(\s*(?:__dirname|import\.meta\.dirname|os\.path\.dirname\(\s*(?:os\.path\.\w+\(\s*)?__file__\s*\)?\s*\))\s*(?:,\s*["'][^"'\n]*["']\s*)*\)|["'][^"'\n]+["'])`;
const CDK_ENTRY = new RegExp(String.raw`\bentry\s*[:=]\s*${CDK_PATH}`);
const CDK_ASSET = new RegExp(String.raw`\bCode\.(?:fromAsset|from_asset)\(\s*${CDK_PATH}`);
const CDK_HANDLER = /\bhandler\s*[:=]\s*["']([\w./-]+)["']/;
const CDK_INDEX = /\bindex\s*[:=]\s*["']([\w./-]+\.py)["']/;

/**
 * AWS CDK stacks: a Lambda construct names its code by path, and the handler Lambda calls. A
 * `NodejsFunction` / `PythonFunction` `entry` (with `handler`, default "handler"; Python's `index`,
 * default index.py) and a `lambda.Function` asset folder (`Code.fromAsset(path.join(__dirname,
 * "../lambda"))`) with `handler: "thumbs.main"`. Paths are `path.join(__dirname, …)` from the stack's
 * file, or strings relative to the CDK app's folder (where cdk.json is). `texts` holds the files importing the CDK.
 */
export function cdkEntries(texts: Map<string, string>, sources: Set<string>, handlerTarget: (dir: string, handler: string, sources: Set<string>) => { file: string; func: string } | null, appDir: string): EntryFile[] {
  const out: EntryFile[] = [];
  for (const [file, text] of texts) {
    if (!/\.(?:[cm]?[jt]sx?|py)$/.test(file) || text.length > 512 * 1024) continue;
    const starts = [...text.matchAll(CDK_CONSTRUCT)].map((m) => m.index!).slice(0, 500);
    for (let i = 0; i < starts.length; i++) {
      const props = text.slice(starts[i], starts[i + 1] ?? Math.min(text.length, starts[i]! + 4000));
      const where = (expr: string): string | null => {
        let rel: string;
        if (/^["']/.test(expr)) rel = posix.join(appDir, expr.slice(1, -1));
        else rel = posix.join(posix.dirname(file), ...[...expr.matchAll(/,\s*["']([^"'\n]*)["']/g)].map((m) => m[1]!));
        const n = posix.normalize(rel).replace(/^\.\//, "").replace(/\/$/, "");
        return n.startsWith("..") ? null : n === "." ? "" : n;
      };
      const handler = CDK_HANDLER.exec(props)?.[1];
      const entry = CDK_ENTRY.exec(props);
      const reason = (what: string): string => `${file} deploys it as a Lambda function (${what})`;
      if (entry) {
        const target = where(entry[1]!);
        if (target === null) continue;
        if (target.endsWith(".py") || sources.has(`${target}/${CDK_INDEX.exec(props)?.[1] ?? "index.py"}`)) {
          const py = target.endsWith(".py") ? target : `${target}/${CDK_INDEX.exec(props)?.[1] ?? "index.py"}`;
          if (sources.has(py)) out.push({ file: py, func: handler ?? "handler", kind: "handler", reason: reason(`entry ${py}, handler ${handler ?? "handler"}`) });
          continue;
        }
        const js = sourceOf(target, sources);
        if (js) out.push({ file: js, func: handler ?? "handler", kind: "handler", reason: reason(`entry ${target}, handler ${handler ?? "handler"}`) });
        continue;
      }
      const asset = CDK_ASSET.exec(props);
      if (asset && handler) {
        const dir = where(asset[1]!);
        const hit = dir === null ? null : handlerTarget(dir, handler, sources);
        if (hit) out.push({ ...hit, kind: "handler", reason: reason(`asset ${dir || "."}, handler ${handler}`) });
      }
    }
  }
  return out;
}

/** A JS/TS module path as written (with or without its extension) → the checkout's file. */
function sourceOf(stem: string, sources: Set<string>): string | null {
  if (sources.has(stem)) return stem;
  const noExt = stem.replace(/\.(m|c)?[jt]sx?$/, "");
  for (const x of [".ts", ".js", ".mts", ".mjs", ".cts", ".cjs", ".tsx", ".jsx", "/index.ts", "/index.js"]) if (sources.has(noExt + x)) return noExt + x;
  return null;
}

const NETLIFY_FUNCTION = /^(?:.*\/)?netlify\/(?:edge-)?functions\/(?:[^/]+|([^/]+)\/(?:index|[^/]+))\.(m|c)?[jt]sx?$/;

/**
 * Serverless functions found by folder: Netlify's `netlify/functions/<name>.js` (or
 * `<name>/<name>.js`, `<name>/index.js`; edge functions too) and, in a project with a root
 * `vercel.json`, Vercel's `api/**` (files named `_x` are helpers). The platform calls what the
 * file exports (`handler`, the default export), so they are read like Next.js API routes.
 */
export function functionFolderEntries(all: Set<string>, sources: string[]): EntryFile[] {
  const out: EntryFile[] = [];
  const vercel = all.has("vercel.json");
  for (const file of sources) {
    if (!JS_ROUTE.test(file)) continue;
    const netlify = NETLIFY_FUNCTION.exec(file);
    if (netlify && (!netlify[1] || [netlify[1], "index"].includes(posix.basename(file).replace(JS_ROUTE, "")))) {
      out.push({ file, kind: "route", reason: "Netlify function (netlify/functions)" });
    } else if (vercel && file.startsWith("api/") && !file.split("/").some((p) => p.startsWith("_"))) {
      out.push({ file, kind: "route", reason: "Vercel function (api/ of a project with vercel.json)" });
    }
  }
  return out;
}

/** "mysite.urls" → the file of that module, if it is in the checkout. */
function pyFile(module: string, sources: Set<string>): string | null {
  const rel = module.split(".").join("/");
  for (const c of [`${rel}.py`, `${rel}/__init__.py`, `src/${rel}.py`]) if (sources.has(c)) return c;
  // Django projects often live one directory down (repo/mysite/manage.py).
  for (const s of sources) if (s.endsWith(`/${rel}.py`)) return s;
  return null;
}

const URLCONF = /^\s*ROOT_URLCONF\s*=\s*["']([\w.]+)["']/m;
const INCLUDE = /\binclude\(\s*["']([\w.]+)["']/g;
/** `INSTALLED_APPS = [...]` (also `+= [...]`, tuples): the list's text. */
const INSTALLED_APPS = /^\s*INSTALLED_APPS\s*\+?=\s*[[(]([^\])]*)[\])]/gm;
const QUOTED = /["']([\w.]+)["']/g;
/** A Django management command module: `<app>/management/commands/<name>.py` (not `_private.py`). */
const COMMAND = /(^|\/)management\/commands\/(?!_)[\w]+\.py$/;
const MIDDLEWARE = /^\s*MIDDLEWARE(?:_CLASSES)?\s*\+?=\s*[[(]([^\])]*)[\])]/gm;
/** A template tag library: the template engine imports every one of the installed apps. */
const TEMPLATETAGS = /(^|\/)templatetags\/(?!_)\w+\.py$/;

/**
 * Django URL configurations: the ROOT_URLCONF a settings module names and the `include("x.urls")`
 * strings it follows; with no settings in the checkout, every urls.py of a project that uses
 * Django. Views are reached because `path("x/", views.index)` passes them on.
 */
export function djangoEntries(texts: Map<string, string>, sources: Set<string>, usesDjango: boolean): EntryFile[] {
  const out: EntryFile[] = [];
  const queue: { file: string; reason: string }[] = [];
  for (const [file, text] of texts) {
    const m = URLCONF.exec(text);
    if (!m) continue;
    const target = pyFile(m[1]!, sources);
    if (target) queue.push({ file: target, reason: `Django ROOT_URLCONF ${m[1]} (${file})` });
  }
  if (queue.length === 0 && usesDjango) {
    for (const s of [...sources].sort()) if (posix.basename(s) === "urls.py") queue.push({ file: s, reason: "Django URL configuration (urls.py)" });
  }
  const seen = new Set<string>();
  while (queue.length > 0) {
    const { file, reason } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    out.push({ file, kind: "urls", reason });
    for (const m of (texts.get(file) ?? "").matchAll(INCLUDE)) {
      const target = pyFile(m[1]!, sources);
      if (target) queue.push({ file: target, reason: `Django include("${m[1]}") in ${file}` });
    }
  }
  // Django starts every installed app: it imports the app's AppConfig module and calls ready()
  // (where apps connect signal receivers). `"shop.apps.ShopConfig"` names the class, `"shop"` the
  // package, whose apps.py Django reads.
  let settings = false;
  for (const [file, text] of texts) {
    for (const list of text.matchAll(INSTALLED_APPS)) {
      settings = true;
      for (const q of list[1]!.matchAll(QUOTED)) {
        const name = q[1]!;
        const last = name.slice(name.lastIndexOf(".") + 1);
        const module = /^[A-Z]/.test(last) ? name.slice(0, name.lastIndexOf(".")) : `${name}.apps`;
        const target = module.endsWith(".apps") || /^[A-Z]/.test(last) ? pyFile(module, sources) : null;
        if (target && !seen.has(target)) {
          seen.add(target);
          out.push({ file: target, kind: "apps", reason: `Django INSTALLED_APPS "${name}" (${file}): its AppConfig.ready() runs at start` });
        }
      }
    }
  }
  // Each request passes through the MIDDLEWARE classes: Django makes one per class and calls it.
  for (const [file, text] of texts) {
    for (const list of text.matchAll(MIDDLEWARE)) {
      for (const q of list[1]!.matchAll(QUOTED)) {
        const name = q[1]!;
        const dot = name.lastIndexOf(".");
        const target = dot > 0 ? pyFile(name.slice(0, dot), sources) : null;
        if (target) out.push({ file: target, kind: "middleware", reason: `Django MIDDLEWARE "${name}" (${file}): the class is called on each request`, func: name.slice(dot + 1) });
      }
    }
  }
  // `manage.py <command>` runs a management command's Command().handle(); the template engine
  // imports the apps' template tag libraries (their filters and tags are registered by decorators).
  if (settings || usesDjango) {
    for (const s of [...sources].sort()) {
      if (COMMAND.test(s) && !seen.has(s)) out.push({ file: s, kind: "command", reason: "Django management command (manage.py " + posix.basename(s, ".py") + ")" });
      else if (TEMPLATETAGS.test(s) && !seen.has(s)) out.push({ file: s, kind: "templatetags", reason: "Django template tag library (the template engine imports it)" });
      else if (posix.basename(s) === "admin.py" && !seen.has(s)) out.push({ file: s, kind: "admin", reason: "Django admin module (admin.autodiscover() imports it)" });
      // Wagtail imports every installed app's wagtail_hooks module (its `@hooks.register(...)` functions it calls).
      else if (posix.basename(s) === "wagtail_hooks.py" && !seen.has(s)) out.push({ file: s, kind: "hooks", reason: "Wagtail hooks module (Wagtail imports each app's wagtail_hooks)" });
    }
  }
  return out;
}

/**
 * Celery autodiscovers `tasks.py` of every app, and workers import the modules that define tasks
 * with an app's `@app.task` decorator: when Celery is used, those modules are entries.
 */
export function celeryTaskModules(sources: string[], usesCelery: boolean, taskDecoratedFiles: () => Set<string>): EntryFile[] {
  if (!usesCelery) return [];
  const taskDecorated = taskDecoratedFiles();
  const out: EntryFile[] = [];
  for (const file of sources) {
    if (posix.basename(file) === "tasks.py") out.push({ file, kind: "task", reason: "Celery task module (tasks.py, autodiscovered)" });
    else if (taskDecorated.has(file)) out.push({ file, kind: "task", reason: "defines Celery tasks (@app.task)" });
  }
  return out;
}

const DOTTED = "([A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)+)";
/** `q.enqueue("app.jobs.build", …)`, `enqueue_at(when, "app.jobs.build")`, `app.send_task("app.tasks.x")`. */
const JOB_BY_NAME = new RegExp(`\\.(?:enqueue(?:_call|_at|_in)?|send_task)\\(\\s*(?:[\\w.]+\\s*,\\s*)?["']${DOTTED}["']`, "g");
/** `func="app.jobs.build"` in one of those calls (`enqueue_call(func=…)`, rq-scheduler `cron(…, func="…")`). */
const JOB_FUNC_KW = new RegExp(`\\bfunc\\s*=\\s*["']${DOTTED}["']`, "g");

/** django-ninja's lazily imported router: `add_router(prefix, "app.module.router")`. */
const ROUTER_BY_NAME = new RegExp(`\\.add_router\\(\\s*(?:prefix\\s*=\\s*)?["'][^"'\\n]*["']\\s*,\\s*(?:router\\s*=\\s*)?["']${DOTTED}["']`, "g");

/** APScheduler's textual references: `scheduler.add_job("app.jobs:pull_feeds", "interval", …)`, `func="app.jobs:pull"`. */
const JOB_TEXT_REF = /(?:\.add_job\(\s*|\bfunc\s*=\s*)["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*):([A-Za-z_]\w*)["']/g;

/**
 * Jobs queued by their dotted path (RQ `queue.enqueue("app.jobs.exports.build_export", id)`,
 * `enqueue_call(func="…")`, rq-scheduler `cron(…, func="…")`, Celery `send_task("app.tasks.x")`;
 * APScheduler `add_job("app.jobs:pull")`):
 * the worker imports the module and calls the function, so that function of ours is an entry.
 * Paths naming no module of the checkout (a package's function) are left alone.
 */
export function namedJobEntries(texts: Map<string, string>, sources: Set<string>): EntryFile[] {
  const out: EntryFile[] = [];
  for (const [file, text] of texts) {
    for (const re of [JOB_BY_NAME, JOB_FUNC_KW]) {
      for (const m of text.matchAll(re)) {
        const dotted = m[1]!;
        const cut = dotted.lastIndexOf(".");
        const target = pyFile(dotted.slice(0, cut), sources);
        if (!target) continue;
        const line = text.slice(0, m.index).split("\n").length;
        out.push({ file: target, kind: "job", reason: `job queued by its dotted path "${dotted}" (${file}:${line}): the worker imports it and calls ${dotted.slice(cut + 1)}()`, func: dotted.slice(cut + 1) });
      }
    }
    // django-ninja: `api.add_router("/feeds/", "events.feeds.router")` imports that module (its routes register).
    for (const m of text.matchAll(ROUTER_BY_NAME)) {
      const dotted = m[1]!;
      const target = pyFile(dotted.slice(0, dotted.lastIndexOf(".")), sources);
      if (!target) continue;
      const line = text.slice(0, m.index).split("\n").length;
      out.push({ file: target, kind: "module", reason: `router named by its dotted path "${dotted}" (${file}:${line}): the API imports that module` });
    }
    // discord.py extensions: a module calling `bot.load_extension(name)` loads each extension its
    // string literals name (`"bot.cogs.music"`, often a list it loops over; `f"cogs.{name}"` over a
    // folder: every module of that package), and calls its `setup(bot)`.
    if (/\.load_extension\(/.test(text)) {
      const extensions = new Set<string>();
      for (const m of text.matchAll(/["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)["']/g)) {
        const target = pyFile(m[1]!, sources);
        if (target && !target.endsWith("__init__.py")) extensions.add(target);
      }
      for (const m of text.matchAll(/\bf["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.\{/g)) {
        const pkg = pyFile(m[1]!, sources);
        const dir = pkg?.endsWith("/__init__.py") ? pkg.slice(0, -"__init__.py".length) : null;
        if (!dir) continue;
        for (const s of sources) if (s.startsWith(dir) && s.endsWith(".py") && !s.slice(dir.length).includes("/") && !s.endsWith("__init__.py")) extensions.add(s);
      }
      for (const target of [...extensions].sort().slice(0, 200)) out.push({ file: target, kind: "extension", reason: `extension loaded by ${file} (load_extension): the bot imports it and calls its setup()`, func: "setup" });
    }
    for (const m of text.matchAll(JOB_TEXT_REF)) {
      const target = pyFile(m[1]!, sources);
      if (!target) continue;
      const line = text.slice(0, m.index).split("\n").length;
      out.push({ file: target, kind: "job", reason: `job scheduled by its reference "${m[1]}:${m[2]}" (${file}:${line}): the scheduler imports it and calls ${m[2]}()`, func: m[2]! });
    }
  }
  return out;
}

/**
 * Class-based views (Django `View`/generic views, Django REST framework `APIView`/viewsets, Flask
 * `MethodView`, aiohttp `web.View`, Sanic `HTTPMethodView`): `as_view()` (`add_view()`) hands the class to the framework, which dispatches each request to
 * its methods, so the modules defining them are entries whose view classes' methods run. Known
 * by the base's name, and only in projects that use one of these frameworks.
 */
export const VIEW_BASE = /^(?:\w*View|\w*ViewSet)$/;

/**
 * A package's base class the package dispatches to (Tornado `RequestHandler`, `socketserver`
 * handlers, Flask-RESTful `Resource`, Starlette `HTTPEndpoint` and `BaseHTTPMiddleware`, Django's
 * `MiddlewareMixin`, Channels consumers, Scrapy spiders, DRF serializers (validate_<field>,
 * create, update), Django `ModelAdmin`, graphene `ObjectType`/`Mutation` (its `resolve_<field>`
 * methods and `mutate`, called by the schema's executor); `threading.Thread` and
 * `multiprocessing.Process`, whose start() calls run(); Celery's and luigi's `Task` (a class-based Celery task,
 * `app.register_task(Reconcile())` or named in a beat schedule: the worker calls its run(); luigi calls
 * requires/run/output); gRPC servicers, `class Greeter(pb2_grpc.GreeterServicer)`,
 * whose RPC methods the server calls once `add_GreeterServicer_to_server(Greeter(), server)` registers them; the standard library's
 * `cmd.Cmd` (cmd2's too), whose cmdloop() calls its `do_<command>`/`help_<command>`/`complete_<command>` methods and hooks;
 * discord.py's `commands.Cog`/`GroupCog`, whose commands and listeners the bot calls once `add_cog()` adds it): a class deriving from one, directly or
 * through the project's own classes, is instantiated by the package, which calls its methods. Any
 * framework: the base is the package's. (Not `…View`: a Qt `QTreeView` subclass's methods are not
 * all called by Qt; views count only with a framework that has class-based views.)
 */
export const PACKAGE_HANDLER_BASE = /^\w*(?:Handler|Resource|Endpoint|Consumer|Middleware|MiddlewareMixin|Spider|Serializer|Admin|Form|Servicer)$|^(?:Thread|Process|ObjectType|Mutation|ClientIDMutation|Task|WrapperTask|ExternalTask|Cmd|Cog|GroupCog)$/;

/** `viewFiles(webFramework)`: the files defining view classes (by base name only when a web framework with class-based views is used). */
export function viewModules(viewFiles: (usesWebFramework: boolean, usesFalcon: boolean) => Map<string, string[]>, usesWebFramework: boolean, usesFalcon = false): EntryFile[] {
  return [...viewFiles(usesWebFramework, usesFalcon).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, classes]) => ({ file, kind: "views", reason: `class-based views (${classes.join(", ")}): the framework dispatches requests to their methods` }));
}

/** WSGI/ASGI modules by name, and modules that bind a WSGI `application` object. */
export function serverModules(sources: string[], moduleNames: Map<string, string[]>): EntryFile[] {
  const out: EntryFile[] = [];
  for (const file of sources) {
    if (!file.endsWith(".py")) continue;
    const base = posix.basename(file);
    if (base === "wsgi.py") out.push({ file, kind: "wsgi", reason: "WSGI module (wsgi.py)" });
    else if (base === "asgi.py") out.push({ file, kind: "asgi", reason: "ASGI module (asgi.py)" });
    else if (moduleNames.get(file)?.includes("application")) out.push({ file, kind: "wsgi", reason: "binds a module-level WSGI/ASGI `application`" });
  }
  return out;
}

/** The file of a dotted module name written relative to `file` (`.routes`, `..views`) or absolute (`wiki.views`). */
function pyRelativeFile(name: string, file: string, sources: Set<string>): { file: string } | { dir: string } | null {
  let dotted = name;
  let base: string[] = [];
  if (name.startsWith(".")) {
    const ups = /^\.+/.exec(name)![0].length;
    const parts = posix.dirname(file) === "." ? [] : posix.dirname(file).split("/");
    if (ups - 1 > parts.length) return null;
    base = parts.slice(0, parts.length - (ups - 1));
    dotted = name.slice(ups);
  }
  const rel = [...base, ...dotted.split(".").filter((p) => p !== "")].join("/");
  if (rel === "") return base.length > 0 || name.startsWith(".") ? { dir: `${posix.dirname(file) === "." ? "" : posix.dirname(file)}` } : null;
  if (sources.has(`${rel}.py`)) return { file: `${rel}.py` };
  if (sources.has(`${rel}/__init__.py`)) return { dir: rel };
  if (!name.startsWith(".")) {
    const f = pyFile(dotted, sources);
    if (f) return f.endsWith("/__init__.py") ? { dir: posix.dirname(f) } : { file: f };
  }
  return null;
}

/** `config.include("x")` / `config.scan("x")` / `config.scan()` (keyword `package=` too). */
const PYRAMID_CALL = /\.(include|scan)\(\s*(?:package\s*=\s*)?(?:(["'])([.\w]+)\2)?\s*[,)]/g;

/**
 * Pyramid's configuration by name: `config.include(".routes")` imports the module and calls its
 * `includeme(config)`; `config.scan(".views")` (no argument: the caller's package) imports every
 * module of the package so its `@view_config` decorators register their views. Read in modules
 * that import pyramid.
 */
export function pyramidEntries(texts: Map<string, string>, sources: Set<string>): EntryFile[] {
  const out: EntryFile[] = [];
  for (const [file, text] of texts) {
    if (!file.endsWith(".py") || !/^\s*(?:from|import)\s+pyramid\b/m.test(text)) continue;
    for (const m of text.matchAll(PYRAMID_CALL)) {
      const what = m[1]!;
      const name = m[3] ?? (what === "scan" ? "." : null);
      if (name === null) continue;
      const line = text.slice(0, m.index).split("\n").length;
      const target = pyRelativeFile(name, file, sources);
      if (target === null) continue;
      if (what === "include") {
        const module = "file" in target ? target.file : `${target.dir}/__init__.py`;
        out.push({ file: module, kind: "plugin", reason: `Pyramid config.include("${name}") at ${file}:${line} calls its includeme()`, func: "includeme" });
      } else {
        const files = "file" in target ? [target.file] : [...sources].filter((s) => s.endsWith(".py") && (target.dir === "" || s.startsWith(`${target.dir}/`))).sort();
        for (const f of files) out.push({ file: f, kind: "scan", reason: `scanned by Pyramid's config.scan(${m[3] ? `"${name}"` : ""}) at ${file}:${line}: its decorated views register` });
      }
    }
  }
  return out;
}

/** Scrapy settings naming component classes: `ITEM_PIPELINES = {"proj.pipelines.Store": 300}`. */
const SCRAPY_COMPONENTS = /^\s*(ITEM_PIPELINES|DOWNLOADER_MIDDLEWARES|SPIDER_MIDDLEWARES|EXTENSIONS)\s*=\s*\{([^}]*)\}/gm;
const SPIDER_MODULES = /^\s*SPIDER_MODULES\s*=\s*[[(]([^\])]*)[\])]/gm;

/**
 * Scrapy projects: the settings module names item pipelines, downloader and spider middlewares and
 * extensions by dotted path; Scrapy makes each and calls its methods (`process_item`,
 * `process_request`, `open_spider`…). `SPIDER_MODULES` packages are imported to find the spiders.
 */
export function scrapyEntries(texts: Map<string, string>, sources: Set<string>): EntryFile[] {
  const out: EntryFile[] = [];
  for (const [file, text] of texts) {
    if (!file.endsWith(".py")) continue;
    for (const m of text.matchAll(SCRAPY_COMPONENTS)) {
      for (const q of m[2]!.matchAll(QUOTED)) {
        const name = q[1]!;
        const dot = name.lastIndexOf(".");
        const target = dot > 0 ? pyFile(name.slice(0, dot), sources) : null;
        if (target) out.push({ file: target, kind: "middleware", reason: `Scrapy ${m[1]} "${name}" (${file}): Scrapy makes it and calls its methods`, func: name.slice(dot + 1) });
      }
    }
    for (const m of text.matchAll(SPIDER_MODULES)) {
      for (const q of m[1]!.matchAll(QUOTED)) {
        const target = pyRelativeFile(q[1]!, file, sources);
        if (target === null) continue;
        const files = "file" in target ? [target.file] : [...sources].filter((s) => s.endsWith(".py") && s.startsWith(`${target.dir}/`)).sort();
        for (const f of files) out.push({ file: f, kind: "scan", reason: `Scrapy SPIDER_MODULES "${q[1]}" (${file}): imported to find the spiders` });
      }
    }
  }
  return out;
}

/** An AdonisJS (v5) project's configuration file. */
export const ADONIS_RC = /(^|\/)\.adonisrc\.json$/;
/** `"PostsController.show"`, `"Admin/ReportsController.index"`: a route's controller and method, by name. */
const ADONIS_HANDLER = /["']((?:[A-Z]\w*\/)*[A-Z]\w*Controller)\.([A-Za-z_]\w*)["']/g;
/** `"App/Middleware/Auth"`, `import("App/Listeners/User")`: a module of the app by its IoC alias. */
const ADONIS_ALIAS = /["']App\/([\w/]+)["']/g;

/**
 * AdonisJS v5: the `.adonisrc.json` `preloads` (start/routes, start/kernel) run at boot; routes
 * name their controllers by string (`Route.get("/posts/:id", "PostsController.show")`), which the
 * IoC container resolves under app/Controllers/Http and calls the method of; the kernel names
 * middleware by alias (`() => import("App/Middleware/Auth")`), whose `handle()` runs per request.
 * `texts` holds each `.adonisrc.json` and the preload files it names.
 */
export function adonisEntries(texts: Map<string, string>, sources: Set<string>): EntryFile[] {
  const out: EntryFile[] = [];
  const find = (stem: string): string | null => {
    for (const ext of [".ts", ".js", ".mts", ".mjs", "/index.ts", "/index.js"]) if (sources.has(`${stem}${ext}`)) return `${stem}${ext}`;
    return null;
  };
  for (const [rcPath, rcText] of texts) {
    if (ADONIS_RC6.test(rcPath)) {
      out.push(...adonis6Entries(rcPath, rcText, texts, find));
      continue;
    }
    if (!ADONIS_RC.test(rcPath)) continue;
    const dir = posix.dirname(rcPath) === "." ? "" : posix.dirname(rcPath);
    const prefix = dir === "" ? "" : `${dir}/`;
    let preloads: string[] = [];
    try {
      const rc = JSON.parse(rcText) as { preloads?: unknown };
      if (Array.isArray(rc.preloads)) preloads = rc.preloads.filter((p): p is string => typeof p === "string" || (p !== null && typeof p === "object" && typeof (p as { file?: unknown }).file === "string")).map((p) => (typeof p === "string" ? p : (p as unknown as { file: string }).file));
    } catch {
      continue;
    }
    for (const pre of preloads) {
      const file = find(posix.normalize(posix.join(dir, pre)).replace(/^\.\//, ""));
      if (!file) continue;
      out.push({ file, kind: "preload", reason: `AdonisJS preload ${pre} of ${rcPath}` });
      const text = texts.get(file) ?? "";
      for (const m of text.matchAll(ADONIS_HANDLER)) {
        const controller = find(`${prefix}app/Controllers/Http/${m[1]}`);
        if (controller) out.push({ file: controller, kind: "handler", reason: `AdonisJS route handler "${m[1]}.${m[2]}" (${file})`, func: `default.${m[2]}` });
      }
      for (const m of text.matchAll(ADONIS_ALIAS)) {
        const target = find(`${prefix}app/${m[1]}`);
        if (target) out.push({ file: target, kind: "controller", reason: `AdonisJS module "App/${m[1]}" named in ${file}: the container makes its class and calls it` });
      }
    }
  }
  return out;
}

/** An AdonisJS v6 project's configuration module (`adonisrc.ts`, `defineConfig({ preloads: [() => import("#start/routes")] })`). */
export const ADONIS_RC6 = /(^|\/)adonisrc\.[cm]?[jt]s$/;
/** The lazy imports of an adonisrc's `preloads` array. */
const ADONIS6_PRELOADS = /\bpreloads\s*:\s*\[([^\]]{0,4000})\]/;
const LAZY_IMPORT = /\(\s*\)\s*=>\s*import\(\s*["']([^"'\n]+)["']\s*\)/g;
/** `const PostsController = () => import("#controllers/posts_controller")`, `import PostsController from "…"`. */
const ADONIS6_BINDING = /(?:(?:const|let|var)\s+(\w+)\s*=\s*\(\s*\)\s*=>\s*import\(\s*|import\s+(\w+)\s+from\s*)["']([^"'\n]+)["']/g;
/** A route's handler as a controller and a method: `[PostsController, "show"]`. */
const ADONIS6_HANDLER = /\[\s*(\w+)\s*,\s*["'](\w+)["']\s*\]/g;

/**
 * An AdonisJS v6 module specifier as its project resolves it: a package.json `imports` subpath
 * (`#controllers/*` → `./app/controllers/*.js`, read as the `.ts` source) or a relative path; the stem
 * without extension, relative to the checkout. `imports` is the package.json's field, or undefined.
 */
export function adonisSpecifier(spec: string, dir: string, imports: unknown): string | null {
  let target: string | null = null;
  if (spec.startsWith("#") && imports && typeof imports === "object") {
    for (const [key, value] of Object.entries(imports as Record<string, unknown>).slice(0, 100)) {
      const to = typeof value === "string" ? value : value && typeof value === "object" ? Object.values(value as Record<string, unknown>).find((x) => typeof x === "string") : undefined;
      if (typeof to !== "string") continue;
      if (key === spec) target = to;
      else if (key.endsWith("*") && spec.startsWith(key.slice(0, -1))) target = to.replace("*", spec.slice(key.length - 1));
      if (target !== null) break;
    }
  } else if (spec.startsWith("./") || spec.startsWith("../")) target = spec;
  if (target === null) return null;
  const rel = posix.normalize(posix.join(dir, target)).replace(/^\.\//, "");
  return rel.startsWith("..") ? null : rel.replace(/\.[cm]?[jt]s$/, "");
}

/** The preload specifiers of an AdonisJS v6 adonisrc (`preloads: [() => import("#start/routes")]`). */
export function adonis6Preloads(rcText: string): string[] {
  const list = ADONIS6_PRELOADS.exec(rcText)?.[1] ?? "";
  return [...list.matchAll(LAZY_IMPORT)].map((m) => m[1]!).slice(0, 20);
}

/**
 * AdonisJS v6: the Ignitor imports the modules `adonisrc.ts` preloads (`() => import("#start/routes")`,
 * resolved through package.json `imports`); a route names its handler as `[Controller, "method"]` of a
 * lazily imported (`const C = () => import("#controllers/posts_controller")`) or imported controller,
 * whose default-exported class the container makes (injecting its constructor's dependencies) and
 * calls that method of; middleware a preload imports lazily (`router.named({ auth: () => import("#middleware/auth_middleware") })`)
 * has its class's `handle` run per request. `texts` holds each adonisrc, its folder's package.json and the preloads' texts.
 */
function adonis6Entries(rcPath: string, rcText: string, texts: Map<string, string>, find: (stem: string) => string | null): EntryFile[] {
  const out: EntryFile[] = [];
  const dir = posix.dirname(rcPath) === "." ? "" : posix.dirname(rcPath);
  let imports: unknown;
  try {
    imports = (JSON.parse(texts.get(dir === "" ? "package.json" : `${dir}/package.json`) ?? "{}") as { imports?: unknown }).imports;
  } catch {
    imports = undefined;
  }
  for (const pre of adonis6Preloads(rcText)) {
    const stem = adonisSpecifier(pre, dir, imports);
    const file = stem === null ? null : find(stem);
    if (!file) continue;
    out.push({ file, kind: "preload", reason: `AdonisJS preload ${pre} of ${rcPath}` });
    const text = (texts.get(file) ?? "").slice(0, 200_000);
    const bound = new Map<string, string>();
    for (const m of text.matchAll(ADONIS6_BINDING)) bound.set((m[1] ?? m[2])!, m[3]!);
    for (const m of text.matchAll(ADONIS6_HANDLER)) {
      const spec = bound.get(m[1]!);
      const stem2 = spec === undefined ? null : adonisSpecifier(spec, dir, imports);
      const controller = stem2 === null ? null : find(stem2);
      if (controller) out.push({ file: controller, kind: "handler", reason: `AdonisJS route handler [${m[1]}, "${m[2]}"] (${file})`, func: `default.${m[2]}` });
    }
    for (const m of text.matchAll(LAZY_IMPORT)) {
      const stem2 = /middleware/i.test(m[1]!) ? adonisSpecifier(m[1]!, dir, imports) : null;
      const target = stem2 === null ? null : find(stem2);
      if (target) out.push({ file: target, kind: "controller", reason: `AdonisJS middleware ${m[1]} imported by ${file}: the server makes its class and calls handle()` });
    }
  }
  return out;
}

/** Sails: `config/routes.js` of an app depending on sails. */
const SAILS_ROUTES = /(^|\/)config\/routes\.[cm]?[jt]s$/;
/** `'UserController.find'` / `'user/find'` / `{ action: 'user/find' }` / `controller: 'User', action: 'find'` targets. */
const SAILS_TARGET = /:\s*(?:\{[^}]*?\baction\s*:\s*)?["']((?:[\w-]+\/)*[\w-]+?)(?:Controller\.(\w+))?["']/g;

/**
 * Sails: `config/routes.js` binds each route to a controller action by string — `'GET /users':
 * 'UserController.find'` (the `find` of api/controllers/UserController.js), `'POST /login':
 * 'auth/login'` or `{ action: 'auth/login' }` (the standalone action api/controllers/auth/login.js,
 * whose export's `fn` runs) — and Sails loads every policy of api/policies/ to guard them.
 */
export function sailsEntries(texts: Map<string, string>, sources: Set<string>, packages: PackageJson[]): EntryFile[] {
  const out: EntryFile[] = [];
  const roots = projectRoots(packages, [], (n) => n === "sails", /^$/);
  for (const root of roots) {
    const prefix = root === "" ? "" : `${root}/`;
    const find = (stem: string): string | null => {
      for (const ext of [".js", ".ts", ".cjs", ".mjs"]) if (sources.has(`${prefix}${stem}${ext}`)) return `${prefix}${stem}${ext}`;
      return null;
    };
    for (const [file, text] of texts) {
      if (!file.startsWith(prefix) || !SAILS_ROUTES.test(file.slice(prefix.length))) continue;
      for (const m of text.matchAll(SAILS_TARGET)) {
        const target = m[2] ? find(`api/controllers/${m[1]}Controller`) : find(`api/controllers/${m[1]}`);
        if (!target) continue;
        out.push(m[2]
          ? { file: target, kind: "handler", reason: `Sails route to "${m[1]}Controller.${m[2]}" (${file})`, func: m[2] }
          : { file: target, kind: "main", reason: `Sails route to action "${m[1]}" (${file}): its export runs` });
      }
    }
    for (const s of [...sources].sort()) {
      if (s.startsWith(`${prefix}api/policies/`) && /\.[cm]?[jt]s$/.test(s)) out.push({ file: s, kind: "main", reason: "Sails policy (api/policies/): applied to the routes config/policies.js names" });
    }
  }
  return out;
}
