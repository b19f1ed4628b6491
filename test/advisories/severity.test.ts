import { describe, expect, test } from "bun:test";
import { cvssBaseScore, labelForScore, resolveSeverity } from "../../src/scan/advisories/severity.ts";

describe("CVSS base scores", () => {
  const table: [string, number | null][] = [
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", 9.8],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:H", 9.1],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N", 6.1],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L", 5.3],
    ["CVSS:3.0/AV:N/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H", 8.8],
    ["CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:N/VI:N/VA:N/SC:L/SI:L/SA:L", 2.3],
    ["CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 9.3],
    ["AV:N/AC:L/Au:N/C:P/I:P/A:P", 7.5],
    ["CVSS:3.1/AV:N", null],
    ["CVSS:3.1/AV:X/garbage", null],
    ["CVSS:9.9/AV:N", null],
    ["", null],
    ["x".repeat(10_000), null],
  ];
  for (const [vector, score] of table) test(vector.slice(0, 70) || "(empty)", () => expect(cvssBaseScore(vector)).toBe(score));
});

describe("labels", () => {
  test("CVSS v3 rating scale", () => {
    expect([9.0, 8.9, 7.0, 6.9, 4.0, 3.9, 0.1, 0].map(labelForScore)).toEqual(["critical", "high", "high", "medium", "medium", "low", "low", "unknown"]);
  });
  test("vector first, v3 preferred over v4", () => {
    const s = resolveSeverity(
      [
        { type: "CVSS_V4", score: "CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:N/VI:N/VA:N/SC:L/SI:L/SA:L" },
        { type: "CVSS_V3", score: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:L" },
      ],
      "MODERATE",
    );
    expect(s).toEqual({ label: "medium", score: 5.0, vector: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:L" });
  });
  test("v4 alone", () => {
    expect(resolveSeverity([{ type: "CVSS_V4", score: "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N" }], null).label).toBe("critical");
  });
  test("GHSA labels when there is no usable vector", () => {
    const cases: [string | null, string][] = [["CRITICAL", "critical"], ["HIGH", "high"], ["MODERATE", "medium"], ["LOW", "low"], ["weird", "unknown"], [null, "unknown"]];
    for (const [label, want] of cases) expect(resolveSeverity([], label)).toEqual({ label: want as never, score: null, vector: null });
    expect(resolveSeverity([{ type: "CVSS_V3", score: "garbage" }], "HIGH").label).toBe("high");
  });
});
