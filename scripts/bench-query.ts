// What each pattern of a grammar's query costs: the query CPU (Query.matches as extraction runs it,
// wasm-node.ts) over every file of the given directories, parsed once, with the full query and with
// each pattern disabled in turn (its marginal cost: what the others pay for its in-progress states
// too), and with that pattern alone. Prints one table per grammar, costliest pattern first.
// With --by-root, the variants are instead all patterns rooted at one node type disabled together
// (the patterns that share in-progress states). With --compile, prints instead what compiling each
// grammar's query costs (`new Query`, as a parse worker does at its first file): cold, the first
// compile in a fresh process (min over --rounds processes); cold after a parse, the same after 8 KB
// of source was parsed first (why analyse.ts compiles the query before its first parse); and
// warm, compiled again in one process (min of --rounds). With --split, prints instead where the query CPU goes: the walk over
// every node (all patterns disabled), the search of the pattern map at every node (as many
// patterns, all rooted at a node type the trees lack, so no state starts), what is left (query
// states, matches and reading them), and the patterns run as two queries of half of them each.
//
//   bun scripts/bench-query.ts [--rounds 5] [--top 20] [--by-root] DIR...
//   bun scripts/bench-query.ts --split [--rounds 5] DIR...
//   bun scripts/bench-query.ts --compile [--rounds 5] [GRAMMAR...]
import type { Language, Query, Tree } from "web-tree-sitter";
import { Query as TSQuery } from "web-tree-sitter";
import { loadLanguage, parseSource, type Grammar } from "../src/scan/callgraph/parser.ts";
import { mainSource } from "../src/scan/callgraph/queries.ts";
import { WARM_TEXT } from "../src/scan/callgraph/collect.ts";
import { queryMatches } from "../src/scan/callgraph/wasm-node.ts";
import { listFiles, readSource } from "../src/scan/callgraph/walk.ts";

const args = process.argv.slice(2);
let rounds = 5;
let top = 20;
let byRoot = false;
let split = false;
let compile: "report" | "child" | null = null;
let afterParse = false;
const dirs: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--rounds") rounds = Number(args[++i]);
  else if (args[i] === "--top") top = Number(args[++i]);
  else if (args[i] === "--by-root") byRoot = true;
  else if (args[i] === "--split") split = true;
  else if (args[i] === "--compile") compile = "report";
  else if (args[i] === "--compile-child") compile = "child";
  else if (args[i] === "--after-parse") afterParse = true;
  else dirs.push(args[i]!);
}
if (compile === "child") {
  // A fresh process: the grammar's first compile, then the query compiled again `rounds` times.
  const grammar = dirs[0] as Grammar;
  const lang = await loadLanguage(grammar);
  const source = mainSource(grammar);
  if (afterParse) {
    const parsed = await parseSource(grammar, WARM_TEXT[grammar].repeat(Math.ceil(8192 / WARM_TEXT[grammar].length)));
    if ("tree" in parsed) parsed.tree.delete();
  }
  const ms = (): number => {
    const start = performance.now();
    new TSQuery(lang, source).delete();
    return performance.now() - start;
  };
  const cold = ms();
  let warm = Infinity;
  for (let r = 0; r < rounds; r++) warm = Math.min(warm, ms());
  console.log(JSON.stringify({ cold, warm, patterns: new TSQuery(lang, source).patternCount() }));
  process.exit(0);
}
if (compile === "report") {
  for (const grammar of (dirs.length > 0 ? dirs : ["javascript", "typescript", "tsx", "python"]) as Grammar[]) {
    let cold = Infinity;
    let coldAfterParse = Infinity;
    let warm = Infinity;
    let patterns = 0;
    for (let r = 0; r < rounds; r++) {
      for (const after of [false, true]) {
        const child = Bun.spawnSync([process.execPath, import.meta.path, "--compile-child", "--rounds", String(rounds), ...(after ? ["--after-parse"] : []), grammar], { stderr: "inherit" });
        const out = JSON.parse(child.stdout.toString()) as { cold: number; warm: number; patterns: number };
        if (after) coldAfterParse = Math.min(coldAfterParse, out.cold);
        else cold = Math.min(cold, out.cold);
        warm = Math.min(warm, out.warm);
        patterns = out.patterns;
      }
    }
    console.log(`${grammar}: ${patterns} patterns, compile cold ${cold.toFixed(1)} ms (min of ${rounds} processes), cold after parsing 8 KB ${coldAfterParse.toFixed(1)} ms (min of ${rounds}), warm ${warm.toFixed(1)} ms (min of ${rounds}x${rounds}x2)`);
  }
  process.exit(0);
}
if (dirs.length === 0) throw new Error("usage: bench-query.ts [--rounds N] [--top N] [--by-root | --split] DIR... | --compile [--rounds N] [GRAMMAR...]");

