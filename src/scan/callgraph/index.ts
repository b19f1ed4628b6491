// Callgraph phase: parse every JS/TS/Python file of a checkout once with tree-sitter, extract
// per-file facts with the grammar queries in grammars/, and resolve them into one project graph
// with entry points (see types.ts for the data, render.ts for the JSON form).
// Known limits (issue 3 material): no type inference, so a method called on a value of unknown
// type (a parameter, a function's return value) is not followed; functions stored in arrays or
// dicts and called through them are not followed; tsconfig `paths` aliases are read as packages;
// Python's sys.path is guessed (file dir, package root, root, src/); string-based wiring (Django
// urls/settings, entry points named in config files) is not read; `exclude` only removes entry
// points; code in node_modules is not analysed (no `transitive` level yet).
import { posix } from "node:path";
import { parse as parseToml } from "smol-toml";
import { findEntries, type EntryOptions, type PackageJson, type PyScript } from "../reach/entries.ts";
import { extractFacts, type FileFacts } from "./facts.ts";
import { assemble } from "./graph.ts";
import type { ModuleIndex } from "./modules.ts";
import { parseSource } from "./parser.ts";
import { queryFor } from "./queries.ts";
import type { FileInfo, Resolver } from "./resolve.ts";
import type { EntryPoint, GraphFile, ProjectGraph } from "./types.ts";
import { listFiles, readSource, type SourceFile } from "./walk.ts";

export type { ProjectGraph } from "./types.ts";
export { callgraphJson } from "./render.ts";

export interface BuildOptions extends EntryOptions {
  signal?: AbortSignal;
}

export async function buildProjectGraph(root: string, opts: BuildOptions = {}): Promise<ProjectGraph> {
  const { signal } = opts;
  const listing = await listFiles(root, signal);
  const packages = await readPackageJsons(root, listing.all);
  const index: ModuleIndex = {
    all: listing.all,
    sources: new Set(listing.sources.map((s) => s.path)),
    pyDirs: new Set(listing.sources.filter((s) => s.language === "python").map((s) => posix.dirname(s.path)).map((d) => (d === "." ? "" : d))),
    localPackages: new Map(),
    mains: new Map(),
  };
  for (const p of packages) {
    const json = p.json as { name?: unknown; main?: unknown };
    if (typeof json.name === "string" && p.dir !== "") index.localPackages.set(json.name, p.dir);
    if (typeof json.main === "string") index.mains.set(p.dir, json.main);
  }
  const files: GraphFile[] = [];
  const facts: FileFacts[] = [];
  for (const src of listing.sources) {
    signal?.throwIfAborted();
    const f = await analyseFile(root, src, signal);
    signal?.throwIfAborted();
    files.push(f.error ? { path: src.path, language: src.language, error: f.error } : { path: src.path, language: src.language });
    facts.push(f);
  }
  const { parts, resolver, infos } = assemble(facts, index);
  const entryFiles = findEntries(
    facts.map((f) => ({ path: f.path, language: f.language, hasMain: f.defs.some((d) => d.kind === "main") })),
    packages,
    await readPyScripts(root, listing.all),
    opts,
  );
  const entries = entryFiles.map((e): EntryPoint => {
    const fi = infos.get(e.file)!;
    return { file: e.file, kind: e.kind, label: `${e.file}:${e.kind}`, nodes: entryNodes(fi, e.kind, e.func, resolver), reason: e.reason };
  });
  return { files, ...parts, entries };
}

function emptyFacts(src: SourceFile, error: string): FileFacts {
  return {
    path: src.path, language: src.language, error, defs: [], calls: [], imports: [], bindings: new Map(),
    attrs: new Map(), exports: new Map(), cjs: [], stars: [], members: new Map(), dynamic: [], returns: new Map(),
  };
}

