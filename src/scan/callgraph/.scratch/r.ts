import { buildProjectGraph } from "../index.ts";
import { reach } from "../../reach/index.ts";
const g = await buildProjectGraph(process.argv[2]!);
const [eco, pkg, path, syms] = process.argv.slice(3) as [any, string, string?, string?];
console.log(JSON.stringify(reach(g, { ecosystem: eco, package: pkg, imports: path ? [{ path, symbols: syms ? syms.split(",") : [] }] : [],
  dependency: { ecosystem: eco, name: pkg, version: "1", direct: true, dev: false, chain: ["app", pkg], source: "x" } }), null, 1));
