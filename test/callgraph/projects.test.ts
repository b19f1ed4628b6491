// Monorepo scoping: a file's use of a package belongs to the copy its nearest declaring project holds.
import { describe, expect, test } from "bun:test";
import { otherOwners, projectDirOf, usesCopyOf } from "../../src/scan/reach/projects.ts";
import type { Dependency } from "../../src/scan/model.ts";

const dep = (name: string, version: string, source: string, ecosystem: Dependency["ecosystem"] = "npm"): Dependency => ({
  ecosystem, name, version, source, direct: true, dev: false, chain: ["app", name],
});

describe("projectDirOf", () => {
  test.each([
    ["package-lock.json", ""],
    ["services/api/poetry.lock", "services/api"],
    ["node_modules/lodash/package.json", ""],
    ["web/node_modules/express/node_modules/qs/package.json", "web"],
    [".venv/lib/python3.11/site-packages/Flask-2.3.3.dist-info/METADATA", ""],
    ["ml/venv/lib/python3.12/site-packages/requests-2.31.0.dist-info/METADATA", "ml"],
    ["requirements/base.txt", ""],
    ["services/etl/requirements/prod.txt", "services/etl"],
  ])("%s → %j", (source, dir) => {
    expect(projectDirOf(dep("x", "1.0.0", source))).toBe(dir);
  });
  test("a workspace copy from a shared lockfile belongs to its workspace folder", () => {
    expect(projectDirOf({ ...dep("x", "1.0.0", "package-lock.json"), project: "packages/web" })).toBe("packages/web");
  });
});

describe("usesCopyOf", () => {
  test("sibling projects each use their own copy", () => {
    expect(usesCopyOf("services/etl/main.py", "services/etl", ["services/legacy"])).toBe(true);
    expect(usesCopyOf("services/etl/main.py", "services/legacy", ["services/etl"])).toBe(false);
  });
  test("a nested project shadows the root one for its files only", () => {
    expect(usesCopyOf("web/src/a.js", "", ["web"])).toBe(false);
    expect(usesCopyOf("src/a.js", "", ["web"])).toBe(true);
    expect(usesCopyOf("web/src/a.js", "web", [""])).toBe(true);
    expect(usesCopyOf("src/a.js", "web", [""])).toBe(false);
  });
  test("a file under no declaring project may use any copy (hoisting, shared includes)", () => {
    expect(usesCopyOf("tools/x.js", "services/a", ["services/b"])).toBe(true);
  });
  test("a workspace's own copy (shared lockfile) is used only by files of that workspace", () => {
    expect(usesCopyOf("packages/web/src/a.js", "packages/web", ["packages/admin"], true)).toBe(true);
    expect(usesCopyOf("packages/admin/a.js", "packages/web", ["packages/admin"], true)).toBe(false);
    expect(usesCopyOf("packages/shared/a.js", "packages/web", [], true)).toBe(false);
    expect(usesCopyOf("packages/webby/a.js", "packages/web", [], true)).toBe(false);
    // A nested workspace declaring the package still shadows its parent workspace.
    expect(usesCopyOf("packages/web/plugins/p/a.js", "packages/web", ["packages/web/plugins/p"], true)).toBe(false);
  });
});

test("otherOwners: the other folders declaring the same package, PyPI names compared normalised", () => {
  const deps = [
    dep("PyYAML", "5.2a1", "services/etl/requirements.txt", "PyPI"),
    dep("pyyaml", "5.2b1", "services/legacy/requirements.txt", "PyPI"),
    dep("requests", "2.30.0", "services/legacy/requirements.txt", "PyPI"),
    dep("pyyaml", "5.3", "services/legacy/requirements-dev.txt", "PyPI"),
  ];
  const owners = otherOwners(deps);
  expect(owners(deps[0]!)).toEqual(["services/legacy"]);
  expect(owners(deps[1]!)).toEqual(["services/etl"]);
  expect(owners(deps[2]!)).toEqual([]);
  expect(owners(deps[3]!)).toEqual(["services/etl"]);
});
