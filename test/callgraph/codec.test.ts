// The facts codec (codec.ts through cache.ts's encodeFacts/decodeFacts): decoding gives back
// exactly the facts extracted (Maps, absent optional fields, every value), equal values below the
// records are one object while the records and the lists per name stay distinct, and bytes that
// are not a whole entry of ours (truncated, bit-flipped, random, hostile) decode to null or to
// facts, never to an exception.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateCorpus } from "../../scripts/gen-corpus.ts";
import { packBindings } from "../../src/scan/callgraph/bound.ts";
import { decodeFacts, encodeFacts } from "../../src/scan/callgraph/cache.ts";
import type { FileFacts } from "../../src/scan/callgraph/fact-types.ts";
import type { Grammar } from "../../src/scan/callgraph/parser.ts";
import { listFiles, readSource, type SourceFile } from "../../src/scan/callgraph/walk.ts";
import { extractText, FIXTURES, PROJECTS } from "./helpers.ts";

const tmp = mkdtempSync(join(tmpdir(), "reachd-codec-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Facts as extraction leaves them, bindings packed: what workers encode. */
async function extract(path: string, grammar: Grammar, text: string): Promise<FileFacts> {
  const draft = await extractText(grammar, text, path);
  return { ...draft, bindings: packBindings(draft.bindings) };
}

async function sources(root: string): Promise<{ src: SourceFile; text: string }[]> {
  const out: { src: SourceFile; text: string }[] = [];
  for (const src of (await listFiles(root)).sources) {
    const read = await readSource(root, src.path);
    if ("text" in read) out.push({ src, text: read.text });
  }
  return out;
}

const isRecordList = new Set(["defs", "calls", "imports", "dynamic", "objAttrs"]);

/**
 * Every object below the records, by a canonical text of its content: equal content must be one
 * object (the hash-consing), and no record or per-name list may be one of them.
 */
function checkSharing(f: FileFacts): void {
  const byContent = new Map<string, object>();
  const distinct = new Set<object>();
  const canon = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x instanceof Map ? { map: [...x] } : x === undefined ? "\u0000undefined" : x));
  const shared = (v: unknown): void => {
    if (v === null || typeof v !== "object") return;
    expect(distinct.has(v)).toBe(false);
    const key = `${Array.isArray(v) ? "A" : "O"}${canon(v)}`;
    const one = byContent.get(key);
    if (one === undefined) byContent.set(key, v);
    else expect(one).toBe(v);
    for (const x of Array.isArray(v) ? v : Object.values(v)) shared(x);
  };
  const list = (l: unknown[], item: (x: unknown) => void): void => {
    distinct.add(l);
    for (const x of l) item(x);
  };
  const record = (r: object): void => {
    distinct.add(r);
    for (const v of Object.values(r)) shared(v);
  };
  const boundValue = (x: unknown): void => (Array.isArray(x) ? list(x, shared) : shared(x));
  for (const [name, value] of Object.entries(f)) {
    if (isRecordList.has(name)) list(value as object[], (r) => record(r as object));
  }
  list(f.cjs, shared);
  for (const names of f.bindings) {
    if (names instanceof Map) for (const v of names.values()) boundValue(v);
    else if (names) list(names, (x) => (typeof x === "string" ? undefined : boundValue(x)));
  }
  for (const byName of f.attrs.values()) for (const l of byName.values()) list(l, shared);
  for (const l of [...f.exports.values(), ...f.returns.values()]) list(l, shared);
  // Records and lists are distinct objects each (a second visit would have failed above).
  expect(distinct.size).toBeGreaterThan(0);
}

function roundTrip(f: FileFacts): FileFacts {
  const decoded = decodeFacts(encodeFacts(f));
  expect(decoded).not.toBeNull();
  expect(decoded!).toStrictEqual(f);
  checkSharing(decoded!);
  return decoded!;
}

