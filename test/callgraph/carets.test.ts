// Runs every caret-assertion fixture in test/fixtures/callgraph/<lang>/. Files named *.gap.*
// record known gaps (README, "Known limits"): their assertions must still fail, and each missed
// call must be reported where it happens as a dynamic construct (the reach phase's `unknown`),
// never silently dropped. Once the analysis learns one, its test fails: rename the fixture.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { check, graphOf, parseFixture } from "./carets.ts";
import { FIXTURES } from "./helpers.ts";

for (const lang of ["javascript", "typescript", "python"]) {
  const dir = join(FIXTURES, "callgraph", lang);
  describe(`caret fixtures: ${lang}`, () => {
    for (const name of readdirSync(dir).sort()) {
      if (name.includes(".gap.")) {
        test(`known gap, reported as unknown: ${name}`, async () => {
          const { files, assertions } = parseFixture(name.replace(".gap.", "."), readFileSync(join(dir, name), "utf8"));
          const graph = await graphOf(files);
          expect(check(graph, assertions).length).toBe(assertions.length);
          for (const a of assertions) expect(graph.dynamic.some((d) => d.line === a.line)).toBe(true);
        });
        continue;
      }
      test(name, async () => {
        const { files, assertions } = parseFixture(name, readFileSync(join(dir, name), "utf8"));
        expect(assertions.length).toBeGreaterThan(0);
        expect(check(await graphOf(files), assertions)).toEqual([]);
      });
    }
  });
}

describe("caret fixture parser", () => {
  test("assertions point at the code line above, per file", () => {
    const { files, assertions } = parseFixture("x.py", [
      "# --- path: a.py ---", "import yaml", "yaml.load(s)", "# ^ calls: yaml.load", "# ^ calls-not: yaml.dump",
      "--- path: pkg/b.py ---", "x = 1", "# ^ dynamic",
    ].join("\n"));
    expect([...files.keys()]).toEqual(["a.py", "pkg/b.py"]);
    expect(assertions).toEqual([
      { file: "a.py", line: 2, kind: "calls", value: "yaml.load" },
      { file: "a.py", line: 2, kind: "calls-not", value: "yaml.dump" },
      { file: "pkg/b.py", line: 1, kind: "dynamic", value: "" },
    ]);
  });

  test("a failing assertion is reported", async () => {
    const { files, assertions } = parseFixture("a.py", "import yaml\nyaml.dump(s)\n# ^ calls: yaml.load\n");
    expect(check(await graphOf(files), assertions)).toEqual(["a.py:2: expected calls yaml.load; found [yaml.dump]"]);
  });
});
