// Version ordering tables (testdata/*-order.txt: one "a < b" / "a = b" / "a > b" per line).
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalPypi, comparePypi, normalizePypiName } from "../../src/scan/advisories/versions/pep440.ts";
import { canonicalNpm, compareNpm, normalizeNpmName } from "../../src/scan/advisories/versions/semver.ts";

function pairs(file: string): [string, number, string][] {
  return readFileSync(join(import.meta.dir, "testdata", file), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => {
      const [a, op, b] = l.trim().split(/\s+/);
      return [a!, op === "<" ? -1 : op === ">" ? 1 : 0, b!];
    });
}

for (const [file, compare, canonical] of [
  ["semver-order.txt", compareNpm, canonicalNpm],
  ["pep440-order.txt", comparePypi, canonicalPypi],
] as const) {
  describe(file, () => {
    for (const [a, want, b] of pairs(file)) {
      test(`${a} ${want < 0 ? "<" : want > 0 ? ">" : "="} ${b}`, () => {
        expect(compare(a, b)).toBe(want);
        expect(compare(b, a)).toBe(want === 0 ? 0 : -want);
        // The canonical form agrees with the ordering on equality.
        expect(canonical(a) === canonical(b)).toBe(want === 0);
      });
    }
  });
}

describe("versions that do not parse", () => {
  test("npm", () => {
    expect(compareNpm("not-a-version", "1.0.0")).toBeNull();
    expect(compareNpm("1.0.0", "github:a/b#abc")).toBeNull();
    expect(compareNpm("9".repeat(300), "1.0.0")).toBeNull();
  });
  test("PyPI", () => {
    expect(comparePypi("2019-09-12x", "1.0")).toBeNull();
    expect(comparePypi("1.0", "latest")).toBeNull();
  });
});

test("name normalisation", () => {
  expect(normalizeNpmName("Axios")).toBe("axios");
  expect(normalizePypiName("PyYAML")).toBe("pyyaml");
  expect(normalizePypiName("Zope.Interface")).toBe("zope-interface");
  expect(normalizePypiName("typing__extensions")).toBe("typing-extensions");
});

describe("PEP 503 name normalisation", () => {
  const table: [string, string][] = [
    ["Django", "django"],
    ["PyYAML", "pyyaml"],
    ["zope.interface", "zope-interface"],
    ["Zope_Interface", "zope-interface"],
    ["foo--bar__baz..qux", "foo-bar-baz-qux"],
    ["foo-_.-bar", "foo-bar"],
    ["ruamel.yaml.clib", "ruamel-yaml-clib"],
    [" requests ", "requests"],
  ];
  for (const [name, want] of table) test(`${JSON.stringify(name)} → ${want}`, () => expect(normalizePypiName(name)).toBe(want));
  test("npm names only fold case (scopes and dots stay)", () => {
    expect(normalizeNpmName("@Babel/Core")).toBe("@babel/core");
    expect(normalizeNpmName("lodash.template")).toBe("lodash.template");
    expect(normalizeNpmName("lodash_template")).toBe("lodash_template");
  });
});
