// The `pycg` form of a project graph (`reachd callgraph PATH --format pycg`): the shape Python and
// JavaScript call-graph research uses for hand-made ground truth, so our graphs can be scored
// against it edge by edge:
//
//   { "main": ["main.func", "<builtin>.print"], "main.func": ["yaml.full_load"], "pkg.mod.C.m": [] }
//
// A name is the module path relative to the root joined with dots (`pkg/mod.py` → `pkg.mod`, a
// package's `__init__.py` → `pkg`), then the definition's qualified name (`main.Class.method`,
// `main.outer.inner`, anonymous functions as `<lambda1>`/`<arrow1>`/`<anonymous1>`). Module code,
// including a Python `__main__` block, is the module itself. Externals are named by their import
// path (`yaml.full_load`), builtins `<builtin>.name`. Every module is a root (the benchmarks run
// each given file); every function reachable from a root is a key, even when it calls nothing.
// Imports are followed for reachability but are not edges: loading a module is not a call.
import type { ExternalUse, GraphNode, ProjectGraph } from "./types.ts";

export type PycgGraph = Record<string, string[]>;

const EXTENSIONS = /\.(?:py|pyi|js|jsx|mjs|cjs|ts|tsx|mts|cts)$/;

/** `pkg/mod.py` → `pkg.mod`; `pkg/__init__.py` → `pkg`. */
export function moduleName(file: string): string {
  const noExt = file.replace(EXTENSIONS, "");
  const parts = noExt.split("/");
  if (parts.length > 1 && parts[parts.length - 1] === "__init__") parts.pop();
  return parts.join(".");
}

export function nodeName(node: GraphNode): string {
  const mod = moduleName(node.file);
  if (node.kind === "module" || node.kind === "main") return mod;
  // CommonJS exports are the module's functions: `exports.run` / `module.exports.run` → `mod.run`;
  // so is `this.run = function` at the top level (a CommonJS module's `this` is its exports, a
  // script's the global object: `mod.run` either way).
  const name = node.file.endsWith(".py") ? node.name : node.name.replace(/^(?:(?:module\.)?exports|this)\./, "");
  return `${mod}.${name}`;
}

