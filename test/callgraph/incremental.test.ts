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
function editsOf(target: string, other: string, graph: ProjectGraph): Edit[] {
  const py = isPy(target);
  const named = (kind: string): string | undefined =>
    graph.nodes.find((n) => n.file === other && n.kind === kind && /^[A-Za-z_]\w*$/.test(n.name) && !n.id.includes("@"))?.name;
  const fn = named("function");
  const cls = named("class");
  const edit = (path: string, f: (text: string) => string | null) => (dir: string): boolean => {
    const file = join(dir, path);
    const next = f(readFileSync(file, "utf8"));
    if (next === null) return false;
    writeFileSync(file, next);
    return true;
  };
  const append = (text: string) => edit(target, (t) => `${t}\n${text}\n`);
  const importOther = py ? `from ${pyModule(other)} import ${fn ?? "x"} as incr_fn` : `const incrOther = require(${JSON.stringify(jsSpecifier(target, other))});`;
  return [
    { name: "new function", incremental: true, apply: append(py ? "def incr_new():\n    return 1" : "function incrNew() { return 1; }") },
    {
      name: "changed body", incremental: true,
      apply: edit(target, (t) => (t.includes("return ") ? t.replace("return ", py ? "return incr_touch() or " : "return incrTouch() || ") : null)),
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
async function checkProject(name: string, source: string, pick?: string, reuseAssembly = true): Promise<{ resolved: number; files: number }[]> {
  const dir = join(work, `${name}-${reuseAssembly ? "assembly" : "facts"}`);
  cpSync(source, dir, { recursive: true });
  const state = newIncrementalState({ reuseAssembly });
  const first = await build(dir, state);
  const sources = targets(first);
  const reuse: { resolved: number; files: number }[] = [];
  if (sources.length === 0) return reuse;
  const target = pick ?? sources[sources.length - 1]!;
  const other = sources.find((s) => s !== target && isPy(s) === isPy(target)) ?? target;
  const originals = new Map([target, other].map((p) => [p, readFileSync(join(dir, p), "utf8")]));
  const steps: Edit[] = [
    ...editsOf(target, other, first),
    ...editsOf(other, target, first).slice(0, 3),
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
    if (state.lastResolved) reuse.push({ resolved: state.lastResolved.length, files: incremental.files.length });
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

test("a new argument at a call site in another file re-resolves the called function's file", async () => {
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
  expect(state.lastResolved).toContain("lib.js");
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