const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

const trees = new Map<Grammar, Tree[]>();
for (const dir of dirs) {
  for (const src of (await listFiles(dir)).sources) {
    const read = await readSource(dir, src.path);
    if (!("text" in read)) continue;
    const parsed = await parseSource(src.grammar, read.text);
    if (!("tree" in parsed)) continue;
    let list = trees.get(src.grammar);
    if (!list) trees.set(src.grammar, (list = []));
    list.push(parsed.tree);
  }
}

/** CPU seconds of one query pass over the trees, and the matches per pattern. */
function pass(query: Query, list: Tree[], counts?: number[]): number {
  const start = cpu();
  for (const tree of list) {
    const matches = queryMatches(query, tree.rootNode);
    if (counts) for (const m of matches) counts[m.patternIndex] = (counts[m.patternIndex] ?? 0) + 1;
  }
  return cpu() - start;
}

/** A named node type of the language that no tree has (compiles as a pattern root). */
function absentType(lang: Language, list: Tree[]): string {
  const seen = new Set<string>();
  for (const tree of list) {
    const cursor = tree.walk();
    for (let more = true; more; ) {
      seen.add(cursor.nodeType);
      if (cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) { more = false; break; }
    }
    cursor.delete();
  }
  for (let id = 1; id < lang.nodeTypeCount; id++) {
    const type = lang.nodeTypeForId(id);
    if (!type || seen.has(type) || !lang.nodeTypeIsNamed(id) || !lang.nodeTypeIsVisible(id)) continue;
    try {
      new TSQuery(lang, `(${type}) @x`).delete();
      return type;
    } catch {
      // A supertype or a type queries cannot name: try the next.
    }
  }
  throw new Error("every named node type occurs in these trees");
}

if (split) {
  for (const [grammar, list] of trees) {
    const lang = await loadLanguage(grammar);
    const source = mainSource(grammar);
    const full = new TSQuery(lang, source);
    const n = full.patternCount();
    const only = (keep: (p: number) => boolean): Query => {
      const q = new TSQuery(lang, source);
      for (let p = 0; p < n; p++) if (!keep(p)) q.disablePattern(p);
      return q;
    };
    const absent = absentType(lang, list);
    const variants = {
      all: [full], walk: [only(() => false)],
      map: [new TSQuery(lang, Array.from({ length: n }, (_, i) => `(${absent}) @x${i}`).join("\n"))],
      halves: [only((p) => p < n / 2), only((p) => p >= n / 2)],
    };
    const best = { all: Infinity, walk: Infinity, map: Infinity, halves: Infinity };
    for (let r = 0; r < rounds; r++) {
      for (const k of Object.keys(variants) as (keyof typeof variants)[]) {
        const start = cpu();
        for (const q of variants[k]) pass(q, list);
        best[k] = Math.min(best[k], cpu() - start);
      }
    }
    const ms = (s: number): string => `${(s * 1000).toFixed(0)} ms (${((s / best.all) * 100).toFixed(0)}%)`;
    console.log(`${grammar}: ${list.length} files, ${n} patterns; query CPU (min of ${rounds}): all ${(best.all * 1000).toFixed(0)} ms = walk ${ms(best.walk)}` +
      ` + pattern map search ${ms(best.map - best.walk)} (${n} patterns rooted at ${absent}) + states and matches ${ms(best.all - best.map)};` +
      ` as two queries of half the patterns ${ms(best.halves)}`);
  }
  process.exit(0);
}

