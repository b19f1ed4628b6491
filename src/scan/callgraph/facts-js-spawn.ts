// JavaScript code that runs other files: worker threads, child processes, worker pools, Electron
// windows and preload scripts, job-queue processors, view engines.
import type { Node } from "web-tree-sitter";
import { type Ref, stringLiteral } from "./ref-types.ts";
import { field } from "./fields.ts";
import { lineOf as line } from "./wasm-node.ts";
import { callScope, type Ctx } from "./fact-ctx.ts";

/**
 * Express `app.set("view engine", "ejs")`: on the first `res.render` Express does
 * `require("ejs").__express` and calls it for every render (ejs's __express is renderFile, which
 * compiles the template). The setting is where the app chooses that code, so it stands for a call
 * of `<engine>.__express` here; `app.engine("ejs", require("ejs").__express)` says so already.
 */
export function viewEngine(ctx: Ctx, call: Node, callee: Node, calleeRef: Ref | null, args: Node[]): void {
  // A member callee's ref ends with its property's name.
  if (args.length !== 2 || (calleeRef && calleeRef.path.at(-1) !== "set") || callee.type !== "member_expression" || field(callee, "property")?.text !== "set") return;
  if (stringLiteral(args[0]!) !== "view engine") return;
  const engine = stringLiteral(args[1]!)?.replace(/^\./, "");
  // Express requires the engine by the extension's name: a package name, never a path.
  if (!engine || !/^(@[\w.-]+\/)?[\w.-]+$/.test(engine)) return;
  ctx.facts.calls.push({ scope: callScope(ctx, call), ref: { root: { t: "module", spec: engine }, path: ["__express"] }, line: line(call), kind: "call" });
}

/**
 * A file of ours started as a worker thread or a child process (or an Electron window's preload
 * script), where the spawning code runs:
 * `new Worker(new URL("./w.js", import.meta.url))`, `new Worker(path.join(__dirname, "w.js"))`,
 * `fork(require.resolve("./job"))`, `child_process.fork(`${__dirname}/job.js`)`. Its top-level
 * code runs (in another thread or process), so the call loads it like an import. A bare relative
 * string (`new Worker("./w.js")`) is read relative to the file, as bundlers do (Node reads it
 * from the working directory: when no such file is beside it, the import finds nothing).
 */
