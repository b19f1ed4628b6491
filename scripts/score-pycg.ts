// Scores `reachd callgraph --format pycg` on a corpus in PyCG's micro-benchmark layout
// (<category>/<case>/{sources, callgraph.json}) and prints per-case misses, per-category and
// overall edge precision/recall.
//   bun scripts/score-pycg.ts <corpus-dir> [--language python|javascript]
// With --language, <corpus-dir>/<language> is scored when it exists (our test/fixtures/pycg layout).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { report, scoreCorpus } from "../src/scan/callgraph/pycg-score.ts";

const args = process.argv.slice(2);
const li = args.indexOf("--language");
const language = li >= 0 ? args[li + 1] : undefined;
const rest = li >= 0 ? args.filter((_, i) => i !== li && i !== li + 1) : args;
const corpus = rest[0];
if (!corpus || (li >= 0 && !language)) {
  console.error("usage: bun scripts/score-pycg.ts <corpus-dir> [--language python|javascript]");
  process.exit(2);
}
const dir = language && existsSync(join(corpus, language)) ? join(corpus, language) : corpus;
const started = performance.now();
const cases = await scoreCorpus(dir);
console.log(report(cases));
console.log(`${cases.length} cases in ${((performance.now() - started) / 1000).toFixed(1)} s`);