for (const [grammar, list] of trees) {
  const lang = await loadLanguage(grammar);
  const source = mainSource(grammar);
  // Pattern offsets are UTF-8 byte offsets (the .scm comments hold non-ASCII text).
  const bytes = Buffer.from(source);
  const full = new TSQuery(lang, source);
  const n = full.patternCount();
  const counts = new Array<number>(n).fill(0);
  pass(full, list, counts);
  const textOf = (i: number): string =>
    bytes.subarray(full.startIndexForPattern(i), full.endIndexForPattern(i)).toString().split("\n;")[0]!.replace(/\s+/g, " ").trim();
  const groups: { label: string; members: number[] }[] = [];
  if (byRoot) {
    const byType = new Map<string, number[]>();
    for (let i = 0; i < n; i++) {
      const root = /^[(\[\s]*([\w.]+)/.exec(textOf(i))?.[1] ?? "?";
      byType.set(root, [...(byType.get(root) ?? []), i]);
    }
    for (const [root, members] of byType) groups.push({ label: `${root} (${members.length} patterns)`, members });
  } else {
    for (let i = 0; i < n; i++) {
      const lineNo = bytes.subarray(0, full.startIndexForPattern(i)).toString().split("\n").length;
      groups.push({ label: `#${i} L${lineNo} ${textOf(i).slice(0, 110)}`, members: [i] });
    }
  }
  const only = (keep: (p: number) => boolean): Query => {
    const q = new TSQuery(lang, source);
    for (let p = 0; p < n; p++) if (!keep(p)) q.disablePattern(p);
    return q;
  };
  // Per group: the query without it and the group alone. Each variant runs right after the query
  // it is compared with (all patterns / none), and the difference of each pair is kept: the median
  // over the rounds is the figure (a min over rounds favours whichever variant ran most often).
  const none = only(() => false);
  const variants = groups.map((g) => ({ without: only((p) => !g.members.includes(p)), alone: only((p) => g.members.includes(p)) }));
  const saved: number[][] = groups.map(() => []);
  const alone: number[][] = groups.map(() => []);
  const alls: number[] = [];
  const walks: number[] = [];
  for (let r = 0; r < rounds; r++) {
    variants.forEach((v, k) => {
      const a = pass(full, list);
      saved[k]!.push(a - pass(v.without, list));
      const w = pass(none, list);
      alone[k]!.push(pass(v.alone, list) - w);
      alls.push(a);
      walks.push(w);
    });
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const all = Math.min(...alls);
  console.log(`${grammar}: ${list.length} files, ${n} patterns; query CPU (min): all ${(all * 1000).toFixed(0)} ms, no pattern (the walk) ${(Math.min(...walks) * 1000).toFixed(0)} ms; per variant the median of ${rounds} paired differences`);
  console.log("  saved without it (ms, % of all) | alone above the walk (ms) | matches | pattern");
  const rows = groups.map((g, k) => ({ g, saved: median(saved[k]!), alone: median(alone[k]!) }));
  rows.sort((a, b) => b.saved - a.saved);
  for (const { g, saved, alone } of rows.slice(0, top)) {
    const matches = g.members.reduce((sum, p) => sum + counts[p]!, 0);
    console.log(`  ${(saved * 1000).toFixed(1).padStart(6)} ${((saved / all) * 100).toFixed(1).padStart(5)}% | ${(alone * 1000).toFixed(1).padStart(6)} | ${String(matches).padStart(7)} | ${g.label}`);
  }
}
