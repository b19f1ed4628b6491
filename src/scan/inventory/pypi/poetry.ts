// Extractor for poetry.lock: `[[package]]` tables with name, version, `[package.dependencies]`
// (name → constraint) and, by lockfile age, `category = "dev"` (Poetry < 1.5) or
// `groups = ["dev"]` (Poetry 2). Which packages the project declares comes from pyproject.toml;
// the lockfile's own dev marking decides for packages the declarations do not reach.
import type { ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import type { GraphPackage } from "../graph.ts";
import { isObject } from "../json.ts";
import { readToml } from "../structured.ts";
import { pep503 } from "./lines.ts";
import { pythonLockDependencies } from "./project.ts";

export const poetryExtractor: Extractor = {
  name: "pypi/poetry",
  matches: (relPath) => relPath === "poetry.lock" || relPath.endsWith("/poetry.lock"),
  extract(relPath, text, ctx) {
    const parsed = readToml(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    const doc = parsed.value;
    if (!isObject(doc)) return failed(relPath, "poetry.lock is not a table");
    if (doc.package !== undefined && !Array.isArray(doc.package)) return failed(relPath, "`package` is not an array of tables");
    const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
    const packages = new Map<string, GraphPackage>();
    const depNames = new Map<string, string[]>();
    for (const entry of (doc.package ?? []) as unknown[]) {
      if (!isObject(entry) || typeof entry.name !== "string") continue;
      if (typeof entry.version !== "string" || entry.version === "") {
        result.unresolved.push({ file: relPath, line: 0, text: entry.name.slice(0, 200) });
        continue;
      }
      const key = pep503(entry.name);
      const groups = Array.isArray(entry.groups) ? entry.groups.filter((g): g is string => typeof g === "string") : null;
      const devHint = entry.category === "dev" || (groups !== null && groups.length > 0 && !groups.includes("main"));
      packages.set(key, { name: entry.name, version: entry.version, deps: [], devHint });
      depNames.set(key, isObject(entry.dependencies) ? Object.keys(entry.dependencies).map(pep503) : []);
    }
    result.dependencies = pythonLockDependencies(ctx, relPath, packages, depNames);
    return result;
  },
};
