// The call graph must not depend on the order of the files: the same facts assembled in listing
// order, reversed and shuffled must give the same edges, uses, dynamic constructs and unresolved
// imports, for every fixture project, every caret fixture's project and generated corpora; and so
// must resolving each file from an empty memo (the incremental assembly's way).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { generateCorpus } from "../../scripts/gen-corpus.ts";
import type { FileFacts } from "../../src/scan/callgraph/fact-types.ts";
import { assemble } from "../../src/scan/callgraph/graph.ts";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import type { ModuleIndex } from "../../src/scan/callgraph/modules.ts";
import { parseFixture } from "./carets.ts";
import { orderDifference } from "./order.ts";
import { FIXTURES } from "./helpers.ts";

const work = mkdtempSync(join(tmpdir(), "reachd-order-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function inputsOf(dir: string): Promise<{ facts: FileFacts[]; index: ModuleIndex }> {
  let got: { facts: FileFacts[]; index: ModuleIndex } | null = null;
  await buildProjectGraph(dir, { pool: false, onAssembly: (facts, index) => (got = { facts, index }) });
  if (!got) throw new Error(`no assembly for ${dir}`);
  return got;
}

/** A deterministic shuffle (xorshift), so a failure can be reproduced. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed | 1;
  for (let i = out.length - 1; i > 0; i--) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const j = (s >>> 0) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function checkOrders(facts: FileFacts[], index: ModuleIndex): void {
  expect(facts.length).toBeGreaterThan(0);
  const listing = assemble(facts, index).parts;
  expect(listing.nodes.length).toBeGreaterThan(facts.length - 1);
  for (const [name, order] of [["reversed", [...facts].reverse()], ["shuffled", shuffled(facts, 0x0dde)], ["shuffled again", shuffled(facts, 0x5eed)]] as const) {
    const other = assemble(order, index).parts;
    expect(`${name}: ${orderDifference(listing, other)}`).toBe(`${name}: `);
  }
  // Each file resolved from an empty memo (incremental assembly): no answer leaks between files.
  const perFile = assemble(facts, index, { previous: null }).parts;
  expect(`per-file memo: ${orderDifference(listing, perFile)}`).toBe("per-file memo: ");
}

describe("call graph is independent of file order", () => {
  const projects = join(FIXTURES, "projects");
  for (const name of readdirSync(projects).sort()) {
    test(`fixture project ${name}`, async () => {
      const { facts, index } = await inputsOf(join(projects, name));
      checkOrders(facts, index);
    });
  }

  for (const lang of ["javascript", "typescript", "python"]) {
    const dir = join(FIXTURES, "callgraph", lang);
    for (const name of readdirSync(dir).sort()) {
      test(`caret fixture ${lang}/${name}`, async () => {
        const { files } = parseFixture(name.replace(".gap.", "."), readFileSync(join(dir, name), "utf8"));
        const root = join(work, `caret-${lang}-${name}`);
        for (const [path, content] of files) {
          mkdirSync(dirname(join(root, path)), { recursive: true });
          writeFileSync(join(root, path), content);
        }
        const { facts, index } = await inputsOf(root);
        checkOrders(facts, index);
      });
    }
  }

  // Small projects whose names resolve through each other (cycles) or through alias chains longer
  // than the resolver's depth limit: where a memoised cut-short answer would leak into other files.
  const handMade: Record<string, Record<string, string>> = {
    "python name cycle across modules": {
      "a.py": "import b\n\ndef f():\n    pass\n\nx = b.y\nx = f\nx()\n",
      "b.py": "import a\n\ndef g():\n    pass\n\ny = a.x\ny = g\ny()\n",
      "c.py": "from a import x\nfrom b import y\nx()\ny()\n",
    },
    "python return cycle": {
      "m.py": "import n\n\ndef one(k):\n    if k:\n        return n.two(k)\n    return helper\n\ndef helper():\n    pass\n\none(1)()\n",
      "n.py": "import m\n\ndef two(k):\n    if k:\n        return m.one(k)\n    return other\n\ndef other():\n    pass\n\ntwo(1)()\n",
    },
    "javascript export cycle": {
      "a.js": "const b = require('./b');\nfunction f() {}\nexports.x = b.y || f;\nexports.x();\n",
      "b.js": "const a = require('./a');\nfunction g() {}\nexports.y = a.x || g;\nexports.y();\n",
      "c.js": "const { x } = require('./a');\nconst { y } = require('./b');\nx();\ny();\n",
    },
    "python alias chain beyond the depth limit": Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [
        `m${i}.py`,
        i === 0 ? "def target():\n    pass\n\nv = target\nv()\n" : `from m${i - 1} import v as w\nv = w\nv()\n`,
      ]),
    ),
    "javascript alias chain beyond the depth limit": Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [
        `m${i}.js`,
        i === 0 ? "function target() {}\nexports.v = target;\nexports.v();\n" : `const w = require('./m${i - 1}').v;\nexports.v = w;\nw();\n`,
      ]),
    ),
  };
  for (const [name, files] of Object.entries(handMade)) {
    test(name, async () => {
      const root = join(work, name.replace(/\W+/g, "-"));
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), content);
      }
      const { facts, index } = await inputsOf(root);
      checkOrders(facts, index);
    });
  }

  test("an alias chain through 1,500 modules (beyond the resolver's stack bound) is followed to its end, in any order", async () => {
    const root = join(work, "long-chain");
    mkdirSync(root, { recursive: true });
    for (let i = 0; i < 1500; i++) {
      writeFileSync(join(root, `m${i}.py`), i === 0 ? "def target():\n    pass\n\nv = target\n" : `from m${i - 1} import v as w\nv = w\nv()\n`);
    }
    const { facts, index } = await inputsOf(root);
    const edges = assemble(facts, index).parts.edges;
    for (const i of [1, 700, 1499]) expect(edges.some((e) => e.from === `m${i}.py#<module>` && e.to === "m0.py#target" && e.kind === "call")).toBe(true);
    checkOrders(facts, index);
  });

  test("return chains through 1,500 modules (beyond the stack bound), one ending in nothing and one in an instance, in any order", async () => {
    // The cut answers of the first are kept once the cut questions prove empty; the second's
    // cut question is not, so they are computed again from the bottom of the stack.
    const root = join(work, "return-chains");
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, "m0.js"), "class Box { open() {} }\nfunction empty() { return 1; }\nfunction made() { return new Box(); }\nmodule.exports = { empty, made };\n");
    for (let i = 1; i < 1500; i++) {
      writeFileSync(join(root, `m${i}.js`), `const prev = require("./m${i - 1}.js");\nfunction empty() { return prev.empty(); }\nfunction made() { return prev.made(); }\nmodule.exports = { empty, made };\n`);
    }
    writeFileSync(join(root, "main.js"), "const last = require(\"./m1499.js\");\nlast.empty().open();\nlast.made().open();\n");
    const { facts, index } = await inputsOf(root);
    const edges = assemble(facts, index).parts.edges.filter((e) => e.from === "main.js#<module>" && e.kind === "call");
    expect(edges.map((e) => `${e.line} ${e.to}`).sort()).toEqual(["2 m1499.js#empty", "3 m0.js#Box.open", "3 m1499.js#made"]);
    checkOrders(facts, index);
  });

  for (const lang of ["js", "ts", "py"] as const) {
    test(`generated ${lang} corpus, 30k lines`, async () => {
      const dir = join(work, `corpus-${lang}`);
      generateCorpus(lang, dir, 30_000);
      const { facts, index } = await inputsOf(dir);
      expect(facts.length).toBeGreaterThan(50);
      checkOrders(facts, index);
    });
  }
});
