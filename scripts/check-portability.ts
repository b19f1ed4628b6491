// Portability proof for the compiled binary: which glibc symbol versions and shared libraries it
// needs, compared with the bun runtime it was built from.
//
//   bun run scripts/check-portability.ts [dist/reachd] [--max-glibc 2.17] [--compare PATH | --no-compare] [--json]
//
// Reads the ELF with binutils (`readelf`, falling back to `objdump`; on Debian/Ubuntu:
// `apt-get install -y binutils`) and `ldd`. Reports the DT_NEEDED entries, the program
// interpreter, every GLIBC_/GLIBCXX_ version required per library, the maximum GLIBC version,
// whether libstdc++ is needed, what ldd resolves, and library names the binary may dlopen
// (strings like "libfoo.so.1", informational).
// Exit 0: max GLIBC <= --max-glibc (default 2.17, i.e. CentOS/RHEL 7 and anything newer) and no
// libstdc++/GLIBCXX/GLIBC_PRIVATE dependency. Exit 1: it needs more. Exit 2: usage/tool error.
// Only the first binary decides the exit code; the comparison binary is printed for reference.
import { existsSync, readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";

interface Report {
  path: string;
  size: number;
  tool: string;
  dynamic: boolean;
  interpreter: string | null;
  needed: string[];
  /** library file -> version names required from it */
  versions: Record<string, string[]>;
  maxGlibc: string | null;
  glibcxx: string[];
  glibcPrivate: boolean;
  libstdcxx: boolean;
  ldd: string[];
  dlopenCandidates: string[];
  problems: string[];
}

function which(cmd: string): string | null {
  return Bun.which(cmd);
}

function run(cmd: string[], env?: Record<string, string>): { code: number; out: string; err: string } {
  const p = Bun.spawnSync(cmd, {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, LC_ALL: "C", ...env },
  });
  return { code: p.exitCode ?? 1, out: p.stdout.toString(), err: p.stderr.toString() };
}

function cmpVersion(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function uniqSorted(xs: Iterable<string>): string[] {
  return [...new Set(xs)].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
}

function isElf(path: string): boolean {
  const fd = Bun.file(path);
  return fd.size >= 4 && readFileSync(path).subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
}

function analyse(path: string, maxGlibc: string): Report {
  const r: Report = {
    path,
    size: statSync(path).size,
    tool: "",
    dynamic: false,
    interpreter: null,
    needed: [],
    versions: {},
    maxGlibc: null,
    glibcxx: [],
    glibcPrivate: false,
    libstdcxx: false,
    ldd: [],
    dlopenCandidates: [],
    problems: [],
  };

  if (which("readelf")) {
    r.tool = "readelf";
    const dyn = run(["readelf", "-d", "-W", path]).out;
    for (const m of dyn.matchAll(/\(NEEDED\)\s+Shared library: \[([^\]]+)\]/g)) if (m[1]) r.needed.push(m[1]);
    r.dynamic = !/There is no dynamic section/.test(dyn) && /\(NEEDED\)|\(STRTAB\)/.test(dyn);
    const interp = run(["readelf", "-l", "-W", path]).out.match(/Requesting program interpreter: ([^\]]+)\]/);
    r.interpreter = interp?.[1] ?? null;
    // .gnu.version_r: "File: libc.so.6  Cnt: N" followed by "Name: GLIBC_2.17  Flags: ..." lines.
    const vi = run(["readelf", "--version-info", "-W", path]).out;
    const needs = vi.slice(Math.max(0, vi.indexOf("Version needs section")));
    let file = "?";
    for (const line of needs.split("\n")) {
      const f = line.match(/File: (\S+)/);
      if (f?.[1]) file = f[1];
      const n = line.match(/Name: (\S+)/);
      if (n?.[1] && !f) (r.versions[file] ??= []).push(n[1]);
    }
  } else if (which("objdump")) {
    r.tool = "objdump";
    const p = run(["objdump", "-p", path]).out;
    for (const m of p.matchAll(/^\s*NEEDED\s+(\S+)/gm)) if (m[1]) r.needed.push(m[1]);
    r.dynamic = r.needed.length > 0 || /Dynamic Section/.test(p);
    const ref = p.slice(Math.max(0, p.indexOf("Version References:")));
    let file = "?";
    for (const line of ref.split("\n")) {
      const f = line.match(/required from (\S+):/);
      if (f?.[1]) file = f[1];
      const n = line.match(/0x[0-9a-f]+\s+0x[0-9a-f]+\s+\d+\s+(\S+)/);
      if (n?.[1]) (r.versions[file] ??= []).push(n[1]);
    }
    const t = run(["objdump", "-T", path]).out;
    for (const m of t.matchAll(/\b(GLIBC(?:XX)?_[0-9.]+|GLIBC_PRIVATE)\b/g))
      if (m[1] && !Object.values(r.versions).some((v) => v.includes(m[1] as string))) (r.versions["?"] ??= []).push(m[1]);
  } else {
    throw new Error("neither readelf nor objdump found: install binutils (apt-get install -y binutils)");
  }
  for (const k of Object.keys(r.versions)) r.versions[k] = uniqSorted(r.versions[k] ?? []);

  const all = Object.values(r.versions).flat();
  const glibc = all.filter((v) => /^GLIBC_\d/.test(v)).map((v) => v.slice("GLIBC_".length));
  r.maxGlibc = glibc.reduce<string | null>((m, v) => (m === null || cmpVersion(v, m) > 0 ? v : m), null);
  r.glibcxx = uniqSorted(all.filter((v) => v.startsWith("GLIBCXX_") || v.startsWith("CXXABI_")));
  r.glibcPrivate = all.includes("GLIBC_PRIVATE");

  if (r.dynamic && which("ldd")) {
    const l = run(["ldd", path]);
    r.ldd = `${l.out}${l.err}`.split("\n").map((s) => s.trim()).filter((s) => s.length > 0);
  }
  // Names of shared objects spelled out in the binary: candidates for dlopen() at run time.
  const text = readFileSync(path).toString("latin1");
  r.dlopenCandidates = uniqSorted(
    [...text.matchAll(/lib[A-Za-z0-9_+-]+\.so(?:\.\d+)*/g)].map((m) => m[0]).filter((s) => !r.needed.includes(s)),
  );
  r.libstdcxx =
    r.needed.some((n) => n.startsWith("libstdc++")) ||
    r.glibcxx.length > 0 ||
    r.ldd.some((s) => s.startsWith("libstdc++")) ||
    r.dlopenCandidates.some((s) => s.startsWith("libstdc++"));

  if (r.maxGlibc !== null && cmpVersion(r.maxGlibc, maxGlibc) > 0)
    r.problems.push(`needs GLIBC_${r.maxGlibc} > GLIBC_${maxGlibc}`);
  if (r.glibcxx.length > 0) r.problems.push(`needs libstdc++ symbol versions ${r.glibcxx.join(", ")}`);
  if (r.libstdcxx && r.glibcxx.length === 0) r.problems.push("links or loads libstdc++");
  if (r.glibcPrivate) r.problems.push("needs GLIBC_PRIVATE (tied to one glibc build)");
  const notFound = r.ldd.filter((s) => /not found/.test(s));
  if (notFound.length > 0) r.problems.push(`ldd cannot resolve: ${notFound.join("; ")}`);
  return r;
}

