// Extractor for yarn.lock: Berry files (YAML with `__metadata`) and classic v1 files.
import type { Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { isObject } from "../json.ts";
import { readYaml } from "../structured.ts";
import { extractYarnBerry } from "./yarn-berry.ts";
import { extractYarnV1 } from "./yarn-v1.ts";

export const yarnExtractor: Extractor = {
  name: "npm/yarn",
  matches: (relPath) => relPath === "yarn.lock" || relPath.endsWith("/yarn.lock"),
  extract(relPath, text, ctx) {
    if (!/^__metadata:/m.test(text)) return extractYarnV1(relPath, text, ctx);
    const parsed = readYaml(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    if (!isObject(parsed.value)) return failed(relPath, "yarn.lock is not a YAML mapping");
    return extractYarnBerry(relPath, parsed.value, ctx);
  },
};
