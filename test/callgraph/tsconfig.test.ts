// TS path aliases: tsconfig.json `paths`/`baseUrl` (with comments, trailing commas and relative
// `extends`) make bare specifiers name checkout files; broken configs change nothing.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { toPycg } from "../../src/scan/callgraph/pycg.ts";
import { aliasCandidates, stripJsonc } from "../../src/scan/callgraph/tsconfig.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "reachd-tsconfig-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

test("JSON with comments: comments and trailing commas go, strings stay", () => {
  const text = '{\n  // note\n  "a": "http://x/*y*/", /* block */ "b": [1, 2,],\n}';
  expect(JSON.parse(stripJsonc(text))).toEqual({ a: "http://x/*y*/", b: [1, 2] });
});

test("alias patterns: exact, one star, baseUrl last", () => {
  const cfg = { dir: "", baseUrl: "src", paths: [{ pattern: "@app/*", targets: ["src/app/*", "lib/*"] }, { pattern: "cfg", targets: ["config/index"] }] };
  expect(aliasCandidates(cfg, "@app/x/y")).toEqual(["src/app/x/y", "lib/x/y", "src/@app/x/y"]);
  expect(aliasCandidates(cfg, "cfg")).toEqual(["config/index", "src/cfg"]);
  expect(aliasCandidates(cfg, "lodash")).toEqual(["src/lodash"]);
});

test("paths from an extended config, relative to its baseUrl; packages stay packages", async () => {
  const dir = project({
    "tsconfig.base.json": '{ "compilerOptions": { "baseUrl": ".", "paths": { "@shared/*": ["packages/shared/src/*"] } } }',
    "app/tsconfig.json": '{\n  // the app config\n  "extends": "../tsconfig.base.json",\n  "compilerOptions": { "strict": true, },\n}',
    "packages/shared/src/strings.ts": "export function slug(s: string) { return s; }\n",
    "app/main.ts": "import { slug } from '@shared/strings';\nimport { get } from 'lodash';\nslug('x');\nget({}, 'a');\n",
  });
  const pycg = toPycg(await buildProjectGraph(dir));
  expect(pycg["app.main"]).toEqual(["lodash.get", "packages.shared.src.strings.slug"]);
});

test("a broken or hostile tsconfig is skipped: the import reads as a package", async () => {
  const dir = project({
    "tsconfig.json": '{ "compilerOptions": { "baseUrl": ".", "paths": { "@x/*": ["src/*"] } ',
    "src/a.ts": "export function a() {}\n",
    "main.ts": "import { a } from '@x/a';\na();\n",
    "loop/tsconfig.json": '{ "extends": "./tsconfig.json", "compilerOptions": { "baseUrl": "." } }',
    "loop/b.ts": "export function b() {}\n",
    "loop/main.ts": "import { b } from 'b';\nb();\n",
  });
  const pycg = toPycg(await buildProjectGraph(dir));
  expect(pycg.main).toEqual(["@x.a.a"]);
  // A config that extends itself still applies its own baseUrl (the cycle is cut).
  expect(pycg["loop.main"]).toEqual(["loop.b.b"]);
});
