// Shared helpers for callgraph/reach tests: fixture locations, targets, and graphs built once.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { extractFacts } from "../../src/scan/callgraph/facts.ts";
import type { FactsDraft } from "../../src/scan/callgraph/fact-types.ts";
import { buildProjectGraph, type ProjectGraph } from "../../src/scan/callgraph/index.ts";
import { parseSource, type Grammar } from "../../src/scan/callgraph/parser.ts";
import { queryFor } from "../../src/scan/callgraph/queries.ts";
import type { Dependency, Ecosystem, ReachTarget, VulnerableImport } from "../../src/scan/model.ts";

export const FIXTURES = join(import.meta.dir, "..", "fixtures");
export const PROJECTS = join(FIXTURES, "projects");

const graphs = new Map<string, Promise<ProjectGraph>>();

/** The graph of a fixture project (built once per test run). */
export function projectGraph(name: string): Promise<ProjectGraph> {
  let g = graphs.get(name);
  if (!g) graphs.set(name, (g = buildProjectGraph(join(PROJECTS, name))));
  return g;
}

export function target(
  ecosystem: Ecosystem,
  pkg: string,
  imports: VulnerableImport[] = [],
  dep: Partial<Dependency> = {},
): ReachTarget {
  return {
    ecosystem,
    package: pkg,
    imports,
    dependency: {
      ecosystem, name: pkg, version: "1.0.0", direct: true, dev: false, chain: ["app", pkg], source: "lockfile",
      ...dep,
    },
  };
}

/**
 * Graphs of small projects written to fresh temporary directories (`prefix`): `graph(files)`
 * writes each file (parent directories made) and builds its graph; `cleanup` (for afterAll)
 * removes every directory made.
 */
export function tempGraphs(prefix: string): { graph: (files: Record<string, string>) => Promise<ProjectGraph>; cleanup: () => void } {
  const dirs: string[] = [];
  return {
    graph(files) {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(dir);
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      return buildProjectGraph(dir);
    },
    cleanup() {
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}

/** One text's facts as extractFacts makes them in a parse worker (bindings not yet packed). */
export async function extractText(grammar: Grammar, text: string, path: string): Promise<FactsDraft> {
  const parsed = await parseSource(grammar, text);
  if (!("tree" in parsed)) throw new Error(parsed.error);
  try {
    const language = grammar === "python" ? "python" : grammar === "javascript" ? "javascript" : "typescript";
    return extractFacts(path, language, parsed.tree, await queryFor(grammar));
  } finally {
    parsed.tree.delete();
  }
}
