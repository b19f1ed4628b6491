// Bare specifiers no package claims: `import f from "helpers"` beside helpers.js is our file (a
// bundler's or NODE_PATH's lookup; call-graph test suites write imports this way), while names a
// package.json declares, Node's own modules and dependency code's imports stay packages.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { toPycg } from "../../src/scan/callgraph/pycg.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "reachd-bare-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

test("a sibling file, then one at the root, answers a bare name no package claims", async () => {
  const dir = project({
    "main.js": "import greet from 'helpers';\nimport { run } from 'tasks/run';\ngreet();\nrun();\n",
    "helpers.js": "export default function greet() {}\n",
    "tasks/run.js": "export function run() { const { step } = require('step'); step(); }\n",
    "tasks/step.js": "exports.step = function step() {};\n",
  });
  const pycg = toPycg(await buildProjectGraph(dir));
  expect(pycg.main).toEqual(["helpers.greet", "tasks.run.run"]);
  expect(pycg["tasks.run.run"]).toEqual(["tasks.step.step"]);
});

test("declared dependencies, Node's modules and dependency code keep their packages", async () => {
  const dir = project({
    "package.json": JSON.stringify({ name: "app", dependencies: { lodash: "^4" }, devDependencies: { chalk: "^5" } }),
    "main.js": "const _ = require('lodash');\nconst chalk = require('chalk');\nconst fs = require('fs');\nconst u = require('util');\n_.template('x');\nchalk.red('x');\nfs.readFileSync('x');\nu.format('x');\n",
    // Same-named files of ours: a package.json says which the import means.
    "lodash.js": "function own() {}\nexports.template = own;\n",
    "chalk.js": "function own() {}\nexports.red = own;\n",
    "fs.js": "function own() {}\nexports.readFileSync = own;\n",
    "util.js": "function own() {}\nexports.format = own;\n",
  });
  const pycg = toPycg(await buildProjectGraph(dir));
  expect(pycg.main).toEqual(["chalk.red", "fs.readFileSync", "lodash.template", "util.format"]);
});

test("a file does not import itself by its bare name", async () => {
  const dir = project({
    "main.js": "require('./helpers');\n",
    "helpers.js": "const h = require('helpers');\nh.go();\n",
  });
  const pycg = toPycg(await buildProjectGraph(dir));
  expect(pycg.helpers).toEqual(["helpers.go"]);
});
