// Extractor for a package.json no npm lockfile covers (see lockedAbove: a workspace of a locked
// monorepo is covered by the root lockfile). Each declared range gives the LOWEST version it
// allows, computed offline from the range itself (`^1.2.3` → 1.2.3, `>=2 <3` → 2.0.0): a guess at
// what an install would pick, marked `resolution: "lowest-match"`. An installed node_modules copy or
// a lockfile of the same project takes precedence (see precedence.ts). Ranges with no lower
// bound semver can compute (git URLs, tags, `file:`) are unresolved.
import semver from "semver";
import type { Dependency } from "../../model.ts";
import type { ExtractContext, ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { dirOf } from "../graph.ts";
import { isObject, parseJson } from "../json.ts";
import { parseAlias } from "./names.ts";
import { readYaml } from "../structured.ts";
import { declarations, packageName, readPackageJson, workspaceDirs } from "./project.ts";

export const NPM_LOCKFILES = ["package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock"];

export const npmManifestExtractor: Extractor = {
  name: "npm/package-json",
  matches: (relPath) => (relPath === "package.json" || relPath.endsWith("/package.json")) && !relPath.split("/").includes("node_modules"),
  extract(relPath, text, ctx) {
    if (lockedAbove(relPath, ctx)) return { dependencies: [], unresolved: [], errors: [] };
    const parsed = parseJson(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    if (!isObject(parsed.value)) return failed(relPath, "package.json is not a JSON object");
    const pkg = parsed.value;
    const root = packageName(pkg, "app");
    const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
    for (const d of declarations(pkg)) {
      const alias = parseAlias(d.spec);
      const name = alias?.name ?? d.name;
      const range = alias?.version ?? d.spec;
      const version = lowestSemver(range);
      if (version === null) {
        result.unresolved.push({ file: relPath, line: 0, text: `${d.name}@${d.spec}`.slice(0, 200) });
        continue;
      }
      const dep: Dependency = { ecosystem: "npm", name, version, direct: true, dev: d.dev, chain: [root, name], source: relPath, resolution: "lowest-match" };
      result.dependencies.push(dep);
    }
    return result;
  },
};

/** Lowest version satisfying an npm range, or null for anything that is not a semver range. */
export function lowestSemver(range: string): string | null {
  if (/^[a-z+]+:/i.test(range) || range.includes("/") || range.trim() === "" || !/\d/.test(range)) return null; // "*", "latest", tags: no lower bound worth a guess
  try {
    // Strict parsing: loose mode reads words as wildcards ("not a range 1" → 1.x), too generous for a guess.
    if (semver.validRange(range) === null) return null;
    return semver.minVersion(range)?.version ?? null;
  } catch {
    return null;
  }
}

/**
 * A lockfile covers this package.json when it sits beside it, or above it in a folder whose
 * workspaces (package.json `workspaces`, pnpm-workspace.yaml `packages`) include this folder.
 * A nested project that is no workspace (an example app) is not covered: its ranges are guessed.
 */
function lockedAbove(relPath: string, ctx: ExtractContext): boolean {
  const dir = dirOf(relPath);
  if (NPM_LOCKFILES.some((f) => ctx.exists(`${dir}${f}`))) return true;
  const parts = dir.split("/").filter((p) => p !== "");
  for (let i = parts.length - 1; i >= 0; i--) {
    const above = parts.slice(0, i).map((p) => `${p}/`).join("");
    if (!NPM_LOCKFILES.some((f) => ctx.exists(`${above}${f}`))) continue;
    const pkg = readPackageJson(ctx, above) ?? {};
    const pnpm = ctx.readFile(`${above}pnpm-workspace.yaml`);
    const pnpmDoc = "text" in pnpm ? readYaml(pnpm.text) : null;
    const pnpmGlobs = pnpmDoc && "value" in pnpmDoc && isObject(pnpmDoc.value) && Array.isArray(pnpmDoc.value.packages) ? pnpmDoc.value.packages : [];
    const globs = [...(Array.isArray(pkg.workspaces) ? pkg.workspaces : isObject(pkg.workspaces) && Array.isArray(pkg.workspaces.packages) ? pkg.workspaces.packages : []), ...pnpmGlobs];
    if (workspaceDirs(ctx, above, { workspaces: globs }).includes(dir)) return true;
  }
  return false;
}
