// scripts/check-portability.ts: passes on the bun runtime (glibc <= 2.17, no libstdc++), fails on a
// C++ program built here with g++ (libstdc++, and this host's newer glibc), and on dist/reachd
// when a build is present it must pass.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "../..");
const script = join(root, "scripts/check-portability.ts");
const bunRuntime = join(root, "node_modules/bun/bin/bun.exe");
const hasBinutils = Bun.which("readelf") !== null || Bun.which("objdump") !== null;
const gxx = Bun.which("g++");
const tmp = mkdtempSync(join(tmpdir(), "reachd-portability-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function check(...args: string[]): { code: number; out: string } {
  const p = Bun.spawnSync([process.execPath, "run", script, ...args], { cwd: root, stdout: "pipe", stderr: "pipe" });
  return { code: p.exitCode ?? -1, out: p.stdout.toString() + p.stderr.toString() };
}

interface JsonReport {
  binary: { maxGlibc: string | null; libstdcxx: boolean; needed: string[]; problems: string[] };
}

describe("check-portability", () => {
  if (!hasBinutils) console.warn("portability: readelf/objdump missing (apt-get install -y binutils); tests skipped");

  test.skipIf(!hasBinutils || !existsSync(bunRuntime))("the bun runtime passes: GLIBC <= 2.17, no libstdc++", () => {
    const r = check(bunRuntime, "--no-compare", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as JsonReport;
    expect(j.binary.problems).toEqual([]);
    expect(j.binary.libstdcxx).toBe(false);
    expect(j.binary.needed).toContain("libc.so.6");
    expect(j.binary.maxGlibc).not.toBeNull();
    const [maj, min] = (j.binary.maxGlibc ?? "9.99").split(".").map(Number);
    expect(maj === 2 && (min ?? 99) <= 17).toBe(true);
  });

  test.skipIf(!hasBinutils || !gxx)("a g++-built C++ program fails (libstdc++ / GLIBCXX)", () => {
    writeFileSync(join(tmp, "hello.cpp"), '#include <iostream>\nint main() { std::cout << "hi" << std::endl; }\n');
    const exe = join(tmp, "hello");
    const cc = Bun.spawnSync([gxx as string, "-O0", "-o", exe, join(tmp, "hello.cpp")], { stdout: "pipe", stderr: "pipe" });
    expect(cc.exitCode).toBe(0);
    const r = check(exe, "--no-compare");
    expect(r.code).toBe(1);
    expect(r.out).toContain("NOT PORTABLE");
    expect(r.out).toMatch(/GLIBCXX_3\.4/);
    const j = JSON.parse(check(exe, "--no-compare", "--json").out) as JsonReport;
    expect(j.binary.libstdcxx).toBe(true);
    expect(j.binary.needed.some((n) => n.startsWith("libstdc++"))).toBe(true);
  });

  test.skipIf(!hasBinutils)("a tighter --max-glibc limit makes the bun runtime fail", () => {
    const r = check(bunRuntime, "--no-compare", "--max-glibc", "2.5");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/needs GLIBC_2\.\d+ > GLIBC_2\.5/);
  });

  test("usage errors exit 2", () => {
    expect(check(join(tmp, "does-not-exist")).code).toBe(2);
    writeFileSync(join(tmp, "not-elf"), "#!/bin/sh\n");
    expect(check(join(tmp, "not-elf")).code).toBe(2);
  });

  const built = join(root, "dist/reachd");
  test.skipIf(!hasBinutils || !existsSync(built))("dist/reachd (when built) passes and prints both binaries", () => {
    const r = check(built);
    expect(r.out).toContain("bun runtime (reference)");
    expect(r.code).toBe(0);
  });
});
