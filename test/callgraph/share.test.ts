// Structural sharing of a file's facts (share.ts): the facts mean exactly what they meant before,
// equal sub-values are one object, the records themselves stay distinct, and the serialised entry
// (cache + worker transfer) shrinks.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { decodeFacts, encodeFacts } from "../../src/scan/callgraph/cache.ts";
import { packBindings } from "../../src/scan/callgraph/bound.ts";
import { extractFacts, type FactsDraft, type FileFacts } from "../../src/scan/callgraph/facts.ts";
import { parseSource, type Grammar } from "../../src/scan/callgraph/parser.ts";
import { queryFor } from "../../src/scan/callgraph/queries.ts";
import { shareFacts } from "../../src/scan/callgraph/share.ts";
import { listFiles, readSource } from "../../src/scan/callgraph/walk.ts";
import { PROJECTS } from "./helpers.ts";

async function extract(path: string, grammar: Grammar, text: string): Promise<FactsDraft> {
  const parsed = await parseSource(grammar, text);
  if (!("tree" in parsed)) throw new Error(parsed.error);
  try {
    return extractFacts(path, grammar === "python" ? "python" : "javascript", parsed.tree, await queryFor(grammar));
  } finally {
    parsed.tree.delete();
  }
}

/** Facts as a canonical string: Maps as entry lists, so equal meaning gives equal strings. */
const plain = (f: FileFacts): string => JSON.stringify(f, (_k, v: unknown) => (v instanceof Map ? [...v] : v));
/** Unshared facts in their kept form (bindings packed, as shareFacts returns them). */
const kept = (f: FactsDraft): FileFacts => ({ ...f, bindings: packBindings(f.bindings) });

describe("shareFacts", () => {
  for (const project of ["js-cjs", "js-esm", "py-app", "py-dynamic"]) {
    test(`${project}: shared facts equal the unshared ones, through the cache encoding too`, async () => {
      const root = join(PROJECTS, project);
      const sources = (await listFiles(root)).sources;
      expect(sources.length).toBeGreaterThan(0);
      for (const src of sources) {
        const read = await readSource(root, src.path);
        if (!("text" in read)) continue;
        const before = await extract(src.path, src.grammar, read.text);
        const shared = shareFacts(await extract(src.path, src.grammar, read.text));
        expect(plain(shared)).toBe(plain(kept(before)));
        expect(plain(decodeFacts(encodeFacts(shared))!)).toBe(plain(kept(before)));
      }
    });
  }

  test("equal refs become one object, records stay distinct, and the entry shrinks", async () => {
    const text = Array.from({ length: 200 }, (_, i) => `const m${i} = require("./m${i % 3}");\nfoo.bar(m${i}, null);\n`).join("");
    const before = await extract("big.js", "javascript", text);
    const shared = shareFacts(await extract("big.js", "javascript", text));
    const calls = shared.calls.filter((c) => c.ref.root.t === "name" && c.ref.root.name === "foo");
    expect(calls.length).toBe(200);
    // The same callee written 200 times: one Ref; 200 call records all the same.
    expect(new Set(calls.map((c) => c.ref)).size).toBe(1);
    expect(new Set(calls).size).toBe(200);
    expect(plain(shared)).toBe(plain(kept(before)));
    const small = encodeFacts(shared).length;
    const large = encodeFacts(kept(before)).length;
    expect(small).toBeLessThan(large * 0.8);
    // Decoding keeps the sharing (structured clone back-references).
    const decoded = decodeFacts(encodeFacts(shared))!;
    const again = decoded.calls.filter((c) => c.ref.root.t === "name" && c.ref.root.name === "foo");
    expect(new Set(again.map((c) => c.ref)).size).toBe(1);
  });

  test("a deeply nested value is left unshared rather than recursed into without bound", async () => {
    const text = `x = ${"[".repeat(300)}1${"]".repeat(300)}\ny = ${"[".repeat(300)}1${"]".repeat(300)}\n`;
    const before = await extract("deep.py", "python", text);
    const shared = shareFacts(await extract("deep.py", "python", text));
    expect(plain(shared)).toBe(plain(kept(before)));
  });
});
