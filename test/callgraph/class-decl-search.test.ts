// jsUsedNames finds class declarations (`export default abstract class A`) by trying its regex only
// where a match can start (facts-js.ts nextClassDecl); a global search of the same regex tried it at
// every position. The two must find the same matches: checked here on random texts made of the
// words and characters the pattern reads, and on real files.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { classDeclarations } from "../../src/scan/callgraph/facts-js.ts";

const GLOBAL = /(?<![\w$.])((?:(?:export|default|declare|abstract)\s+)*)class\s+([A-Z][\w$]*)/g;

function byGlobalSearch(code: string): string[] {
  const out: string[] = [];
  GLOBAL.lastIndex = 0;
  for (let m = GLOBAL.exec(code); m !== null; m = GLOBAL.exec(code)) out.push(`${m.index}:${m[0]}:${m[1]}:${m[2]}`);
  return out;
}

const found = (code: string): string[] => classDeclarations(code).map((m) => `${m.index}:${m[0]}:${m[1]}:${m[2]}`);

/** mulberry32: the same texts on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOKENS = ["export", "default", "declare", "abstract", "class", "class ", " ", "  ", "\n", "\t", "\u00a0", "A", "Foo", "x", ".", "$", "(", ")", "@",
  "sub", "_", "xport", "e", "exportclass", "class A", " class Foo", "export ", "default ", "abstract\n", ".class B", "$class C"];

describe("class declaration search", () => {
  test("the same matches as the global regex on random texts", () => {
    const next = rng(23);
    let matches = 0;
    for (let i = 0; i < 20_000; i++) {
      let code = "";
      const n = 1 + Math.floor(next() * 16);
      for (let j = 0; j < n; j++) code += TOKENS[Math.floor(next() * TOKENS.length)];
      const want = byGlobalSearch(code);
      matches += want.length;
      expect(found(code)).toEqual(want);
    }
    expect(matches).toBeGreaterThan(4_000);
  }, 60_000);

  test("the same matches on the fixture apps' sources", () => {
    let files = 0;
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else if (/\.(?:[cm]?[jt]sx?)$/.test(e.name)) {
          const code = readFileSync(path, "utf8");
          expect(found(code)).toEqual(byGlobalSearch(code));
          files++;
        }
      }
    };
    walk(join(import.meta.dir, "../fixtures/apps"));
    expect(files).toBeGreaterThan(50);
  }, 60_000);
});