async function analyseFile(root: string, src: SourceFile, signal?: AbortSignal): Promise<FileFacts> {
  const read = await readSource(root, src.path);
  if ("error" in read) return emptyFacts(src, read.error);
  const parsed = await parseSource(src.grammar, read.text, signal);
  if ("error" in parsed) return emptyFacts(src, `not parsed: ${parsed.error}`);
  const tree = parsed.tree;
  try {
    const facts = extractFacts(src.path, src.language, tree, await queryFor(src.grammar));
    const errorLine = firstErrorLine(tree.rootNode);
    if (errorLine !== null) facts.error = `syntax error at line ${errorLine} (analysed only partly)`;
    return facts;
  } finally {
    tree.delete();
  }
}

type TSNode = import("web-tree-sitter").Node;

/** Line of the first ERROR/MISSING node, found with a cursor walk (no recursion). */
function firstErrorLine(root: TSNode): number | null {
  if (!root.hasError) return null;
  const cursor = root.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.isError || node.isMissing) return node.startPosition.row + 1;
      // Descend only into subtrees that contain the error.
      if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return root.startPosition.row + 1;
    }
  } finally {
    cursor.delete();
  }
}

async function readPackageJsons(root: string, all: Set<string>): Promise<PackageJson[]> {
  const out: PackageJson[] = [];
  for (const path of [...all].filter((p) => p === "package.json" || p.endsWith("/package.json")).sort()) {
    try {
      const file = Bun.file(posix.join(root, path));
      if (file.size > 1024 * 1024) continue;
      const json: unknown = JSON.parse(await file.text());
      if (json && typeof json === "object") out.push({ dir: path === "package.json" ? "" : posix.dirname(path), json });
    } catch {
      // A broken package.json names no entry points; the inventory phase reports it.
    }
  }
  return out;
}

/** `[project.scripts]` and `[tool.poetry.scripts]` of the root pyproject.toml. */
async function readPyScripts(root: string, all: Set<string>): Promise<PyScript[]> {
  if (!all.has("pyproject.toml")) return [];
  try {
    const toml = parseToml(await Bun.file(posix.join(root, "pyproject.toml")).text()) as Record<string, any>;
    const tables = [toml.project?.scripts, toml.tool?.poetry?.scripts];
    const out: PyScript[] = [];
    for (const t of tables) {
      if (!t || typeof t !== "object") continue;
      for (const v of Object.values(t)) {
        const m = typeof v === "string" ? /^([\w.]+):([\w.]+)$/.exec(v.trim()) : null;
        if (m) out.push({ module: m[1]!, func: m[2]! });
      }
    }
    return out;
  } catch {
    return [];
  }
}

/**
 * Nodes that run from an entry: the module's top-level code; the main block; a script's
 * function; and for a package's main/exports, the functions it exports (its users call them).
 */
function entryNodes(fi: FileInfo, kind: string, func: string | undefined, resolver: Resolver): string[] {
  const nodes = [fi.moduleId];
  fi.facts.defs.forEach((d, i) => {
    if (d.kind === "main") nodes.push(fi.nodeIds[i]!);
  });
  if (func) {
    for (const v of resolver.lookup(fi, -1, func.split(".")[0]!, 0)) nodes.push(...resolver.callees(v).nodes);
  }
  if ((kind === "main" || kind === "exports") && fi.facts.language !== "python") {
    const names = new Set([...fi.facts.exports.keys(), "default"]);
    for (const name of names) {
      for (const v of resolver.jsExport(fi, name, 0)) {
        if (v.k === "mod") continue;
        nodes.push(...resolver.callees(v).nodes);
        if (v.k === "def" && v.fi.facts.defs[v.def]!.kind === "object") {
          for (const [member] of v.fi.facts.attrs.get(v.def) ?? []) {
            for (const m of resolver.member(v, member, 0)) nodes.push(...resolver.callees(m).nodes);
          }
          const prefix = `${v.fi.facts.defs[v.def]!.qname}.`;
          for (const [qn, idx] of v.fi.facts.members) if (qn.startsWith(prefix)) nodes.push(v.fi.nodeIds[idx]!);
        }
      }
    }
  }
  return [...new Set(nodes)].filter((n) => n !== "");
}
