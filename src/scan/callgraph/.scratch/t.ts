import { extractFacts } from "../facts.ts";
import { parseSource } from "../parser.ts";
import { queryFor } from "../queries.ts";
for (const file of process.argv.slice(2)) {
  const text = await Bun.file(file).text();
  let t = performance.now();
  const r = await parseSource("javascript", text);
  if (!("tree" in r)) throw new Error(r.error);
  console.log(file, "parse", Math.round(performance.now() - t)); t = performance.now();
  const q = await queryFor("javascript");
  const m = q.matches(r.tree.rootNode);
  console.log("matches", m.length, Math.round(performance.now() - t)); t = performance.now();
  extractFacts(file, "javascript", r.tree, q);
  console.log("extract", Math.round(performance.now() - t));
  t = performance.now(); console.log(r.tree.rootNode.hasError, Math.round(performance.now() - t));
}
