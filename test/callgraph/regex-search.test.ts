// Two whole-file regex searches of extraction try their regex only where a match can start, not
// at every position: facts-js.ts nextCjsNamed (`exports.A = A;` in jsUsedNames) and
// refs-py-strings.ts boundCount (pyConsts: is a top-level name bound anywhere else). Each must
// find what the global search of the same regex finds: checked here on random texts made of the
// words and characters the patterns read, and on the fixture apps' sources.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cjsNamedExports } from "../../src/scan/callgraph/facts-js.ts";
import { boundCount } from "../../src/scan/callgraph/refs-py-strings.ts";

const CJS = /\b(?:module\.)?exports\.([A-Z][\w$]*)\s*=\s*([A-Z][\w$]*)\s*[;\n]/g;

function cjsByGlobalSearch(code: string): string[] {
  const out: string[] = [];
  CJS.lastIndex = 0;
  for (let m = CJS.exec(code); m !== null; m = CJS.exec(code)) out.push(`${m.index}:${m[0]}:${m[1]}:${m[2]}`);
  return out;
}
const cjsFound = (code: string): string[] => cjsNamedExports(code).map((m) => `${m.index}:${m[0]}:${m[1]}:${m[2]}`);

const boundSource = (name: string): string =>
  `(?:^|[^\\w.])${name}\\s*(?:[-+*/%&|^@]|//|<<|>>|\\*\\*)?=(?!=)|\\bglobal\\b[^\\n]*\\b${name}\\b|\\bfor\\s+[^\\n]*\\b${name}\\b[^\\n]*\\bin\\b`;

/** pyConsts' count before: the global search, stopped at 2. */
function boundByGlobalSearch(src: string, name: string): number {
  let count = 0;
  for (const _ of src.matchAll(new RegExp(boundSource(name), "gm"))) if (++count > 1) break;
  return count;
}
const boundFound = (src: string, name: string): number => boundCount(src, name, new RegExp(boundSource(name), "my"));

/** Random texts per search (REGEX_SEARCH_TEXTS for a longer run). */
const N = Number(process.env.REGEX_SEARCH_TEXTS ?? 20_000);

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

const CJS_TOKENS = ["exports", "exports.", "module", "module.", ".", "A", "Foo", "x", "$", "=", " = ", " ", "\n", ";", "\t", "_",
  "exports.A = A;", "module.exports.Foo = Foo\n", "xexports.", "modulemodule.", "exports.exports.", "\r\n"];
const PY_TOKENS = ["scale", "scal", "e", "scale ", "ascale", "scale_", ".scale", " ", "  ", "\n", "\r", "\t", "\u2028", "=", "==", "+=", "//=",
  "**=", "<<=", "-", "global", "global ", "nonlocal ", "for", "for ", " in ", "in", "f", "g", "x", ",", "(", ")", ":", "#", "_", "scale = 1\n"];

function texts(seed: number, tokens: string[], count: number, check: (text: string) => void): void {
  const next = rng(seed);
  for (let i = 0; i < count; i++) {
    let text = "";
    const n = 1 + Math.floor(next() * 20);
    for (let j = 0; j < n; j++) text += tokens[Math.floor(next() * tokens.length)];
    check(text);
  }
}

describe("regex searches tried where a match can start", () => {
  test("exports.A = A: the same matches as the global regex on random texts", () => {
    let matches = 0;
    texts(29, CJS_TOKENS, N, (code) => {
      const want = cjsByGlobalSearch(code);
      matches += want.length;
      expect(cjsFound(code)).toEqual(want);
    });
    expect(matches).toBeGreaterThan(3_000);
  }, 60_000);

  test("pyConsts' bindings: the same count as the global regex on random texts", () => {
    const seen = [0, 0, 0];
    texts(31, PY_TOKENS, N, (src) => {
      const want = boundByGlobalSearch(src, "scale");
      seen[want]!++;
      expect(boundFound(src, "scale")).toBe(want);
    });
    expect(Math.min(...seen)).toBeGreaterThan(500);
  }, 60_000);

  test("the same answers on the fixture apps' sources", () => {
    let files = 0;
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else if (/\.(?:[cm]?[jt]sx?)$/.test(e.name)) {
          const code = readFileSync(path, "utf8");
          expect(cjsFound(code)).toEqual(cjsByGlobalSearch(code));
          files++;
        } else if (e.name.endsWith(".py")) {
          const src = readFileSync(path, "utf8");
          for (const name of [...new Set(src.match(/^[A-Za-z_]\w*(?=\s*=)/gm) ?? [])].slice(0, 16)) expect(boundFound(src, name)).toBe(boundByGlobalSearch(src, name));
          files++;
        }
      }
    };
    walk(join(import.meta.dir, "../fixtures/apps"));
    expect(files).toBeGreaterThan(50);
  }, 60_000);
});
