// Vulnerable symbols of one affected package, from OSV `ecosystem_specific.imports`
// ([{path, symbols}], the Go convention) and GHSA `ecosystem_specific.affected_functions`, whose
// spellings vary: "(lodash).defaultsDeep", "lodash.template", "(minimist)", "". The result is
// empty when any use of the package itself counts (the model's "no symbols known").
import type { Ecosystem, VulnerableImport } from "../model.ts";
import { isObject } from "./util.ts";

const MAX_ITEMS = 500;
const MAX_LEN = 300;

export function vulnerableImports(ecosystemSpecific: unknown, ecosystem: Ecosystem, pkg: string): VulnerableImport[] {
  if (!isObject(ecosystemSpecific)) return [];
  const found: VulnerableImport[] = [];
  const imports = ecosystemSpecific.imports;
  if (Array.isArray(imports)) {
    for (const item of imports.slice(0, MAX_ITEMS)) {
      if (!isObject(item) || typeof item.path !== "string" || !item.path.trim() || item.path.length > MAX_LEN) continue;
      const symbols = Array.isArray(item.symbols) ? item.symbols.filter(isSymbol) : [];
      found.push({ path: item.path.trim(), symbols: symbols.map((s) => s.trim()) });
    }
  }
  const functions = ecosystemSpecific.affected_functions;
  if (Array.isArray(functions)) {
    for (const fn of functions.slice(0, MAX_ITEMS)) {
      if (typeof fn !== "string") continue;
      const parsed = parseAffectedFunction(fn, ecosystem, pkg);
      if (parsed) found.push(parsed);
    }
  }
  return mergeImports(found, pkg);
}

function isSymbol(s: unknown): s is string {
  return typeof s === "string" && s.trim() !== "" && s.length <= MAX_LEN;
}

/** One GHSA affected_functions string → an import, or null when it says nothing (empty). */
export function parseAffectedFunction(raw: string, ecosystem: Ecosystem, pkg: string): VulnerableImport | null {
  const s = raw.trim();
  if (!s || s.length > MAX_LEN) return null;
  const paren = /^\(([^()]+)\)(?:\.(.+))?$/.exec(s);
  if (paren) return { path: paren[1]!.trim(), symbols: paren[2] ? [paren[2].trim()] : [] };
  if (s.toLowerCase() === pkg.toLowerCase()) return { path: pkg, symbols: [] };
  if (s.toLowerCase().startsWith(pkg.toLowerCase() + ".")) return { path: pkg, symbols: [s.slice(pkg.length + 1)] };
  if (ecosystem === "PyPI") {
    // Python names are dotted module paths: "PIL.ImageMath.eval" → module PIL.ImageMath, symbol eval.
    const dot = s.lastIndexOf(".");
    return dot > 0 ? { path: s.slice(0, dot), symbols: [s.slice(dot + 1)] } : { path: s, symbols: [] };
  }
  if (s.includes("/")) return { path: s, symbols: [] }; // a module path such as "lodash/template"
  // GHSA repeats the family's spelling for forks ("lodash.template" on lodash-es): the symbol
  // is the part after the first dot, in this package.
  const dot = s.indexOf(".");
  return { path: pkg, symbols: [dot > 0 ? s.slice(dot + 1) : s] };
}

/** Same path → one entry with the union of its symbols; a package-wide entry makes all of it count. */
function mergeImports(items: VulnerableImport[], pkg: string): VulnerableImport[] {
  const byPath = new Map<string, Set<string> | "any">();
  for (const { path, symbols } of items) {
    const seen = byPath.get(path);
    if (symbols.length === 0) byPath.set(path, "any");
    else if (seen !== "any") byPath.set(path, new Set([...(seen ?? []), ...symbols]));
  }
  if (byPath.get(pkg) === "any") return [];
  return [...byPath.entries()]
    .map(([path, s]) => ({ path, symbols: s === "any" ? [] : [...s].sort() }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
