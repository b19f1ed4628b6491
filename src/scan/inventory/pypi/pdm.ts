// Extractor for pdm.lock: `[[package]]` tables with name, version, `groups` (["default"] ships;
// any other group only is dev) and `dependencies` as PEP 508 strings. The project's declarations
// come from pyproject.toml when it exists.
import type { ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { dirOf, graphDependencies, type GraphPackage } from "../graph.ts";
import { isObject } from "../json.ts";
import { readToml } from "../structured.ts";
import { pep503 } from "./lines.ts";
import { parseRequirement, pythonProjects } from "./project.ts";

export const pdmExtractor: Extractor = {
  name: "pypi/pdm",
  matches: (relPath) => relPath === "pdm.lock" || relPath.endsWith("/pdm.lock"),
  extract(relPath, text, ctx) {
    const parsed = readToml(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    const doc = parsed.value;
    if (!isObject(doc)) return failed(relPath, "pdm.lock is not a table");
    if (doc.package !== undefined && !Array.isArray(doc.package)) return failed(relPath, "`package` is not an array of tables");
    const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
    const packages = new Map<string, GraphPackage>();
    const raw = new Map<string, unknown[]>();
    for (const e of (doc.package ?? []) as unknown[]) {
      if (!isObject(e) || typeof e.name !== "string") continue;
      if (typeof e.version !== "string" || e.version === "") {
        result.unresolved.push({ file: relPath, line: 0, text: e.name.slice(0, 200) });
        continue;
      }
      const key = pep503(e.name);
      const groups = Array.isArray(e.groups) ? e.groups.filter((g): g is string => typeof g === "string") : [];
      const deps = Array.isArray(e.dependencies) ? e.dependencies : [];
      // pdm writes one more entry per extra ("requests[socks]"): the same package, whose extra
      // dependencies it pulls in.
      if (packages.has(key)) {
        raw.get(key)!.push(...deps);
        continue;
      }
      packages.set(key, { name: e.name, version: e.version, deps: [], devHint: groups.length > 0 && !groups.includes("default") });
      raw.set(key, [...deps]);
    }
    const required = new Set<string>();
    for (const [key, deps] of raw) {
      for (const d of deps) {
        const r = typeof d === "string" ? parseRequirement(d) : null;
        const target = r ? pep503(r.name) : "";
        if (packages.has(target) && target !== key) (packages.get(key)!.deps.push(target), required.add(target));
      }
    }
    const projects = pythonProjects(
      ctx,
      dirOf(relPath),
      (n) => (packages.has(n) ? n : undefined),
      () => [...packages.entries()].filter(([k]) => !required.has(k)).map(([key, p]) => ({ key, dev: p.devHint === true })),
    );
    result.dependencies = graphDependencies({ ecosystem: "PyPI", source: relPath, projects, packages });
    return result;
  },
};
