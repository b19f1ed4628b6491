// `reachd advisories symbols import|list` and the overlay in a real scan: the embedded curated set
// lifts lodash.template to function level; an operator file overrides it.
import { afterAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { cleanup, cli, tempDir } from "../support/server.ts";
import { writeFiles } from "../support/git.ts";

const dirs: string[] = [];
const fresh = () => {
  const d = tempDir("reachd-curated-");
  dirs.push(d);
  return d;
};
afterAll(() => cleanup(...dirs));

const app = {
  "package.json": JSON.stringify({ name: "tpl-app", version: "1.0.0", main: "index.js", dependencies: { lodash: "4.17.20" } }),
  "package-lock.json": JSON.stringify({
    name: "tpl-app",
    version: "1.0.0",
    lockfileVersion: 3,
    packages: { "": { name: "tpl-app", version: "1.0.0", dependencies: { lodash: "4.17.20" } }, "node_modules/lodash": { version: "4.17.20" } },
  }),
  "index.js": `const _ = require("lodash");\nmodule.exports = (s) => _.template(s)({});\nmodule.exports("x");\n`,
};

const operatorFile = (symbols: string[]) =>
  JSON.stringify({
    format: "reachd-curated-symbols",
    version: 1,
    entries: [{ id: "GHSA-35jh-r3h4-6jhm", aliases: ["CVE-2021-23337"], ecosystem: "npm", package: "lodash", imports: [{ path: "lodash", symbols }], why: "site review of the template advisory" }],
  });

async function templateFinding(project: string, dataDir: string) {
  const res = await cli(["scan", project, "--format", "json"], { dataDir });
  const report = JSON.parse(res.stdout);
  return report.findings.find((f: any) => f.advisory_id === "GHSA-35jh-r3h4-6jhm");
}

test("the embedded curated set gives function level; an operator file overrides it, idempotently", async () => {
  const project = fresh();
  writeFiles(project, app);
  const dataDir = fresh();

  const before = await templateFinding(project, dataDir);
  expect(before).toMatchObject({ package: "lodash", reachable: true });
  expect(before.reachability.level).toBe("function");

  const status = JSON.parse((await cli(["advisories", "status", "--json"], { dataDir })).stdout);
  expect(status.curated_symbols.by_source["curated-bundled"]).toBeGreaterThanOrEqual(25);
  expect(status.curated_symbols.by_source.operator).toBeUndefined();

  const file = join(fresh(), "ours.json");
  writeFileSync(file, operatorFile(["merge"]));
  const first = await cli(["advisories", "symbols", "import", file, "--json"], { dataDir });
  expect(first.code).toBe(0);
  expect(JSON.parse(first.stdout)).toEqual({ entries: 1, inserted: 1, updated: 0, unchanged: 0, reevaluation: { queued: 0 } });
  const again = await cli(["advisories", "symbols", "import", file, "--json"], { dataDir });
  expect(JSON.parse(again.stdout)).toEqual({ entries: 1, inserted: 0, updated: 0, unchanged: 1, reevaluation: { queued: 0 } });

  // The app calls template, not merge: with the operator's word the advisory is not reached.
  const after = await templateFinding(project, dataDir);
  expect(after.reachable).toBe(false);
  expect(after.reachability.level).not.toBe("function");

  const listed = JSON.parse((await cli(["advisories", "symbols", "list", "--json"], { dataDir })).stdout);
  const mine = listed.entries.filter((e: any) => e.id === "GHSA-35jh-r3h4-6jhm" && e.package === "lodash");
  expect(mine.map((e: any) => [e.source, e.imports])).toEqual([
    ["curated-bundled", [{ path: "lodash", symbols: ["template"] }, { path: "lodash/template", symbols: [] }]],
    ["operator", [{ path: "lodash", symbols: ["merge"] }]],
  ]);
  const text = await cli(["advisories", "symbols", "list"], { dataDir });
  expect(text.stdout).toContain("GHSA-35jh-r3h4-6jhm\tnpm\tlodash\toperator\tlodash:{merge}");
  const status2 = JSON.parse((await cli(["advisories", "status", "--json"], { dataDir })).stdout);
  expect(status2.curated_symbols.by_source.operator).toBe(1);
}, 120_000);

test("hostile or malformed curated files are refused whole with exit 2 and a reason", async () => {
  const dataDir = fresh();
  const dir = fresh();
  const files: Record<string, string> = {
    "notjson.json": "{ nope",
    "wrongformat.json": JSON.stringify({ format: "reachd-advisories", version: "1", records: [] }),
    "halfbad.json": JSON.stringify({
      format: "reachd-curated-symbols",
      version: 1,
      entries: [JSON.parse(operatorFile(["merge"])).entries[0], { id: "GHSA-zzzz-zzzz-zzzz", ecosystem: "npm", package: "x", imports: [{ path: "x", symbols: ["a;b"] }], why: "w" }],
    }),
    "array.json": "[]",
  };
  writeFiles(dir, files);
  for (const name of Object.keys(files)) {
    const res = await cli(["advisories", "symbols", "import", join(dir, name)], { dataDir });
    expect({ name, code: res.code }).toEqual({ name, code: 2 });
    expect(res.stderr.length).toBeGreaterThan(0);
  }
  expect((await cli(["advisories", "symbols", "import", join(dir, "missing.json")], { dataDir })).code).toBe(2);
  expect((await cli(["advisories", "symbols", "import", dir], { dataDir })).code).toBe(2);
  expect((await cli(["advisories", "symbols"], { dataDir })).code).toBe(2);
  const halfbad = await cli(["advisories", "symbols", "import", join(dir, "halfbad.json")], { dataDir });
  expect(halfbad.stderr).toContain("entries[1].imports[0].symbols");
  // Nothing from the half-bad file was kept.
  const status = JSON.parse((await cli(["advisories", "status", "--json"], { dataDir })).stdout);
  expect(status.curated_symbols.by_source.operator).toBeUndefined();
}, 120_000);
