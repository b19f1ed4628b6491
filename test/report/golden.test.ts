// Golden files for every export format; `UPDATE_GOLDEN=1 bun test test/report` rewrites them.
import { describe, test } from "bun:test";
import { toSarif } from "../../src/scan/report/sarif.ts";
import { renderTable } from "../../src/scan/report/table.ts";
import { toCycloneDx, toOpenVex } from "../../src/scan/report/vex.ts";
import { expectGolden, json, loadFindings, SCAN } from "./helpers.ts";

describe("golden files", () => {
  const findings = loadFindings();
  test("sarif", () => expectGolden("sarif.golden.json", json(toSarif(SCAN, findings))));
  test("openvex", () => expectGolden("openvex.golden.json", json(toOpenVex(SCAN, findings))));
  test("cyclonedx", () => expectGolden("cyclonedx.golden.json", json(toCycloneDx(SCAN, findings))));
  test("table", () => expectGolden("table.golden.txt", renderTable(findings)));
  test("table with colour", () => expectGolden("table.color.golden.txt", renderTable(findings, { color: true })));
});
