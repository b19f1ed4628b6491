// Entry points: where a program starts. From package.json (main, bin, exports, the files its
// scripts run, Node's default index.js), a Procfile, AWS Lambda handlers (serverless.yml, SAM
// templates), framework conventions (frameworks.ts), Python `if __name__ == "__main__":` blocks,
// __main__.py, manage.py and console scripts; conventional file names only as a marked fallback.
// Test, fixture, example, docs, vendored and minified code is never an entry unless the operator
// names it with entryGlobs.
import { posix } from "node:path";
import { pathMatcher } from "./settings.ts";
import { adonisEntries, sailsEntries, appEntries, autoloadEntries, cdkEntries, commanderEntries, flaskFactories, celeryTaskModules, djangoEntries, pyramidEntries, scrapyEntries, fileRouterEntries, functionFolderEntries, namedJobEntries, nextEntries, serverModules, viewModules, type PyConventionModule, type UseSignal } from "./frameworks.ts";

export interface EntryOptions {
  /** Globs (relative to the root) of files that are entry points, even in test folders. */
  entryGlobs?: string[];
  /** Globs of files that are never entry points (analysis still follows calls into them). */
  exclude?: string[];
}

export interface EntrySource {
  path: string;
  language: "javascript" | "typescript" | "python";
  /** Has `if __name__ == "__main__":`. */
  hasMain: boolean;
}

export interface PackageJson {
  /** Directory of the package.json, relative ("" = root). */
  dir: string;
  json: unknown;
}

/** A Python console script: "pkg.cli:main" from pyproject.toml, setup.py or setup.cfg. */
export interface PyScript {
  module: string;
  func: string;
  /** Where it is declared ("pyproject.toml", "setup.py"). */
  from?: string;
  /** An entry-point group other than console/gui scripts ("myapp.plugins"): its host loads the object (a plugin). */
  group?: string;
  /** A module a host imports by name (Dagster's module_name): its top level runs, no function is called. */
  moduleOnly?: boolean;
}

/** What framework detection needs beyond the file list (all optional: unit tests give parts). */
export interface EntryContext {
  /** External calls of the project's code: all, or those frameworkSignals() keeps (the same answer). */
  uses?: UseSignal[];
  /** Every file of the checkout (next.config.js and the like). */
  all?: Iterable<string>;
  /** Text of Python settings and urls modules (Django wiring is written in strings). */
  texts?: Map<string, string>;
  /** Text of Python modules that queue jobs (`queue.enqueue("app.jobs.build")`): jobs named by dotted path. */
  jobTexts?: Map<string, string>;
  /** Module-level names per Python file. */
  moduleNames?: Map<string, string[]>;
  /** Python files that call `<name>.task` (a Celery app's task decorator); asked only if Celery is used. */
  taskDecorated?: () => Set<string>;
  /** The root Procfile's text. */
  procfile?: string;
  /** The commands of the root Dockerfile, as Procfile lines (`CMD: streamlit run app.py`; dockerCommands()). */
  dockerfile?: string;
  /** The root Makefile's recipes, as Procfile lines (makeCommands()). */
  makefile?: string;
  /** Texts of Python files that may be gunicorn configurations (gunicorn.conf.py, any *gunicorn*.py), by path. */
  gunicornTexts?: Map<string, string>;
  /**
   * Python files defining class-based views, with the class names: bases named like views when a
   * framework with such views is used (the argument), and in any project classes deriving from a
   * package's handler base (PACKAGE_HANDLER_BASE); with Falcon (the second argument), classes
   * defining its responders or middleware methods.
   */
  viewFiles?: (usesWebFramework: boolean, usesFalcon: boolean) => Map<string, string[]>;
  /** Folders a JS module lists and loads every module of (`readdirSync(dir)` + `` require(`./routes/${f}`) ``), with the loading site. */
  listedFolders?: { file: string; line: number; dir: string; deep?: boolean }[];
  /** wrangler.toml / wrangler.json(c) texts, by path: a Cloudflare Worker's `main` module. */
  workerConfigs?: Map<string, string>;
  /** Root-level Python modules that look like scripts (top-level calls, imported by none): asked only when no Python entry is found. */
  pyScriptFiles?: () => string[];
  /** HTML pages and browser-extension manifest.json texts, by path: the scripts they load run in the browser. */
  pageTexts?: Map<string, string>;
  /** AdonisJS: each `.adonisrc.json` text and the texts of the preload files it names, by path. */
  adonisTexts?: Map<string, string>;
  /** Parsed serverless.yml and SAM/CloudFormation templates, by path: they name Lambda handlers. */
  functionConfigs?: Map<string, unknown>;
  /** Python modules of a project importing Sphinx that define a top-level `setup(app)`: Sphinx extensions. */
  sphinxSetups?: string[];
}

export interface EntryFile {
  file: string;
  kind: string;
  reason: string;
  /** Python script entries name the function that runs. */
  func?: string;
}

const NOT_ENTRY_DIRS = new Set([
  "test", "tests", "__tests__", "spec", "specs", "fixtures", "__fixtures__", "examples",
  "example", "docs", "doc", "e2e", "__mocks__", "testdata", "test_data",
]);

/** Other people's code inside the checkout: analysed when used, never where the app starts. */
export const DEPENDENCY_DIRS = new Set([
  "node_modules", "bower_components", "vendor", "vendored", "_vendor", "third_party", "third-party",
  "thirdparty", "site-packages", "dist-packages",
]);

/** A file of dependency code inside the checkout (node_modules/a/…, vendor/…, site-packages/…). */
export function isDependencyFile(path: string): boolean {
  // Asked per node and per use of every finding: answered once per path.
  let hit = dependencyFiles.get(path);
  if (hit === undefined) {
    if (dependencyFiles.size >= 100_000) dependencyFiles.clear();
    hit = path.split("/").slice(0, -1).some((p) => DEPENDENCY_DIRS.has(p.toLowerCase()));
    dependencyFiles.set(path, hit);
  }
  return hit;
}

const dependencyFiles = new Map<string, boolean>();

/** Test, fixture, example, docs, vendored and minified files: never entry points by default. */
export function isNonProductionPath(path: string): boolean {
  const parts = path.split("/");
  const base = parts.at(-1)!;
  if (parts.slice(0, -1).some((p) => NOT_ENTRY_DIRS.has(p.toLowerCase()) || DEPENDENCY_DIRS.has(p.toLowerCase()))) return true;
  if (/\.(test|spec)\.[^/]+$/.test(base) || /[.-]min\.[cm]?js$/.test(base)) return true;
  return /^test_.*\.py$/.test(base) || /_test\.py$/.test(base) || base === "conftest.py";
}

const JS_EXTS = [".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"];

/**
 * The source file a package.json path means. TypeScript packages point at build output that is
 * not in the checkout ("dist/index.js"), so try the source it was built from too.
 */
