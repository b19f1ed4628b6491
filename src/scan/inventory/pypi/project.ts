// The Python project around a lockfile: pyproject.toml declarations (PEP 621 `dependencies` and
// `optional-dependencies`, PEP 735 `dependency-groups`, Poetry's dependency tables and groups,
// pdm/uv dev tables), each production or dev-only, with the range as written.
import { compare, satisfies, valid } from "@renovatebot/pep440";
import type { Dependency } from "../../model.ts";
import type { ExtractContext } from "../extractor.ts";
import { dirOf, graphDependencies, type GraphPackage, type GraphProject } from "../graph.ts";
import { isObject } from "../json.ts";
import { readToml } from "../structured.ts";
import { pep503 } from "./lines.ts";

export interface PyDeclaration {
  /** As written. */
  name: string;
  spec: string;
  dev: boolean;
}

export interface PyProject {
  name: string;
  declarations: PyDeclaration[];
}

const REQ = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*([^;]*)/;

/** PEP 508 "name[extra] (>=1,<2) ; marker" → name and version specifier ("@ url" for URL forms). */
export function parseRequirement(text: string): { name: string; spec: string } | null {
  const m = REQ.exec(text);
  if (!m) return null;
  const spec = m[2]!.trim().replace(/^\((.*)\)$/, "$1").trim();
  return { name: m[1]!, spec };
}

export function readPyproject(ctx: ExtractContext, dir: string): { project: PyProject } | { error: string } | null {
  const read = ctx.readFile(`${dir}pyproject.toml`);
  if ("error" in read) return null;
  const parsed = readToml(read.text);
  if ("error" in parsed) return { error: parsed.error };
  return isObject(parsed.value) ? { project: pyprojectDeclarations(parsed.value) } : { error: "pyproject.toml is not a table" };
}

export function pyprojectDeclarations(doc: Record<string, unknown>): PyProject {
  const out = new Map<string, PyDeclaration>();
  const add = (name: string, spec: string, dev: boolean) => {
    const key = pep503(name);
    const seen = out.get(key);
    if (!seen) out.set(key, { name, spec, dev });
    else if (seen.dev && !dev) out.set(key, { name, spec, dev }); // production wins
  };
  const pep508List = (v: unknown, dev: boolean) => {
    if (!Array.isArray(v)) return;
    for (const item of v) {
      if (typeof item !== "string") continue;
      const r = parseRequirement(item);
      if (r) add(r.name, r.spec, dev);
    }
  };
  const project = isObject(doc.project) ? doc.project : {};
  const tool = isObject(doc.tool) ? doc.tool : {};
  const poetry = isObject(tool.poetry) ? tool.poetry : {};
  pep508List(project.dependencies, false);
  // Extras named for development (`[project.optional-dependencies] test = [...]`, dev, lint, docs …)
  // are installed by developers and CI, not by the package's users: dev dependencies.
  if (isObject(project["optional-dependencies"])) for (const [extra, v] of Object.entries(project["optional-dependencies"])) pep508List(v, DEV_EXTRA.test(extra));
  if (isObject(doc["dependency-groups"])) for (const v of Object.values(doc["dependency-groups"])) pep508List(v, true);
  const poetryTable = (v: unknown, dev: boolean) => {
    if (!isObject(v)) return;
    for (const [name, spec] of Object.entries(v)) {
      if (name.toLowerCase() === "python") continue;
      const s = typeof spec === "string" ? spec : isObject(spec) && typeof spec.version === "string" ? spec.version : isObject(spec) || Array.isArray(spec) ? "" : null;
      if (s !== null) add(name, s, dev);
    }
  };
  poetryTable(poetry.dependencies, false);
  poetryTable(poetry["dev-dependencies"], true);
  if (isObject(poetry.group)) {
    for (const [group, g] of Object.entries(poetry.group)) if (isObject(g)) poetryTable(g.dependencies, group !== "main");
  }
  const pdm = isObject(tool.pdm) ? tool.pdm : {};
  if (isObject(pdm["dev-dependencies"])) for (const v of Object.values(pdm["dev-dependencies"])) pep508List(v, true);
  const uv = isObject(tool.uv) ? tool.uv : {};
  pep508List(uv["dev-dependencies"], true);
  const name = typeof project.name === "string" && project.name ? project.name : typeof poetry.name === "string" && poetry.name ? poetry.name : "app";
  return { name, declarations: [...out.values()] };
}

const CLAUSE = /^(~=|===|==|!=|>=|<=|>|<|\^|~)?\s*([^\s]+)$/;

/**
 * The lowest version a range allows, computed from the range alone (no index is consulted): the
 * highest of its lower bounds (`>=`, `~=`, `==`, Poetry `^`/`~`, a bare version), if that version
 * satisfies the whole range. A guess at what an install would pick, so callers mark it
 * `lowest-match`; null when there is no inclusive lower bound (`>1`, `<2`, `*`).
 */
export function lowestPep440(spec: string): string | null {
  const clauses = spec.split(",").map((c) => c.trim()).filter((c) => c !== "");
  if (clauses.length === 0) return null;
  let low: string | null = null;
  let pep440Only = true;
  for (const clause of clauses) {
    const m = CLAUSE.exec(clause);
    if (!m) return null;
    const op = m[1] ?? "";
    let v = m[2]!;
    if (op === "^" || op === "~" || op === "") pep440Only = false;
    if (op === "<" || op === "<=" || op === "!=" || op === ">") continue;
    if (v.endsWith(".*")) v = v.slice(0, -2);
    if (!valid(v)) return null;
    if (low === null || compare(v, low) > 0) low = v;
  }
  if (low === null) return null;
  if (pep440Only && !satisfies(low, spec)) return null;
  return low;
}

/**
 * The dependencies of a Python lockfile that does not list its projects. `requires` names, per
 * package key, what it depends on (PEP 503 names; ones the lockfile does not list are dropped).
 * The project is the sibling pyproject.toml's declarations when it has any (dev-only from its
 * groups), else the locked packages nothing else requires, production unless the lockfile marks
 * them dev.
 */
export function pythonLockDependencies(
  ctx: ExtractContext,
  relPath: string,
  packages: Map<string, GraphPackage>,
  requires: Map<string, Iterable<string>>,
): Dependency[] {
  const required = new Set<string>();
  for (const [key, names] of requires) {
    const pkg = packages.get(key)!;
    for (const n of names) if (packages.has(n) && n !== key) (pkg.deps.push(n), required.add(n));
  }
  const dir = dirOf(relPath);
  const py = readPyproject(ctx, dir);
  let project: GraphProject;
  if (py && "project" in py && py.project.declarations.length > 0) {
    const deps = py.project.declarations.flatMap((d) => {
      const key = pep503(d.name);
      return packages.has(key) ? [{ key, dev: d.dev }] : [];
    });
    project = { name: py.project.name, deps };
  } else {
    const deps = [...packages.entries()].filter(([k]) => !required.has(k)).map(([key, p]) => ({ key, dev: p.devHint === true }));
    project = { name: py && "project" in py ? py.project.name : "app", deps };
  }
  return graphDependencies({ ecosystem: "PyPI", source: relPath, projects: [project], packages });
}

/** An extra's name that says it is for development: test(s), testing, dev(el/elop/elopment), lint(ing), docs, typing, qa, ci. */
export const DEV_EXTRA = /^(tests?|testing|dev|devel|develop|development|lint|linting|linters|docs?|typing|types|mypy|qa|ci|coverage|bench(mark)?s?)$/i;
