// Deterministic generated application corpus for benchmarks (scripts/bench-scan.ts):
//
//   bun scripts/gen-corpus.ts --lang js|ts|py --lines 500000 --out DIR
//
// Many packages of modules that import each other (relative and cross-package), classes with
// constructors and methods calling each other through this/self, functions stored in variables,
// callbacks handed to other functions, lambdas and closures, and calls into real npm/PyPI packages
// (lodash, qs, minimist / PyYAML, requests) pinned in a lockfile at vulnerable versions, so a full
// scan matches advisories and finds real paths from the entry point. Same arguments, same bytes.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type CorpusLang = "js" | "ts" | "py";

export interface Corpus {
  dir: string;
  lang: CorpusLang;
  files: number;
  lines: number;
  /** A module the re-scan benchmark edits. */
  sample: string;
}

/** mulberry32: a tiny seeded PRNG so the corpus is the same on every machine. */
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

const MODULES_PER_PACKAGE = 40;
const FUNCS = 8;
const CLASSES = 2;
const METHODS = 6;

interface Shape {
  pkgs: number;
  perPkg: number;
}

function shape(lines: number, linesPerModule: number): Shape {
  const modules = Math.max(2, Math.ceil(lines / linesPerModule));
  const pkgs = Math.max(1, Math.ceil(modules / MODULES_PER_PACKAGE));
  return { pkgs, perPkg: Math.ceil(modules / pkgs) };
}

