// Extractor for package-lock.json and npm-shrinkwrap.json (lockfileVersion 1, 2 and 3).
// v2 carries both layouts; the flat `packages` map is the authoritative one, so it wins.
import type { Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { isObject, parseJson } from "../json.ts";
import { extractLockV1 } from "./lock-v1.ts";
import { extractLockV2 } from "./lock-v2.ts";

const FILE_NAMES = new Set(["package-lock.json", "npm-shrinkwrap.json"]);

export const packageLockExtractor: Extractor = {
  name: "npm/package-lock",
  matches(relPath) {
    return FILE_NAMES.has(relPath.slice(relPath.lastIndexOf("/") + 1));
  },
  extract(relPath, text, ctx) {
    const parsed = parseJson(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    const lock = parsed.value;
    if (!isObject(lock)) return failed(relPath, "lockfile is not a JSON object");
    const version = lock.lockfileVersion;
    if (version !== undefined && typeof version !== "number") return failed(relPath, "`lockfileVersion` is not a number");
    if (typeof version === "number" && (version < 1 || version > 3)) {
      return failed(relPath, `unsupported lockfileVersion ${version}`);
    }
    if (isObject(lock.packages)) return extractLockV2(relPath, lock);
    if (version !== undefined && version >= 2) return failed(relPath, "`packages` is missing or not an object");
    if (lock.dependencies !== undefined && !isObject(lock.dependencies)) {
      return failed(relPath, "`dependencies` is not an object");
    }
    return extractLockV1(relPath, lock, ctx);
  },
};
