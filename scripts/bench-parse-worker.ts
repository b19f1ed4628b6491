// Parse-only worker for scripts/bench-scan.ts: the same pool protocol as the callgraph worker,
// but it only parses (no fact extraction): the physical floor the full scan is compared with.
import { emptyFacts } from "../src/scan/callgraph/analyse.ts";
import { adoptWasmModules, parseSource } from "../src/scan/callgraph/parser.ts";
import type { WorkRequest } from "../src/scan/callgraph/worker.ts";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<WorkRequest>) => {
  const { id, src, text, wasm } = event.data;
  // The pool's compiled modules, as the callgraph worker uses them: the same parser set-up.
  if (wasm) adoptWasmModules(src.grammar, wasm);
  const parsed = await parseSource(src.grammar, text);
  if ("tree" in parsed) parsed.tree.delete();
  const facts = emptyFacts(src, "");
  delete facts.error;
  postMessage({ id, facts });
};

postMessage({ id: 0, ready: true });