describe("facts codec", () => {
  test("every file of the fixture projects and apps decodes to its facts, with equal values shared", async () => {
    let files = 0;
    for (const base of [PROJECTS, join(FIXTURES, "apps")]) {
      for (const project of new Bun.Glob("*").scanSync({ cwd: base, onlyFiles: false })) {
        for (const { src, text } of await sources(join(base, project))) {
          roundTrip(await extract(src.path, src.grammar, text));
          files++;
        }
      }
    }
    expect(files).toBeGreaterThan(50);
  });

  test.each(["js", "ts", "py"] as const)("a generated %s corpus decodes to its facts", async (lang) => {
    const dir = join(tmp, lang);
    generateCorpus(lang, dir, 3000);
    const all = await sources(dir);
    expect(all.length).toBeGreaterThan(5);
    for (const { src, text } of all) roundTrip(await extract(src.path, src.grammar, text));
  });

  test("equal refs are one object and records stay distinct", async () => {
    const text = Array.from({ length: 200 }, (_, i) => `const m${i} = require("./m${i % 3}");\nfoo.bar(m${i}, null);\nfunction g${i}() {}\n`).join("");
    const facts = await extract("big.js", "javascript", text);
    const decoded = roundTrip(facts);
    const calls = decoded.calls.filter((c) => c.ref.root.t === "name" && c.ref.root.name === "foo");
    expect(calls.length).toBe(200);
    expect(new Set(calls.map((c) => c.ref)).size).toBe(1);
    expect(new Set(calls).size).toBe(200);
    // Every def's empty member list and every empty path: one array.
    expect(decoded.defs.length).toBe(200);
    expect(new Set(decoded.defs.map((d) => d.memberStarts)).size).toBe(1);
  });

  test("deeply nested values, odd numbers, undefined fields and lone surrogates survive", async () => {
    const deep = await extract("deep.py", "python", `x = ${"[".repeat(300)}1${"]".repeat(300)}\ny = ${"f(".repeat(400)}1${")".repeat(400)}\n`);
    roundTrip(deep);
    const odd: FileFacts = {
      ...(await extract("odd.js", "javascript", "a.b(1);\n")),
      error: "clipped \ud83d",
      members: new Map([["x", -0], ["y", NaN], ["z", 2 ** 40], ["w", 0.5], ["v", -(2 ** 31)]]),
      allNames: ["é", "日本", "\u{1F600}"],
    };
    (odd.calls[0] as unknown as Record<string, unknown>).extra = undefined;
    const decoded = roundTrip(odd);
    expect(Object.is(decoded.members.get("x"), -0)).toBe(true);
    expect("extra" in decoded.calls[0]!).toBe(true);
    expect("weak" in decoded.calls[0]!).toBe(false);
  });

  test("truncated, bit-flipped and random bytes decode to null or to facts, never throw", async () => {
    const facts = await extract("t.js", "javascript", `import a from "a";\nexport function f(x) { return a(x).b; }\nclass C { m() { f(1); this.q = 2; } }\n`);
    const bytes = encodeFacts(facts);
    const tryDecode = (b: Uint8Array): void => {
      let out: FileFacts | null = null;
      expect(() => (out = decodeFacts(b))).not.toThrow();
      if (out !== null) expect((out as FileFacts).defs).toBeArray();
    };
    for (let n = 0; n < bytes.length; n++) tryDecode(bytes.subarray(0, n));
    let seed = 12345;
    const rand = (): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8);
    for (let i = 0; i < 3000; i++) {
      const b = bytes.slice();
      for (let k = 0; k <= i % 4; k++) {
        const at = 8 + (rand() % (b.length - 8));
        b[at] = b[at]! ^ (1 << (rand() % 8));
      }
      tryDecode(b);
    }
    for (let i = 0; i < 500; i++) {
      const b = bytes.slice(0, 8 + (rand() % 400));
      for (let k = 8; k < b.length; k++) b[k] = rand() & 0xff;
      tryDecode(b);
    }
    // Counts far beyond the bytes: refused before anything of that size is made.
    const huge = bytes.slice();
    new Int32Array(huge.buffer, 8, 6).fill(0x7fffffff);
    expect(decodeFacts(huge)).toBeNull();
    // An unaligned copy decodes all the same.
    const shifted = new Uint8Array(bytes.length + 1).subarray(1);
    shifted.set(bytes);
    expect(decodeFacts(shifted)).toStrictEqual(facts);
    // So does a Buffer at an unaligned offset (whose slice() is a view, not a copy).
    const inBuffer = Buffer.alloc(bytes.length + 1).subarray(1);
    inBuffer.set(bytes);
    expect(decodeFacts(inBuffer)).toStrictEqual(facts);
  });

  test("an object key that would set a prototype makes the entry a miss", () => {
    const facts: FileFacts = {
      path: "p.js", language: "javascript", defs: [], calls: [], imports: [], bindings: [], attrs: new Map(),
      exports: new Map(), cjs: [JSON.parse(`{"__proto__": {"polluted": true}, "path": []}`)], stars: [], members: new Map(), dynamic: [], returns: new Map(),
    };
    expect(decodeFacts(encodeFacts(facts))).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
