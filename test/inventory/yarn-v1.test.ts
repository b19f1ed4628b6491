// yarn.lock v1 details the golden fixtures do not show: a manifest edited after the last install,
// CRLF line endings, and a lockfile with no package.json beside it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractInventory } from "../../src/scan/inventory/index.ts";

let root: string;
const LOCK = [
  "# yarn lockfile v1",
  "",
  "",
  "debug@^2.6.9:",
  '  version "2.6.9"',
  "  dependencies:",
  '    ms "2.0.0"',
  "",
  "ms@2.0.0:",
  '  version "2.0.0"',
  "",
  "ms@^2.1.1:",
  '  version "2.1.3"',
  "",
].join("\r\n");

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "reachd-yarn1-"));
  mkdirSync(join(root, "edited"));
  writeFileSync(join(root, "edited/yarn.lock"), LOCK);
  // debug's range changed after install: still debug's only block. ms is locked twice: ambiguous.
  writeFileSync(join(root, "edited/package.json"), JSON.stringify({ name: "e", dependencies: { debug: "^2.6.0", ms: "^2.0.0" } }));
  mkdirSync(join(root, "bare"));
  writeFileSync(join(root, "bare/yarn.lock"), LOCK);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

test("an edited manifest still finds a name locked once; an ambiguous name is not guessed", async () => {
  const inv = await extractInventory(join(root, "edited"));
  const view = inv.dependencies.map((d) => `${d.name}@${d.version} ${d.direct ? "direct" : "transitive"} ${d.chain.join(">")}`);
  expect(view).toEqual(["debug@2.6.9 direct e>debug", "ms@2.0.0 transitive e>debug>ms", "ms@2.1.3 transitive e>ms"]);
});

test("without package.json the blocks nothing requires are the declared ones (CRLF file)", async () => {
  const inv = await extractInventory(join(root, "bare"));
  const view = inv.dependencies.map((d) => `${d.name}@${d.version} ${d.direct ? "direct" : "transitive"} ${d.chain.join(">")}`);
  expect(view).toEqual(["debug@2.6.9 direct app>debug", "ms@2.0.0 transitive app>debug>ms", "ms@2.1.3 direct app>ms"]);
});
