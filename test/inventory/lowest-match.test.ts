// The lowest version a declared range allows, computed from the range alone. A guess (marked
// lowest-match in the inventory), so anything without an inclusive lower bound must be null.
import { describe, expect, test } from "bun:test";
import { lowestSemver } from "../../src/scan/inventory/npm/manifest.ts";
import { lowestPep440, parseRequirement } from "../../src/scan/inventory/pypi/project.ts";

describe("npm ranges", () => {
  const cases: [string, string | null][] = [
    ["^1.2.3", "1.2.3"],
    ["~1.2.3", "1.2.3"],
    [">=2 <3", "2.0.0"],
    ["1.x", "1.0.0"],
    ["1.2", "1.2.0"],
    ["4.17.21", "4.17.21"],
    ["1.0.0 - 2.0.0", "1.0.0"],
    [">1.2.3", "1.2.4"],
    ["^2.0.0-beta.1", "2.0.0-beta.1"],
    ["1.2.0 || >=1.2.5", "1.2.0"],
    ["*", null],
    ["latest", null],
    ["", null],
    ["github:user/repo#v1", null],
    ["file:../lib", null],
    ["workspace:*", null],
    ["https://example.invalid/x.tgz", null],
    ["not a range 1", null],
  ];
  for (const [range, want] of cases) test(JSON.stringify(range), () => expect(lowestSemver(range)).toBe(want));
});

describe("PEP 440 / Poetry specifiers", () => {
  const cases: [string, string | null][] = [
    [">=2,<3", "2"],
    [">=2.0, <3", "2.0"],
    ["~=2.28", "2.28"],
    ["==1.26.5", "1.26.5"],
    ["===1.0", "1.0"],
    ["==5.4.*", "5.4"],
    [">=1.26.5,!=1.26.6", "1.26.5"],
    [">=1.0,!=1.0", null],
    [">=1.0,>=1.4", "1.4"],
    ["^2.2.2", "2.2.2"],
    ["~2.28", "2.28"],
    ["3.2.12", "3.2.12"],
    [">=1!2.0", "1!2.0"],
    [">=2.0rc1", "2.0rc1"],
    [">1.20", null],
    ["<3", null],
    ["*", null],
    ["", null],
    ["@ https://example.invalid/x.whl", null],
  ];
  for (const [spec, want] of cases) test(JSON.stringify(spec), () => expect(lowestPep440(spec)).toBe(want));

  test("PEP 508 requirements", () => {
    expect(parseRequirement('requests[socks] (>=2.28,<3) ; python_version < "3.11"')).toEqual({ name: "requests", spec: ">=2.28,<3" });
    expect(parseRequirement("mylib @ https://example.invalid/x.whl")).toEqual({ name: "mylib", spec: "@ https://example.invalid/x.whl" });
    expect(parseRequirement("Django")).toEqual({ name: "Django", spec: "" });
    expect(parseRequirement("   ")).toBeNull();
  });
});
