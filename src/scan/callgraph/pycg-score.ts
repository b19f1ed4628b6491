// Scoring of `pycg` call graphs against hand-made ground truth, the way call-graph research scores
// them: every (caller, callee) pair is one edge; precision and recall are counted over all edges of
// a corpus (micro-averaged), and per category. A corpus is any directory tree whose leaf case
// directories hold source files and a `callgraph.json` (PyCG's micro-benchmark layout:
// <category>/<case>/main.py + callgraph.json).
import { readdir } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { buildProjectGraph } from "./index.ts";
import { toPycg, type PycgGraph } from "./pycg.ts";

export interface CaseScore {
  /** Path of the case directory relative to the corpus. */
  name: string;
  category: string;
  expected: number;
  found: number;
  correct: number;
  /** Expected edges we did not produce ("caller -> callee"). */
  missed: string[];
  /** Edges we produced that the ground truth does not have. */
  extra: string[];
  error?: string;
}

export interface Tally {
  expected: number;
  found: number;
  correct: number;
}

export const precision = (t: Tally): number => (t.found === 0 ? 1 : t.correct / t.found);
export const recall = (t: Tally): number => (t.expected === 0 ? 1 : t.correct / t.expected);

/** Case directories under `root`: directories holding a callgraph.json. */
export async function findCases(root: string): Promise<string[]> {
  const out: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const entries = await readdir(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && e.name === "callgraph.json")) {
      out.push(dir);
      continue;
    }
    for (const e of entries) if (e.isDirectory() && e.name !== "node_modules") stack.push(join(dir, e.name));
  }
  return out.sort();
}

function edgesOf(graph: PycgGraph): Set<string> {
  const out = new Set<string>();
  for (const [caller, callees] of Object.entries(graph)) {
    if (!Array.isArray(callees)) continue;
    for (const callee of callees) out.add(`${caller} -> ${callee}`);
  }
  return out;
}

export async function scoreCase(corpus: string, dir: string): Promise<CaseScore> {
  const name = relative(corpus, dir) || basename(dir);
  const category = basename(dirname(dir));
  const base: CaseScore = { name, category, expected: 0, found: 0, correct: 0, missed: [], extra: [] };
  let expected: Set<string>;
  try {
    expected = edgesOf(JSON.parse(await Bun.file(join(dir, "callgraph.json")).text()) as PycgGraph);
  } catch (e) {
    return { ...base, error: `callgraph.json: ${e instanceof Error ? e.message : String(e)}` };
  }
  const found = edgesOf(toPycg(await buildProjectGraph(dir)));
  const missed = [...expected].filter((e) => !found.has(e));
  const extra = [...found].filter((e) => !expected.has(e));
  return { ...base, expected: expected.size, found: found.size, correct: expected.size - missed.length, missed, extra };
}

export async function scoreCorpus(corpus: string): Promise<CaseScore[]> {
  const out: CaseScore[] = [];
  for (const dir of await findCases(corpus)) out.push(await scoreCase(corpus, dir));
  return out;
}

export function tally(cases: CaseScore[]): Tally {
  const t: Tally = { expected: 0, found: 0, correct: 0 };
  for (const c of cases) {
    t.expected += c.expected;
    t.found += c.found;
    t.correct += c.correct;
  }
  return t;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** Human-readable report: per-case misses, per-category and overall precision/recall. */
export function report(cases: CaseScore[]): string {
  const lines: string[] = [];
  for (const c of cases) {
    if (c.error) lines.push(`ERROR ${c.name}: ${c.error}`);
    for (const m of c.missed) lines.push(`missed ${c.name}: ${m}`);
    for (const x of c.extra) lines.push(`extra  ${c.name}: ${x}`);
  }
  const categories = new Map<string, CaseScore[]>();
  for (const c of cases) {
    const list = categories.get(c.category);
    if (list) list.push(c);
    else categories.set(c.category, [c]);
  }
  lines.push("", `${"category".padEnd(22)} cases  edges  precision  recall`);
  for (const [cat, list] of [...categories].sort()) {
    const t = tally(list);
    lines.push(`${cat.padEnd(22)} ${String(list.length).padStart(5)}  ${String(t.expected).padStart(5)}  ${pct(precision(t)).padStart(9)}  ${pct(recall(t)).padStart(6)}`);
  }
  const t = tally(cases);
  lines.push(`${"overall".padEnd(22)} ${String(cases.length).padStart(5)}  ${String(t.expected).padStart(5)}  ${pct(precision(t)).padStart(9)}  ${pct(recall(t)).padStart(6)}`);
  return lines.join("\n");
}
