// Incremental assembly (src/scan/callgraph/incremental.ts) must give the very graph a build from
// scratch gives: for every fixture project and generated corpora, one file is edited in several
// ways (new function, changed body, new call into another file, new import, new subclass,
// removed function, a revert) and after each edit the re-scan with the previous state is compared
// with a build that has none.
import { afterAll, describe, expect, test } from "bun:test";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { generateCorpus } from "../../scripts/gen-corpus.ts";
import { FactsCache } from "../../src/scan/callgraph/cache.ts";
import { RACY_MS } from "../../src/scan/callgraph/stat-index.ts";
import { buildProjectGraph, type ProjectGraph } from "../../src/scan/callgraph/index.ts";
import { IncrementalStates, newIncrementalState, type IncrementalState } from "../../src/scan/callgraph/incremental.ts";

const PROJECTS = join(import.meta.dir, "../fixtures/projects");
const work = mkdtempSync(join(tmpdir(), "reachd-incremental-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const build = (dir: string, state?: IncrementalState): Promise<ProjectGraph> => buildProjectGraph(dir, { pool: false, incremental: state });

/** The first difference between two graphs as text, or null when they are the same. */
function difference(a: ProjectGraph, b: ProjectGraph): string | null {
  for (const key of ["files", "nodes", "edges", "uses", "dynamic", "unresolved", "entries", "dependencies", "limits"] as const) {
    const x = JSON.stringify(a[key] ?? null);
    const y = JSON.stringify(b[key] ?? null);
    if (x === y) continue;
    let i = 0;
    while (i < x.length && x[i] === y[i]) i++;
    return `${key} differ at ${i}: incremental …${x.slice(Math.max(0, i - 200), i + 200)}… scratch …${y.slice(Math.max(0, i - 200), i + 200)}…`;
  }
  return null;
}

interface Edit {
  name: string;
  /** Edits files under dir; false when it does not apply to this project. */
  apply: (dir: string) => boolean;
  /** The file list and globals stay the same, so the re-scan must take the incremental path. */
  incremental?: boolean;
}

const isPy = (path: string): boolean => path.endsWith(".py");

function pyModule(path: string): string {
  const parts = path.replace(/\.py$/, "").split("/");
  if (parts.at(-1) === "__init__") parts.pop();
  return parts.join(".");
}

function jsSpecifier(from: string, to: string): string {
  const rel = posix.relative(posix.dirname(from), to);
  return rel.startsWith(".") ? rel : `./${rel}`;
}

/** Edits of `target` that involve `other` (another source file of the same language). */
function editsOf(target: string, other: string, graph: ProjectGraph, tag = ""): Edit[] {
  const py = isPy(target);
  const named = (kind: string): string | undefined =>
    graph.nodes.find((n) => n.file === other && n.kind === kind && /^[A-Za-z_]\w*$/.test(n.name) && !n.id.includes("@"))?.name;
  const fn = named("function");
  const cls = named("class");
  const ownFn = graph.nodes.find((n) => n.file === target && n.kind === "function" && /^[A-Za-z_]\w*$/.test(n.name) && !n.id.includes("@"))?.name;
  const edit = (path: string, f: (text: string) => string | null) => (dir: string): boolean => {
    const file = join(dir, path);
    const next = f(readFileSync(file, "utf8"));
    if (next === null) return false;
    writeFileSync(file, next);
    return true;
  };
  const append = (text: string) => edit(target, (t) => `${t}\n${text}\n`);
  // A statement before the first indented `return` (inside some function's body).
  const inBody = (line: string) => edit(target, (t) => {
    const re = /^([ \t]+)return\b/m;
    return re.test(t) ? t.replace(re, (_, indent: string) => `${indent}${line}\n${indent}return`) : null;
  });
  const importOther = py ? `from ${pyModule(other)} import ${fn ?? "x"} as incr_fn` : `const incrOther = require(${JSON.stringify(jsSpecifier(target, other))});`;
  return [
    { name: "new function", incremental: true, apply: append(py ? `def incr_new${tag}():\n    return 1` : `function incrNew${tag}() { return 1; }`) },
    {
      // A new export under a name no question asked: taken incrementally.
      name: "new export", incremental: true,
      apply: append(py ? `def incr_exported${tag}():\n    return 1` : `exports.incrExported${tag} = function () { return 1; };`),
    },
    {
      // JS calls without arguments make no call sites: the new function's edges come from resolving the file
      // again. Python calls always bind (at least defaults): a new call of our function needs the flow pass.
      name: "new function calling others", incremental: !py,
      apply: (dir) => ownFn !== undefined && append(py ? `def incr_caller${tag}():\n    ${ownFn}()\n    return incr_new${tag}()` : `function incrCaller${tag}() { ${ownFn}(); return incrNew${tag}(); }`)(dir),
    },
    { name: "edit in a function body", apply: edit(target, (t) => (t.includes("return ") ? t.replace("return ", py ? "return incr_touch() or " : "return incrTouch() || ") : null)) },
    { name: "changed return", apply: edit(target, (t) => (t.includes("return ") ? t.replace("return ", py ? "return incr_other or " : "return incrOther || ") : null)) },
    {
      name: "changed export",
      apply: (dir) => ownFn !== undefined && append(py ? `${ownFn} = incr_new` : `module.exports.${ownFn} = function incrRepl() { return 3; };`)(dir),
    },
    {
      // Every def after it gets a new index and offset.
      name: "inserted def at the top",
      apply: edit(target, (t) => (py ? `def incr_first():\n    return 1\n${t}` : `function incrFirst() { return 1; }\n${t}`)),
    },
    {
      // A name some file asks for (the other file's function): no incremental path.
      name: "new function under an asked name",
      apply: (dir) => fn !== undefined && append(py ? `def ${fn}():\n    return 1` : `function ${fn}() { return 1; }`)(dir),
    },
    {
      name: "new call into another file",
      apply: (dir) => fn !== undefined && append(py ? `${importOther}\nincr_fn(lambda: 2)` : `${importOther}\nincrOther.${fn}(function incrCb() { return 2; });`)(dir),
    },
    { name: "new import", apply: append(py ? `import ${pyModule(other)}` : `require(${JSON.stringify(jsSpecifier(target, other))});`) },
    {
      name: "new subclass",
      apply: (dir) => cls !== undefined && append(py
        ? `from ${pyModule(other)} import ${cls} as IncrBase\nclass IncrSub(IncrBase):\n    def incr_run(self):\n        return self.incr_run()`
        : `class IncrSub extends require(${JSON.stringify(jsSpecifier(target, other))}).${cls} { incrRun() { return this.incrRun(); } }`)(dir),
    },
    // Edits inside a body (the first `return` that starts a line): later defs, calls and lines move.
    { name: "line inserted in a body", apply: inBody(py ? "# incr line" : "// incr line") },
    { name: "call added in a body", apply: inBody(py ? "incr_body()" : "incrBody();") },
    { name: "call changed in a body", apply: edit(target, (t) => (t.includes(py ? "incr_body()" : "incrBody();") ? t.replace(py ? "incr_body()" : "incrBody();", py ? "incr_body2(1)" : "incrBody2(1);") : null)) },
    { name: "call removed from a body", apply: edit(target, (t) => { const re = py ? /^[ \t]+incr_body2\(1\)\n/m : /^[ \t]+incrBody2\(1\);\n/m; return re.test(t) ? t.replace(re, "") : null; }) },
    { name: "local variable added in a body", apply: inBody(py ? "incr_local = 1" : "var incrLocal = 1;") },
    { name: "local variable changed in a body", apply: edit(target, (t) => (t.includes("incr_local = 1") || t.includes("incrLocal = 1") ? t.replace(py ? "incr_local = 1" : "incrLocal = 1", py ? "incr_local = incr_body" : "incrLocal = incrBody") : null)) },
    {
      // Passes one of our functions to one of ours: a call site (taken incrementally only when no question read its sites).
      name: "call passing our function added in a body",
      apply: (dir) => ownFn !== undefined && inBody(`${ownFn}(${ownFn})${py ? "" : ";"}`)(dir),
    },
    {
      name: "removed function",
      apply: (dir) => fn !== undefined && edit(other, (t) => {
        const re = py ? new RegExp(`def ${fn}\\(`) : new RegExp(`function ${fn}\\(`);
        return re.test(t) ? t.replace(re, py ? `def ${fn}_gone(` : `function ${fn}_gone(`) : null;
      })(dir),
    },
  ];
}

/** Sources of a graph's own code (not dependency code), most imported first. */
function targets(graph: ProjectGraph): string[] {
  const deps = new Set((graph.dependencies ?? []).map((d) => d.dir));
  const own = graph.files.filter((f) => !f.error && ![...deps].some((d) => f.path.startsWith(`${d}/`))).map((f) => f.path);
  const fileOf = new Map(graph.nodes.map((n) => [n.id, n.file]));
  const incoming = new Map<string, number>();
  for (const e of graph.edges) {
    const from = fileOf.get(e.from);
    const to = fileOf.get(e.to);
    if (from && to && from !== to) incoming.set(to, (incoming.get(to) ?? 0) + 1);
  }
  return own.sort((a, b) => (incoming.get(b) ?? 0) - (incoming.get(a) ?? 0) || a.localeCompare(b));
}

/** Copy a project, edit it step by step and compare each incremental re-scan with a fresh build. */
async function checkProject(name: string, source: string, pick?: string, reuseAssembly = true): Promise<{ step: string; resolved: number; files: number }[]> {
  const dir = join(work, `${name}-${reuseAssembly ? "assembly" : "facts"}`);
  cpSync(source, dir, { recursive: true });
  const state = newIncrementalState({ reuseAssembly });
  const first = await build(dir, state);
  const sources = targets(first);
  const reuse: { step: string; resolved: number; files: number }[] = [];
  if (sources.length === 0) return reuse;
  const target = pick ?? sources[sources.length - 1]!;
  const other = sources.find((s) => s !== target && isPy(s) === isPy(target)) ?? target;
  const originals = new Map([target, other].map((p) => [p, readFileSync(join(dir, p), "utf8")]));
  const steps: Edit[] = [
    ...editsOf(target, other, first),
    ...editsOf(other, target, first, "2").slice(0, 3),
    { name: "revert", apply: (d) => { for (const [p, t] of originals) writeFileSync(join(d, p), t); return true; } },
  ];
  for (const step of steps) {
    if (!step.apply(dir)) continue;
    const incremental = await build(dir, state);
    // Without assembly reuse the scratch build is today's plain one, with no state at all.
    const scratch = await build(dir, reuseAssembly ? newIncrementalState({ reuseAssembly: true }) : undefined);
    expect(difference(incremental, scratch), `${name}: ${step.name}`).toBeNull();
    if (!reuseAssembly) continue;
    if (step.incremental) expect(state.lastResolved, `${name}: ${step.name} took the incremental path`).not.toBeNull();
    if (state.lastResolved) reuse.push({ step: step.name, resolved: state.lastResolved.length, files: incremental.files.length });
  }
  return reuse;
}

describe("incremental re-scan equals a build from scratch", () => {
  for (const name of readdirSync(PROJECTS).sort()) {
    test(name, async () => {
      await checkProject(name, join(PROJECTS, name));
    }, 120_000);
  }
  for (const lang of ["js", "ts", "py"] as const) {
    test(`generated ${lang} corpus`, async () => {
      const corpus = generateCorpus(lang, join(work, `gen-${lang}`), 4000);
      const reuse = await checkProject(`corpus-${lang}`, corpus.dir, corpus.sample);
      // The benchmark's edit (a new function in one module) re-resolves only some files.
      expect(reuse.length).toBeGreaterThan(0);
      expect(reuse[0]!.resolved).toBeLessThan(reuse[0]!.files);
      // A comment line inserted in a body moves every later def: still taken incrementally.
      expect(reuse.map((r) => r.step)).toContain("line inserted in a body");
    }, 300_000);
  }
});

describe("re-scan with kept facts (no assembly reuse) equals a plain build", () => {
  for (const name of readdirSync(PROJECTS).sort()) {
    test(name, async () => {
      await checkProject(name, join(PROJECTS, name), undefined, false);
    }, 120_000);
  }
  test("unchanged files keep their facts objects; an edited one is parsed again", async () => {
    const dir = join(work, "kept");
    cpSync(join(PROJECTS, "py-app"), dir, { recursive: true });
    const state = newIncrementalState();
    const stats: { files: number; cacheHits: number; parsed: number }[] = [];
    await buildProjectGraph(dir, { pool: false, incremental: state, onStats: (s) => stats.push(s) });
    const before = new Map([...state.facts].map(([p, e]) => [p, e.facts]));
    const edited = [...before.keys()][0]!;
    writeFileSync(join(dir, edited), `${readFileSync(join(dir, edited), "utf8")}\n\ndef kept_edit():\n    return 1\n`);
    await buildProjectGraph(dir, { pool: false, incremental: state, onStats: (s) => stats.push(s) });
    expect(stats[1]!.parsed).toBe(1);
    expect(stats[1]!.cacheHits).toBe(stats[1]!.files - 1);
    for (const [path, facts] of before) {
      if (path === edited) expect(state.facts.get(path)!.facts).not.toBe(facts);
      else expect(state.facts.get(path)!.facts).toBe(facts);
    }
    expect(state.assembly).toBeNull();
  }, 60_000);
});

test("an added file makes the re-scan assemble everything, and still equal", async () => {
  const dir = join(work, "added");
  cpSync(join(PROJECTS, "js-esm"), dir, { recursive: true });
  const state = newIncrementalState({ reuseAssembly: true });
  await build(dir, state);
  writeFileSync(join(dir, "extra.js"), "export function extra() { return 1; }\n");
  const incremental = await build(dir, state);
  expect(state.lastResolved).toBeNull();
  expect(difference(incremental, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
  // Nothing changed: every file's part is reused.
  await build(dir, state);
  expect(state.lastResolved).toEqual([]);
}, 60_000);

test("a new argument at a call site in another file gives the called function its new callee", async () => {
  // lib.js never reads main.js: only the call sites of run() tell it what cb is.
  const dir = join(work, "sites");
  mkdirSync(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "sites", main: "main.js", type: "module" }));
  writeFileSync(join(dir, "lib.js"), "export function run(cb = fallback) { return cb(); }\nfunction fallback() { return 0; }\nexport function target() { return 1; }\n");
  writeFileSync(join(dir, "main.js"), 'import { run } from "./lib.js";\nrun();\n');
  const state = newIncrementalState({ reuseAssembly: true });
  const before = await build(dir, state);
  expect(before.edges).toContainEqual({ from: "lib.js#run", to: "lib.js#fallback", line: 1, kind: "call" });
  writeFileSync(join(dir, "main.js"), 'import { run, target } from "./lib.js";\nrun(target);\n');
  const after = await build(dir, state);
  // A changed call (and every call with arguments, which makes call sites) needs the flow pass: in full.
  expect(state.lastResolved).toBeNull();
  expect(after.edges).toContainEqual({ from: "lib.js#run", to: "lib.js#target", line: 1, kind: "call" });
  expect(difference(after, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
}, 60_000);

test("IncrementalStates: a scan running meanwhile gets a fresh state; only the last few projects are kept", () => {
  const states = new IncrementalStates(2);
  const a = states.take("repo_a");
  expect(states.take("repo_a")).not.toBe(a); // taken out: a second scan of repo_a starts fresh
  states.give("repo_a", a);
  expect(states.take("repo_a")).toBe(a);
  states.give("repo_a", a);
  const b = states.take("repo_b");
  const c = states.take("repo_c");
  states.give("repo_b", b);
  states.give("repo_c", c);
  expect(states.take("repo_a")).not.toBe(a); // the least recently given was dropped
  expect(states.take("repo_c")).toBe(c);
});

/** A project of the given files in a new directory. */
function project(name: string, files: Record<string, string>): string {
  const dir = join(work, name);
  mkdirSync(dir);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

describe("names a previous question asked are not taken incrementally", () => {
  // Each edit adds only a key, so only the record of asked names (Resolver.asked) tells that an
  // answer changes: were it missing, the re-scan would keep the old edges.
  const cases: { name: string; files: Record<string, string>; file: string; added: string; edge: { from: string; to: string } }[] = [
    {
      name: "a module-level function shadowing an unbound name",
      files: { "package.json": '{"name":"a","main":"main.js"}', "main.js": "function run() { return helper(); }\nrun();\n" },
      file: "main.js", added: "function helper() { return 1; }", edge: { from: "main.js#run", to: "main.js#helper" },
    },
    {
      name: "a CommonJS export another file calls",
      files: {
        "package.json": '{"name":"b","main":"main.js"}',
        "main.js": 'const lib = require("./lib.js");\nlib.extra();\nlib.main();\n',
        "lib.js": "exports.main = function main() { return 1; };\n",
      },
      file: "lib.js", added: "exports.extra = function extra() { return 2; };", edge: { from: "main.js#<module>", to: "lib.js#exports.extra" },
    },
    {
      name: "a method added to an old class from outside it",
      files: { "package.json": '{"name":"f","main":"main.js"}', "main.js": "function Foo() {}\nfunction use() { return new Foo().bar(); }\nuse();\n" },
      file: "main.js", added: "Foo.prototype.bar = function bar() { return 1; };", edge: { from: "main.js#use", to: "main.js#Foo.prototype.bar" },
    },
    {
      name: "a Python function another module imports",
      files: { "main.py": "from lib import later\nlater()\n", "lib.py": "def first():\n    return 1\n" },
      file: "lib.py", added: "def later():\n    return 2", edge: { from: "main.py#<module>", to: "lib.py#later" },
    },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const dir = project(`asked-${c.name.replace(/\W+/g, "-")}`, c.files);
      const state = newIncrementalState({ reuseAssembly: true });
      const before = await build(dir, state);
      expect(before.edges.some((e) => e.from === c.edge.from && e.to === c.edge.to)).toBe(false);
      writeFileSync(join(dir, c.file), `${readFileSync(join(dir, c.file), "utf8")}${c.added}\n`);
      const after = await build(dir, state);
      expect(state.lastResolved).toBeNull();
      expect(after.edges.some((e) => e.from === c.edge.from && e.to === c.edge.to)).toBe(true);
      expect(difference(after, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
    }, 60_000);
  }

  test("a member of a module's first `exports` object that another file read (module.exports replaced after) is not taken incrementally", async () => {
    const common = "function setup(env) {\n  Object.keys(env).forEach((k) => { createDebug[k] = env[k]; });\n" +
      "  function createDebug(ns) { return function debug(m) { return createDebug.log(ns + m); }; }\n  return createDebug;\n}\nmodule.exports = setup;\n";
    const platform = (log: string): string =>
      `function quiet(line) { return line; }\nfunction loud(line) { return line; }\nexports.log = ${log};\nmodule.exports = require("./common.js")(exports);\n`;
    const dir = project("bare-exports", {
      "package.json": '{"name":"d","main":"main.js"}',
      "main.js": 'const debug = require("./node.js")("app");\ndebug("hi");\n',
      "common.js": common,
      "node.js": platform("quiet"),
    });
    const state = newIncrementalState({ reuseAssembly: true });
    const before = await build(dir, state);
    expect(before.edges.filter((e) => e.from === "common.js#setup.createDebug.debug").map((e) => e.to)).toEqual(["node.js#quiet"]);
    writeFileSync(join(dir, "node.js"), platform("loud"));
    const after = await build(dir, state);
    expect(state.lastResolved).toBeNull();
    expect(after.edges.filter((e) => e.from === "common.js#setup.createDebug.debug").map((e) => e.to)).toEqual(["node.js#loud"]);
    expect(difference(after, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
  }, 60_000);

  test("a new function nobody asked for resolves only its file, and its own calls", async () => {
    const dir = project("unasked", {
      "package.json": '{"name":"c","main":"main.js"}',
      "main.js": 'const lib = require("./lib.js");\nlib.main();\n',
      "lib.js": "function helper() { return 0; }\nexports.main = function main() { return helper(); };\n",
    });
    const state = newIncrementalState({ reuseAssembly: true });
    await build(dir, state);
    writeFileSync(join(dir, "lib.js"), `${readFileSync(join(dir, "lib.js"), "utf8")}function added() { return helper(); }\n`);
    const after = await build(dir, state);
    expect(state.lastResolved).toEqual(["lib.js"]);
    expect(after.edges.some((e) => e.from === "lib.js#added" && e.to === "lib.js#helper")).toBe(true);
    expect(difference(after, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
    // Unchanged again: nothing is resolved, and the edited file's facts are those the state holds.
    await build(dir, state);
    expect(state.lastResolved).toEqual([]);
  }, 60_000);
});

test("a changed module index (a workspace package's main) assembles in full", async () => {
  // No source file changes: only the module index tells that `require("lib")` now loads b.js.
  const dir = project("index-change", {
    "package.json": '{"name":"root","main":"main.js"}',
    "main.js": 'require("lib").run();\n',
  });
  mkdirSync(join(dir, "lib"));
  writeFileSync(join(dir, "lib/package.json"), '{"name":"lib","main":"a.js"}');
  writeFileSync(join(dir, "lib/a.js"), "exports.run = function run() { return 1; };\n");
  writeFileSync(join(dir, "lib/b.js"), "exports.run = function run() { return 2; };\n");
  const state = newIncrementalState({ reuseAssembly: true });
  const before = await build(dir, state);
  expect(before.edges.some((e) => e.from === "main.js#<module>" && e.to === "lib/a.js#exports.run")).toBe(true);
  writeFileSync(join(dir, "lib/package.json"), '{"name":"lib","main":"b.js"}');
  const after = await build(dir, state);
  expect(state.lastResolved).toBeNull();
  expect(after.edges.some((e) => e.from === "main.js#<module>" && e.to === "lib/b.js#exports.run")).toBe(true);
  expect(difference(after, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
}, 60_000);

test("a new call that passes a function of ours to another one assembles in full", async () => {
  // The new call adds a call site of run(): its parameter's callees change in another file.
  const dir = project("new-site", {
    "package.json": '{"name":"d","main":"main.js","type":"module"}',
    "lib.js": "export function run(cb) { return cb(); }\nexport function target() { return 1; }\nexport function other() { return 2; }\n",
    "main.js": 'import { run, target, other } from "./lib.js";\nrun(target);\n',
  });
  const state = newIncrementalState({ reuseAssembly: true });
  await build(dir, state);
  writeFileSync(join(dir, "main.js"), `${readFileSync(join(dir, "main.js"), "utf8")}function later() { run(other); }\n`);
  const after = await build(dir, state);
  expect(state.lastResolved).toBeNull();
  expect(after.edges.some((e) => e.from === "lib.js#run" && e.to === "lib.js#other")).toBe(true);
  expect(difference(after, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
  // A new call that passes only package values or literals makes no site: taken incrementally.
  writeFileSync(join(dir, "main.js"), `${readFileSync(join(dir, "main.js"), "utf8")}function logged() { console.log("x", 1); }\n`);
  const again = await build(dir, state);
  expect(state.lastResolved).toEqual(["main.js"]);
  expect(difference(again, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
}, 60_000);

test("a new subclass joins the subclass index unless its bases' subclasses were asked for", async () => {
  // Base#run calls this.hook(), which Base does not define: its subclasses' hook() is asked for.
  const dir = project("subclass", {
    "package.json": '{"name":"e","main":"main.js","type":"module"}',
    "base.js": "export class Base { run() { return this.hook(); } }\nexport class Plain { go() { return 1; } }\n",
    "main.js": 'import { Base, Plain } from "./base.js";\nnew Plain().go();\n',
  });
  const state = newIncrementalState({ reuseAssembly: true });
  await build(dir, state);
  const append = (text: string): void => writeFileSync(join(dir, "main.js"), `${readFileSync(join(dir, "main.js"), "utf8")}${text}\n`);
  // Nobody asked for Plain's subclasses: taken incrementally.
  append("class Leaf extends Plain { go() { return 2; } }");
  const plain = await build(dir, state);
  expect(state.lastResolved).toEqual(["main.js"]);
  expect(difference(plain, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
  // Base's were: the new hook() is called from Base#run, in another file.
  append("class Sub extends Base { hook() { return 3; } }");
  const sub = await build(dir, state);
  expect(state.lastResolved).toBeNull();
  expect(sub.edges.some((e) => e.from === "base.js#Base.run" && e.to === "main.js#Sub.hook")).toBe(true);
  expect(difference(sub, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
}, 60_000);

test("Python: an edit that names a class anew assembles in full (which classes are instantiated changes); other new names do not", async () => {
  // Report is named nowhere but its definition and Sales's bases: self.body() in it is Sales's only.
  const dir = project("py-used", {
    "main.py": "from report import Sales\nSales().render()\n",
    "report.py": "class Report:\n    def render(self):\n        return self.body()\n\n    def body(self):\n        return 1\n\n\nclass Sales(Report):\n    def body(self):\n        return 2\n",
  });
  const state = newIncrementalState({ reuseAssembly: true });
  const before = await build(dir, state);
  expect(before.edges.some((e) => e.from === "report.py#Report.render" && e.to === "report.py#Report.body")).toBe(false);
  const append = (text: string): void => writeFileSync(join(dir, "main.py"), `${readFileSync(join(dir, "main.py"), "utf8")}${text}\n`);
  // A name no class has: taken incrementally.
  append("def check(x):\n    raise ValueError(x)");
  const other = await build(dir, state);
  expect(state.lastResolved).toEqual(["main.py"]);
  expect(difference(other, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
  // Report named (a string naming it counts: settings name classes so): it may be instantiated,
  // and its body() is a callee again.
  append('LABEL = "Report"');
  const named = await build(dir, state);
  expect(state.lastResolved).toBeNull();
  expect(named.edges.some((e) => e.from === "report.py#Report.render" && e.to === "report.py#Report.body")).toBe(true);
  expect(difference(named, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
}, 60_000);

test("Python: an edit that reads a method or an uncalled function anew assembles in full (the read indexes are project-wide)", async () => {
  // Box.run's `self` is the instances it is called on (sitedSelf), and set_hook, which nothing
  // reads, stores nothing (deadDefs): both from indexes of every read in the project. A new read
  // of run on a new instance, or a call of set_hook, changes those answers in files not edited.
  const dir = project("py-reads", {
    "main.py": [
      "def f():", "    pass", "def g():", "    pass", "hook = f",
      "class Box:", "    def __init__(self, fn):", "        self.fn = fn", "    def run(self):", "        self.fn()",
      "def set_hook():", "    global hook", "    hook = g",
      "def main():", "    a = Box(f)", "    a.run()", "    hook()",
      "main()", "",
    ].join("\n"),
  });
  const state = newIncrementalState({ reuseAssembly: true });
  const first = await build(dir, state);
  const has = (g: ProjectGraph, from: string, to: string): boolean => g.edges.some((e) => e.from === from && e.to === to);
  expect(has(first, "main.py#Box.run", "main.py#g")).toBe(false);
  expect(has(first, "main.py#main", "main.py#g")).toBe(false);
  const edit = (from: string, to: string): void => writeFileSync(join(dir, "main.py"), readFileSync(join(dir, "main.py"), "utf8").replace(from, to));
  edit("    a.run()\n", "    a.run()\n    b = Box(g)\n    b.run()\n");
  const second = await build(dir, state);
  expect(state.lastResolved).toBeNull();
  expect(has(second, "main.py#Box.run", "main.py#g")).toBe(true);
  expect(difference(second, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
  edit("    hook()\n", "    set_hook()\n    hook()\n");
  const third = await build(dir, state);
  expect(state.lastResolved).toBeNull();
  expect(has(third, "main.py#main", "main.py#g")).toBe(true);
  expect(difference(third, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
}, 60_000);

test("Python: an import that names a script anew assembles in full (its uncalled functions' stores count again)", async () => {
  const dir = project("py-script-imported", {
    "main.py": ["def f():", "    pass", "def g():", "    pass", "hook = f",
      "def set_hook():", "    global hook", "    hook = g",
      "def main():", "    hook()", "main()", ""].join("\n"),
    "other.py": "X = 1\n",
  });
  const state = newIncrementalState({ reuseAssembly: true });
  const has = (g: ProjectGraph): boolean => g.edges.some((e) => e.from === "main.py#main" && e.to === "main.py#g");
  expect(has(await build(dir, state))).toBe(false);
  // other.py may now call main.set_hook(): main.py is no script, its setter's store counts.
  writeFileSync(join(dir, "other.py"), "import main as _m\nX = 1\n");
  const edited = await build(dir, state);
  expect(state.lastResolved).toBeNull();
  expect(has(edited)).toBe(true);
  expect(difference(edited, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
}, 60_000);

test("new call sites go where the flow pass puts them, so a later question reads them in its order", async () => {
  // a.js comes before z.js: a new site in a.js goes before z.js's old one. useB's r() reads
  // ident's sites for the first time, in their order (the order of its edges).
  const dir = project("site-order", {
    "package.json": '{"name":"g","main":"a.js","type":"module"}',
    "lib.js": "export function ident(f) { return f; }\nexport function h1() { return 1; }\nexport function h2() { return 2; }\nexport function hz() { return 9; }\n",
    "z.js": 'import { ident, hz } from "./lib.js";\nident(hz);\n',
    "a.js": 'import { ident, h1, h2 } from "./lib.js";\n',
  });
  const state = newIncrementalState({ reuseAssembly: true });
  await build(dir, state);
  const append = (text: string): void => writeFileSync(join(dir, "a.js"), `${readFileSync(join(dir, "a.js"), "utf8")}${text}\n`);
  append("function useA() { return ident(h1); }");
  const a = await build(dir, state);
  expect(state.lastResolved).toEqual(["a.js"]);
  expect(difference(a, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
  append("function useB() { const r = ident(h2); r(); }");
  const b = await build(dir, state);
  expect(state.lastResolved).toEqual(["a.js"]);
  expect(b.edges.filter((e) => e.from === "a.js#useB" && e.kind === "call").map((e) => e.to)).toEqual(["lib.js#ident", "lib.js#h1", "lib.js#h2", "lib.js#hz"]);
  expect(difference(b, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
}, 60_000);

describe("edits inside a body", () => {
  const rescan = async (dir: string, state: IncrementalState, file: string, f: (t: string) => string): Promise<ProjectGraph> => {
    writeFileSync(join(dir, file), f(readFileSync(join(dir, file), "utf8")));
    const after = await build(dir, state);
    expect(difference(after, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
    return after;
  };

  test("a line inserted moves later defs, calls and lines, and is resolved in its file only", async () => {
    const dir = project("body-moved", {
      "package.json": '{"name":"h","main":"main.js","type":"module"}',
      "lib.js": "export function a() {\n  return 1;\n}\nexport function b() {\n  return c();\n}\nfunction c() { return 2; }\n",
      "main.js": 'import { a, b } from "./lib.js";\na();\nb();\n',
    });
    const state = newIncrementalState({ reuseAssembly: true });
    await build(dir, state);
    const after = await rescan(dir, state, "lib.js", (t) => t.replace("  return 1;", "  const unread = 1;\n\n  return 1;"));
    expect(state.lastResolved).toEqual(["lib.js"]);
    expect(after.nodes.find((n) => n.id === "lib.js#b")!.line).toBe(6);
    expect(after.edges).toContainEqual({ from: "lib.js#b", to: "lib.js#c", line: 7, kind: "call" });
  }, 60_000);

  test("node ids made from a moved line are renamed in other files' edges", async () => {
    // Two defs named run: the second one's id carries its line, which the edit moves.
    const dir = project("body-renamed", {
      "main.py": "from lib import run\nrun(print)\n",
      "lib.py": "def run(f):\n    return 1\n\ndef run(f):\n    return f()\n",
    });
    const state = newIncrementalState({ reuseAssembly: true });
    const before = await build(dir, state);
    expect(before.edges.some((e) => e.from === "main.py#<module>" && e.to === "lib.py#run@4")).toBe(true);
    const after = await rescan(dir, state, "lib.py", (t) => t.replace("    return 1\n", "    unread = 1\n    return 1\n"));
    expect(state.lastResolved).toEqual(["lib.py"]);
    expect(after.edges.some((e) => e.from === "main.py#<module>" && e.to === "lib.py#run@5")).toBe(true);
  }, 60_000);

  test("a removed call that made call sites assembles in full", async () => {
    const dir = project("body-removed-site", {
      "package.json": '{"name":"i","main":"main.js","type":"module"}',
      "lib.js": "export function run(cb) { return cb(); }\nexport function t1() { return 1; }\nexport function t2() { return 2; }\n",
      "main.js": 'import { run, t1, t2 } from "./lib.js";\nfunction go() {\n  run(t1);\n  run(t2);\n  return 0;\n}\ngo();\n',
    });
    const state = newIncrementalState({ reuseAssembly: true });
    await build(dir, state);
    const after = await rescan(dir, state, "main.js", (t) => t.replace("  run(t1);\n", ""));
    expect(state.lastResolved).toBeNull();
    expect(after.edges.some((e) => e.from === "lib.js#run" && e.to === "lib.js#t1")).toBe(false);
    // A removed call that made no site (no argument of ours) is taken incrementally.
    await rescan(dir, state, "main.js", (t) => t.replace("  return 0;\n", "  console.log(1);\n  return 0;\n"));
    expect(state.lastResolved).toEqual(["main.js"]);
    await rescan(dir, state, "main.js", (t) => t.replace("  console.log(1);\n", ""));
    expect(state.lastResolved).toEqual(["main.js"]);
  }, 60_000);

  test("a changed local some question read assembles in full; an unread one does not", async () => {
    const dir = project("body-local", {
      "package.json": '{"name":"j","main":"main.js","type":"module"}',
      "main.js": "function h1() { return 1; }\nfunction h2() { return 2; }\nfunction go() {\n  const h = h1;\n  const kept = h1;\n  return h();\n}\ngo();\n",
    });
    const state = newIncrementalState({ reuseAssembly: true });
    await build(dir, state);
    await rescan(dir, state, "main.js", (t) => t.replace("const kept = h1;", "const kept = h2;"));
    expect(state.lastResolved).toEqual(["main.js"]);
    const after = await rescan(dir, state, "main.js", (t) => t.replace("const h = h1;", "const h = h2;"));
    expect(state.lastResolved).toBeNull();
    expect(after.edges.some((e) => e.from === "main.js#go" && e.to === "main.js#h2" && e.kind === "call")).toBe(true);
  }, 60_000);

  test("a body edit in a def whose locals another file asked for assembles in full", async () => {
    // Python class bodies are scopes another module reads by name (`C.handler`).
    const dir = project("body-class-attr", {
      "main.py": "from lib import C\nC.handler()\n",
      "lib.py": "def f1():\n    return 1\n\ndef f2():\n    return 2\n\nclass C:\n    handler = f1\n",
    });
    const state = newIncrementalState({ reuseAssembly: true });
    await build(dir, state);
    const after = await rescan(dir, state, "lib.py", (t) => t.replace("handler = f1", "handler = f2"));
    expect(state.lastResolved).toBeNull();
    expect(after.edges.some((e) => e.from === "main.py#<module>" && e.to === "lib.py#f2")).toBe(true);
  }, 60_000);
});

test("with an on-disk facts cache, unchanged files keep the previous scan's facts objects: only the edited file is resolved", async () => {
  // The stat index names the cache entry of an unchanged file; the state's own object is taken,
  // not a copy read from disk (which would make every file count as edited).
  const dir = join(work, "stat-kept");
  cpSync(join(PROJECTS, "js-esm"), dir, { recursive: true });
  // The stat index trusts only files not changed (ctime too) within RACY_MS of being stat'ed.
  await Bun.sleep(RACY_MS + 100);
  const cache = new FactsCache(join(work, "stat-kept-cache"));
  const state = newIncrementalState({ reuseAssembly: true });
  const first = await buildProjectGraph(dir, { pool: false, cache, incremental: state });
  const file = targets(first)[0]!;
  writeFileSync(join(dir, file), `${readFileSync(join(dir, file), "utf8")}\nfunction statKept() { return 1; }\n`);
  const after = await buildProjectGraph(dir, { pool: false, cache, incremental: state });
  expect(state.lastResolved).toEqual([file]);
  expect(difference(after, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
}, 60_000);

test("a call that lost callees to the values bound stays a dynamic site through incremental re-scans", async () => {
  const handlers = Array.from({ length: 30 }, (_, i) => `function h${i}() { return ${i}; }`);
  const table = `const handlers = [${Array.from({ length: 30 }, (_, i) => `h${i}`).join(", ")}];`;
  const dir = project("capped", {
    "package.json": JSON.stringify({ name: "capped", main: "main.js" }),
    "table.js": [...handlers, table, "function runAll() {", "  for (const h of handlers) h();", "}", "module.exports = { runAll };", ""].join("\n"),
    "main.js": "const { runAll } = require('./table');\nrunAll();\n",
  });
  const state = newIncrementalState({ reuseAssembly: true });
  const capped = (g: ProjectGraph) => g.dynamic.filter((d) => d.kind === "capped").map((d) => `${d.from}:${d.line}:${d.text}`);
  expect(capped(await build(dir, state))).toEqual(["table.js#runAll:33:h()"]);
  // Another file gains a function: only it is resolved again; the kept file keeps its site.
  writeFileSync(join(dir, "main.js"), "const { runAll } = require('./table');\nrunAll();\nfunction later() { return 2; }\n");
  const added = await build(dir, state);
  expect(state.lastResolved).toEqual(["main.js"]);
  expect(capped(added)).toEqual(["table.js#runAll:33:h()"]);
  expect(difference(added, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
  // A line inserted in a body above the site moves it: the re-resolved file gives it anew.
  writeFileSync(join(dir, "table.js"), readFileSync(join(dir, "table.js"), "utf8").replace("function runAll() {", "function runAll() {\n  const n = 1;"));
  const moved = await build(dir, state);
  expect(state.lastResolved).toEqual(["table.js"]);
  expect(capped(moved)).toEqual(["table.js#runAll:34:h()"]);
  expect(difference(moved, await build(dir, newIncrementalState({ reuseAssembly: true })))).toBeNull();
}, 60_000);
