// Entry points: where a program starts. From package.json (main, bin, simple exports, Node's
// default index.js), Python `if __name__ == "__main__":` blocks, __main__.py, manage.py and
// pyproject scripts; conventional file names only as a marked fallback. Test, fixture, example
// and docs code is never an entry unless the operator names it with entryGlobs.
import { posix } from "node:path";

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

/** A Python console script: "pkg.cli:main" from pyproject.toml. */
export interface PyScript {
  module: string;
  func: string;
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

/** Test, fixture, example and docs files: never entry points by default. */
export function isNonProductionPath(path: string): boolean {
  const parts = path.split("/");
  const base = parts.at(-1)!;
  if (parts.slice(0, -1).some((p) => NOT_ENTRY_DIRS.has(p.toLowerCase()))) return true;
  if (/\.(test|spec)\.[^/]+$/.test(base)) return true;
  return /^test_.*\.py$/.test(base) || /_test\.py$/.test(base) || base === "conftest.py";
}

const JS_EXTS = [".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"];

/**
 * The source file a package.json path means. TypeScript packages point at build output that is
 * not in the checkout ("dist/index.js"), so try the source it was built from too.
 */
function sourceFor(dir: string, rel: string, sources: Set<string>): string | null {
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

/** String targets of a simple "exports" field (".": "x", {".": {"import": "x"}}, {"require": "x"}). */
function exportTargets(exp: unknown): string[] {
  if (typeof exp === "string") return [exp];
  if (!exp || typeof exp !== "object" || Array.isArray(exp)) return [];
  const out: string[] = [];
  const entries = Object.entries(exp as Record<string, unknown>);
  const isSubpathMap = entries.some(([k]) => k.startsWith("."));
  for (const [key, value] of entries) {
    if (isSubpathMap && (key.includes("*") || key === "./package.json")) continue;
    if (typeof value === "string") out.push(value);
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const v of Object.values(value as Record<string, unknown>)) if (typeof v === "string") out.push(v);
    }
  }
  return out.filter((t) => !t.includes("*") && !t.endsWith(".d.ts"));
}

function packageEntries(pkg: PackageJson, sources: Set<string>): EntryFile[] {
  const json = (pkg.json && typeof pkg.json === "object" ? pkg.json : {}) as Record<string, unknown>;
  const where = pkg.dir === "" ? "package.json" : `${pkg.dir}/package.json`;
  const out: EntryFile[] = [];
  const add = (rel: unknown, kind: string, reason: string): void => {
    if (typeof rel !== "string") return;
    const file = sourceFor(pkg.dir, rel, sources);
    if (file) out.push({ file, kind, reason: file.endsWith(rel.replace(/^\.\//, "")) ? reason : `${reason} (source of ${rel})` });
  };
  add(json.main, "main", `"main" of ${where}`);
  if (typeof json.bin === "string") add(json.bin, "bin", `"bin" of ${where}`);
  else if (json.bin && typeof json.bin === "object") {
    for (const [name, rel] of Object.entries(json.bin as Record<string, unknown>)) add(rel, "bin", `"bin.${name}" of ${where}`);
  }
  for (const rel of exportTargets(json.exports)) add(rel, "exports", `"exports" of ${where}`);
  if (json.main === undefined && json.exports === undefined) {
    const index = sourceFor(pkg.dir, "index.js", sources);
    if (index) out.push({ file: index, kind: "main", reason: `${where} names no main: Node's default index.js` });
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
): EntryFile[] {
  const paths = new Set(sources.map((s) => s.path));
  const found: EntryFile[] = [];
  for (const pkg of packages) if (!isNonProductionPath(`${pkg.dir}/package.json`)) found.push(...packageEntries(pkg, paths));
  const hasJs = sources.some((s) => s.language !== "python" && !isNonProductionPath(s.path));
  if (hasJs && !found.some((e) => e.file.match(/\.[cm]?[jt]sx?$/))) {
    for (const file of conventional(["index", "main", "server", "app"], JS_EXTS, paths)) {
      found.push({ file, kind: "main", reason: "no package.json entry point: assumed from the conventional file name" });
    }
  }
  for (const s of sources) {
    if (s.language !== "python") continue;
    const base = posix.basename(s.path);
    if (s.hasMain) found.push({ file: s.path, kind: "__main__", reason: 'has an `if __name__ == "__main__":` block' });
    else if (base === "__main__.py") found.push({ file: s.path, kind: "__main__", reason: "package __main__.py (python -m)" });
    else if (base === "manage.py") found.push({ file: s.path, kind: "__main__", reason: "Django manage.py" });
  }
  for (const sc of scripts) {
    const file = pyModuleFile(sc.module, paths);
    if (file) found.push({ file, kind: "script", reason: `pyproject.toml script ${sc.module}:${sc.func}`, func: sc.func });
  }
  const hasPy = sources.some((s) => s.language === "python" && !isNonProductionPath(s.path));
  if (hasPy && !found.some((e) => e.file.endsWith(".py") && !isNonProductionPath(e.file))) {
    for (const file of conventional(["app", "main", "wsgi", "asgi", "server", "run"], [".py"], paths)) {
      found.push({ file, kind: "main", reason: "no Python entry point found: assumed from the conventional file name" });
    }
  }
  const auto = found.filter((e) => !isNonProductionPath(e.file));
  for (const glob of opts.entryGlobs ?? []) {
    const g = new Bun.Glob(glob);
    for (const s of sources) if (g.match(s.path)) auto.push({ file: s.path, kind: "entry", reason: `matches the entry glob ${glob}` });
  }
  const excluded = (opts.exclude ?? []).map((g) => new Bun.Glob(g));
  const seen = new Set<string>();
  return auto.filter((e) => {
    const key = `${e.file}:${e.kind}:${e.func ?? ""}`;
    if (seen.has(key) || excluded.some((g) => g.match(e.file))) return false;
    seen.add(key);
    return true;
  });
}
