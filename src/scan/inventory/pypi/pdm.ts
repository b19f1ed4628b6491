// Extractor for pdm.lock: `[[package]]` tables with name, version, `groups` (["default"] ships;
// any other group only is dev) and `dependencies` as PEP 508 strings. The project's declarations
// come from pyproject.toml when it exists.
import type { ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import type { GraphPackage } from "../graph.ts";
import { isObject } from "../json.ts";
import { readToml } from "../structured.ts";
import { pep503 } from "./lines.ts";
import { parseRequirement, pythonLockDependencies } from "./project.ts";

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
    const requires = new Map<string, string[]>();
    for (const e of (doc.package ?? []) as unknown[]) {
      if (!isObject(e) || typeof e.name !== "string") continue;
      if (typeof e.version !== "string" || e.version === "") {
        result.unresolved.push({ file: relPath, line: 0, text: e.name.slice(0, 200) });
        continue;
      }
      const key = pep503(e.name);
      const groups = Array.isArray(e.groups) ? e.groups.filter((g): g is string => typeof g === "string") : [];
      const names = (Array.isArray(e.dependencies) ? e.dependencies : []).flatMap((d) => {
        const r = typeof d === "string" ? parseRequirement(d) : null;
        return r ? [pep503(r.name)] : [];
      });
      // pdm writes one more entry per extra ("requests[socks]"): the same package, whose extra
      // dependencies it pulls in.
      const known = requires.get(key);
      if (known) {
        for (const n of names) known.push(n);
        continue;
      }
      packages.set(key, { name: e.name, version: e.version, deps: [], devHint: groups.length > 0 && !groups.includes("default") });
      requires.set(key, names);
    }
    result.dependencies = pythonLockDependencies(ctx, relPath, packages, requires);
    return result;
  },
};
