// Extractor for Pipfile.lock (pipenv): JSON with `default` (production) and `develop` (dev)
// sections of name → { version: "==1.2.3", … }. The lockfile has no dependency edges, so the
// chain is the project and the package; which packages are direct comes from the sibling Pipfile
// ([packages] / [dev-packages]) when it exists. A package in both sections is production.
import type { Dependency } from "../../model.ts";
import type { ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { dirOf } from "../graph.ts";
import { isObject, parseJson } from "../json.ts";
import { readToml } from "../structured.ts";
import { pep503 } from "./lines.ts";

export const pipfileLockExtractor: Extractor = {
  name: "pypi/pipfile-lock",
  matches: (relPath) => relPath === "Pipfile.lock" || relPath.endsWith("/Pipfile.lock"),
  extract(relPath, text, ctx) {
    const parsed = parseJson(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    const lock = parsed.value;
    if (!isObject(lock)) return failed(relPath, "Pipfile.lock is not a JSON object");
    for (const s of ["default", "develop"]) {
      if (lock[s] !== undefined && !isObject(lock[s])) return failed(relPath, `\`${s}\` is not an object`);
    }
    const direct = new Set<string>();
    const pipfile = ctx.readFile(`${dirOf(relPath)}Pipfile`);
    if ("text" in pipfile) {
      const doc = readToml(pipfile.text);
      if ("value" in doc && isObject(doc.value)) {
        for (const s of ["packages", "dev-packages"]) {
          const t = doc.value[s];
          if (isObject(t)) for (const n of Object.keys(t)) direct.add(pep503(n));
        }
      }
    }
    const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
    const byName = new Map<string, Dependency>();
    for (const [section, dev] of [["default", false], ["develop", true]] as const) {
      const map = lock[section];
      if (!isObject(map)) continue;
      for (const [name, entry] of Object.entries(map)) {
        if (!isObject(entry)) continue;
        const m = typeof entry.version === "string" ? /^===?\s*(\S+)$/.exec(entry.version) : null;
        if (!m) {
          result.unresolved.push({ file: relPath, line: 0, text: `${name}${typeof entry.version === "string" ? entry.version : ""}`.slice(0, 200) });
          continue;
        }
        const key = pep503(name);
        if (byName.has(key)) continue; // already seen in `default`: production wins
        byName.set(key, { ecosystem: "PyPI", name, version: m[1]!, direct: direct.has(key), dev, chain: ["app", name], source: relPath });
      }
    }
    result.dependencies = [...byName.values()];
    return result;
  },
};