/** Modules imported by module (p, m): neighbours in its package and a few in other packages. */
function importsOf(r: () => number, s: Shape, p: number, m: number): [number, number][] {
  const out: [number, number][] = [];
  const seen = new Set<string>([`${p}/${m}`]);
  const add = (q: number, n: number): void => {
    const k = `${q}/${n}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push([q, n]);
    }
  };
  if (m + 1 < s.perPkg) add(p, m + 1);
  if (m + 2 < s.perPkg) add(p, m + 2);
  for (let i = 0; i < 3; i++) add(Math.floor(r() * s.pkgs), Math.floor(r() * s.perPkg));
  return out;
}

// ---------------------------------------------------------------------------------------------
// JavaScript (CommonJS) and TypeScript (ES modules, types)

function jsModule(lang: "js" | "ts", r: () => number, s: Shape, p: number, m: number): string {
  const ts = lang === "ts";
  const L: string[] = [];
  const deps = importsOf(r, s, p, m);
  const usesLodash = (p * 7 + m) % 5 === 0;
  const usesQs = (p * 3 + m) % 11 === 0;
  const rel = (q: number, n: number): string => (q === p ? `./mod${n}` : `../pkg${q}/mod${n}`) + (ts ? "" : ".js");
  L.push(`// Generated module pkg${p}/mod${m}: part of the reachd benchmark corpus.`);
  if (!ts) L.push(`"use strict";`);
  if (usesLodash) L.push(ts ? `import _ from "lodash";` : `const _ = require("lodash");`);
  if (usesQs) L.push(ts ? `import * as qs from "qs";` : `const qs = require("qs");`);
  deps.forEach(([q, n], i) => {
    if (ts) {
      L.push(i % 2 === 0 ? `import * as dep${i} from "${rel(q, n)}";` : `import { func0 as f${i}, Service${n}a as S${i} } from "${rel(q, n)}";`);
    } else {
      L.push(i % 2 === 0 ? `const dep${i} = require("${rel(q, n)}");` : `const { func0: f${i}, Service${n}a: S${i} } = require("${rel(q, n)}");`);
    }
  });
  L.push("");
  if (ts) {
    L.push(`export interface Options${m} {`, `  name: string;`, `  limit: number;`, `  tags?: string[];`, `}`, "");
    L.push(`type Handler = (value: number, index: number) => number;`, "");
  }
  const T = (t: string): string => (ts ? `: ${t}` : "");
  const call = (k: number): string => {
    const i = Math.floor(r() * deps.length);
    if (deps.length === 0) return `func${(k + 1) % FUNCS}(x)`;
    return i % 2 === 0 ? `dep${i}.func${Math.floor(r() * FUNCS)}(x)` : `f${i}(x)`;
  };
  for (let k = 0; k < FUNCS; k++) {
    L.push(`${ts ? "export " : ""}function func${k}(x${T("number")}, y${T("number")} = ${k})${T("number")} {`);
    L.push(`  const values${T("number[]")} = [x, y, ${k}];`);
    L.push(`  let total = 0;`);
    L.push(`  for (const v of values) {`);
    L.push(`    if (v % 3 === ${k % 3}) {`);
    L.push(`      total += v * ${k + 1};`);
    L.push(`    } else {`);
    L.push(`      total -= Math.floor(v / 2);`);
    L.push(`    }`);
    L.push(`  }`);
    L.push(`  const mapped = values.map((v) => v + total).filter(function keep(v) {`);
    L.push(`    return v > ${k};`);
    L.push(`  });`);
    if (k < FUNCS - 1) L.push(`  if (x > ${k * 10}) return func${k + 1}(x - 1, mapped.length);`);
    if (k % 3 === 0) L.push(`  if (x < 0) return ${call(k)};`);
    if (k === 2 && usesLodash) L.push(`  const render = _.template("<p><%= total %></p>");`, `  render({ total });`);
    if (k === 3 && usesQs) L.push(`  const parsed = qs.parse("a=" + x);`, `  total += Object.keys(parsed).length;`);
    if (k === 4) L.push(`  apply(values, helper${k});`);
    L.push(`  return total + mapped.length;`);
    L.push(`}`, "");
  }
  L.push(`function helper4(value${T("number")}, index${T("number")})${T("number")} {`, `  return value * index + func5(value);`, `}`, "");
  L.push(`function apply(list${T("number[]")}, fn${T(ts ? "Handler" : "")})${T("number[]")} {`, `  return list.map(fn);`, `}`, "");
  L.push(`const scale = function (n${T("number")})${T("number")} {`, `  return n * ${m + 2};`, `};`, "");
  L.push(`const compose = (a${T("number")}) => (b${T("number")}) => scale(a) + b;`, "");
  for (let c = 0; c < CLASSES; c++) {
    const name = `Service${m}${String.fromCharCode(97 + c)}`;
    L.push(`${ts ? "export " : ""}class ${name}${c === 1 ? ` extends Service${m}a` : ""} {`);
    if (ts) L.push(`  private items: number[] = [];`, `  protected readonly label: string;`, "");
    L.push(`  constructor(label${T("string")}) {`);
    if (c === 1) L.push(`    super(label);`);
    if (!ts) L.push(`    this.items = [];`);
    L.push(`    this.label = label;`);
    L.push(`  }`, "");
    for (let k = 0; k < METHODS; k++) {
      L.push(`  method${k}(x${T("number")})${T("number")} {`);
      L.push(`    const y = x + ${k};`);
      L.push(`    this.items.push(y);`);
      L.push(`    if (y > ${(k + 1) * 7}) {`);
      L.push(k < METHODS - 1 ? `      return this.method${k + 1}(y - ${k + 1});` : `      return func${k % FUNCS}(y);`);
      L.push(`    }`);
      L.push(`    const next = this.items.reduce((acc, v) => acc + v, 0);`);
      if (k === 1) L.push(`    setTimeout(() => this.method${k + 2}(next), 0);`);
      if (k === 2 && deps.length > 1) L.push(`    const other = new S1("${name}");`, `    other.method0(next);`);
      L.push(`    return compose(next)(${call(k).replace(/\(x\)$/, "(y)")});`);
      L.push(`  }`, "");
    }
    L.push(`}`, "");
  }
  L.push(`${ts ? "export " : ""}function run(input${T("number")})${T("number")} {`);
  L.push(`  const service = new Service${m}b("pkg${p}/mod${m}");`);
  L.push(`  const first = service.method0(input);`);
  deps.forEach(([, n], i) => {
    L.push(i % 2 === 0 ? `  dep${i}.run(first);` : `  new S${i}("x${n}").method1(f${i}(first));`);
  });
  L.push(`  return func0(first) + scale(input);`);
  L.push(`}`, "");
  if (!ts) {
    const names = [...Array.from({ length: FUNCS }, (_, k) => `func${k}`), `Service${m}a`, `Service${m}b`, "run"];
    L.push(`module.exports = { ${names.join(", ")} };`);
  }
  return L.join("\n") + "\n";
}

// ---------------------------------------------------------------------------------------------
// Python

function pyModule(r: () => number, s: Shape, p: number, m: number): string {
  const L: string[] = [];
  const deps = importsOf(r, s, p, m);
  const usesYaml = (p * 7 + m) % 5 === 0;
  const usesRequests = (p * 3 + m) % 11 === 0;
  L.push(`"""Generated module pkg${p}.mod${m}: part of the reachd benchmark corpus."""`);
  if (usesYaml) L.push(`import yaml`);
  if (usesRequests) L.push(`import requests`);
  deps.forEach(([q, n], i) => {
    if (i % 2 === 0) L.push(q === p ? `from . import mod${n} as dep${i}` : `import pkg${q}.mod${n} as dep${i}`);
    else L.push(`from ${q === p ? "." : `pkg${q}.`}mod${n} import func0 as f${i}, Service${n}a as S${i}`);
  });
  L.push("", "");
  const call = (): string => {
    const i = Math.floor(r() * deps.length);
    if (deps.length === 0) return `func1(x)`;
    return i % 2 === 0 ? `dep${i}.func${Math.floor(r() * FUNCS)}(x)` : `f${i}(x)`;
  };
  for (let k = 0; k < FUNCS; k++) {
    L.push(`def func${k}(x, y=${k}):`);
    L.push(`    values = [x, y, ${k}]`);
    L.push(`    total = 0`);
    L.push(`    for v in values:`);
    L.push(`        if v % 3 == ${k % 3}:`);
    L.push(`            total += v * ${k + 1}`);
    L.push(`        else:`);
    L.push(`            total -= v // 2`);
    L.push(`    mapped = [v + total for v in values if v > ${k}]`);
    L.push(`    keep = list(filter(lambda v: v > ${k}, mapped))`);
    if (k < FUNCS - 1) L.push(`    if x > ${k * 10}:`, `        return func${k + 1}(x - 1, len(keep))`);
    if (k % 3 === 0) L.push(`    if x < 0:`, `        return ${call()}`);
    if (k === 2 && usesYaml) L.push(`    doc = yaml.load("a: %d" % total, Loader=yaml.FullLoader)`, `    total += len(doc)`);
    if (k === 3 && usesRequests) L.push(`    if x > 1000:`, `        requests.get("https://example.invalid/%d" % x)`);
    if (k === 4) L.push(`    apply(values, helper)`);
    L.push(`    return total + len(mapped)`);
    L.push("", "");
  }
  L.push(`def helper(value):`, `    return value * 2 + func5(value)`, "", "");
  L.push(`def apply(items, fn):`, `    return [fn(v) for v in items]`, "", "");
  L.push(`def compose(a):`, `    def inner(b):`, `        return scale(a) + b`, `    return inner`, "", "");
  L.push(`scale = lambda n: n * ${m + 2}`, "", "");
  for (let c = 0; c < CLASSES; c++) {
    const name = `Service${m}${String.fromCharCode(97 + c)}`;
    L.push(`class ${name}${c === 1 ? `(Service${m}a)` : ""}:`);
    L.push(`    """A service with state and methods calling each other."""`, "");
    L.push(`    def __init__(self, label):`);
    if (c === 1) L.push(`        super().__init__(label)`);
    L.push(`        self.items = []`);
    L.push(`        self.label = label`, "");
    for (let k = 0; k < METHODS; k++) {
      L.push(`    def method${k}(self, x):`);
      L.push(`        y = x + ${k}`);
      L.push(`        self.items.append(y)`);
      L.push(`        if y > ${(k + 1) * 7}:`);
      L.push(k < METHODS - 1 ? `            return self.method${k + 1}(y - ${k + 1})` : `            return func${k % FUNCS}(y)`);
      L.push(`        nxt = sum(self.items)`);
      if (k === 2 && deps.length > 1) L.push(`        other = S1("${name}")`, `        other.method0(nxt)`);
      if (k === 3) L.push(`        cb = self.method${k + 1}`, `        apply([nxt], cb)`);
      L.push(`        return compose(nxt)(${call().replace(/\(x\)$/, "(y)")})`);
      L.push("");
    }
    L.push("");
  }
  L.push(`def run(value):`);
  L.push(`    service = Service${m}b("pkg${p}.mod${m}")`);
  L.push(`    first = service.method0(value)`);
  deps.forEach(([, n], i) => {
    L.push(i % 2 === 0 ? `    dep${i}.run(first)` : `    S${i}("x${n}").method1(f${i}(first))`);
  });
  L.push(`    return func0(first) + scale(value)`);
  return L.join("\n") + "\n";
}

// ---------------------------------------------------------------------------------------------

function lockfiles(lang: CorpusLang): Record<string, string> {
  if (lang === "py") {
    return { "requirements.txt": "PyYAML==5.3.1\nrequests==2.25.0\n" };
  }
  const deps = { lodash: "4.17.20", qs: "6.7.0", minimist: "1.2.5" };
  return {
    "package.json": JSON.stringify({ name: `corpus-${lang}`, version: "1.0.0", main: `src/index.${lang}`, dependencies: deps }, null, 2),
    "package-lock.json": JSON.stringify({
      name: `corpus-${lang}`, version: "1.0.0", lockfileVersion: 3, requires: true,
      packages: {
        "": { name: `corpus-${lang}`, version: "1.0.0", dependencies: deps },
        ...Object.fromEntries(Object.entries(deps).map(([n, v]) => [`node_modules/${n}`, { version: v }])),
      },
    }, null, 2),
  };
}

function entry(lang: CorpusLang, s: Shape): string {
  const L: string[] = [];
  if (lang === "py") {
    for (let p = 0; p < s.pkgs; p++) L.push(`import pkg${p}.mod0`);
    L.push("", "", "def main():");
    for (let p = 0; p < s.pkgs; p++) L.push(`    pkg${p}.mod0.run(${p})`);
    L.push("", "", `if __name__ == "__main__":`, "    main()");
  } else if (lang === "ts") {
    for (let p = 0; p < s.pkgs; p++) L.push(`import { run as run${p} } from "./pkg${p}/mod0";`);
    L.push("", "export function main(): void {");
    for (let p = 0; p < s.pkgs; p++) L.push(`  run${p}(${p});`);
    L.push("}", "", "main();");
  } else {
    for (let p = 0; p < s.pkgs; p++) L.push(`const pkg${p} = require("./pkg${p}/mod0.js");`);
    L.push("", "function main() {");
    for (let p = 0; p < s.pkgs; p++) L.push(`  pkg${p}.run(${p});`);
    L.push("}", "", "main();");
  }
  return L.join("\n") + "\n";
}

/** Write a corpus of about `lines` lines of `lang` into `dir` (emptied first). */
export function generateCorpus(lang: CorpusLang, dir: string, lines: number): Corpus {
  rmSync(dir, { recursive: true, force: true });
  const ext = lang === "py" ? "py" : lang;
  const s = shape(lines, lang === "py" ? 250 : 290);
  const r = rng(0x5eed ^ lines ^ (lang === "js" ? 1 : lang === "ts" ? 2 : 3));
  const src = lang === "py" ? dir : join(dir, "src");
  let total = 0;
  let files = 0;
  const write = (path: string, text: string): void => {
    writeFileSync(path, text);
    files++;
    total += text.split("\n").length - 1;
  };
  mkdirSync(src, { recursive: true });
  for (const [name, text] of Object.entries(lockfiles(lang))) writeFileSync(join(dir, name), text);
  for (let p = 0; p < s.pkgs; p++) {
    const pdir = join(src, `pkg${p}`);
    mkdirSync(pdir, { recursive: true });
    if (lang === "py") write(join(pdir, "__init__.py"), `"""Package ${p}."""\n`);
    for (let m = 0; m < s.perPkg; m++) {
      const text = lang === "py" ? pyModule(r, s, p, m) : jsModule(lang, r, s, p, m);
      write(join(pdir, `mod${m}.${ext}`), text);
    }
  }
  write(join(src, lang === "py" ? "main.py" : `index.${ext}`), entry(lang, s));
  const sample = join(lang === "py" ? "" : "src", `pkg${Math.floor(s.pkgs / 2)}`, `mod${Math.floor(s.perPkg / 2)}.${ext}`);
  return { dir, lang, files, lines: total, sample };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const get = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const lang = (get("lang") ?? "js") as CorpusLang;
  const out = get("out");
  const lines = Number(get("lines") ?? 500_000);
  if (!["js", "ts", "py"].includes(lang) || !out || !Number.isFinite(lines) || lines < 1) {
    console.error("usage: bun scripts/gen-corpus.ts --lang js|ts|py --lines N --out DIR");
    process.exit(2);
  }
  const c = generateCorpus(lang, out, lines);
  console.log(`${c.lang}: ${c.files} files, ${c.lines} lines in ${c.dir}`);
}
