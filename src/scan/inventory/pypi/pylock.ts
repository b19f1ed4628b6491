// Extractor for pylock.toml / pylock.<name>.toml (PEP 751): `[[packages]]` with name, version,
// an optional `marker` and optional `dependencies` (tables naming other packages). A package whose
// marker installs it only for dependency groups (`'dev' in dependency_groups`) is dev-only.
// Packages without a version (direct URL / VCS / directory installs) are unresolved.
import type { ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import type { GraphPackage } from "../graph.ts";
import { isObject } from "../json.ts";
import { readToml } from "../structured.ts";
import { pep503 } from "./lines.ts";
import { pythonLockDependencies } from "./project.ts";

export const pylockExtractor: Extractor = {
  name: "pypi/pylock",
  matches: (relPath) => /(^|\/)pylock\.([^/.]+\.)?toml$/.test(relPath),
  extract(relPath, text, ctx) {
    const parsed = readToml(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    const doc = parsed.value;
    if (!isObject(doc)) return failed(relPath, "pylock.toml is not a table");
    if (typeof doc["lock-version"] !== "string") return failed(relPath, "`lock-version` is missing or not a string");
    if (!doc["lock-version"].startsWith("1.")) return failed(relPath, `unsupported lock-version ${doc["lock-version"].slice(0, 20)}`);
    if (doc.packages !== undefined && !Array.isArray(doc.packages)) return failed(relPath, "`packages` is not an array of tables");
    const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
    const packages = new Map<string, GraphPackage>();
    const requires = new Map<string, string[]>();
    for (const e of (doc.packages ?? []) as unknown[]) {
      if (!isObject(e) || typeof e.name !== "string") continue;
      if (typeof e.version !== "string" || e.version === "") {
        result.unresolved.push({ file: relPath, line: 0, text: e.name.slice(0, 200) });
        continue;
      }
      const key = pep503(e.name);
      if (packages.has(key)) continue; // one entry per environment: the first version stands for the name
      const marker = typeof e.marker === "string" ? e.marker : "";
      packages.set(key, { name: e.name, version: e.version, deps: [], devHint: groupOnly(marker) });
      const deps = Array.isArray(e.dependencies) ? e.dependencies : [];
      requires.set(key, deps.flatMap((d) => (isObject(d) && typeof d.name === "string" ? [pep503(d.name)] : [])));
    }
    result.dependencies = pythonLockDependencies(ctx, relPath, packages, requires);
    return result;
  },
};

/** A marker that only installs for named dependency groups (and not for extras or always). */
function groupOnly(marker: string): boolean {
  if (!marker) return false;
  return marker.split(/\bor\b/).every((part) => /dependency_groups/.test(part));
}
