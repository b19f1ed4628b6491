// TS path aliases: tsconfig.json `paths`/`baseUrl` (with comments, trailing commas and relative
// `extends`) make bare specifiers name checkout files; broken configs change nothing.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { toPycg } from "../../src/scan/callgraph/pycg.ts";
import { aliasCandidates, rootDirCandidates, stripJsonc } from "../../src/scan/callgraph/tsconfig.ts";

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

test("rootDirs: a relative target under the importer's root folder, looked for under the others", () => {
  const cfg = { dir: "", baseUrl: null, paths: [], rootDirs: ["src", "generated", "src/views"] };
  // The importer's root is its longest root folder; the rest of the path is kept.
  expect(rootDirCandidates(cfg, "src/views/a.ts", "src/views/i18n/en")).toEqual(["src/i18n/en", "generated/i18n/en"]);
  expect(rootDirCandidates(cfg, "src/app.ts", "src/messages")).toEqual(["generated/messages", "src/views/messages"]);
  // A target that climbed out of the importer's root, an importer under none, no rootDirs: nothing.
  expect(rootDirCandidates(cfg, "src/app.ts", "lib/x")).toEqual([]);
  expect(rootDirCandidates(cfg, "tools/a.ts", "tools/b")).toEqual([]);
  expect(rootDirCandidates({ dir: "", baseUrl: null, paths: [] }, "src/app.ts", "src/messages")).toEqual([]);
});

test("rootDirs: src/app.ts's ./messages is generated/messages.ts", async () => {
  const dir = project({
    "tsconfig.json": '{ "compilerOptions": { "rootDirs": ["src", "generated"] } }',
    "src/app.ts": 'import { hello } from "./messages";\nexport function run() { hello(); }\nrun();\n',
    "generated/messages.ts": "export function hello() {}\n",
  });
  const g = toPycg(await buildProjectGraph(dir));
  expect(g["src.app.run"]).toEqual(["generated.messages.hello"]);
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
