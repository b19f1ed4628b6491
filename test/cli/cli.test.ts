// The operator commands of the single binary: outputs, exit codes (0 ok, 1 findings, 2 usage or
// input error) and the bundled advisories that make a fresh install useful offline.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { cleanup, cli, tempDir } from "../support/server.ts";
import { writeFiles } from "../support/git.ts";

const SHARED = resolve(import.meta.dir, "../../../shared/data/osv");
const dirs: string[] = [];
const fresh = () => {
  const d = tempDir("reachd-cli-");
  dirs.push(d);
  return d;
};
afterAll(() => cleanup(...dirs));

/** A small app on real, vulnerable versions: lodash 4.17.20 (template) and minimist 1.2.5. */
const lodashApp = {
  "package.json": JSON.stringify({ name: "report-app", version: "1.0.0", main: "index.js", dependencies: { lodash: "4.17.20", minimist: "1.2.5" } }),
  "package-lock.json": JSON.stringify({
    name: "report-app",
    version: "1.0.0",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: "report-app", version: "1.0.0", dependencies: { lodash: "4.17.20", minimist: "1.2.5" } },
      "node_modules/lodash": { version: "4.17.20" },
      "node_modules/minimist": { version: "1.2.5" },
    },
  }),
  "index.js": `const _ = require("lodash");\nfunction render(s) {\n  return _.template(s)({});\n}\nrender("hi");\n`,
  "scripts/args.test.js": `require("minimist")(process.argv);\n`,
};

describe("init, accounts and keys", () => {
  test("init prints the account and key once; a second init is refused with exit 2", async () => {
    const dataDir = fresh();
    const first = await cli(["init", "--json"], { dataDir });
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout);
    // Backward compatible: the first two fields as before; the dashboard admin added beside them.
    expect(Object.keys(out).sort()).toEqual(["account_id", "admin_email", "admin_password", "api_key"]);
    expect(out.admin_email).toBe("admin@reachd.local");
    expect(out.admin_password).toMatch(/^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/);
    expect(statSync(join(dataDir, "reachd.db")).isFile()).toBe(true);
    const second = await cli(["init", "--json"], { dataDir });
    expect(second.code).toBe(2);
    expect(JSON.parse(second.stderr).error).toContain("already initialised");
  });

  test("keys create, list (no secrets) and revoke", async () => {
    const dataDir = fresh();
    const { account_id } = JSON.parse((await cli(["accounts", "create", "--name", "acme", "--plan", "enterprise", "--json"], { dataDir })).stdout);
    expect(account_id).toMatch(/^acct_/);
    const made = JSON.parse((await cli(["keys", "create", "--account", account_id, "--scopes", "scans:read,scans:write", "--name", "ci", "--expires", "30d", "--json"], { dataDir })).stdout);
    expect(made.id).toMatch(/^key_/);
    const listed = await cli(["keys", "list", "--account", account_id, "--json"], { dataDir });
    const keys = JSON.parse(listed.stdout).keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ id: made.id, name: "ci", scopes: ["scans:read", "scans:write"], revoked_at: null });
    expect(keys[0].expires_at).toMatch(/Z$/);
    expect(listed.stdout).not.toContain(made.api_key);
    expect((await cli(["keys", "revoke", made.id, "--account", account_id, "--json"], { dataDir })).code).toBe(0);
    expect((await cli(["keys", "revoke", made.id, "--account", account_id], { dataDir })).code).toBe(2);
  });

  test("usage and input errors exit 2 with a message", async () => {
    const dataDir = fresh();
    const cases: string[][] = [
      ["accounts", "create", "--name", "x", "--plan", "gold"],
      ["accounts", "create", "--plan", "pro"],
      ["keys", "create", "--account", "acct_nope", "--scopes", "admin"],
      ["keys", "create", "--scopes", "admin"],
      ["nonsense"],
      ["init", "--bogus-flag"],
      ["scan", "/definitely/not/here"],
      ["advisories", "import", "/definitely/not/here"],
    ];
    for (const args of cases) {
      const res = await cli(args, { dataDir });
      expect({ args, code: res.code }).toEqual({ args, code: 2 });
      expect(res.stderr.length).toBeGreaterThan(0);
    }
    const { account_id } = JSON.parse((await cli(["accounts", "create", "--name", "x", "--plan", "pro", "--json"], { dataDir })).stdout);
    const badScope = await cli(["keys", "create", "--account", account_id, "--scopes", "root"], { dataDir });
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toContain("repos:read");
  });
});

