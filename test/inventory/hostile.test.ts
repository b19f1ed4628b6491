// Malformed and hostile checkouts: every bad file becomes a per-file error and the scan goes on.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractInventory } from "../../src/scan/inventory/index.ts";

let root: string;
const okLock = { lockfileVersion: 3, packages: { "": { dependencies: { ms: "2.0.0" } }, "node_modules/ms": { version: "2.0.0" } } };

function put(rel: string, text: string): void {
  mkdirSync(join(root, rel, ".."), { recursive: true });
  writeFileSync(join(root, rel), text);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "reachd-inv-"));
  put("good/package-lock.json", JSON.stringify(okLock));
  put("invalid/package-lock.json", '{"lockfileVersion": 3, "packages": {');
  put("deep/package-lock.json", "[".repeat(100_000) + "]".repeat(100_000));
  put("wrongtypes/package-lock.json", JSON.stringify({ lockfileVersion: 3, packages: [1, 2, 3] }));
  put("wrongversion/package-lock.json", JSON.stringify({ lockfileVersion: "3", packages: {} }));
  put("future/package-lock.json", JSON.stringify({ lockfileVersion: 9, packages: {} }));
  put("array/npm-shrinkwrap.json", "[]");
  // Entries of the wrong type are skipped, the rest still counts.
  put(
    "mixed/package-lock.json",
    JSON.stringify({
      lockfileVersion: 2,
      packages: {
        "": { dependencies: { a: 1, b: "1" } },
        "node_modules/a": "nope",
        "node_modules/b": { version: 12 },
        "node_modules/c": { version: "1.0.0", dependencies: ["x"] },
      },
    }),
  );
  put("v1deep/package-lock.json", nestedV1(300));
  // 60 MiB, sparse: over the default 50 MiB limit without writing 60 MiB.
  put("huge/package-lock.json", "");
  truncateSync(join(root, "huge/package-lock.json"), 60 * 1024 * 1024);
  put("binary/requirements.txt", "\u0000\u0001\uFFFD==\n\\\n");
  // A symlinked lockfile and a symlinked directory are never followed.
  symlinkSync(join(root, "good/package-lock.json"), join(root, "link-package-lock.json"));
  mkdirSync(join(root, "linkdir"));
  symlinkSync(join(root, "good"), join(root, "linkdir/good"));
  put("node_modules/x/package-lock.json", JSON.stringify(okLock));
  put(".git/package-lock.json", JSON.stringify(okLock));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function nestedV1(depth: number): string {
  let inner: Record<string, unknown> = { version: "1.0.0" };
  for (let i = 0; i < depth; i++) inner = { version: "1.0.0", dependencies: { [`p${i}`]: inner } };
  return JSON.stringify({ lockfileVersion: 1, dependencies: { top: inner } });
}

describe("hostile inventory input", () => {
  test("bad files are per-file errors; good files still extracted", async () => {
    const inv = await extractInventory(root);
    const byFile = Object.fromEntries(inv.errors.map((e) => [e.file, e.message]));
    expect(byFile["invalid/package-lock.json"]).toMatch(/^invalid JSON/);
    expect(byFile["deep/package-lock.json"]).toMatch(/nested deeper than 256/);
    expect(byFile["v1deep/package-lock.json"]).toMatch(/nested deeper/);
    expect(byFile["wrongtypes/package-lock.json"]).toMatch(/packages/);
    expect(byFile["wrongversion/package-lock.json"]).toMatch(/lockfileVersion/);
    expect(byFile["future/package-lock.json"]).toMatch(/unsupported lockfileVersion 9/);
    expect(byFile["array/npm-shrinkwrap.json"]).toMatch(/not a JSON object/);
    expect(byFile["huge/package-lock.json"]).toMatch(/file too large \(62914560 bytes/);
    expect(Object.keys(byFile).sort()).toEqual([
      "array/npm-shrinkwrap.json",
      "deep/package-lock.json",
      "future/package-lock.json",
      "huge/package-lock.json",
      "invalid/package-lock.json",
      "v1deep/package-lock.json",
      "wrongtypes/package-lock.json",
      "wrongversion/package-lock.json",
    ]);
    const sources = [...new Set(inv.dependencies.map((d) => d.source))].sort();
    expect(sources).toEqual(["good/package-lock.json", "mixed/package-lock.json"]);
    const mixed = inv.dependencies.filter((d) => d.source === "mixed/package-lock.json");
    expect(mixed.map((d) => `${d.name}@${d.version}`)).toEqual(["c@1.0.0"]);
    expect(inv.unresolved).toContainEqual({ file: "mixed/package-lock.json", line: 0, text: "node_modules/b" });
  });

  test("a smaller maxFileBytes refuses files over it", async () => {
    const inv = await extractInventory(join(root, "good"), { maxFileBytes: 10 });
    expect(inv.dependencies).toEqual([]);
    expect(inv.errors[0]!.message).toMatch(/file too large/);
  });

  test("an aborted signal stops the walk", async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(extractInventory(root, { signal: ac.signal })).rejects.toThrow();
  });
});
