import { buildProjectGraph, callgraphJson } from "../index.ts";
const g = await buildProjectGraph(process.argv[2]!);
console.log(JSON.stringify(callgraphJson(g), null, 1));
