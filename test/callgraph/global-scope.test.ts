// Names shared through the global scope across files: a classic script's top-level names (browser
// scripts on one page, TypeScript compiled with --outFile) and what a module puts on the global
// object (`global.helper = helper`) answer other files' free names; a module's own top level,
// dependency code and declaration files give none. An incremental re-scan must agree with a build
// from scratch when an edit adds such a name or turns a script into a module.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { newIncrementalState } from "../../src/scan/callgraph/incremental.ts";
import { toPycg } from "../../src/scan/callgraph/pycg.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "reachd-globals-"));
  dirs.push(dir);
  write(dir, files);
  return dir;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

test("a script's top-level function answers another file's free name", async () => {
  const dir = project({
    "lib.js": "function formatName(u) { return cap(u); }\nfunction cap(s) { return s; }\n",
    "main.js": "function greet(u) { return formatName(u); }\ngreet({});\n",
  });
  const pycg = toPycg(await buildProjectGraph(dir));
  expect(pycg["main.greet"]).toEqual(["lib.formatName"]);
  expect(pycg["lib.formatName"]).toEqual(["lib.cap"]);
});

test("a module's global assignment answers; its other top-level names do not", async () => {
  const dir = project({
    "setup.js": "const path = require('path');\nfunction fixturePath(n) { return path.join(n); }\nfunction privateHelper() {}\nglobal.fixturePath = fixturePath;\n",
    "main.js": "require('./setup');\nfunction load(n) { privateHelper(); return fixturePath(n); }\nload('x');\n",
  });
  const pycg = toPycg(await buildProjectGraph(dir));
  expect(pycg["main.load"]).toEqual(["setup.fixturePath"]);
});

test("dependency code and declaration files give no global names", async () => {
  const dir = project({
    "node_modules/shim/index.js": "function fromDep() {}\n",
    "node_modules/shim/package.json": JSON.stringify({ name: "shim", main: "index.js" }),
    "package.json": JSON.stringify({ name: "app", dependencies: { shim: "1.0.0" } }),
    "types.d.ts": "declare function track(event: string): void;\n",
    "main.ts": "import 'shim';\nfunction run(): void { track('x'); fromDep(); }\nrun();\n",
  });
  const pycg = toPycg(await buildProjectGraph(dir));
  expect(pycg["main.run"]).toEqual([]);
});

test("a namespace's exports keep a TypeScript script a script", async () => {
  const dir = project({
    "validation.ts": "namespace Validation {\n  export function isEmail(s: string): boolean { return s.includes('@'); }\n}\n",
    "main.ts": "function check(s: string) { return Validation.isEmail(s); }\ncheck('a@b');\n",
  });
  const pycg = toPycg(await buildProjectGraph(dir));
  expect(pycg["main.check"]).toEqual(["validation.Validation.isEmail"]);
});

test("incremental re-scans agree with builds from scratch when global names come and go", async () => {
  const dir = project({
    "lib.js": "function known() {}\n",
    "main.js": "function run() { known(); later(); }\nrun();\n",
    "other.js": "function idle() { return 1; }\n",
  });
  const state = newIncrementalState({ reuseAssembly: true });
  const edges = async (): Promise<{ incremental: unknown; scratch: unknown }> => ({
    incremental: toPycg(await buildProjectGraph(dir, { pool: false, incremental: state })),
    scratch: toPycg(await buildProjectGraph(dir, { pool: false })),
  });
  let g = await edges();
  expect(g.incremental).toEqual(g.scratch);
  expect((g.scratch as Record<string, string[]>)["main.run"]).toEqual(["lib.known"]);
  // A name someone asked for appears in a script.
  write(dir, { "lib.js": "function known() {}\nfunction later() {}\n" });
  g = await edges();
  expect(g.incremental).toEqual(g.scratch);
  expect((g.scratch as Record<string, string[]>)["main.run"]).toEqual(["lib.known", "lib.later"]);
  // A new name no one asked for (taken incrementally), then a file that calls it.
  write(dir, { "other.js": "function idle() { return 1; }\nfunction fresh() {}\n" });
  g = await edges();
  expect(g.incremental).toEqual(g.scratch);
  write(dir, { "main.js": "function run() { known(); later(); fresh(); }\nrun();\n" });
  g = await edges();
  expect(g.incremental).toEqual(g.scratch);
  expect((g.scratch as Record<string, string[]>)["main.run"]).toEqual(["lib.known", "lib.later", "other.fresh"]);
  // An export of a name no one asked for turns the script into a module: its names are its own.
  write(dir, { "lib.js": "function known() {}\nfunction later() {}\nexport const version = 1;\n" });
  g = await edges();
  expect(g.incremental).toEqual(g.scratch);
  expect((g.scratch as Record<string, string[]>)["main.run"]).toEqual(["other.fresh"]);
});
