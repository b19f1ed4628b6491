// Extractor for an installed tree: node_modules/<name>/package.json (and nested
// node_modules/<a>/node_modules/<b>/…) in the checkout gives the exact installed version,
// `resolution: "installed"`, below a lockfile of the same project (precedence.ts). direct, dev
// and chain come from the tree's graph (installed-tree.ts); a package nothing requires
// (extraneous) keeps its install path as chain and counts as production.
import semver from "semver";
import type { ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { isObject, parseJson } from "../json.ts";
import { splitLockKey } from "./names.ts";
import { installedTree } from "./installed-tree.ts";

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
    const tree = installedTree(ctx, split.owner ? `${split.owner}/` : "");
    const place = tree.places.get(relPath.slice(0, -"/package.json".length));
    result.dependencies.push({
      ecosystem: "npm",
      name,
      version,
      direct: place?.direct ?? false,
      dev: place?.dev ?? false,
      chain: place?.chain ?? [tree.rootName, ...split.names.slice(0, -1), name],
      source: relPath,
      resolution: "installed",
    });
    return result;
  },
};