export function spawnedModule(ctx: Ctx, call: Node, callee: Node, calleeText: string | undefined, isNew: boolean, args: Node[]): void {
  const calleeType = callee.type;
  // A member's property ends its text: one whose text ends in none of the names below is none
  // of them (undefined reads as such a name), and its field is not read from WASM.
  const name = calleeType === "identifier" ? calleeText ?? callee.text
    : calleeType === "member_expression" && endsInSpawnName(calleeText ?? callee.text) ? field(callee, "property")?.text : undefined;
  // (The first argument's path only for the calls that use it: spawnedPath reads nodes from WASM.)
  const spawns = isNew ? name === "Worker" || name === "SharedWorker" : name === "fork";
  const first = spawns ? spawnedPath(args[0]!) : null;
  if (isNew && name === "Worker" && first === null && args.length >= 2) {
    // bullmq's sandboxed processor: `new Worker("queue", path.join(__dirname, "processors/x.js"), opts)`
    // (worker_threads' `new Worker(file, { workerData })` names the file first).
    processorFile(ctx, call, args[1]!);
    return;
  }
  // Bull's `queue.process([name,] [concurrency,] path.join(__dirname, "processor.js"))`.
  if (!isNew && name === "process" && calleeType === "member_expression" && args.length >= 1) {
    processorFile(ctx, call, args[args.length - 1]!);
    return;
  }
  // Worker pools: Piscina's and Tinypool's `new Piscina({ filename: path.resolve(__dirname, "workers/x.js") })`
  // load the file in each worker thread and call its export (`module.exports = async (task) => …`,
  // or the default export) for every `pool.run(task)`, as a sandboxed job processor.
  if (isNew && POOL_CLASSES.has(name ?? "") && args.length >= 1 && args[0]!.type === "object") {
    const file = objectValue(args[0]!, "filename");
    if (file) processorFile(ctx, call, file);
    return;
  }
  // workerpool's `workerpool.pool(__dirname + "/worker.js")`: each worker runs the file, whose
  // `workerpool.worker({ fn })` hands its functions to the package.
  if (!isNew && name === "pool" && calleeType === "member_expression" && (calleeText ?? callee.text).startsWith("workerpool.") && args.length >= 1) {
    const spec = spawnedPath(args[0]!);
    if (spec !== null) ctx.facts.imports.push({ scope: ctx.scope(call), spec, line: line(call), names: [] });
    return;
  }
  if (isNew && name === "Bree" && args.length >= 1 && args[0]!.type === "object") {
    breeJobs(ctx, call, args[0]!);
    return;
  }
  if (isNew && ELECTRON_WINDOWS.has(name ?? "") && args[0]!.type === "object") {
    // Electron: `new BrowserWindow({ webPreferences: { preload: path.join(__dirname, "preload.js") } })`
    // runs the preload script in each window it opens.
    const prefs = objectValue(args[0]!, "webPreferences");
    const preload = prefs?.type === "object" ? objectValue(prefs, "preload") : null;
    const spec = preload ? spawnedPath(preload) : null;
    if (spec !== null) ctx.facts.imports.push({ scope: ctx.scope(call), spec, line: line(preload!), names: [] });
    return;
  }
  if (!spawns) return;
  if (first !== null) ctx.facts.imports.push({ scope: ctx.scope(call), spec: first, line: line(call), names: [] });
}

/** Whether a text ends in a name spawnedModule reads (Worker and SharedWorker end alike). */
function endsInSpawnName(text: string): boolean {
  if (text.endsWith("Worker") || text.endsWith("process") || text.endsWith("fork") || text.endsWith("Piscina") || text.endsWith("Tinypool") || text.endsWith(".pool") || text.endsWith("Bree")) return true;
  for (const w of ELECTRON_WINDOWS) if (text.endsWith(w)) return true;
  return false;
}

/**
 * Bree: `new Bree({ root: path.join(__dirname, "jobs"), jobs: ["backup", { name: "digest", cron }] })`
 * runs each job's file (`<root>/<name>.js`, or the job's own `path`) in a worker thread, so its
 * top-level code runs: the job is loaded like an import at its place in the list. Only a root built
 * from `__dirname` (or a relative string) and literal names; at most 100 jobs.
 */
function breeJobs(ctx: Ctx, call: Node, options: Node): void {
  const rootNode = objectValue(options, "root");
  const root = rootNode ? spawnedPath(rootNode) : null;
  const jobs = objectValue(options, "jobs");
  if (jobs?.type !== "array") return;
  const scope = ctx.scope(call);
  for (const job of jobs.namedChildren.slice(0, 100)) {
    if (!job) continue;
    let spec: string | null = null;
    const named = job.type === "string" ? stringLiteral(job) : job.type === "object" ? stringLiteral(objectValue(job, "name") ?? job) : null;
    const own = job.type === "object" ? objectValue(job, "path") : null;
    if (own) spec = spawnedPath(own);
    else if (root !== null && named && /^[\w.-]+(\/[\w.-]+)*$/.test(named)) spec = `${root.replace(/\/$/, "")}/${named}`;
    if (spec !== null) ctx.facts.imports.push({ scope, spec, line: line(job), names: [] });
  }
}

/** Worker pools whose `filename` option names the module each worker loads and calls (Piscina, Tinypool). */
const POOL_CLASSES = new Set(["Piscina", "Tinypool"]);