/** How an external use reads: the import path with its members (`lodash/fp` → `lodash.fp`). */
export function externalName(use: ExternalUse): string {
  if (use.module.startsWith("<builtin>")) {
    // Methods of Python literals are named by the type alone: `<**PyStr**>.join`.
    return (use.member[0]?.startsWith("<**") ? use.member : [use.module, ...use.member]).join(".");
  }
  // Python's `builtins` module is the builtins (`import builtins; builtins.print(x)`: `<builtin>.print`).
  if (use.module === "builtins" && use.ecosystem !== "npm" && use.member.length > 0) return ["<builtin>", ...use.member].join(".");
  // `node:fs` is Node's fs (`import { readFile } from "node:fs/promises"`: `fs.promises.readFile`).
  const module = use.ecosystem === "npm" ? (use.module.startsWith("node:") ? use.module.slice(5) : use.module).replace(/\//g, ".") : use.module;
  return [module, ...use.member].join(".");
}

export function toPycg(graph: ProjectGraph): PycgGraph {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const out = new Map<string, Set<string>>();
  const next = new Map<string, string[]>();
  const link = (from: string, to: string): void => {
    const list = next.get(from);
    if (list) list.push(to);
    else next.set(from, [to]);
  };
  // Reachability follows calls and imports; a `ref` (a function handed over or kept for a
  // caller we may not see) makes nothing reachable in this form unless something calls it.
  for (const e of graph.edges) if (e.kind !== "ref") link(e.from, e.to);
  const usesFrom = new Map<string, ExternalUse[]>();
  for (const u of graph.uses) {
    // A Python package function handed to our own code is called there, not here (flow.ts).
    if (u.kind === "import" || (u.kind === "ref" && u.ecosystem === "PyPI")) continue;
    // A package's prototype object handed over (`Object.assign({}, EventEmitter.prototype, {...})`)
    // is an object read, no function: no edge here (reach keeps the use).
    if (u.kind === "ref" && u.member.length > 0 && u.member[u.member.length - 1] === "prototype") continue;
    // The request and response Express hands its handlers (flow.ts expressHandlers) are the
    // package's objects for reachability (`res.redirect()`: express.response.redirect); in this
    // form, as in its ground truth, a method of a parameter the framework fills is no edge.
    if (u.module === "express" && (u.member[0] === "request" || u.member[0] === "response")) continue;
    const list = usesFrom.get(u.from);
    if (list) list.push(u);
    else usesFrom.set(u.from, [u]);
  }

  // A Python module another file imports is not the script: its `if __name__ == "__main__":`
  // block does not run (but main.py's, the benchmarks' script, even in an import cycle); nor
  // does a JS module's `if (require.main === module)` block when another file requires it.
  const imported = new Set<string>();
  for (const e of graph.edges) {
    const to = e.kind === "import" ? byId.get(e.to) : undefined;
    if (to?.kind === "module" && byId.get(e.from)?.file !== to.file && moduleName(to.file) !== "main") imported.add(to.file);
  }
  // Breadth-first from every module over calls and imports.
  const seen = new Set<string>();
  const queue: string[] = [];
  for (const n of graph.nodes) {
    if (n.kind === "main" && imported.has(n.file)) continue;
    if (n.kind === "module" || n.kind === "main") {
      seen.add(n.id);
      queue.push(n.id);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    for (const to of next.get(queue[i]!) ?? []) {
      if (seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  }

  const callees = (name: string): Set<string> => {
    let set = out.get(name);
    if (!set) out.set(name, (set = new Set()));
    return set;
  };
  // Python code in a class body runs in the scope around the class (the module, mostly).
  const classes = new Set(graph.nodes.filter((n) => n.kind === "class").map((n) => n.id));
  const callerName = (node: GraphNode): string => {
    if (node.kind !== "class" || !node.file.endsWith(".py")) return nodeName(node);
    let name = node.name;
    while (classes.has(`${node.file}#${name}`) && name.includes(".")) name = name.slice(0, name.lastIndexOf("."));
    return classes.has(`${node.file}#${name}`) ? moduleName(node.file) : `${moduleName(node.file)}.${name}`;
  };
  for (const id of seen) {
    const node = byId.get(id);
    // A class is a node of our graph (its body runs), not a function of the format.
    if (!node || node.kind === "class") continue;
    callees(nodeName(node));
  }
  // A JS class without a constructor runs its instance field initialisers at `new C()`, whose
  // calls are the class's own (`main.C`): making one is a call of C when they call some function
  // or package (not only classes without a constructor, themselves no call in this form).
  const initialising = new Set<string>();
  for (const e of graph.edges) {
    if (e.kind === "call" && classes.has(e.from) && !classes.has(e.to) && !byId.get(e.from)!.file.endsWith(".py")) initialising.add(e.from);
  }
  for (const from of usesFrom.keys()) if (classes.has(from) && !byId.get(from)!.file.endsWith(".py")) initialising.add(from);
  for (const e of graph.edges) {
    // `ref` edges hand a function to our own code, where the call is found (flow.ts).
    if (e.kind !== "call" || !seen.has(e.from)) continue;
    const from = byId.get(e.from);
    const to = byId.get(e.to);
    // A class body running is no call in this form (its __init__ / constructor is).
    if (!from || !to || (to.kind === "class" && !initialising.has(to.id))) continue;
    callees(callerName(from)).add(nodeName(to));
  }
  for (const [from, uses] of usesFrom) {
    const node = byId.get(from);
    if (!node || !seen.has(from)) continue;
    const set = callees(callerName(node));
    for (const u of uses) {
      set.add(externalName(u));
      callees(externalName(u));
    }
  }
  const result: PycgGraph = {};
  for (const key of [...out.keys()].sort()) result[key] = [...out.get(key)!].sort();
  return result;
}

/** Graphviz form: nodes named as in the pycg form, edges labelled with the call line. */
export function toDot(graph: ProjectGraph): string {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const q = (s: string): string => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  const lines = ["digraph callgraph {", "  rankdir=LR;", "  node [shape=box, fontname=monospace];"];
  const edges = new Set<string>();
  for (const n of [...graph.nodes].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    lines.push(`  ${q(n.id)} [label=${q(`${nodeName(n)}\n${n.file}:${n.line}`)}];`);
  }
  for (const e of graph.edges) {
    if (!byId.has(e.from) || !byId.has(e.to)) continue;
    edges.add(`  ${q(e.from)} -> ${q(e.to)} [label=${q(String(e.line))}${e.kind === "import" ? ", style=dashed" : ""}];`);
  }
  const externals = new Set<string>();
  for (const u of graph.uses) {
    const name = externalName(u);
    externals.add(name);
    edges.add(`  ${q(u.from)} -> ${q(`ext:${name}`)} [label=${q(String(u.line))}${u.kind === "import" ? ", style=dashed" : ""}];`);
  }
  for (const name of [...externals].sort()) lines.push(`  ${q(`ext:${name}`)} [label=${q(name)}, shape=ellipse];`);
  lines.push(...[...edges].sort(), "}");
  return lines.join("\n") + "\n";
}
