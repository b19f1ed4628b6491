// Vite's `import.meta.glob` patterns (refs-js-modules.ts viteGlob) name source files through
// modules.ts globFiles: `*` within a folder, `**` at any depth, `{a,b}` alternatives, relative to
// the importing file, sorted and bounded.
import { expect, test } from "bun:test";
import { globFiles, type ModuleIndex } from "../../src/scan/callgraph/modules.ts";

function index(files: string[]): ModuleIndex {
  return { all: new Set(files), sources: new Set(files), pyDirs: new Set(), localPackages: new Map(), mains: new Map() };
}

const files = [
  "src/main.ts", "src/pages/home.ts", "src/pages/about.ts", "src/pages/nested/deep.ts",
  "src/pages/readme.md.ts", "src/stores/cart.js", "src/stores/user.ts", "lib/x.ts",
];

test("a star stays within its folder, ** reaches below", () => {
  expect(globFiles("src/main.ts", "./pages/*.ts", index(files))).toEqual(["src/pages/about.ts", "src/pages/home.ts", "src/pages/readme.md.ts"]);
  expect(globFiles("src/main.ts", "./pages/**/*.ts", index(files))).toEqual(["src/pages/about.ts", "src/pages/home.ts", "src/pages/nested/deep.ts", "src/pages/readme.md.ts"]);
});

test("alternatives, parent folders, and the importer itself left out", () => {
  expect(globFiles("src/main.ts", "./stores/*.{js,ts}", index(files))).toEqual(["src/stores/cart.js", "src/stores/user.ts"]);
  expect(globFiles("src/pages/home.ts", "../../lib/*.ts", index(files))).toEqual(["lib/x.ts"]);
  expect(globFiles("src/main.ts", "./*.ts", index(files))).toEqual([]);
  // A dot is a dot, not any character; a pattern climbing out of the checkout matches nothing.
  expect(globFiles("src/main.ts", "./pages/readme.md.ts", index(files))).toEqual(["src/pages/readme.md.ts"]);
  expect(globFiles("src/main.ts", "../../../*.ts", index(files))).toEqual([]);
});

test("at most 64 files; unbalanced braces match nothing", () => {
  const many = Array.from({ length: 100 }, (_, i) => `m/f${String(i).padStart(3, "0")}.js`);
  expect(globFiles("main.js", "./m/*.js", index(many)).length).toBe(64);
  expect(globFiles("main.js", "./m/{a.js", index(many))).toEqual([]);
});
