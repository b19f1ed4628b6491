// Shared fixtures for the report renderer tests.
import { expect } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compareFindings, type FindingView } from "../../src/scan/report/finding.ts";
import type { ReportScan } from "../../src/scan/report/summary.ts";

export const FIXTURES = join(import.meta.dir, "..", "fixtures", "report");

export const SCAN: ReportScan = {
  id: "scan_01HZX00000000000000000000",
  repo_name: "acme/shop",
  ref: "main",
  commit_sha: "3f2c1a9e8b7d6c5f4e3d2c1b0a9f8e7d6c5b4a39",
  completed_at: "2024-05-01T12:34:56Z",
  tool_version: "0.1.0",
};

/** The fixture findings, sorted the way the API and CLI pass them to the renderers. */
export function loadFindings(): FindingView[] {
  const raw = JSON.parse(readFileSync(join(FIXTURES, "findings.json"), "utf8")) as FindingView[];
  return raw.sort(compareFindings);
}

export function byPackage(findings: FindingView[], pkg: string): FindingView {
  const f = findings.find((x) => x.package === pkg);
  if (f === undefined) throw new Error(`no fixture finding for ${pkg}`);
  return f;
}

/** Compares `actual` with a golden file; `UPDATE_GOLDEN=1` rewrites the file instead. */
export function expectGolden(name: string, actual: string): void {
  const file = join(FIXTURES, name);
  if (process.env.UPDATE_GOLDEN === "1") {
    writeFileSync(file, actual);
    return;
  }
  if (!existsSync(file)) throw new Error(`missing golden file ${name}: run with UPDATE_GOLDEN=1`);
  expect(actual).toBe(readFileSync(file, "utf8"));
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

/** Every string anywhere inside a JSON value. */
export function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) allStrings(v, out);
  else if (value !== null && typeof value === "object") for (const v of Object.values(value)) allStrings(v, out);
  return out;
}
