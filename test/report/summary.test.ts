import { describe, expect, test } from "bun:test";
import { cleanText, parseCallPath, plural, reportTimestamp } from "../../src/scan/report/summary.ts";
import { SCAN } from "./helpers.ts";

describe("cleanText", () => {
  test("removes SGR colour sequences whole, not just the ESC byte", () => {
    expect(cleanText("\u001b[31mred\u001b[0m text")).toBe("red text");
    expect(cleanText("\u001b[1;38;5;196mbold\u001b[m")).toBe("bold");
  });
  test("removes cursor movement, screen clearing and 8-bit CSI", () => {
    expect(cleanText("a\u001b[2Jb\u001b[10;1Hc\u009b2Kd")).toBe("abcd");
  });
  test("removes OSC sequences with their payload (title change, hyperlinks)", () => {
    expect(cleanText("x\u001b]0;pwned\u0007y")).toBe("xy");
    expect(cleanText("\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\")).toBe("click");
  });
  test("removes other controls, DEL, NUL, BEL and bidi overrides", () => {
    expect(cleanText("a\u0000b\u0007c\u007fd\u0085e\u202eF\u2066g")).toBe("abcd eFg");
    expect(cleanText("a\u0000b\u0007c\u007fd")).toBe("abcd");
    expect(cleanText("evil\u202etxt.exe")).toBe("eviltxt.exe");
    expect(cleanText("x\u2066y\u2069z\u200f")).toBe("xyz");
  });
  test("line breaks and tabs become spaces; result is trimmed", () => {
    expect(cleanText(" one\ntwo\r\nthree\tfour\u2028five ")).toBe("one two  three four five");
  });
  test("leaves markup and ordinary unicode alone", () => {
    expect(cleanText("<script>alert(1)</script> & ünïcödé 漢字")).toBe("<script>alert(1)</script> & ünïcödé 漢字");
  });
  test("a lone ESC at the end is dropped", () => {
    expect(cleanText("tail\u001b")).toBe("tail");
  });
});

describe("parseCallPath", () => {
  test("entry, call sites and target", () => {
    expect(parseCallPath("src/server.js:main -> src/routes/report.js:42 -> lodash.template")).toEqual([
      { kind: "entry", text: "src/server.js:main", file: "src/server.js", line: null, symbol: "main" },
      { kind: "site", text: "src/routes/report.js:42", file: "src/routes/report.js", line: 42 },
      { kind: "target", text: "lodash.template" },
    ]);
  });
  test("python entry and a module target", () => {
    const steps = parseCallPath("src/app.py:__main__ -> yaml");
    expect(steps[0]).toEqual({ kind: "entry", text: "src/app.py:__main__", file: "src/app.py", line: null, symbol: "__main__" });
    expect(steps[1]).toEqual({ kind: "target", text: "yaml" });
  });
  test("a middle segment that names no line is a logical step", () => {
    expect(parseCallPath("a.js:main -> express -> qs.parse")[1]).toEqual({ kind: "target", text: "express" });
  });
});

test("plural", () => {
  expect(plural(0, "finding")).toBe("0 findings");
  expect(plural(1, "finding")).toBe("1 finding");
  expect(plural(2, "finding")).toBe("2 findings");
});

test("reportTimestamp: completed_at, else now in the contract form", () => {
  expect(reportTimestamp(SCAN)).toBe("2024-05-01T12:34:56Z");
  expect(reportTimestamp({ ...SCAN, completed_at: null })).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
});
