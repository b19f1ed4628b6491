// Extractor for a pyproject.toml with no Python lockfile beside it. Each declared specifier gives
// the LOWEST version it allows, computed offline from the specifier itself (`>=2,<3` → 2,
// Poetry `^1.2` → 1.2): a guess at what an install would pick, marked `resolution:
// "lowest-match"`. Pins from requirements files, lockfiles or an installed site-packages of the
// same project take precedence (precedence.ts). No inclusive lower bound → unresolved.
import type { Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { dirOf } from "../graph.ts";
import { isObject } from "../json.ts";
import { readToml } from "../structured.ts";
import { lowestPep440, pyprojectDeclarations } from "./project.ts";

export const PYPI_LOCKFILES = ["poetry.lock", "uv.lock", "pdm.lock", "Pipfile.lock", "pylock.toml"];

export const pyprojectExtractor: Extractor = {
  name: "pypi/pyproject",
  matches: (relPath) => relPath === "pyproject.toml" || relPath.endsWith("/pyproject.toml"),
  extract(relPath, text, ctx) {
    const dir = dirOf(relPath);
    if (PYPI_LOCKFILES.some((f) => ctx.exists(`${dir}${f}`))) return { dependencies: [], unresolved: [], errors: [] };
    const parsed = readToml(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    if (!isObject(parsed.value)) return failed(relPath, "pyproject.toml is not a table");
    const project = pyprojectDeclarations(parsed.value);
    const result = { dependencies: [], unresolved: [], errors: [] } as ReturnType<Extractor["extract"]>;
    for (const d of project.declarations) {
      const version = lowestPep440(d.spec);
      if (version === null) {
        result.unresolved.push({ file: relPath, line: 0, text: `${d.name}${d.spec ? ` ${d.spec}` : ""}`.slice(0, 200) });
        continue;
      }
      result.dependencies.push({ ecosystem: "PyPI", name: d.name, version, direct: true, dev: d.dev, chain: [project.name, d.name], source: relPath, resolution: "lowest-match" });
    }
    return result;
  },
};
