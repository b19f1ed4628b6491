import { describe, expect, test } from "bun:test";
import type { FindingView } from "../../src/scan/report/finding.ts";
import { renderTable } from "../../src/scan/report/table.ts";
import { byPackage, loadFindings } from "./helpers.ts";

const findings = loadFindings();
const SGR = /\u001b\[[0-9;]*m/g;

function rowOf(table: string, text: string): string {
  const line = table.split("\n").find((l) => !l.startsWith("  ") && l.includes(text));
  if (line === undefined) throw new Error(`no row with ${text}`);
  return line;
}

describe("renderTable", () => {
  const table = renderTable(findings);
  const lines = table.split("\n");

  test("header, one row per finding, summary line", () => {
    expect(lines[0]).toMatch(/^SEVERITY +ADVISORY +PACKAGE@VERSION +FIX +REACH$/);
    const rows = lines.slice(1).filter((l) => l !== "" && !l.startsWith("  ") && !/findings?, /.test(l));
    expect(rows).toHaveLength(findings.length);
    expect(table.endsWith("\n10 findings, 8 reachable\n")).toBe(true);
  });

  test("columns: severity, cve or advisory id, package@version, fix or -, level", () => {
    expect(rowOf(table, "lodash@4.17.20").split(/ +/)).toEqual(["high", "CVE-2021-23337", "lodash@4.17.20", "4.17.21", "function"]);
    expect(rowOf(table, "PyYAML@5.3").split(/ +/)).toEqual(["unknown", "PYSEC-2021-142", "PyYAML@5.3", "5.4", "function"]);
    expect(rowOf(table, "request@2.88.2").split(/ +/)).toEqual(["medium", "CVE-2023-28155", "request@2.88.2", "-", "package"]);
    expect(rowOf(table, "@babel/traverse@7.22.5").split(/ +/)[4]).toBe("function");
  });

  test("rows keep the order given", () => {
    const order = findings.map((f) => table.indexOf(`${f.package}@${f.version}`));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test("columns are aligned", () => {
    const starts = lines.filter((l) => l !== "" && !l.startsWith("  ") && !/findings?, /.test(l)).map((l) => l.search(/\S+$/));
    expect(new Set(starts).size).toBe(1);
  });

  test("a path line under each reachable finding, none under unreachable ones", () => {
    const lodash = lines.indexOf(rowOf(table, "lodash@4.17.20"));
    expect(lines[lodash + 1]).toBe("  path: src/server.js:main -> src/routes/report.js:42 -> lodash.template (+1 more)");
    const semver = lines.indexOf(rowOf(table, "semver@5.7.1"));
    expect(lines[semver + 1]).toBe("");
    const pathLines = lines.filter((l) => l.startsWith("  path: "));
    expect(pathLines).toHaveLength(findings.filter((f) => f.reachable).length);
    const ejs = lines.indexOf(rowOf(table, "ejs@3.1.6"));
    expect(lines[ejs + 1]).toBe("  reason: dynamic import in src/views.js:7 (require of a computed path)");
  });

  test("no colour by default, no trailing spaces", () => {
    expect(table).not.toContain("\u001b");
    for (const l of lines) expect(l).not.toMatch(/ $/);
  });

  test("colour on request, and only reachd's own SGR codes", () => {
    const colored = renderTable(findings, { color: true });
    expect(colored).toContain("\u001b[1;31mcritical\u001b[0m");
    expect(colored.replace(SGR, "")).toBe(table);
    expect(colored.replace(SGR, "")).not.toContain("\u001b");
  });

  test("hostile advisory and file names cannot write escape sequences", () => {
    const evil: FindingView = {
      ...byPackage(findings, "evil-pkg"),
      cve_id: "CVE-2099-\u001b]0;title\u0007\u001b[2J0001",
      package: "evil\u001b[8mhidden\u001b[28m-pkg",
      version: "1.0.0\r\u001b[1A",
      fix_version: "\u009b31m1.0.1",
      call_path: "src/index.js:main -> src/\u001b[2Jwipe.js:3 -> evil\u0007.run\n\u001b[31mFAKE OUTPUT",
      call_paths: ["src/index.js:main -> src/\u001b[2Jwipe.js:3 -> evil\u0007.run\n\u001b[31mFAKE OUTPUT"],
    };
    for (const color of [false, true]) {
      const out = renderTable([evil], { color }).replace(SGR, (m) => (color && /^\u001b\[(0|1|2|31|1;31|33|36)m$/.test(m) ? "" : m));
      expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      expect(out).toContain("CVE-2099-0001");
      expect(out).toContain("evilhidden-pkg@1.0.0");
      expect(out).toContain("  path: src/index.js:main -> src/wipe.js:3 -> evil.run FAKE OUTPUT");
      expect(out.split("\n")).toHaveLength(6); // header, row, path, blank, summary, final newline
    }
  });

  test("wide characters are aligned by display width", () => {
    const wide: FindingView = { ...byPackage(findings, "semver"), fix_version: "漢字" };
    const out = renderTable([wide, byPackage(findings, "qs")]).split("\n");
    const col = (l: string | undefined) => Bun.stringWidth((l ?? "").slice(0, (l ?? "").search(/\S+$/)));
    expect(col(out[1])).toBe(col(out[0]));
    expect(col(out[2])).toBe(col(out[0]));
  });

  test("singular and empty summaries", () => {
    expect(renderTable([])).toBe("0 findings, 0 reachable\n");
    expect(renderTable([byPackage(findings, "semver")]).endsWith("\n1 finding, 0 reachable\n")).toBe(true);
  });
});
