// warmInProcess: the snippets it warms a grammar with go through parser, query and extractors
// (a snippet with a syntax error or no call would leave the extractors cold), once per process.
import { expect, test } from "bun:test";
import { analyseText } from "../../src/scan/callgraph/analyse.ts";
import { WARM_TEXT, warmInProcess } from "../../src/scan/callgraph/collect.ts";
import type { Grammar } from "../../src/scan/callgraph/parser.ts";

const GRAMMARS: Grammar[] = ["javascript", "typescript", "tsx", "python"];

test.each(GRAMMARS)("%s: the warm-up snippet parses cleanly into definitions, calls and imports", async (grammar) => {
  const language = grammar === "python" || grammar === "javascript" ? grammar : "typescript";
  const facts = await analyseText({ path: `warm.${grammar}`, language, grammar }, WARM_TEXT[grammar]);
  expect(facts.error).toBeUndefined();
  expect(facts.defs.some((d) => d.kind === "function" || d.kind === "method")).toBe(true);
  expect(facts.calls.length).toBeGreaterThan(0);
  expect(facts.imports.length).toBeGreaterThan(0);
});

test("each grammar is warmed once per process", async () => {
  // Other test files of this process (scan jobs) may have warmed some already.
  const first = await warmInProcess([...GRAMMARS, "python", "tsx"]);
  expect(new Set(first).size).toBe(first.length);
  for (const g of first) expect(GRAMMARS).toContain(g);
  expect(await warmInProcess(GRAMMARS)).toEqual([]);
});