export function sourceFor(dir: string, rel: string, sources: Set<string>): string | null {
  const base = posix.normalize(posix.join(dir, rel)).replace(/^\.\//, "").replace(/\/$/, "");
  if (base.startsWith("..")) return null;
  const stems = [base];
  const built = /^(dist|lib|build|out)\//.exec(posix.relative(dir || ".", base));
  if (built) {
    const inside = posix.relative(dir || ".", base).slice(built[0].length);
    stems.push(posix.join(dir, "src", inside), posix.join(dir, inside));
  }
  for (const stem of stems) {
    const noExt = stem.replace(/\.(m|c)?jsx?$/, "");
    for (const c of [stem, ...JS_EXTS.map((e) => stem + e), ...JS_EXTS.map((e) => noExt + e), ...JS_EXTS.map((e) => `${stem}/index${e}`)]) {
      if (sources.has(c)) return c;
    }
  }
  return null;
}

/** Bounds on hostile package.json files: nesting depth and targets read from "exports". */
const MAX_EXPORTS_DEPTH = 8;
const MAX_EXPORT_TARGETS = 500;

/**
 * Every string target of an "exports" field: a string, an array of fallbacks, a subpath map
 * ({".": …, "./feature": …}) or conditions ({"import": …, "node": {"require": …}}), nested.
 * Subpath patterns ("./features/*": "./src/features/*.js") stay patterns; the caller expands them.
 * `skip`: a condition whose branches are left out ("import" for a `require()` load, "require" for an ES import).
 */
export function exportTargets(exp: unknown, skip?: "import" | "require"): string[] {
  const out: string[] = [];
  const stack: { v: unknown; depth: number }[] = [{ v: exp, depth: 0 }];
  while (stack.length > 0 && out.length < MAX_EXPORT_TARGETS) {
    const { v, depth } = stack.pop()!;
    if (typeof v === "string") {
      if (!v.endsWith(".d.ts") && !v.endsWith(".json")) out.push(v);
    } else if (depth < MAX_EXPORTS_DEPTH && v && typeof v === "object") {
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, value] = entries[i]!;
        // Type declarations and the package.json itself are no code.
        if (key === "types" || key === "typings" || key === "./package.json" || key === skip) continue;
        stack.push({ v: value, depth: depth + 1 });
      }
    }
  }
  return out;
}

/** Runners whose first file argument is the program: `node x.js`, `ts-node src/a.ts`, `bun run x.ts`. */
const RUNNERS = new Set([
  "node", "nodejs", "ts-node", "ts-node-dev", "tsx", "nodemon", "bun", "babel-node", "esno", "esr",
  "node-dev", "sucrase-node", "jiti", "vite-node", "deno", "electron", "pm2",
]);
/** Runner flags that take a value (`node -r dotenv/config x.js`). */
const VALUE_FLAGS = new Set(["-r", "--require", "--import", "--loader", "--experimental-loader", "-e", "--eval", "-p", "--print", "--watch-path", "-w", "--watch", "--exec", "-x", "--env-file", "--name", "--project", "-P", "--tsconfig", "--inspect-port", "--title", "-i", "--instances"]);
/** Runner words that are no file (`bun run`, `pm2 start`, `deno run`). */
const SUBCOMMANDS = new Set(["run", "start", "x", "exec", "watch", "dev"]);

