import { extractFacts } from "../facts.ts";
import { parseSource } from "../parser.ts";
import { queryFor } from "../queries.ts";
const [g, file] = process.argv.slice(2) as [any, string];
const r = await parseSource(g, await Bun.file(file).text());
if ("tree" in r) { const f = extractFacts(file, g === "python" ? "python" : "javascript", r.tree, await queryFor(g)); console.log(JSON.stringify({ ...f, bindings: [...f.bindings].map(([k, v]) => [k, [...v]]), exports: [...f.exports], members: [...f.members], attrs: [...f.attrs].map(([k, v]) => [k, [...v]]) }, null, 0)); }
