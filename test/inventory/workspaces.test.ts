// Workspaces that share one lockfile: each workspace's copies, chains from the workspace's name, and
// workspace-to-workspace links walked through (the golden fixtures cover npm v3, pnpm v9, yarn v1).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractInventory } from "../../src/scan/inventory/index.ts";

let root: string;

function put(rel: string, text: string): void {
  mkdirSync(join(root, rel, ".."), { recursive: true });
  writeFileSync(join(root, rel), text);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "reachd-ws-"));
  put("berry/package.json", JSON.stringify({ name: "berry-mono", private: true, workspaces: ["packages/*"] }));
  put("berry/packages/web/package.json", JSON.stringify({ name: "@m/web", dependencies: { "@m/lib": "workspace:^" } }));
  put("berry/packages/lib/package.json", JSON.stringify({ name: "@m/lib", dependencies: { qs: "^6.5.0" }, devDependencies: { ms: "^2.1.0" } }));
  put(
    "berry/yarn.lock",
    [
      `__metadata:`,
      `  version: 8`,
      `  cacheKey: 10c0`,
      ``,
      `"@m/lib@workspace:^, @m/lib@workspace:packages/lib":`,
      `  version: 0.0.0-use.local`,
      `  resolution: "@m/lib@workspace:packages/lib"`,
      `  dependencies:`,
      `    ms: "npm:^2.1.0"`,
      `    qs: "npm:^6.5.0"`,
      `  languageName: unknown`,
      `  linkType: soft`,
      ``,
      `"@m/web@workspace:packages/web":`,
      `  version: 0.0.0-use.local`,
      `  resolution: "@m/web@workspace:packages/web"`,
      `  dependencies:`,
      `    "@m/lib": "workspace:^"`,
      `  languageName: unknown`,
      `  linkType: soft`,
      ``,
      `"berry-mono@workspace:.":`,
      `  version: 0.0.0-use.local`,
      `  resolution: "berry-mono@workspace:."`,
      `  languageName: unknown`,
      `  linkType: soft`,
      ``,
      `"ms@npm:^2.1.0":`,
      `  version: 2.1.3`,
      `  resolution: "ms@npm:2.1.3"`,
      `  languageName: node`,
      `  linkType: hard`,
      ``,
      `"qs@npm:^6.5.0":`,
      `  version: 6.5.2`,
      `  resolution: "qs@npm:6.5.2"`,
      `  languageName: node`,
      `  linkType: hard`,
      ``,
    ].join("\n"),
  );
  // bun: the app workspace depends on the cli workspace, which has its own nested lodash.
  put(
    "bun/bun.lock",
    JSON.stringify({
      lockfileVersion: 1,
      workspaces: {
        "": { name: "bun-mono" },
        "packages/app": { name: "bun-app", dependencies: { "bun-cli": "workspace:*" } },
        "packages/cli": { name: "bun-cli", dependencies: { lodash: "4.17.20" }, devDependencies: { ms: "^2" } },
      },
      packages: {
        "bun-app": ["bun-app@workspace:packages/app"],
        "bun-cli": ["bun-cli@workspace:packages/cli"],
        "bun-cli/lodash": ["lodash@4.17.20", "", {}, "sha512-x"],
        lodash: ["lodash@4.17.21", "", {}, "sha512-y"],
        ms: ["ms@2.1.3", "", {}, "sha512-z"],
      },
    }),
  );
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("yarn Berry workspaces", () => {
  test("each workspace has its own copies; a workspace: dependency ships the linked workspace's production packages", async () => {
    const inv = await extractInventory(join(root, "berry"));
    const rows = inv.dependencies.map((d) => `${d.project ?? "(root)"} ${d.name}@${d.version} ${d.direct ? "direct" : "transitive"} ${d.dev ? "dev" : "prod"} ${d.chain.join(">")}`);
    expect(rows.sort()).toEqual([
      "packages/lib ms@2.1.3 direct dev @m/lib>ms",
      "packages/lib qs@6.5.2 direct prod @m/lib>qs",
      // lib's dev-only ms does not come along; the linked workspace is in the chain, not a dependency.
      "packages/web qs@6.5.2 transitive prod @m/web>@m/lib>qs",
    ]);
    expect(inv.errors).toEqual([]);
  });
});

describe("bun workspaces", () => {
  test("a workspace:* dependency is walked through to the linked workspace's own (nested) copies", async () => {
    const inv = await extractInventory(join(root, "bun"));
    const rows = inv.dependencies.map((d) => `${d.project ?? "(root)"} ${d.name}@${d.version} ${d.direct ? "direct" : "transitive"} ${d.dev ? "dev" : "prod"} ${d.chain.join(">")}`);
    expect(rows.sort()).toEqual([
      // Nothing declares the hoisted 4.17.21: an extraneous entry, attributed to the lockfile's folder.
      "(root) lodash@4.17.21 transitive prod bun-mono>lodash",
      "packages/app lodash@4.17.20 transitive prod bun-app>bun-cli>lodash",
      "packages/cli lodash@4.17.20 direct prod bun-cli>lodash",
      "packages/cli ms@2.1.3 direct dev bun-cli>ms",
    ]);
  });
});
