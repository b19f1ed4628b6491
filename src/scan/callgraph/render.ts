// JSON form of the project call graph (`reachd callgraph PATH --format json`):
//
// {
//   "files":   [{ "path": "src/app.js", "language": "javascript", "error"?: "syntax error at line 3 ..." }],
//   "entries": [{ "label": "src/app.js:main", "file": "src/app.js", "kind": "main",
//                 "reason": "\"main\" of package.json", "nodes": ["src/app.js#<module>"] }],
//   "nodes":   [{ "id": "src/app.js#start", "file": "src/app.js", "line": 3,
//                 "kind": "module" | "main" | "function" | "method" | "class" | "external" }],
//   "edges":   [{ "from": "src/app.js#<module>", "to": "src/app.js#start", "line": 9,
//                 "kind": "call" | "import" | "ref" }],
//   "dynamic": [{ "from": "...", "line": 4, "text": "require(name)",
//                 "kind": "import" | "eval" | "attribute" | "capped" }],
//   "unresolved": [{ "from": "...", "line": 2, "specifier": "./missing" }],
//   "dependencies"?: [{ "name": "acme-render", "ecosystem": "npm", "dir": "node_modules/acme-render",
//                       "files": 2, "complete": true }],
//   "limits"?: ["dependency code analysis stopped at …"]
// }
//
// "dependencies" and "limits" appear only when dependency code in the checkout (a committed
// node_modules, vendor/, site-packages/) was analysed: the packages the app's code imports.
// Entry kinds: main, bin, exports, script (package.json scripts, Python console scripts),
// server (a framework app is created), route/page (Next.js), wsgi/asgi, urls (Django), task
// (Celery), __main__, entry (operator glob), views, plugin (Python entry-point groups), middleware,
// templatetags and admin (Django), and "main" fallbacks whose reason says "assumed".
//
// Nodes of kind "external" stand for code outside the checkout: id "npm:lodash.template" or
// "pypi:yaml.load", file and line null. Edges to them have kind call, ref (a function value
// handed on) or import. Paths are relative to the scanned root, "/"-separated; every list is
// sorted so the output is stable.
import { BUILTIN } from "./value-types.ts";
import type { ProjectGraph } from "./types.ts";

export interface CallgraphJson {
  files: { path: string; language: string; error?: string }[];
  entries: { label: string; file: string; kind: string; reason: string; nodes: string[] }[];
  nodes: { id: string; file: string | null; line: number | null; kind: string }[];
  edges: { from: string; to: string; line: number; kind: string }[];
  dynamic: { from: string; line: number; text: string; kind: string }[];
  unresolved: { from: string; line: number; specifier: string }[];
  dependencies?: { name: string; ecosystem: string; dir: string; files: number; complete: boolean }[];
  limits?: string[];
}

const byKey = <T>(key: (t: T) => string) => (a: T, b: T): number => {
  const ka = key(a);
  const kb = key(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};
const pad = (n: number): string => String(n).padStart(8, "0");

export function externalId(ecosystem: string, module: string, member: string[]): string {
  const name = member.length > 0 ? `${module}.${member.join(".")}` : module;
  return `${ecosystem === "PyPI" ? "pypi" : "npm"}:${name}`;
}

export function callgraphJson(graph: ProjectGraph): CallgraphJson {
  const nodes: CallgraphJson["nodes"] = graph.nodes.map((n) => ({ id: n.id, file: n.file, line: n.line, kind: n.kind }));
  const edges: CallgraphJson["edges"] = graph.edges.map((e) => ({ from: e.from, to: e.to, line: e.line, kind: e.kind }));
  const externals = new Set<string>();
  for (const u of graph.uses) {
    if (u.module === BUILTIN) continue; // builtins show only in the pycg form
    const id = externalId(u.ecosystem, u.module, u.member);
    externals.add(id);
    edges.push({ from: u.from, to: id, line: u.line, kind: u.kind });
  }
  for (const id of externals) nodes.push({ id, file: null, line: null, kind: "external" });
  const json: CallgraphJson = {
    files: graph.files.map((f) => (f.error ? { path: f.path, language: f.language, error: f.error } : { path: f.path, language: f.language })).sort(byKey((f) => f.path)),
    entries: graph.entries
      .map((e) => ({ label: e.label, file: e.file, kind: e.kind, reason: e.reason, nodes: [...e.nodes].sort() }))
      .sort(byKey((e) => e.label)),
    nodes: nodes.sort(byKey((n) => n.id)),
    edges: edges.sort(byKey((e) => `${e.from}\u0000${pad(e.line)}\u0000${e.to}\u0000${e.kind}`)),
    dynamic: graph.dynamic.map((d) => ({ from: d.from, line: d.line, text: d.text, kind: d.kind ?? "import" })).sort(byKey((d) => `${d.from}\u0000${pad(d.line)}`)),
    unresolved: graph.unresolved
      .map((u) => ({ from: u.from, line: u.line, specifier: u.specifier }))
      .sort(byKey((u) => `${u.from}\u0000${pad(u.line)}`)),
  };
  if (graph.dependencies) json.dependencies = graph.dependencies.map((d) => ({ ...d })).sort(byKey((d) => d.dir));
  if (graph.limits) json.limits = [...graph.limits];
  return json;
}
