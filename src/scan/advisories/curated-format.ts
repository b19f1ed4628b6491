// The curated symbol set's file format ("reachd-curated-symbols" v1), shared by the embedded
// files (curated/*.json) and operator imports: validation of an untrusted document into plain
// entries. Every problem is reported with the entry index and field, and nothing is accepted
// from a document with problems, so an operator never half-applies a file.
import type { Ecosystem, VulnerableImport } from "../model.ts";
import { isObject } from "./util.ts";

export const CURATED_FORMAT = "reachd-curated-symbols";
export const CURATED_FORMAT_VERSION = 1;

export interface CuratedEntry {
  id: string;
  aliases: string[];
  ecosystem: Ecosystem;
  package: string;
  imports: VulnerableImport[];
  why: string;
}

export interface CuratedProblem {
  field: string;
  issue: string;
}

export type CuratedParse = { ok: true; entries: CuratedEntry[] } | { ok: false; problems: CuratedProblem[] };

const MAX_ENTRIES = 20_000;
const MAX_IMPORTS = 50;
const MAX_SYMBOLS = 200;
const MAX_WHY = 200;
const MAX_PROBLEMS = 50;
const ID = /^[A-Za-z][A-Za-z0-9]*-[A-Za-z0-9._-]{1,80}$/;
const ALIAS = /^[A-Za-z][A-Za-z0-9]*-[A-Za-z0-9._-]{1,80}$/;
/** An identifier, or Class.method (one dot): what the call graph can name. */
const SYMBOL = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)?$/;
const NPM_PACKAGE = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9._~-][a-z0-9._~-]*$/i;
const PYPI_PACKAGE = /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const NPM_PATH = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9._~-]+(\/[A-Za-z0-9._~$-]+)*$/i;
const PY_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function parseCuratedDocument(data: unknown): CuratedParse {
  const problems: CuratedProblem[] = [];
  const problem = (field: string, issue: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ field, issue });
  };
  if (!isObject(data)) return { ok: false, problems: [{ field: "$", issue: "is not a JSON object" }] };
  if (data.format !== CURATED_FORMAT) problem("format", `must be "${CURATED_FORMAT}"`);
  if (data.version !== CURATED_FORMAT_VERSION) problem("version", `must be ${CURATED_FORMAT_VERSION}`);
  if (!Array.isArray(data.entries)) {
    problem("entries", "must be an array");
    return { ok: false, problems };
  }
  if (data.entries.length > MAX_ENTRIES) {
    problem("entries", `has more than ${MAX_ENTRIES} entries`);
    return { ok: false, problems };
  }
  const entries: CuratedEntry[] = [];
  const seen = new Set<string>();
  data.entries.forEach((raw, i) => {
    const entry = parseEntry(raw, `entries[${i}]`, problem);
    if (!entry) return;
    // One advisory can affect several packages (lodash and lodash-es): the key is all three.
    const key = `${entry.id}\0${entry.ecosystem}\0${entry.package.toLowerCase()}`;
    if (seen.has(key)) problem(`entries[${i}]`, `repeats ${entry.id} for ${entry.ecosystem} ${entry.package}`);
    seen.add(key);
    entries.push(entry);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, entries };
}

function parseEntry(raw: unknown, at: string, problem: (field: string, issue: string) => void): CuratedEntry | null {
  if (!isObject(raw)) {
    problem(at, "is not an object");
    return null;
  }
  const before = { count: 0 };
  const fail = (field: string, issue: string) => {
    before.count++;
    problem(`${at}.${field}`, issue);
  };
  const id = typeof raw.id === "string" && ID.test(raw.id) ? raw.id : (fail("id", "must be an advisory id such as GHSA-… or PYSEC-…"), "");
  let aliases: string[] = [];
  if (raw.aliases !== undefined) {
    if (!Array.isArray(raw.aliases) || raw.aliases.length > 50 || !raw.aliases.every((a) => typeof a === "string" && ALIAS.test(a)))
      fail("aliases", "must be a list of advisory ids");
    else aliases = raw.aliases as string[];
  }
  const ecosystem = raw.ecosystem === "npm" || raw.ecosystem === "PyPI" ? raw.ecosystem : (fail("ecosystem", 'must be "npm" or "PyPI"'), null);
  const pkgPattern = ecosystem === "PyPI" ? PYPI_PACKAGE : NPM_PACKAGE;
  const pkg = typeof raw.package === "string" && raw.package.length <= 214 && pkgPattern.test(raw.package) ? raw.package : (fail("package", "must be a package name"), "");
  const why = typeof raw.why === "string" ? raw.why.trim() : "";
  if (!why || why.length > MAX_WHY || /[\r\n]/.test(why)) fail("why", `must be one non-empty line of at most ${MAX_WHY} characters`);
  const imports: VulnerableImport[] = [];
  if (!Array.isArray(raw.imports) || raw.imports.length === 0 || raw.imports.length > MAX_IMPORTS) {
    fail("imports", `must be a list of 1 to ${MAX_IMPORTS} {path, symbols}`);
  } else {
    const pathPattern = ecosystem === "PyPI" ? PY_PATH : NPM_PATH;
    raw.imports.forEach((im, j) => {
      if (!isObject(im) || typeof im.path !== "string" || im.path.length > 300 || !pathPattern.test(im.path)) {
        fail(`imports[${j}].path`, ecosystem === "PyPI" ? "must be a dotted module path" : "must be a module specifier");
        return;
      }
      if (!Array.isArray(im.symbols) || im.symbols.length > MAX_SYMBOLS || !im.symbols.every((s) => typeof s === "string" && SYMBOL.test(s))) {
        fail(`imports[${j}].symbols`, "must be a list of identifiers (methods as Class.method)");
        return;
      }
      imports.push({ path: im.path, symbols: [...new Set(im.symbols as string[])] });
    });
  }
  if (before.count > 0 || !ecosystem) return null;
  return { id, aliases, ecosystem, package: pkg, imports, why };
}
