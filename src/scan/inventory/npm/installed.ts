// Extractor for an installed tree: node_modules/<name>/package.json (and nested
// node_modules/<a>/node_modules/<b>/…) in the checkout gives the exact installed version,
// `resolution: "installed"`, below a lockfile of the same project (precedence.ts). The install
// path stands in for the chain (the tree records where a package was placed, not who required it);
// direct/dev come from the project's package.json for top-level packages, and a transitive
// package counts as production because nothing in the tree says otherwise.
import semver from "semver";
import type { ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { isObject, parseJson } from "../json.ts";
import { splitLockKey } from "./names.ts";
import { declarations, packageName, readPackageJson } from "./project.ts";

export function installPath(relPath: string): { owner: string; names: string[] } | null {
  if (!relPath.endsWith("/package.json")) return null;
  const split = splitLockKey(relPath.slice(0, -"/package.json".length));
  return split && split.names.length > 0 && !split.names.some((n) => n.startsWith(".")) ? split : null;
}

export const npmInstalledExtractor: Extractor = {
  name: "npm/installed",
  matches: (relPath) => installPath(relPath) !== null,
  extract(relPath, text, ctx) {
    const split = installPath(relPath)!;
    const parsed = parseJson(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    if (!isObject(parsed.value)) return failed(relPath, "package.json is not a JSON object");
    const pkg = parsed.value;
    const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
    const version = typeof pkg.version === "string" ? pkg.version : "";
    const name = typeof pkg.name === "string" && pkg.name ? pkg.name : split.names[split.names.length - 1]!;
    if (!semver.valid(version, { loose: true })) {
      result.unresolved.push({ file: relPath, line: 0, text: `${name}@${version}`.slice(0, 200) });
      return result;
    }
    const owner = split.owner ? `${split.owner}/` : "";
    const project = readPackageJson(ctx, owner);
    const declared = project && split.names.length === 1 ? declarations(project).find((d) => d.name === split.names[0]) : undefined;
    result.dependencies.push({
      ecosystem: "npm",
      name,
      version,
      direct: declared !== undefined,
      dev: declared?.dev ?? false,
      chain: [packageName(project, "app"), ...split.names.slice(0, -1), name],
      source: relPath,
      resolution: "installed",
    });
    return result;
  },
};