/** Files a package.json script runs: `cross-env NODE_ENV=production node --inspect dist/server.js && tsx scripts/seed.ts`. */
export function scriptFiles(command: string): string[] {
  const files: string[] = [];
  for (const part of command.slice(0, 4096).split(/&&|\|\||[;|&]/)) {
    const words = part.trim().split(/\s+/).filter((w) => w !== "");
    let i = 0;
    // Environment assignments and wrappers before the runner.
    while (i < words.length && (/^[A-Za-z_][\w]*=/.test(words[i]!) || ["cross-env", "env", "npx", "dotenv", "--", "exec", "time", "nice"].includes(words[i]!))) i++;
    const runner = words[i]?.replace(/^.*\//, "");
    if (!runner || !RUNNERS.has(runner)) continue;
    for (i++; i < words.length; i++) {
      const w = words[i]!.replace(/^["']|["']$/g, "");
      if (w.startsWith("-")) {
        if (VALUE_FLAGS.has(w)) i++;
        continue;
      }
      if (SUBCOMMANDS.has(w) || /^[A-Za-z_]\w*=/.test(w)) continue;
      if (/\.(m|c)?[jt]sx?$/.test(w) || w.includes("/")) files.push(w);
      break;
    }
  }
  return files;
}

/** Python servers and runners whose first argument names the app module: `gunicorn mysite.wsgi:application`. */
const PY_SERVERS = new Set(["gunicorn", "uvicorn", "hypercorn", "daphne", "waitress-serve", "granian"]);
const PY_VALUE_FLAGS = new Set(["-w", "--workers", "-b", "--bind", "-k", "--worker-class", "-c", "--config", "--host", "--port", "-p", "--log-level", "--timeout", "-t", "--threads", "--chdir", "--env", "-e", "--interface", "--root-path", "--name", "-n", "-Q", "--queues", "-l", "--loglevel", "--concurrency"]);

/** Python tools run as `python -m X` whose arguments name the app's scripts or modules. */
const WORKER_RUNNERS = new Set(["streamlit", "dramatiq", "huey_consumer", "arq", "celery", "gunicorn", "uvicorn", "hypercorn", "daphne", "granian", "faust"]);

/**
 * What a shell command runs, for Procfile lines: JavaScript files (as in package.json scripts),
 * Python files (`python x.py`), modules (`python -m pkg.cli`, `gunicorn app:app`, `celery -A proj worker`).
 */
export function commandTargets(command: string): { files: string[]; modules: string[]; factories?: string[]; streamlit?: string[]; configs?: string[]; settings?: string[]; locust?: string[] } {
  const out: { files: string[]; modules: string[]; factories?: string[]; streamlit?: string[]; configs?: string[]; settings?: string[]; locust?: string[] } = { files: scriptFiles(command), modules: [] };
  for (const part of command.slice(0, 4096).split(/&&|\|\||[;|&]/)) {
    const words = part.trim().split(/\s+/).filter((w) => w !== "");
    let i = 0;
    while (i < words.length && (/^[A-Za-z_]\w*=/.test(words[i]!) || ["env", "exec", "poetry", "pipenv", "uv", "run", "newrelic-admin", "run-program", "ddtrace-run"].includes(words[i]!))) i++;
    let runner = words[i]?.replace(/^.*\//, "") ?? "";
    let rest = words.slice(i + 1).map((w) => w.replace(/^["']|["']$/g, ""));
    // `python -m streamlit run app.py`, `python -m dramatiq app.actors`: the module is the runner.
    if (/^python(\d(\.\d+)?)?$/.test(runner)) {
      const m = rest.indexOf("-m");
      if (m >= 0 && WORKER_RUNNERS.has(rest[m + 1] ?? "")) {
        runner = rest[m + 1]!;
        rest = rest.slice(m + 2);
      }
    }
    if (runner === "streamlit") {
      // `streamlit run Home.py`: Streamlit runs the script, and the scripts of its pages/ folder as pages.
      const r = rest.indexOf("run");
      const file = r >= 0 ? rest.slice(r + 1).find((w) => !w.startsWith("-")) : undefined;
      if (file?.endsWith(".py")) {
        out.files.push(file);
        (out.streamlit ??= []).push(file);
      }
    } else if (runner === "dramatiq" || runner === "dramatiq-gevent") {
      // `dramatiq app.actors other.tasks --processes 2`: every module named (`module:broker` too) is imported.
      for (const w of rest) {
        if (w.startsWith("-")) break;
        const mod = /^([\w.]+)(?::\w+)?$/.exec(w);
        if (mod) out.modules.push(mod[1]!);
      }
    } else if (runner === "huey_consumer" || runner === "huey_consumer.py" || runner === "arq") {
      // `huey_consumer app.main.huey`, `arq app.worker.WorkerSettings`: an object of a module (the module, and the dotted path itself if it is one).
      const target = rest.find((w) => !w.startsWith("-"));
      if (target && /^[\w.]+$/.test(target)) {
        out.modules.push(target);
        if (target.includes(".")) out.modules.push(target.slice(0, target.lastIndexOf(".")));
        // arq's worker settings class: the worker calls its `functions`, `on_startup` … hooks.
        if (runner === "arq" && target.includes(".")) (out.settings ??= []).push(`${target.slice(0, target.lastIndexOf("."))}:${target.slice(target.lastIndexOf(".") + 1)}`);
      }
    } else if (/^python(\d(\.\d+)?)?$/.test(runner)) {
      const m = rest.indexOf("-m");
      if (m >= 0 && rest[m + 1]) out.modules.push(rest[m + 1]!);
      else {
        const file = rest.find((w) => !w.startsWith("-"));
        if (file?.endsWith(".py")) out.files.push(file);
      }
    } else if (PY_SERVERS.has(runner)) {
      // An app factory: `gunicorn "pkg:create_app()"`, `uvicorn --factory pkg.main:create_app`:
      // the server calls the function, so it runs as well as the module's top level.
      const factory = rest.includes("--factory");
      // gunicorn's `-c gunicorn.conf.py` / `--config python:app.gunicorn_conf`: a Python file gunicorn
      // runs, whose server hooks (post_fork, when_ready …) it calls and whose `wsgi_app` names the app.
      if (runner === "gunicorn") {
        for (let j = 0; j < rest.length; j++) {
          const w = rest[j]!;
          const cfg = w === "-c" || w === "--config" ? rest[j + 1] : w.startsWith("--config=") ? w.slice(9) : undefined;
          if (cfg) (out.configs ??= []).push(cfg);
        }
      }
      for (let j = 0; j < rest.length; j++) {
        const w = rest[j]!;
        if (w.startsWith("-")) {
          if (PY_VALUE_FLAGS.has(w)) j++;
          continue;
        }
        const mod = /^([\w.]+)(?::([A-Za-z_]\w*)(\(.*)?)?$/.exec(w) ?? /^([\w.]+):/.exec(w);
        if (mod) out.modules.push(mod[1]!);
        if (mod?.[2] && (mod[3] !== undefined || factory)) (out.factories ??= []).push(`${mod[1]}:${mod[2]}`);
        break;
      }
    } else if (runner === "celery" || runner === "faust") {
      const a = rest.findIndex((w) => w === "-A" || w === "--app" || w.startsWith("--app="));
      const app = a < 0 ? null : rest[a]!.startsWith("--app=") ? rest[a]!.slice(6) : rest[a + 1];
      const mod = app ? /^([\w.]+)/.exec(app) : null;
      if (mod) out.modules.push(mod[1]!, `${mod[1]}.celery`);
    } else if (runner === "nameko" && rest[0] === "run") {
      // `nameko run --config config.yml orders.service orders.events:PaymentEvents`: nameko imports
      // each module named and hosts its services (their `@rpc`, `@event_handler`, `@http` methods).
      for (let j = 1; j < rest.length && j < 50; j++) {
        const w = rest[j]!;
        if (w === "--config" || w === "--broker" || w === "--backdoor-port") j++;
        else if (!w.startsWith("-")) {
          const mod = /^([\w.]+)(?::\w+)?$/.exec(w);
          if (mod) out.modules.push(mod[1]!);
        }
      }
    } else if (runner === "locust") {
      // `locust -f loadtest/locustfile.py` (`--locustfile`, comma-separated files): Locust imports each
      // and runs its user classes (HttpUser: on_start and the @task methods).
      for (let j = 0; j < rest.length && j < 50; j++) {
        const w = rest[j]!;
        const value = w === "-f" || w === "--locustfile" ? rest[++j] : w.startsWith("--locustfile=") ? w.slice(14) : undefined;
        for (const f of (value ?? "").split(",").slice(0, 20)) if (f.endsWith(".py")) (out.locust ??= []).push(f);
      }
    } else if (runner === "modal" && ["deploy", "serve", "run", "shell"].includes(rest[0] ?? "")) {
      // `modal deploy thumbs/app.py` (`app.py::fn`, `-m pkg.app`): Modal imports the app's module and runs its functions.
      for (let j = 1; j < rest.length && j < 50; j++) {
        const w = rest[j]!;
        if ((w === "-m" || w === "--module") && /^[\w.]+$/.test(rest[j + 1] ?? "")) out.modules.push(rest[++j]!);
        else if (!w.startsWith("-") && /\.py(?:::[\w.]+)?$/.test(w)) out.files.push(w.replace(/::[\w.]+$/, ""));
      }
    } else if (rest[0] === "run" && runner !== "") {
      // A tool's `run` subcommand given Python scripts of ours runs them (`kopf run handlers.py`,
      // `chainlit run app.py`, `solara run app.py`); `-m pkg.handlers` names a module instead, and so does an
      // import path of an object (Ray Serve's `serve run summarizer.app:app`).
      for (let j = 1; j < rest.length && j < 50; j++) {
        const w = rest[j]!;
        if ((w === "-m" || w === "--module") && /^[\w.]+$/.test(rest[j + 1] ?? "")) out.modules.push(rest[++j]!);
        else if (!w.startsWith("-") && w.endsWith(".py")) out.files.push(w);
        else if (/^[A-Za-z_][\w.]*:[A-Za-z_]\w*$/.test(w) && !/^[a-z]+:\d/.test(w)) out.modules.push(w.slice(0, w.indexOf(":")));
      }
    }
  }
  return out;
}

/** Entries named by a Procfile (`web: gunicorn mysite.wsgi`, `worker: node jobs/worker.js`). */
export function procfileEntries(text: string, sources: Set<string>, from = "Procfile"): EntryFile[] {
  const out: EntryFile[] = [];
  for (const line of text.split("\n").slice(0, 200)) {
    const m = /^([\w.#+-]+):\s*(.+)$/.exec(line.trim());
    if (!m) continue;
    const reason = from === "Procfile" ? `Procfile process "${m[1]}" runs it` : from === "Makefile" ? `Makefile target "${m[1]}" runs it` : m[1]!.includes("#") ? `${m[1]!.replace("#", " service ")} runs it` : `${from} ${m[1]} runs it`;
    const { files, modules, factories, streamlit, configs, settings, locust } = commandTargets(m[2]!);
    // A locustfile a deployment runs (a load-test repository's program): Locust runs its user classes' methods.
    // (One no deployment file names is a developer's load test, as a test is: no entry.)
    for (const f of locust ?? []) {
      const file = posix.normalize(f).replace(/^\.\//, "");
      if (sources.has(file)) out.push({ file, kind: "locust", reason: `${reason} (Locust runs its user classes: on_start, tasks)` });
    }
    for (const c of configs ?? []) {
      const file = c.startsWith("python:") ? pyModuleFile(c.slice(7), sources) : sources.has(posix.normalize(c).replace(/^\.\//, "")) ? posix.normalize(c).replace(/^\.\//, "") : null;
      if (file?.endsWith(".py")) out.push({ file, kind: "gunicorn", reason: `${reason} as its gunicorn configuration (gunicorn calls its server hooks)` });
    }
    for (const f of files) {
      const file = f.endsWith(".py") ? (sources.has(posix.normalize(f).replace(/^\.\//, "")) ? posix.normalize(f).replace(/^\.\//, "") : null) : sourceFor("", f, sources);
      if (file) out.push({ file, kind: "script", reason });
    }
    for (const f of streamlit ?? []) {
      // A Streamlit multipage app: each script of pages/ beside the main script is a page Streamlit runs.
      const dir = posix.dirname(posix.normalize(f));
      const pages = `${dir === "." ? "" : `${dir}/`}pages/`;
      for (const s of [...sources].sort()) {
        if (s.startsWith(pages) && s.endsWith(".py") && !s.slice(pages.length).includes("/") && !posix.basename(s).startsWith("_")) out.push({ file: s, kind: "script", reason: `a Streamlit page of ${f} (${reason})` });
      }
    }
    for (const mod of modules) {
      const file = pyModuleFile(mod, sources);
      if (file) out.push({ file, kind: "script", reason });
    }
    for (const target of factories ?? []) {
      const [mod, func] = target.split(":") as [string, string];
      const file = pyModuleFile(mod, sources);
      if (file) out.push({ file, kind: "script", reason: `${reason}, calling its app factory ${func}()`, func });
    }
    for (const target of settings ?? []) {
      const [mod, func] = target.split(":") as [string, string];
      const file = pyModuleFile(mod, sources);
      if (file) out.push({ file, kind: "arq", reason: `${reason} with the worker settings ${func} (arq calls its functions, cron jobs and hooks)`, func });
    }
  }
  return out;
}

/**
 * A Dockerfile's commands as Procfile lines: the last `CMD` and `ENTRYPOINT` (exec form
 * `["streamlit", "run", "app.py"]` or shell form), the entrypoint followed by the command when both
 * are given (`ENTRYPOINT ["gunicorn"]` + `CMD ["app:app"]`), each alone too (a wrapper script entrypoint).
 */
export function dockerCommands(text: string): string {
  let cmd: string | null = null;
  let entry: string | null = null;
  const lines = text.replace(/\\\r?\n/g, " ").split("\n").slice(0, 2000);
  for (const line of lines) {
    const m = /^\s*(CMD|ENTRYPOINT)\s+(.+)$/i.exec(line);
    if (!m) continue;
    let words = m[2]!.trim();
    if (words.startsWith("[")) {
      try {
        const arr: unknown = JSON.parse(words);
        if (Array.isArray(arr)) words = arr.filter((w) => typeof w === "string").join(" ");
      } catch {
        continue;
      }
    }
    if (m[1]!.toUpperCase() === "CMD") cmd = words;
    else entry = words;
  }
  const out: string[] = [];
  if (entry !== null && cmd !== null) out.push(`ENTRYPOINT+CMD: ${entry} ${cmd}`);
  if (entry !== null) out.push(`ENTRYPOINT: ${entry}`);
  if (cmd !== null) out.push(`CMD: ${cmd}`);
  return out.join("\n");
}

/** Makefile targets that check or build rather than run the program (their commands are no entries). */
const CHECK_TARGETS = /^(?:test\w*|lint\w*|check\w*|coverage|cov|docs?|fmt|format|typecheck|mypy|bench\w*|clean)$/;

/**
 * A Makefile's recipes as Procfile lines (`run: gunicorn -c gunicorn.conf.py`): the commands of each
 * target (not test/lint/docs ones), `\` continuations joined, `@`/`-` prefixes dropped and simple
 * variables (`PYTHON ?= python3` … `$(PYTHON) -m app.server`) replaced.
 */
export function makeCommands(text: string): string {
  const vars = new Map<string, string>();
  const out: string[] = [];
  let target: string | null = null;
  const lines = text.replace(/\\\r?\n\s*/g, " ").split("\n").slice(0, 2000);
  for (const raw of lines) {
    const line = raw.replace(/\r$/, "");
    if (line.startsWith("\t")) {
      if (target === null || CHECK_TARGETS.test(target)) continue;
      let cmd = line.trim().replace(/^[@+-]+/, "");
      cmd = cmd.replace(/\$[({](\w+)[)}]/g, (all, name: string) => vars.get(name) ?? all);
      if (cmd !== "") out.push(`${target}: ${cmd}`);
      continue;
    }
    const v = /^([A-Za-z_]\w*)\s*[?:+]?=\s*(.*)$/.exec(line);
    if (v) {
      if (vars.size < 200) vars.set(v[1]!, v[2]!.trim());
      continue;
    }
    const t = /^([\w.-]+)\s*:(?!=)/.exec(line);
    target = t && !t[1]!.startsWith(".") ? t[1]! : null;
  }
  return out.join("\n");
}

/** gunicorn's server hooks: functions of a configuration file that gunicorn calls by name. */
export const GUNICORN_HOOKS = new Set([
  "on_starting", "on_reload", "when_ready", "pre_fork", "post_fork", "post_worker_init", "worker_int", "worker_abort",
  "pre_exec", "pre_request", "post_request", "child_exit", "worker_exit", "nworkers_changed", "on_exit", "ssl_context",
]);

/**
 * The app a gunicorn configuration names (`wsgi_app = "notes:create_app()"`, gunicorn 20.1+): that
 * module is an entry, and a factory called in the string runs too.
 */
function gunicornApp(path: string, text: string, sources: Set<string>): EntryFile[] {
  const m = /^wsgi_app\s*=\s*["']([\w.]+)(?::([A-Za-z_]\w*)(\(.*\))?)?["']/m.exec(text);
  if (!m) return [];
  const file = pyModuleFile(m[1]!, sources);
  if (!file) return [];
  const reason = `wsgi_app of the gunicorn configuration ${path}`;
  const out: EntryFile[] = [{ file, kind: "script", reason }];
  if (m[2] && m[3] !== undefined) out.push({ file, kind: "script", reason: `${reason}, calling its app factory ${m[2]}()`, func: m[2] });
  return out;
}

/** `<script src="js/app.js">`, `<script type="module" src="/src/main.tsx">` (local sources only). */
const SCRIPT_SRC = /<script\b[^>]*?\bsrc\s*=\s*["']([^"'<>]+)["']/gi;

/**
 * Scripts the browser runs: those an HTML page of the checkout loads (`<script src>`, relative to the
 * page, or with a leading `/` to the page's folder, as Vite's index.html, the checkout's root, public/ or static/), and
 * a browser extension's manifest.json `background.service_worker` / `background.scripts` and
 * `content_scripts[].js`. Their top-level code runs (event handlers it registers are callbacks).
 */
export function pageEntries(texts: Map<string, string>, sources: Set<string>): EntryFile[] {
  const out: EntryFile[] = [];
  for (const [path, text] of texts) {
    const dir = posix.dirname(path) === "." ? "" : posix.dirname(path);
    const add = (src: string, reason: string): void => {
      if (/^(?:[a-z]+:)?\/\//i.test(src) || src.startsWith("data:")) return;
      const clean = src.replace(/[?#].*$/, "");
      for (const base of clean.startsWith("/") ? [dir, "", "public", "static"] : [dir]) {
        const rel = posix.normalize(posix.join(base, clean.replace(/^\//, "")));
        if (rel.startsWith("..")) continue;
        const file = sourceFor("", rel, sources);
        if (file) {
          out.push({ file, kind: "script", reason });
          return;
        }
      }
    };
    if (path.endsWith("manifest.json")) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        continue;
      }
      const m = (json && typeof json === "object" ? json : {}) as Record<string, unknown>;
      if (typeof m.manifest_version !== "number") continue;
      const bg = (m.background && typeof m.background === "object" ? m.background : {}) as Record<string, unknown>;
      const scripts = [bg.service_worker, ...(Array.isArray(bg.scripts) ? bg.scripts : [])];
      for (const cs of Array.isArray(m.content_scripts) ? m.content_scripts.slice(0, 50) : []) if (cs && typeof cs === "object" && Array.isArray((cs as { js?: unknown }).js)) scripts.push(...(cs as { js: unknown[] }).js);
      for (const s of scripts.slice(0, 200)) if (typeof s === "string") add(s, `browser extension script of ${path}`);
      continue;
    }
    for (const m of text.slice(0, 256 * 1024).matchAll(SCRIPT_SRC)) add(m[1]!, `loaded by ${path} (<script src>)`);
  }
  return out;
}

/** A Cloudflare Workers configuration file. */
export const WORKER_CONFIG = /(^|\/)wrangler\.(toml|jsonc?)$/;

/**
 * Cloudflare Workers: the `main` module a wrangler.toml (`main = "src/index.ts"`) or
 * wrangler.json(c) (`"main": "src/index.ts"`) names, relative to its folder; the runtime calls its
 * default export's handlers (`fetch`, `scheduled`, `queue`), so its exports run as a package main's do.
 */
export function workerEntries(configs: Map<string, string>, sources: Set<string>): EntryFile[] {
  const out: EntryFile[] = [];
  for (const [path, text] of configs) {
    const m = path.endsWith(".toml") ? /^\s*main\s*=\s*["']([^"'\n]+)["']/m.exec(text) : /"main"\s*:\s*"([^"\n]+)"/.exec(text);
    if (!m) continue;
    const file = sourceFor(posix.dirname(path) === "." ? "" : posix.dirname(path), m[1]!, sources);
    if (file) out.push({ file, kind: "main", reason: `Cloudflare Worker main of ${path}` });
  }
  return out;
}

/** A config file's name for the functions it deploys: serverless.yml, or a SAM/CloudFormation template. */
export const FUNCTION_CONFIG = /(^|\/)(serverless\.(ya?ml|json)|template\.(ya?ml|json)|function\.json|action\.ya?ml|zappa_settings\.(json|ya?ml)|prefect\.ya?ml|bentofile\.ya?ml)$/;

/**
 * AWS Lambda handlers named by a Serverless Framework service (`functions.<name>.handler:
 * src/handlers/orders.create`) or a SAM/CloudFormation template (`Handler: app.lambdaHandler`
 * under `CodeUri: hello-world/`, `Globals.Function` defaults). Lambda loads the module and calls
 * the named export, so the function is the entry; the file's other exports are not.
 */
export function lambdaEntries(configs: Map<string, unknown>, sources: Set<string>): EntryFile[] {
  const out: EntryFile[] = [];
  const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  for (const [path, value] of configs) {
    const root = obj(value);
    const dir = posix.dirname(path) === "." ? "" : posix.dirname(path);
    const base = posix.basename(path);
    const add = (codeDir: string, handler: unknown, what: string): void => {
      const hit = typeof handler === "string" ? handlerTarget(codeDir, handler.trim(), sources) : null;
      if (hit) out.push({ ...hit, kind: "handler", reason: `${path} ${what} handler ${String(handler).trim()}` });
    };
    if (base === "function.json") {
      // Azure Functions (Node.js v3 / Python v1 models): a function's folder holds its function.json
      // (`bindings`), whose `scriptFile` (default index.js, or __init__.py for Python) the host loads,
      // calling `entryPoint` (default: the module's export; Python's `main`).
      if (!Array.isArray(root.bindings)) continue;
      const script = typeof root.scriptFile === "string" ? root.scriptFile : null;
      const entry = typeof root.entryPoint === "string" && /^[A-Za-z_$][\w$]*$/.test(root.entryPoint) ? root.entryPoint : null;
      const py = script ? script.endsWith(".py") : sources.has(posix.join(dir, "__init__.py")) && !sourceFor(dir, "index.js", sources);
      if (py) {
        const file = posix.normalize(posix.join(dir, script ?? "__init__.py"));
        if (sources.has(file)) out.push({ file, func: entry ?? "main", kind: "handler", reason: `${path} Azure function ${entry ?? "main"}()` });
        continue;
      }
      // (Relative to the root, so a TypeScript build's `../dist/<fn>/index.js` maps to its src/.)
      const target = posix.normalize(posix.join(dir, script ?? "index.js"));
      const file = target.startsWith("..") ? null : sourceFor("", target, sources);
      if (file) out.push(entry ? { file, func: entry, kind: "handler", reason: `${path} Azure function ${entry}` } : { file, kind: "main", reason: `${path} Azure function (its export runs)` });
      continue;
    }
    if (base === "action.yml" || base === "action.yaml") {
      // A JavaScript GitHub Action: the runner starts `runs.main` (and `pre`/`post`), often a build of src/.
      const runs = obj(root.runs);
      if (typeof runs.using !== "string" || !/^node\d+$/.test(runs.using)) continue;
      for (const key of ["pre", "main", "post"]) {
        if (typeof runs[key] !== "string") continue;
        const file = sourceFor(dir, runs[key] as string, sources);
        if (file) out.push({ file, kind: "main", reason: `${path} runs.${key} (a GitHub Action's program)` });
      }
      continue;
    }
    if (base === "prefect.yaml" || base === "prefect.yml") {
      // Prefect: each deployment's `entrypoint` ("flows/etl.py:nightly", relative to the project's
      // folder) is the flow function a worker imports and calls on schedule or on demand.
      const deployments = Array.isArray(root.deployments) ? root.deployments.slice(0, 100) : [];
      for (const d of deployments) {
        const ep = obj(d).entrypoint;
        const m = typeof ep === "string" ? /^([\w./-]+\.py):([A-Za-z_]\w*)$/.exec(ep.trim()) : null;
        if (!m) continue;
        const file = posix.normalize(posix.join(dir, m[1]!)).replace(/^\.\//, "");
        const name = typeof obj(d).name === "string" ? ` "${obj(d).name as string}"` : "";
        if (sources.has(file)) out.push({ file, func: m[2]!, kind: "flow", reason: `${path} deployment${name} runs the flow ${m[2]}()` });
      }
      continue;
    }
    if (base === "bentofile.yaml" || base === "bentofile.yml") {
      // BentoML: `service: "service:Summarizer"` (module:attribute, relative to the bentofile's folder):
      // `bentoml serve` imports the module and serves the class, calling its API methods per request.
      const m = typeof root.service === "string" ? /^([\w.]+):([A-Za-z_]\w*)$/.exec(root.service.trim()) : null;
      if (!m) continue;
      const stem = posix.join(dir, m[1]!.split(".").join("/"));
      const file = [`${stem}.py`, `${stem}/__init__.py`].find((f) => sources.has(f));
      if (file) out.push({ file, func: m[2]!, kind: "service", reason: `${path} service ${m[1]}:${m[2]} (BentoML serves its API methods)` });
      continue;
    }
    if (base.startsWith("zappa_settings.")) {
      // Zappa (Python on Lambda): each stage's `app_function` ("links.app.app": the WSGI app of
      // links/app.py, whose module runs) and its scheduled `events[].function` ("links.jobs.purge":
      // Zappa's handler calls that function with the event), relative to the settings' folder.
      for (const [stage, conf] of Object.entries(root).slice(0, 50)) {
        const c = obj(conf);
        // (The app is an object, not a function Zappa calls: its module is the entry.)
        const app = typeof c.app_function === "string" ? handlerTarget(dir, c.app_function.trim(), sources) : null;
        if (app) out.push({ file: app.file, kind: "handler", reason: `${path} stage "${stage}" app_function ${String(c.app_function).trim()}` });
        if (typeof c.lambda_handler === "string") add(dir, c.lambda_handler, `stage "${stage}" lambda_handler`);
        for (const ev of Array.isArray(c.events) ? c.events.slice(0, 100) : []) add(dir, obj(ev).function, `stage "${stage}" event`);
      }
      continue;
    }
    if (base.startsWith("serverless.")) {
      // `functions` is a map, or a list of maps when services merge files.
      const fns = Array.isArray(root.functions) ? root.functions.map(obj) : [obj(root.functions)];
      for (const group of fns) for (const [name, fn] of Object.entries(group)) add(dir, obj(fn).handler, `function "${name}"`);
      continue;
    }
    const globals = obj(obj(root.Globals).Function);
    for (const [name, res] of Object.entries(obj(root.Resources))) {
      const r = obj(res);
      if (r.Type !== "AWS::Serverless::Function" && r.Type !== "AWS::Lambda::Function") continue;
      const props = obj(r.Properties);
      // A CodeUri of S3 coordinates or an image has no folder in the checkout: the template's folder.
      const uri = props.CodeUri ?? globals.CodeUri;
      const codeDir = typeof uri === "string" && !/^[a-z0-9]+:\/\//i.test(uri) ? posix.normalize(posix.join(dir, uri)).replace(/\/$/, "") : dir;
      if (codeDir.startsWith("..")) continue;
      add(codeDir === "." ? "" : codeDir, props.Handler ?? globals.Handler, `resource "${name}"`);
    }
  }
  return out;
}

/**
 * The Serverless Framework's configuration as code, read as text (never run): a `serverless.ts` /
 * `serverless.js` naming handlers by string (`handler: "src/handlers/orders.create"`, relative to
 * its folder), and the aws-nodejs-typescript template's function modules, which name the handler
 * file beside them (`` handler: `${handlerPath(__dirname)}/handler.main` ``) and which serverless.ts
 * lists in `functions`. Only in a project with such a serverless.ts / .js.
 */
export function serverlessScriptEntries(texts: Map<string, string>, sources: Set<string>): EntryFile[] {
  const configs = [...texts.keys()].filter((p) => /(^|\/)serverless\.[cm]?[jt]s$/.test(p) && !isNonProductionPath(p));
  if (configs.length === 0) return [];
  const out: EntryFile[] = [];
  const dirOf = (p: string): string => (posix.dirname(p) === "." ? "" : posix.dirname(p));
  for (const [path, text] of texts) {
    if (isNonProductionPath(path)) continue;
    const isConfig = configs.includes(path);
    const re = isConfig ? /\bhandler\s*:\s*(["'`])([^"'`$\n]+)\1/g : /\bhandler\s*:\s*`\$\{\s*handlerPath\(\s*__dirname\s*\)\s*\}\/([^`$\n]+)`/g;
    for (const m of text.matchAll(re)) {
      const handler = (isConfig ? m[2] : m[1])!.trim();
      const hit = handlerTarget(dirOf(path), handler, sources);
      if (hit) out.push({ ...hit, kind: "handler", reason: `${path} names the handler ${isConfig ? handler : `${dirOf(path)}/${handler}`} (Serverless Framework)` });
    }
  }
  return out;
}

/**
 * The file and function of a handler string. Node's runtime takes the module up to the first dot
 * of the last path segment and the rest as the export (`src/orders.create`, `index.a.b`);
 * Python's takes the last dot (`pkg.app.lambda_handler` → pkg/app.py).
 */
function handlerTarget(dir: string, handler: string, sources: Set<string>): { file: string; func: string } | null {
  const slash = handler.lastIndexOf("/");
  const dot = handler.indexOf(".", slash + 1);
  if (dot > 0 && dot < handler.length - 1) {
    const file = sourceFor(dir, handler.slice(0, dot), sources);
    if (file) return { file, func: handler.slice(dot + 1) };
  }
  const last = handler.lastIndexOf(".");
  if (last > slash + 1 && last < handler.length - 1) {
    const rel = posix.normalize(posix.join(dir, `${handler.slice(0, last).replace(/\./g, "/")}.py`));
    if (sources.has(rel)) return { file: rel, func: handler.slice(last + 1) };
  }
  return null;
}

/** Files matching an exports subpath pattern target ("./src/features/*.js"). */
function expandPattern(dir: string, target: string, sources: Set<string>): string[] {
  const rel = posix.normalize(posix.join(dir, target)).replace(/^\.\//, "");
  if (rel.startsWith("..")) return [];
  const stem = rel.replace(/\.(m|c)?jsx?$/, "");
  const globs = [new Bun.Glob(rel.replace(/\*/g, "**")), new Bun.Glob(`${stem.replace(/\*/g, "**")}.{ts,tsx,mts,cts}`)];
  const out: string[] = [];
  for (const s of sources) if (globs.some((g) => g.match(s))) out.push(s);
  return out.sort().slice(0, MAX_EXPORT_TARGETS);
}

/** Package names other package.json files of the checkout depend on (workspace siblings). */
function dependedOn(packages: PackageJson[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const pkg of packages) {
    const json = (pkg.json && typeof pkg.json === "object" ? pkg.json : {}) as Record<string, unknown>;
    for (const field of ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]) {
      const deps = json[field];
      if (!deps || typeof deps !== "object") continue;
      for (const name of Object.keys(deps as Record<string, unknown>)) out.set(name, [...(out.get(name) ?? []), pkg.dir]);
    }
  }
  return out;
}

/**
 * A private workspace package that another package of the checkout depends on is a library of
 * the monorepo: its main and exports run when its importers call them, so they are no entry
 * points of their own (its bin and scripts still are).
 */
function internalLibrary(pkg: PackageJson, users: Map<string, string[]>): boolean {
  const json = (pkg.json && typeof pkg.json === "object" ? pkg.json : {}) as Record<string, unknown>;
  if (pkg.dir === "" || json.private !== true || typeof json.name !== "string") return false;
  return (users.get(json.name) ?? []).some((dir) => dir !== pkg.dir);
}

function packageEntries(pkg: PackageJson, sources: Set<string>, library = false): EntryFile[] {
  const json = (pkg.json && typeof pkg.json === "object" ? pkg.json : {}) as Record<string, unknown>;
  const where = pkg.dir === "" ? "package.json" : `${pkg.dir}/package.json`;
  const out: EntryFile[] = [];
  const add = (rel: unknown, kind: string, reason: string): void => {
    if (typeof rel !== "string") return;
    if (library && (kind === "main" || kind === "exports")) return;
    const file = sourceFor(pkg.dir, rel, sources);
    if (file) out.push({ file, kind, reason: file.endsWith(rel.replace(/^\.\//, "")) ? reason : `${reason} (source of ${rel})` });
  };
  // A glob main (`"main": "src/functions/*.js"`, Azure Functions' Node.js v4 model): the host loads every file it matches.
  if (typeof json.main === "string" && json.main.includes("*") && !library) {
    for (const file of expandPattern(pkg.dir, json.main, sources)) out.push({ file, kind: "main", reason: `"main" pattern ${json.main} of ${where}` });
  } else add(json.main, "main", `"main" of ${where}`);
  add(json.module, "main", `"module" of ${where}`);
  if (typeof json.bin === "string") add(json.bin, "bin", `"bin" of ${where}`);
  else if (json.bin && typeof json.bin === "object") {
    for (const [name, rel] of Object.entries(json.bin as Record<string, unknown>)) add(rel, "bin", `"bin.${name}" of ${where}`);
  }
  for (const rel of exportTargets(json.exports)) {
    if (rel.includes("*")) {
      if (library) continue;
      for (const file of expandPattern(pkg.dir, rel, sources)) out.push({ file, kind: "exports", reason: `"exports" pattern ${rel} of ${where}` });
    } else add(rel, "exports", `"exports" of ${where}`);
  }
  if (json.scripts && typeof json.scripts === "object") {
    for (const [name, cmd] of Object.entries(json.scripts as Record<string, unknown>)) {
      if (typeof cmd !== "string") continue;
      for (const rel of scriptFiles(cmd)) add(rel, "script", `script "${name}" of ${where} runs it`);
      for (const file of moleculerServices(cmd, pkg.dir, sources)) out.push({ file, kind: "exports", reason: `script "${name}" of ${where} runs moleculer-runner, which loads this service (Moleculer calls its actions, events and methods)` });
    }
  }
  // oclif: `"oclif": { "commands": "./dist/commands" }` (or `{ "strategy": "pattern", "target": … }`): the CLI loads
  // every module of that folder (its src/ twin for a build folder) and runs its command class (`run()`).
  const oclif = json.oclif && typeof json.oclif === "object" ? (json.oclif as Record<string, unknown>).commands : undefined;
  const commands = typeof oclif === "string" ? oclif
    : oclif && typeof oclif === "object" && (oclif as Record<string, unknown>).strategy !== "explicit" ? (oclif as Record<string, unknown>).target : undefined;
  if (typeof commands === "string" && !commands.includes("*")) {
    for (const dir of [commands, ...(/^(\.\/)?(dist|lib|build|out)\//.test(commands) ? [commands.replace(/^(\.\/)?(dist|lib|build|out)\//, "src/")] : [])]) {
      const folder = posix.normalize(posix.join(pkg.dir, dir)).replace(/^\.\//, "").replace(/\/$/, "");
      if (folder.startsWith("..") || folder === ".") continue;
      let n = 0;
      for (const file of sources) {
        if (!file.startsWith(`${folder}/`) || !JS_EXTS.some((e) => file.endsWith(e)) || file.endsWith(".d.ts") || n++ >= MAX_EXPORT_TARGETS) continue;
        out.push({ file, kind: "command", reason: `oclif command of ${where} ("oclif.commands": ${commands})` });
      }
    }
  }
  // Meteor: `"meteor": { "mainModule": { "server": "server/main.js", "client": "client/main.js" } }` (or one
  // string): the modules Meteor loads first on each side. (Its `testModule` is a test's.)
  const meteor = json.meteor && typeof json.meteor === "object" ? (json.meteor as Record<string, unknown>).mainModule : undefined;
  if (typeof meteor === "string") add(meteor, "main", `"meteor.mainModule" of ${where}`);
  else if (meteor && typeof meteor === "object") {
    for (const [side, rel] of Object.entries(meteor as Record<string, unknown>).slice(0, 8)) add(rel, "main", `"meteor.mainModule.${side}" of ${where}`);
  }
  if (json.main === undefined && json.exports === undefined && !library) {
    const index = sourceFor(pkg.dir, "index.js", sources);
    if (index) out.push({ file: index, kind: "main", reason: `${where} names no main: Node's default index.js` });
  }
  return out;
}

/**
 * Home Assistant custom integrations: a `custom_components/<domain>/` folder with a manifest.json is
 * loaded by Home Assistant, which imports its modules (`__init__`, `config_flow`, the platforms
 * `sensor`, `switch` …) and calls their top-level hooks (`async_setup_entry`, `async_setup_platform` …).
 */
function homeAssistantEntries(all: Iterable<string>, sorted: string[]): EntryFile[] {
  const out: EntryFile[] = [];
  const dirs: string[] = [];
  for (const f of all) {
    const m = /^((?:.*\/)?custom_components\/[\w-]+\/)manifest\.json$/.exec(f);
    if (m && !f.includes("node_modules/") && dirs.length < 20) dirs.push(m[1]!);
  }
  for (const dir of dirs.sort()) {
    for (const file of sorted) {
      if (file.startsWith(dir) && file.endsWith(".py") && !file.slice(dir.length).includes("/")) {
        out.push({ file, kind: "integration", reason: `Home Assistant integration ${dir}manifest.json: Home Assistant imports its modules and calls their setup hooks` });
      }
    }
  }
  return out;
}

/** moleculer-runner's options that take a value (`--config moleculer.config.js`, `--mask "**\/*.svc.js"`). */
const MOLECULER_VALUE_FLAGS = new Set(["-c", "--config", "-E", "--envfile", "-i", "--instances", "-m", "--mask"]);

/**
 * The service files a `moleculer-runner` command loads: each argument is a file, a glob
 * (`services/**\/*.service.js`) or a folder, whose `*.service.js`/`.ts` files (subfolders too) it
 * loads; the service schema it exports (`{ name, actions: { create: { handler(ctx) {} } } }`) is
 * handed to the broker, which calls its actions, events, methods and hooks.
 */
function moleculerServices(cmd: string, dir: string, sources: Set<string>): string[] {
  const out: string[] = [];
  for (const part of cmd.slice(0, 4096).split(/&&|\|\||[;|&]/)) {
    const words = part.trim().split(/\s+/).filter((w) => w !== "");
    const at = words.findIndex((w) => w.replace(/^.*\//, "") === "moleculer-runner");
    if (at < 0) continue;
    for (let j = at + 1; j < words.length && j < at + 50; j++) {
      const w = words[j]!.replace(/^["']|["']$/g, "");
      if (w.startsWith("-")) {
        if (MOLECULER_VALUE_FLAGS.has(w)) j++;
        continue;
      }
      const rel = posix.normalize(posix.join(dir, w)).replace(/^\.\//, "").replace(/\/$/, "");
      if (rel.startsWith("..") || rel === ".") continue;
      const glob = rel.includes("*") ? new Bun.Glob(rel) : null;
      for (const file of [...sources].sort()) {
        if (out.length >= MAX_EXPORT_TARGETS) return out;
        if (!JS_EXTS.some((e) => file.endsWith(e)) || file.endsWith(".d.ts") || out.includes(file)) continue;
        if (glob ? glob.match(file) : file === rel || (file.startsWith(`${rel}/`) && /\.service\.[cm]?[jt]s$/.test(file))) out.push(file);
      }
    }
  }
  return out;
}

function pyModuleFile(module: string, sources: Set<string>): string | null {
  const rel = module.split(".").join("/");
  for (const c of [`${rel}.py`, `${rel}/__init__.py`, `src/${rel}.py`, `src/${rel}/__init__.py`]) if (sources.has(c)) return c;
  return null;
}

function conventional(names: string[], exts: string[], sources: Set<string>): string[] {
  const out: string[] = [];
  for (const dir of ["", "src/"]) for (const n of names) for (const e of exts) if (sources.has(`${dir}${n}${e}`)) out.push(`${dir}${n}${e}`);
  return out;
}

export function findEntries(
  sources: EntrySource[],
  packages: PackageJson[],
  scripts: PyScript[],
  opts: EntryOptions = {},
  ctx: EntryContext = {},
): EntryFile[] {
  const paths = new Set(sources.map((s) => s.path));
  const sorted = [...paths].sort();
  const found: EntryFile[] = [];
  const users = dependedOn(packages);
  for (const pkg of packages) if (!isNonProductionPath(`${pkg.dir}/package.json`)) found.push(...packageEntries(pkg, paths, internalLibrary(pkg, users)));
  for (const s of sources) {
    if (s.language !== "python") continue;
    const base = posix.basename(s.path);
    if (s.hasMain) found.push({ file: s.path, kind: "__main__", reason: 'has an `if __name__ == "__main__":` block' });
    else if (base === "__main__.py") found.push({ file: s.path, kind: "__main__", reason: "package __main__.py (python -m)" });
    else if (base === "manage.py") found.push({ file: s.path, kind: "__main__", reason: "Django manage.py" });
  }
  for (const sc of scripts) {
    const file = pyModuleFile(sc.module, paths);
    if (!file) continue;
    if (sc.moduleOnly) found.push({ file, kind: "module", reason: `${sc.from ?? "pyproject.toml"} names module ${sc.module}, which its host imports` });
    else if (sc.group) found.push({ file, kind: "plugin", reason: `${sc.from ?? "pyproject.toml"} entry point ${sc.module}:${sc.func} of group ${sc.group}`, func: sc.func });
    else found.push({ file, kind: "script", reason: `${sc.from ?? "pyproject.toml"} script ${sc.module}:${sc.func}`, func: sc.func });
  }
  if (ctx.procfile) found.push(...procfileEntries(ctx.procfile, paths));
  if (ctx.dockerfile) found.push(...procfileEntries(ctx.dockerfile, paths, "Dockerfile"));
  if (ctx.makefile) found.push(...procfileEntries(ctx.makefile, paths, "Makefile"));
  // gunicorn reads ./gunicorn.conf.py when no -c is given: its hooks run as those of a named configuration.
  for (const file of sorted) {
    if (posix.basename(file) === "gunicorn.conf.py") found.push({ file, kind: "gunicorn", reason: "gunicorn configuration file (gunicorn reads gunicorn.conf.py by default and calls its server hooks)" });
  }
  for (const e of found.slice()) {
    const text = e.kind === "gunicorn" ? ctx.gunicornTexts?.get(e.file) : undefined;
    if (text !== undefined) found.push(...gunicornApp(e.file, text, paths));
  }
  if (ctx.functionConfigs) found.push(...lambdaEntries(ctx.functionConfigs, paths));
  found.push(...serverlessScriptEntries(ctx.texts ?? new Map(), paths));
  if (ctx.workerConfigs) found.push(...workerEntries(ctx.workerConfigs, paths));
  if (ctx.adonisTexts) found.push(...adonisEntries(ctx.adonisTexts, paths));
  found.push(...sailsEntries(ctx.texts ?? new Map(), paths, packages));
  found.push(...homeAssistantEntries(ctx.all ?? paths, sorted));
  // A Sphinx extension (a project's conf.py lists it in `extensions`): Sphinx imports the module and calls its setup(app),
  // which hands directives, roles and event handlers to the app.
  for (const file of ctx.sphinxSetups ?? []) {
    if (!isNonProductionPath(file)) found.push({ file, kind: "extension", reason: "Sphinx extension: Sphinx imports the module and calls its setup(app)", func: "setup" });
  }
  // Framework entries come after the declared ones: a file that is both keeps its declared kind.
  const uses = ctx.uses ?? [];
  found.push(...appEntries(uses));
  found.push(...flaskFactories(uses, ctx.moduleNames ?? new Map()));
  found.push(...nextEntries(packages, ctx.all ?? paths, sorted));
  found.push(...fileRouterEntries(packages, ctx.all ?? paths, sorted));
  found.push(...autoloadEntries(ctx.texts ?? new Map(), sorted));
  found.push(...commanderEntries(new Map([...(ctx.texts ?? new Map())].filter(([f]) => !isNonProductionPath(f))), paths));
  // The CDK app's folder: where cdk.json is (string paths in a stack are relative to it).
  const cdkJson = [...(ctx.all ?? paths)].filter((p) => /(^|\/)cdk\.json$/.test(p) && !p.includes("node_modules/")).sort((a, b) => a.length - b.length)[0];
  found.push(...cdkEntries(ctx.texts ?? new Map(), paths, handlerTarget, cdkJson ? posix.dirname(cdkJson).replace(/^\.$/, "") : ""));
  // A folder listed and loaded module by module: each of its modules (not those of subfolders) runs, exports included.
  for (const l of ctx.listedFolders ?? []) {
    for (const file of sorted) {
      if (file.startsWith(l.dir) && (l.deep || !file.slice(l.dir.length).includes("/")) && JS_EXTS.some((x) => file.endsWith(x)) && !file.endsWith(".d.ts") && !isNonProductionPath(file)) {
        found.push({ file, kind: "exports", reason: `loaded with the other modules of ${l.dir} by ${l.file}:${l.line}, which lists that folder` });
      }
    }
  }
  found.push(...functionFolderEntries(ctx.all instanceof Set ? ctx.all : new Set(ctx.all ?? paths), sorted));
  // The top-level modules of PyPI uses, once: asked for a few framework names (none dotted).
  let pyTops: Set<string> | null = null;
  // Only convention modules are asked about: frameworkSignals() keeps their uses and no others.
  const pyUses = (prefix: PyConventionModule): boolean => {
    pyTops ??= new Set(uses.filter((u) => u.ecosystem === "PyPI").map((u) => u.name.split(".", 1)[0]!));
    return pyTops.has(prefix);
  };
  found.push(...serverModules(sorted, ctx.moduleNames ?? new Map()));
  found.push(...djangoEntries(ctx.texts ?? new Map(), paths, pyUses("django")));
  found.push(...pyramidEntries(ctx.texts ?? new Map(), paths));
  found.push(...scrapyEntries(ctx.texts ?? new Map(), paths));
  found.push(...celeryTaskModules(sorted, pyUses("celery"), ctx.taskDecorated ?? (() => new Set())));
  found.push(...namedJobEntries(ctx.jobTexts ?? new Map(), paths));
  const webFramework = (["django", "rest_framework", "flask", "aiohttp", "sanic", "quart"] as const).some(pyUses);
  found.push(...viewModules(ctx.viewFiles ?? (() => new Map()), webFramework, pyUses("falcon")));
  const hasJs = sources.some((s) => s.language !== "python" && !isNonProductionPath(s.path));
  if (hasJs && !found.some((e) => e.file.match(/\.[cm]?[jt]sx?$/) && !isNonProductionPath(e.file))) {
    for (const file of conventional(["index", "main", "server", "app"], JS_EXTS, paths)) {
      found.push({ file, kind: "main", reason: "no package.json entry point: assumed from the conventional file name" });
    }
  }
  // (After the fallback: a page's scripts are the browser's program, not the server's, whose conventional file still counts.)
  if (ctx.pageTexts) found.push(...pageEntries(ctx.pageTexts, paths));
  const hasPy = sources.some((s) => s.language === "python" && !isNonProductionPath(s.path));
  if (hasPy && !found.some((e) => e.file.endsWith(".py") && !isNonProductionPath(e.file))) {
    for (const file of conventional(["app", "main", "wsgi", "asgi", "server", "run"], [".py"], paths)) {
      found.push({ file, kind: "main", reason: "no Python entry point found: assumed from the conventional file name" });
    }
    // Else a script run by hand (`python bot.py`): a root-level module whose top level makes calls and that nothing imports.
    if (!found.some((e) => e.file.endsWith(".py") && !isNonProductionPath(e.file))) {
      for (const file of ctx.pyScriptFiles?.() ?? []) found.push({ file, kind: "main", reason: "no Python entry point found: a top-level script (its module code makes calls, no module imports it)" });
    }
  }
  const auto = found.filter((e) => !isNonProductionPath(e.file));
  for (const glob of opts.entryGlobs ?? []) {
    const g = new Bun.Glob(glob);
    for (const s of sources) if (g.match(s.path)) auto.push({ file: s.path, kind: "entry", reason: `matches the entry glob ${glob}` });
  }
  const excluded = pathMatcher(opts.exclude);
  const seen = new Set<string>();
  return auto.filter((e) => {
    // One entry per file (the first, most specific reason); script functions are entries of their own.
    const key = `${e.file}:${e.func ?? ""}`;
    if (seen.has(key) || excluded(e.file)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The folder (with its trailing "/") of our own modules a dynamic import can load, when its name
 * is a literal folder followed by a computed part: JS `require(\`./commands/${name}\`)`,
 * `import("./plugins/" + name)` (relative to the importing file); Python
 * `import_module(f"app.formats.{fmt}")`, `"app.formats." + fmt`, `"app.formats.%s" % fmt`,
 * `f".{name}"` (relative to the file's package) naming a package folder of the checkout. Null
 * otherwise (a package's name, a computed folder): anything can be loaded.
 */
export function dynamicFolder(text: string, file: string, paths: Iterable<string>): string | null {
  const m = /^[\w.$]*\(\s*(?:[rbuRBU]?f)?([`"'])([^`"'$%{]*)(\$\{|\{|%|\1\s*\+|\1\s*\.\s*format)/.exec(text);
  if (!m) return null;
  const literal = m[2]!;
  const here = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
  if (!file.endsWith(".py")) {
    if (!literal.startsWith("./") && !literal.startsWith("../")) return null;
    const cut = literal.lastIndexOf("/");
    const parts = `${here}${literal.slice(0, cut + 1)}`.split("/");
    const out: string[] = [];
    for (const p of parts) {
      if (p === "" || p === ".") continue;
      if (p === "..") {
        if (out.length === 0) return null;
        out.pop();
      } else out.push(p);
    }
    return out.length > 0 ? `${out.join("/")}/` : null;
  }
  const cut = literal.lastIndexOf(".");
  if (cut < 0) return null;
  const dotted = literal.slice(0, cut + 1);
  if (dotted.startsWith(".")) {
    const ups = /^\.+/.exec(dotted)![0].length;
    const parts = here.split("/").filter((p) => p !== "");
    if (ups - 1 > parts.length) return null;
    const base = parts.slice(0, parts.length - (ups - 1));
    const rest = dotted.slice(ups).split(".").filter((p) => p !== "");
    const dir = [...base, ...rest].join("/");
    return dir === "" ? null : `${dir}/`;
  }
  const rel = `${dotted.split(".").filter((p) => p !== "").join("/")}/`;
  // The package folder, at the root or under a source folder (src/app/formats/).
  let found: string | null = null;
  for (const p of paths) {
    if (p.endsWith(".py") && (p.startsWith(rel) || p.includes(`/${rel}`))) {
      found = p;
      break;
    }
  }
  if (found === null) return null;
  return found.startsWith(rel) ? rel : found.slice(0, found.indexOf(`/${rel}`) + 1 + rel.length);
}
