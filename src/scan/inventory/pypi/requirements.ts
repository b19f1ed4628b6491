// Extractor for pinned pip requirements files (requirements*.txt, *-requirements.txt,
// requirements/*.txt). Follows -r includes and -c constraints relative to the including file,
// inside the checkout only, once each (cycles are cut). A constraint pin resolves an unpinned
// requirement of the same name, as pip would install it; a constraint alone installs nothing.
import type { Dependency } from "../../model.ts";
import type { ExtractContext, ExtractResult, Extractor, Unresolved } from "../extractor.ts";
import { dirOf } from "../graph.ts";
import { classify, logicalLines, pep503 } from "./lines.ts";
import { readPyproject } from "./project.ts";

const MAX_INCLUDE_DEPTH = 16;

export function isRequirementsFile(relPath: string): boolean {
  const slash = relPath.lastIndexOf("/");
  const base = relPath.slice(slash + 1).toLowerCase();
  if (!base.endsWith(".txt") || base.includes("constraint")) return false;
  if (/^requirements.*\.txt$/.test(base) || /[-_.]requirements\.txt$/.test(base)) return true;
  const parent = relPath.slice(0, Math.max(slash, 0)).split("/").pop() ?? "";
  return parent.toLowerCase() === "requirements";
}

/** requirements-dev.txt, dev-requirements.txt, requirements_test.txt, requirements/tests.txt. */
export function isDevFile(relPath: string): boolean {
  const base = relPath.slice(relPath.lastIndexOf("/") + 1).toLowerCase().replace(/\.txt$/, "");
  return base.split(/[-_.]/).some((w) => /^(dev|devel|develop|development|test|tests|testing)$/.test(w));
}

interface Walk {
  top: string;
  ctx: ExtractContext;
  visited: Set<string>;
  result: ExtractResult;
  constraints: Map<string, string>;
  pending: { file: string; line: number; name: string; text: string; dev: boolean }[];
  /** The project's name from a pyproject.toml beside the top file, else "app". */
  project: string;
}

export const requirementsExtractor: Extractor = {
  name: "pypi/requirements",
  matches: isRequirementsFile,
  extract(relPath, text, ctx) {
    const walk: Walk = {
      top: relPath,
      ctx,
      visited: new Set([`r:${relPath}`]),
      result: { dependencies: [], unresolved: [], errors: [] },
      constraints: new Map(),
      pending: [],
      project: projectName(ctx, relPath),
    };
    readFile(walk, relPath, text, false, 0);
    resolvePending(walk);
    return walk.result;
  },
};

function readFile(walk: Walk, file: string, text: string, asConstraint: boolean, depth: number): void {
  const dev = isDevFile(walk.top) || isDevFile(file);
  for (const { line, text: lineText } of logicalLines(text)) {
    const entry = classify(line, lineText);
    if (entry.kind === "skip") continue;
    if (entry.kind === "include") {
      follow(walk, file, entry.target, asConstraint || entry.constraint, depth);
      continue;
    }
    if (asConstraint) {
      if (entry.kind === "pin") walk.constraints.set(pep503(entry.name), entry.version);
      continue;
    }
    if (entry.kind === "pin") walk.result.dependencies.push(dependency(walk, entry.name, entry.version, dev, file));
    else walk.pending.push({ file, line, name: entry.name, text: entry.text, dev });
  }
}

function follow(walk: Walk, from: string, target: string, asConstraint: boolean, depth: number): void {
  if (/^[a-z+]+:\/\//i.test(target)) {
    walk.result.errors.push({ file: from, message: `remote include not followed: ${target.slice(0, 200)}` });
    return;
  }
  const path = joinInside(from, target);
  if (path === null) {
    walk.result.errors.push({ file: from, message: `include outside the checkout: ${target.slice(0, 200)}` });
    return;
  }
  // Keyed by role too: a file read as constraints may still be included as requirements.
  const key = `${asConstraint ? "c" : "r"}:${path}`;
  if (walk.visited.has(key)) return; // already read (or a cycle)
  walk.visited.add(key);
  if (depth >= MAX_INCLUDE_DEPTH) {
    walk.result.errors.push({ file: from, message: `includes nested deeper than ${MAX_INCLUDE_DEPTH}` });
    return;
  }
  const read = walk.ctx.readFile(path);
  if ("error" in read) {
    walk.result.errors.push({ file: from, message: `cannot read include ${path}: ${read.error}` });
    return;
  }
  readFile(walk, path, read.text, asConstraint, depth + 1);
}

function resolvePending(walk: Walk): void {
  for (const p of walk.pending) {
    const pinned = walk.constraints.get(pep503(p.name));
    if (pinned !== undefined) walk.result.dependencies.push(dependency(walk, p.name, pinned, p.dev, p.file));
    else walk.result.unresolved.push({ file: p.file, line: p.line, text: p.text } satisfies Unresolved);
  }
}

function dependency(walk: Walk, name: string, version: string, dev: boolean, source: string): Dependency {
  return { ecosystem: "PyPI", name, version, direct: true, dev, chain: [walk.project, name], source };
}

/** `target` relative to the directory of `from`, "/"-separated; null when it leaves the root. */
export function joinInside(from: string, target: string): string | null {
  if (target.startsWith("/") || /^[a-z]:[\\/]/i.test(target)) return null;
  const parts = from.split("/").slice(0, -1);
  for (const seg of target.replace(/\\/g, "/").split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join("/");
}

function projectName(ctx: ExtractContext, file: string): string {
  const py = readPyproject(ctx, dirOf(file));
  return py && "project" in py ? py.project.name : "app";
}
