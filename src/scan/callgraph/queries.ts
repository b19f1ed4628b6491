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
import pyTags from "../../../grammars/python/tags.scm" with { type: "text" };
import pyImports from "../../../grammars/python/imports.scm" with { type: "text" };

const SOURCES: Record<Grammar, string[]> = {
  javascript: [jsTags, jsJsx, jsImports, jsOnly],
  typescript: [jsTags, jsImports, tsTags, tsImports],
  tsx: [jsTags, jsJsx, jsImports, tsTags, tsImports],
  python: [pyTags, pyImports],
};

const compiled = new Map<Grammar, Promise<Query>>();

/** The compiled query for a grammar (compiled once per process). */
export function queryFor(grammar: Grammar): Promise<Query> {
  let q = compiled.get(grammar);
  if (!q) {
    q = loadLanguage(grammar).then((lang) => new Query(lang, SOURCES[grammar].join("\n")));
    compiled.set(grammar, q);
  }
  return q;
}

/** The query text of a grammar, as compiled (part of the facts cache key). */
export function querySource(grammar: Grammar): string {
  return SOURCES[grammar].join("\n");
}