function print(label: string, r: Report, maxGlibc: string): void {
  console.log(`== ${label}: ${r.path}`);
  console.log(`   size            ${r.size} bytes (${(r.size / 1024 / 1024).toFixed(1)} MiB), read with ${r.tool}`);
  if (!r.dynamic) {
    console.log("   static executable: no shared libraries, no glibc symbol versions");
  } else {
    console.log(`   interpreter     ${r.interpreter ?? "(none)"}`);
    console.log(`   DT_NEEDED       ${r.needed.join(", ") || "(none)"}`);
    for (const [file, vs] of Object.entries(r.versions)) console.log(`   from ${file.padEnd(22)} ${vs.join(" ")}`);
    console.log(`   max GLIBC       ${r.maxGlibc ?? "(none)"}   (limit ${maxGlibc})`);
    console.log(`   libstdc++       ${r.libstdcxx ? `NEEDED ${r.glibcxx.join(" ")}` : "not needed"}`);
    if (r.ldd.length > 0) console.log(`   ldd             ${r.ldd.join("\n                   ")}`);
  }
  if (r.dlopenCandidates.length > 0)
    console.log(`   may dlopen      ${r.dlopenCandidates.join(", ")}   (names found in the binary; optional)`);
  console.log(`   verdict         ${r.problems.length === 0 ? "PORTABLE" : `NOT PORTABLE: ${r.problems.join("; ")}`}`);
}

function usage(msg: string): never {
  console.error(`check-portability: ${msg}`);
  console.error("usage: bun run scripts/check-portability.ts [BINARY] [--max-glibc 2.17] [--compare PATH | --no-compare] [--json]");
  process.exit(2);
}

function main(): number {
  const root = resolve(import.meta.dir, "..");
  const args = process.argv.slice(2);
  let target: string | null = null;
  let maxGlibc = "2.17";
  let compare: string | null = resolve(root, "node_modules/bun/bin/bun.exe");
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--max-glibc") maxGlibc = args[++i] ?? usage("--max-glibc needs a value");
    else if (a === "--compare") compare = resolve(args[++i] ?? usage("--compare needs a path"));
    else if (a === "--no-compare") compare = null;
    else if (a === "--json") json = true;
    else if (a.startsWith("-")) usage(`unknown option ${a}`);
    else if (target === null) target = resolve(a);
    else usage("only one binary");
  }
  target ??= resolve(root, "dist/reachd");
  if (!/^\d+(\.\d+)*$/.test(maxGlibc)) usage(`bad --max-glibc ${maxGlibc}`);
  if (!existsSync(target)) usage(`no such file: ${target} (run npm run build first)`);
  if (!isElf(target)) usage(`not an ELF file: ${target}`);
  if (compare !== null && (!existsSync(compare) || !isElf(compare) || compare === target)) compare = null;

  let mine: Report;
  let ref: Report | null;
  try {
    mine = analyse(target, maxGlibc);
    ref = compare === null ? null : analyse(compare, maxGlibc);
  } catch (e) {
    console.error(`check-portability: ${(e as Error).message}`);
    return 2;
  }
  if (json) {
    console.log(JSON.stringify({ maxGlibcAllowed: maxGlibc, binary: mine, compare: ref }, null, 2));
  } else {
    print("binary", mine, maxGlibc);
    if (ref) print("bun runtime (reference)", ref, maxGlibc);
    console.log(
      `summary: binary max GLIBC ${mine.maxGlibc ?? "none"}, libstdc++ ${mine.libstdcxx ? "yes" : "no"}` +
        (ref ? `; bun max GLIBC ${ref.maxGlibc ?? "none"}, libstdc++ ${ref.libstdcxx ? "yes" : "no"}` : ""),
    );
  }
  return mine.problems.length === 0 ? 0 : 1;
}

process.exit(main());
