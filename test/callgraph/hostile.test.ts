// Hostile input: the build must survive what real checkouts contain — deep nesting, long
// chains, oversized and minified files, binary data, UTF-16, symlinks — and stay fast at scale.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { toPycg } from "../../src/scan/callgraph/pycg.ts";
import { cpuBudget } from "../../src/scan/callgraph/parser.ts";
import { setDeadline } from "../../src/scan/deadline.ts";
import { reach } from "../../src/scan/reach/index.ts";
import { target } from "./helpers.ts";

let root: string;
let outside: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "reachd-hostile-"));
  outside = await mkdtemp(join(tmpdir(), "reachd-outside-"));
  const w = (path: string, data: string | Uint8Array): Promise<void> =>
    mkdir(join(root, path, ".."), { recursive: true }).then(() => writeFile(join(root, path), data));
  await w("package.json", JSON.stringify({ main: "index.js" }));
  await w("index.js", [
    "require('./deep'); require('./chain'); require('./big'); require('./bundle.min');",
    "require('./blob'); require('./utf16'); require('./linked/secret');",
  ].join("\n"));
  // 20k nested arrays and 20k nested functions: nothing may recurse per level.
  await w("deep.js", `const a = ${"[\n".repeat(20_000)}${"]\n".repeat(20_000)};\n` +
    `${"function f() {\n".repeat(5_000)} require('lodash').template(); ${"}\n".repeat(5_000)}\nf();\n`);
  await w("chain.js", `const _ = require('lodash');\n_${".a()".repeat(20_000)};\n`);
  await w("big.js", `// ${"x".repeat(3 * 1024 * 1024)}\n`);
  await w("bundle.min.js", "var a=1;");
  await w("blob.js", new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 3]));
  const utf16 = "const yaml = require('js-yaml');\nyaml.load('x');\n";
  const bytes = new Uint8Array(2 + utf16.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < utf16.length; i++) bytes[2 + i * 2] = utf16.charCodeAt(i);
  await w("utf16.js", bytes);
  await w("weird.py", "\udc80 = 1\nimport yaml\n");
  await writeFile(join(outside, "secret.js"), "require('left-pad')();\n");
  await symlink(outside, join(root, "linked"));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe("hostile files", () => {
  test("deep nesting, long chains, huge/minified/binary files, UTF-16, symlinks", async () => {
    const g = await buildProjectGraph(root);
    const errors = Object.fromEntries(g.files.map((f) => [f.path, f.error ?? null]));
    expect(errors["big.js"]).toStartWith("not analysed: larger than");
    expect(errors["bundle.min.js"]).toBe("not analysed: looks minified");
    expect(errors["blob.js"]).toBe("not analysed: binary content");
    expect(errors["utf16.js"]).toBeNull();
    expect(Object.keys(errors)).not.toContain("linked/secret.js"); // symlinks are not followed
    expect(g.uses.some((u) => u.module === "js-yaml" && u.member[0] === "load")).toBe(true);
    // Skipped files that reachable code imports make answers unknown, never silently none.
    const r = reach(g, target("npm", "left-pad"));
    expect(r.level).toBe("unknown");
  }, 30_000);

  test("a deeply nested call is still found", async () => {
    const g = await buildProjectGraph(root);
    const deep = g.uses.find((u) => u.from.startsWith("deep.js#") && u.member[0] === "template");
    expect(deep?.line).toBe(45_002);
    expect(g.nodes.every((n) => n.id.length < 300)).toBe(true);
  }, 30_000);
});

