// Shared helpers for callgraph/reach tests: fixture locations, targets, and graphs built once.
import { join } from "node:path";
import { buildProjectGraph, type ProjectGraph } from "../../src/scan/callgraph/index.ts";
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
