import { buildProjectGraph, callgraphJson } from "../index.ts";
import { reach } from "../../reach/index.ts";
const g = await buildProjectGraph(process.argv[2]!);
console.log(JSON.stringify(callgraphJson(g)).length, JSON.stringify(reach(g, { ecosystem: "PyPI", package: "PyYAML", imports: [{ path: "yaml", symbols: ["load"] }], dependency: { ecosystem: "PyPI", name: "PyYAML", version: "1", direct: true, dev: false, chain: ["a", "PyYAML"], source: "x" } })));
