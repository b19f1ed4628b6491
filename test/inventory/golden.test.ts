// Golden-file tests: each test/fixtures/inventory/<format>/<case>/ is a checkout; its inventory
// must equal expected.golden.json. `UPDATE_GOLDEN=1 bun test test/inventory` rewrites them.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { extractInventory } from "../../src/scan/inventory/index.ts";

const FIXTURES = join(import.meta.dir, "../fixtures/inventory");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((format) =>
    readdirSync(join(FIXTURES, format.name), { withFileTypes: true })
      .filter((c) => c.isDirectory())
      .map((c) => `${format.name}/${c.name}`),
  )
  .sort();

describe("inventory golden files", () => {
  for (const name of cases) {
    test(name, async () => {
      const dir = join(FIXTURES, name);
      const actual = JSON.stringify(await extractInventory(dir), null, 2) + "\n";
      const golden = join(dir, "expected.golden.json");
      if (UPDATE || !existsSync(golden)) writeFileSync(golden, actual);
      expect(actual).toBe(readFileSync(golden, "utf8"));
    });
  }
});