/** The pycg graph of one main.js, built in a temp dir (in-process; under `signal`'s deadline if given). */
async function pycgOfJs(lines: string[], signal?: AbortSignal) {
  const dir = await mkdtemp(join(tmpdir(), "reachd-js-hostile-"));
  try {
    await writeFile(join(dir, "main.js"), lines.join("\n"));
    return toPycg(await buildProjectGraph(dir, { signal, pool: false }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("the parse budget", () => {
  // A file that parses slowly because the host is busy is not hostile: only the parsing thread's
  // own CPU time spends the budget, so a loaded CI machine does not drop a file's edges.
  test("waiting on the clock does not spend it; working does", () => {
    const idle = cpuBudget(30);
    Bun.sleepSync(80);
    expect(idle()).toBe(false);
    const busy = cpuBudget(30);
    let n = 0;
    const end = performance.now() + 10_000;
    while (!busy() && performance.now() < end) n++;
    expect(busy()).toBe(true);
    expect(n).toBeGreaterThan(0);
  });
});

describe("cycles of members", () => {
  // elysia's compiled mergeHook: `{ ...a }` and `{ ...a, ...b }` read the members of what a and b
  // hold, which are those objects again. Each member question asked two more one level deeper
  // down to the depth limit (2^24), and assembly never finished; members are now memoised
  // questions, whose cycles are resolved once. The deadline turns a regression into a failure
  // instead of a test run that never ends (assembly is synchronous: the test's timeout cannot fire).
  test("objects spreading what a function returns into what it returns: the members' cycle is resolved", async () => {
    const signal = new AbortController();
    setDeadline(signal.signal, performance.now() + 20_000, () => signal.abort(new Error("assembly did not finish in 20 s")));
    const g = await pycgOfJs([
      "const mergeHook = (a, b) => {",
      "  if (!b) return a;",
      "  if (!a) return b;",
      "  if (!b.parse) return { ...a };",
      "  const hook = { ...a, ...b, parse: b.parse ?? a.parse };",
      "  return hook;",
      "};",
      "function onRequest() {}",
      "let local = { request: onRequest };",
      "local = mergeHook(local, { parse: JSON.parse });",
      "local = mergeHook(mergeHook(local, local), local);",
      "local.request();",
    ], signal.signal);
    expect(g["main"]).toEqual(["main.mergeHook", "main.onRequest"]);
  }, 60_000);
});

describe("long member chains", () => {
  // Members are memoised questions that start from depth 0 (a chain of them is bounded by the
  // stack of unfinished answers, whose overflow is deferred, not by the depth limit): the end of
  // a 1,500-object chain is found (it was cut at depth 24 before) and nothing overflows the stack.
  test("`const o0 = { a: o1.a }` ... 1,500 objects down to a function: o0.a() calls it", async () => {
    const lines = ["function leaf() {}"];
    for (let i = 1499; i >= 0; i--) lines.push(`const o${i} = { a: ${i + 1 < 1500 ? `o${i + 1}.a` : "leaf"} };`);
    lines.push("o0.a();");
    expect((await pycgOfJs(lines))["main"]).toEqual(["main.leaf"]);
  }, 60_000);
});

describe("scale", () => {
  test("2,000 chained modules: the path through all of them is found (speed is scripts/bench-scan.ts's job)", async () => {
    const big = await mkdtemp(join(tmpdir(), "reachd-scale-"));
    try {
      await writeFile(join(big, "package.json"), JSON.stringify({ main: "m0.js" }));
      for (let i = 0; i < 2000; i++) {
        const next = i + 1 < 2000 ? `const next = require('./m${i + 1}');\n` : "const _ = require('lodash');\n";
        const body = i + 1 < 2000 ? "next.run(x);" : "_.template(x);";
        const filler = Array.from({ length: 20 }, (_, k) => `function helper${k}(a) { return a + ${k}; }`).join("\n");
        await writeFile(join(big, `m${i}.js`), `${next}${filler}\nexports.run = function run(x) {\n  ${body}\n};\nexports.run(1);\n`);
      }
      const started = performance.now();
      const g = await buildProjectGraph(big);
      const r = reach(g, target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]));
      const ms = performance.now() - started;
      expect(r.level).toBe("function");
      expect(r.paths[0]!.length).toBeGreaterThan(3);
      console.log(`scale: 2000 files, ${g.nodes.length} nodes, ${g.edges.length} edges in ${Math.round(ms)} ms`);
    } finally {
      await rm(big, { recursive: true, force: true });
    }
  }, 60_000);
});
