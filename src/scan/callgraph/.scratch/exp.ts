import { parseSource } from "../parser.ts";
const [g, src] = [process.argv[2] as any, process.argv[3]!];
const r = await parseSource(g, src);
if ("tree" in r) { console.log(r.tree.rootNode.toString()); r.tree.delete(); } else console.log(r);
