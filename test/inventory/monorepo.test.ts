// Several projects and formats in one checkout: each project's lockfile decides its versions,
// installed trees and lowest-match guesses only fill in what no lockfile of that project names.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { extractInventory } from "../../src/scan/inventory/index.ts";

const DIR = join(import.meta.dir, "../fixtures/inventory/monorepo/mixed");

describe("mixed monorepo", () => {
  test("every project is found and the strongest source wins per project", async () => {
    const inv = await extractInventory(DIR);
    const byName = new Map(inv.dependencies.map((d) => [d.name, d]));
    expect([...new Set(inv.dependencies.map((d) => d.source.split("/")[0]))].sort()).toEqual(["api", "ml", "tools", "web"]);
    // web: the pnpm lockfile beats the installed node_modules copy.
    expect(inv.dependencies.filter((d) => d.name === "qs").map((d) => [d.version, d.resolution ?? "locked"])).toEqual([["6.11.0", "locked"]]);
    // api: poetry.lock beside pyproject.toml: no lowest-match guess at all.
    expect(inv.dependencies.filter((d) => d.source.startsWith("api/")).every((d) => d.resolution === undefined)).toBe(true);
    expect(byName.get("markupsafe")!.chain).toEqual(["api", "jinja2", "markupsafe"]);
    // ml: the requirements pin (PEP 503: "pyyaml" = "PyYAML") beats the pyproject guess; numpy stays a guess.
    expect(inv.dependencies.filter((d) => d.name.toLowerCase() === "pyyaml").map((d) => `${d.version}:${d.source}`)).toEqual(["5.3.1:ml/requirements.txt"]);
    expect(byName.get("pyyaml")!.chain).toEqual(["ml", "pyyaml"]);
    expect(byName.get("numpy")).toMatchObject({ version: "1.24", resolution: "lowest-match", direct: true });
    // tools: installed lodash beats the ^4.17.0 guess; minimist (not installed) is a guess.
    expect(inv.dependencies.filter((d) => d.name === "lodash").map((d) => `${d.version}:${d.resolution}`)).toEqual(["4.17.21:installed"]);
    expect(byName.get("minimist")).toMatchObject({ version: "1.2.5", resolution: "lowest-match", chain: ["tools", "minimist"] });
  });
});
