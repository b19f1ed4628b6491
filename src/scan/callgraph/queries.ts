// Query files per grammar, imported as text so `bun build --compile` embeds them. The files of one
// grammar are concatenated into a single Query so each tree is walked once.
import { Query } from "web-tree-sitter";
import { loadLanguage, type Grammar } from "./parser.ts";
import jsTags from "../../../grammars/javascript/tags.scm" with { type: "text" };
import jsOnly from "../../../grammars/javascript/js-only.scm" with { type: "text" };
import jsJsx from "../../../grammars/javascript/jsx.scm" with { type: "text" };
import jsImports from "../../../grammars/javascript/imports.scm" with { type: "text" };
import tsTags from "../../../grammars/typescript/tags.scm" with { type: "text" };
import tsImports from "../../../grammars/typescript/imports.scm" with { type: "text" };
import tsxOnly from "../../../grammars/typescript/tsx.scm" with { type: "text" };
import pyTags from "../../../grammars/python/tags.scm" with { type: "text" };
import pyImports from "../../../grammars/python/imports.scm" with { type: "text" };
import jsCallees from "../../../grammars/javascript/callees.scm" with { type: "text" };
import pyCallees from "../../../grammars/python/callees.scm" with { type: "text" };

const SOURCES: Record<Grammar, string[]> = {
  javascript: [jsTags, jsJsx, jsImports, jsOnly],
  typescript: [jsTags, jsImports, tsTags, tsImports],
  tsx: [jsTags, jsJsx, jsImports, tsTags, tsImports, tsxOnly],
  python: [pyTags, pyImports],
};

/** Patterns the handlers apply themselves (callees.scm): compiled, not run over the tree. */
const CALLEES: Record<Grammar, string> = { javascript: jsCallees, typescript: jsCallees, tsx: jsCallees, python: pyCallees };

/**
 * Names by role: for each capture of callees.scm, the strings its `#eq?`/`#any-of?` predicates
 * accept (`eval.call` → eval, Function). The handlers check the callee they have read against
 * these instead of the engine running the patterns.
 */
export type CalleeNames = ReadonlyMap<string, ReadonlySet<string>>;

const compiled = new Map<Grammar, Promise<Query>>();
const calleeQueries = new Map<Grammar, Promise<Query>>();
const names = new Map<Grammar, CalleeNames>();

/** The compiled query for a grammar (compiled once per process). */
export function queryFor(grammar: Grammar): Promise<Query> {
  let q = compiled.get(grammar);
  if (!q) {
    q = loadLanguage(grammar).then((lang) => new Query(lang, mainSource(grammar)));
    compiled.set(grammar, q);
  }
  return q;
}

/** callees.scm compiled for a grammar: the names' source, and what the test runs through the engine. */
export function calleeQuery(grammar: Grammar): Promise<Query> {
  let q = calleeQueries.get(grammar);
  if (!q) {
    q = loadLanguage(grammar).then((lang) => new Query(lang, CALLEES[grammar]));
    calleeQueries.set(grammar, q);
  }
  return q;
}

/** The names of one role of a grammar's callees.scm; a role it lacks is an error, not no names. */
export function calleeNames(grammar: Grammar, role: string): ReadonlySet<string> {
  let all = names.get(grammar);
  if (!all) names.set(grammar, (all = namesOf(CALLEES[grammar])));
  const found = all.get(role);
  if (!found) throw new Error(`grammars callees.scm of ${grammar} names no @${role}`);
  return found;
}

/**
 * The `#eq?`/`#any-of?` predicates of callees.scm, read from its text: web-tree-sitter compiles
 * text predicates into closures and keeps no data of them. The call-facts test runs the compiled
 * patterns, so a predicate this misreads fails it.
 */
function namesOf(source: string): CalleeNames {
  const out = new Map<string, Set<string>>();
  for (const m of source.matchAll(/\(#(?:eq|any-of)\?\s+@([\w.]+)((?:\s+"[^"\\]*")+)\s*\)/g)) {
    let set = out.get(m[1]!);
    if (!set) out.set(m[1]!, (set = new Set()));
    for (const v of m[2]!.matchAll(/"([^"]*)"/g)) set.add(v[1]!);
  }
  return out;
}

/** The text of the query run over a grammar's trees (queryFor). */
export function mainSource(grammar: Grammar): string {
  return SOURCES[grammar].join("\n");
}

/** The query text of a grammar, as compiled, and its callee patterns (part of the facts cache key). */
export function querySource(grammar: Grammar): string {
  return `${mainSource(grammar)}\n${CALLEES[grammar]}`;
}