describe("scan and callgraph without a server", () => {
  test("a fresh install finds a real reachable advisory offline from the bundled set (exit 1)", async () => {
    const app = fresh();
    writeFiles(app, lodashApp);
    const res = await cli(["scan", app, "--format", "json", "--data-dir", join(fresh(), "none")]);
    expect(res.code).toBe(1);
    const report = JSON.parse(res.stdout);
    expect(report.verdict).toBe("block");
    const template = report.findings.find((f: any) => f.advisory_id === "GHSA-35jh-r3h4-6jhm");
    expect(template).toMatchObject({ cve_id: "CVE-2021-23337", package: "lodash", version: "4.17.20", fix_version: "4.17.21", reachable: true });
    expect(template.reachability.level).toBe("function");
    expect(template.call_path).toBe("index.js:main -> index.js:5 -> index.js:3 -> lodash.template");
    const minimist = report.findings.find((f: any) => f.package === "minimist");
    expect(minimist.reachable).toBe(false);
  });

  test("--entry makes a script an entry point, --exclude leaves paths out, bad globs exit 2", async () => {
    const app = fresh();
    writeFiles(app, { ...lodashApp, "index.js": "module.exports = 1;\n", "tools/render.js": `const _ = require("lodash");\n_.template("x");\n` });
    const data = join(fresh(), "none");
    const plain = JSON.parse((await cli(["scan", app, "--format", "json", "--data-dir", data])).stdout);
    expect(plain.findings.find((f: any) => f.advisory_id === "GHSA-35jh-r3h4-6jhm").reachable).toBe(false);
    const named = await cli(["scan", app, "--format", "json", "--entry", "tools/*.js", "--entry", "nothing/**", "--data-dir", data]);
    expect(named.code).toBe(1);
    const template = JSON.parse(named.stdout).findings.find((f: any) => f.advisory_id === "GHSA-35jh-r3h4-6jhm");
    expect(template.call_path).toBe("tools/render.js:entry -> tools/render.js:2 -> lodash.template");
    const dropped = JSON.parse((await cli(["scan", app, "--format", "json", "--entry", "tools/*.js", "--exclude", "tools", "--data-dir", data])).stdout);
    expect(dropped.findings.find((f: any) => f.advisory_id === "GHSA-35jh-r3h4-6jhm").reachable).toBe(false);
    expect(dropped.stats.files_analysed).toBe(2); // index.js and scripts/args.test.js
    const bad = await cli(["scan", app, "--exclude", "../elsewhere", "--data-dir", data]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--exclude must not contain ..");
  });

  test("the threshold decides the exit code: nothing at critical+reachable-only → 0", async () => {
    const app = fresh();
    writeFiles(app, { ...lodashApp, "index.js": "module.exports = 1;\n" });
    const res = await cli(["scan", app, "--severity", "critical", "--reachable-only", "--data-dir", join(fresh(), "none")]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain("verdict: pass");
  });

  test("real OSV data imported from a directory drives matching (express, qs)", async () => {
    if (!existsSync(join(SHARED, "npm"))) throw new Error(`shared advisory data is missing at ${SHARED}`);
    const dataDir = fresh();
    const imported = await cli(["advisories", "import", join(SHARED, "npm"), "--json"], { dataDir });
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout).records).toBe(23);
    const status = JSON.parse((await cli(["advisories", "status", "--json"], { dataDir })).stdout);
    expect(status.by_ecosystem.npm).toBeGreaterThanOrEqual(23);

    const app = fresh();
    writeFiles(app, {
      "package.json": JSON.stringify({ name: "srv", main: "server.js", dependencies: { express: "4.17.1" } }),
      "package-lock.json": JSON.stringify({
        name: "srv",
        lockfileVersion: 3,
        packages: {
          "": { name: "srv", dependencies: { express: "4.17.1" } },
          "node_modules/express": { version: "4.17.1", dependencies: { qs: "6.7.0" } },
          "node_modules/qs": { version: "6.7.0" },
        },
      }),
      "server.js": `const express = require("express");\nconst app = express();\napp.listen(3000);\n`,
    });
    const res = await cli(["scan", app, "--format", "json"], { dataDir });
    const report = JSON.parse(res.stdout);
    const byId = Object.fromEntries(report.findings.map((f: any) => [f.advisory_id, f]));
    // express is used, but the open redirect needs res.redirect/res.location, which this app never calls.
    expect(byId["GHSA-rv95-896h-c2vc"]).toMatchObject({ package: "express", fix_version: "4.19.2", reachable: false });
    expect(byId["GHSA-rv95-896h-c2vc"].reachability.level).toBe("none");
    expect(byId["GHSA-rv95-896h-c2vc"].reachability.reason).toContain("server.js:1");
    // qs comes through express, whose code is not in the checkout: honestly unknown, not none.
    const qs = byId["GHSA-hrpp-h998-j3pp"];
    expect(qs).toMatchObject({ package: "qs", version: "6.7.0", fix_version: "6.7.3", reachable: false });
    expect(qs.dependency).toEqual({ direct: false, chain: ["srv", "express", "qs"] });
    expect(qs.reachability.level).toBe("unknown");
    expect(qs.reachability.reason).toContain("express");
  });

  test("callgraph --format json describes files, entries and edges", async () => {
    const app = fresh();
    writeFiles(app, lodashApp);
    const res = await cli(["callgraph", app, "--format", "json"]);
    expect(res.code).toBe(0);
    const graph = JSON.parse(res.stdout);
    expect(graph.files.map((f: any) => f.path)).toContain("index.js");
    expect(graph.entries.length).toBeGreaterThan(0);
    expect(graph.edges.length).toBeGreaterThan(0);
    expect((await cli(["callgraph", app, "--format", "svg"])).code).toBe(2);
  });

  test("callgraph takes a source file as PyCG does: its directory's graph, names relative to it", async () => {
    const dir = fresh();
    writeFiles(dir, { "main.py": "from util import helper\n\ndef run():\n    helper()\n\nrun()\n", "util.py": "def helper():\n    pass\n" });
    const byFile = await cli(["callgraph", join(dir, "main.py"), "--format", "pycg"]);
    expect(byFile.code).toBe(0);
    expect(JSON.parse(byFile.stdout)).toMatchObject({ main: ["main.run"], "main.run": ["util.helper"], "util.helper": [] });
    expect(byFile.stdout).toBe((await cli(["callgraph", dir, "--format", "pycg"])).stdout);
    const missing = await cli(["callgraph", join(dir, "absent.py"), "--format", "pycg"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("absent.py is not a directory");
  });
});