/** Electron's window classes whose `webPreferences.preload` script runs in the window. */
const ELECTRON_WINDOWS = new Set(["BrowserWindow", "BrowserView", "WebContentsView"]);

/** The value of an object literal's `key: value` pair (a plain or quoted key), or null. */
function objectValue(obj: Node, key: string): Node | null {
  for (const c of obj.namedChildren) {
    if (c?.type !== "pair") continue;
    const k = field(c, "key");
    const name = k?.type === "property_identifier" ? k.text : k?.type === "string" ? stringLiteral(k) : null;
    if (name === key) return field(c, "value");
  }
  return null;
}

/**
 * A job processor file of ours handed to a queue library (bullmq, Bull): it loads the file in a
 * child process or thread and calls what it exports (`module.exports = async (job) => …`, or the
 * default export) for each job. Only paths built from `__dirname`/`import.meta.url` count, so a
 * queue name string is never read as a file.
 */
function processorFile(ctx: Ctx, call: Node, arg: Node): void {
  if (arg.type === "string") return;
  const spec = spawnedPath(arg);
  if (spec === null) return;
  const scope = ctx.scope(call);
  const at = line(call);
  ctx.facts.imports.push({ scope, spec, line: at, names: [] });
  ctx.facts.calls.push({ scope: callScope(ctx, call), ref: { root: { t: "module", spec }, path: [] }, line: at, kind: "call" });
  ctx.facts.calls.push({ scope: callScope(ctx, call), ref: { root: { t: "module", spec }, path: ["default"] }, line: at, kind: "call" });
}

/** The file a worker or child process is started from, as a specifier relative to this file; null if not told. */
function spawnedPath(arg: Node): string | null {
  const relative = (s: string | null): string | null =>
    s === null || s === "" || s.startsWith("/") || /^[a-z][\w+.-]*:/i.test(s) ? null : s.startsWith(".") ? s : `./${s}`;
  const type = arg.type;
  if (type === "string") {
    const s = stringLiteral(arg);
    return s !== null && s.startsWith(".") ? s : null;
  }
  if (type === "template_string") {
    // `${__dirname}/job.js`
    const m = /^`\$\{__dirname\}\/([^`$]+)`$/.exec(arg.text);
    return m ? relative(m[1]!) : null;
  }
  if (type === "binary_expression") {
    // __dirname + "/job.js"
    const left = field(arg, "left");
    const right = field(arg, "right");
    if (left?.text !== "__dirname" || !right) return null;
    const s = stringLiteral(right);
    return s !== null && s.startsWith("/") ? relative(s.slice(1)) : null;
  }
  if (type !== "new_expression" && type !== "call_expression") return null;
  const fn = field(arg, type === "new_expression" ? "constructor" : "function");
  const args = field(arg, "arguments")?.namedChildren.filter((n): n is Node => n !== null && n.type !== "comment") ?? [];
  const fnText = fn?.text;
  // new URL("./w.js", import.meta.url)
  if (type === "new_expression") {
    if (fnText !== "URL" || args.length !== 2 || args[1]!.text !== "import.meta.url") return null;
    return relative(stringLiteral(args[0]!));
  }
  // require.resolve("./job")
  if (fnText === "require.resolve") return args.length === 1 ? relative(stringLiteral(args[0]!)) : null;
  // path.join(__dirname, "workers", "w.js") / resolve(__dirname, "w.js")
  const fnName = fn?.type === "identifier" ? fnText : fn?.type === "member_expression" ? field(fn, "property")?.text : undefined;
  const joins = fnName === "join" || fnName === "resolve";
  if (!joins || args.length < 2 || args[0]!.text !== "__dirname") return null;
  const parts: string[] = [];
  for (const a of args.slice(1)) {
    const s = stringLiteral(a);
    if (s === null) return null;
    parts.push(s.replace(/^\/+|\/+$/g, ""));
  }
  return relative(parts.filter((x) => x !== "" && x !== ".").join("/"));
}
