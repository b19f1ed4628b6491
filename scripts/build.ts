// Build the single reachd binary: `npm run build` → dist/reachd.
//
//   bun build --compile --minify-syntax --minify-whitespace --sourcemap=none --target=<target> \
//     src/main.ts src/scan/callgraph/worker.ts --outfile dist/reachd
//
// Target: on x86-64 Linux we build for `bun-linux-x64-baseline` (no AVX2 requirement, runs on any
// x86-64-v1 CPU, e.g. older Xeons and many virtualised CPUs). Cross-target compiles need Bun to
// fetch that runtime (~35 MB) from the npm registry once (cached in ~/.bun/install/cache). When
// that is impossible (offline), we fall back to the host target — the Bun binary running this
// script — and say so loudly. Overrides:
//   REACHD_BUILD_TARGET   e.g. bun-linux-x64, bun-linux-arm64, bun-linux-x64-musl, or "host"
//   REACHD_BUN_RUNTIME    path to a Bun executable of the chosen target, used instead of downloading
//   REACHD_BUILD_ENTRY    entry point (default src/main.ts), REACHD_BUILD_OUTFILE (default dist/reachd)
//
// Embedded assets: .wasm via `with { type: "file" }`, .scm via `with { type: "text" }` and JSON
// are bundled into the executable by Bun; nothing is read from the repository at run time.
// The executable does not auto-load .env or bunfig.toml from the working directory: reachd is run
// inside arbitrary checkouts (`reachd scan PATH`), whose files must not configure it.
import { existsSync, mkdirSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

const root = resolve(import.meta.dir, "..");
const entry = resolve(root, process.env.REACHD_BUILD_ENTRY ?? "src/main.ts");
const outfile = resolve(root, process.env.REACHD_BUILD_OUTFILE ?? "dist/reachd");
// The parse workers' script is its own entrypoint: Bun embeds every entrypoint, and `new Worker`
// in the binary finds it by this path (src/scan/callgraph/pool.ts, defaultWorkerUrl).
const workerEntry = resolve(root, "src/scan/callgraph/worker.ts");

function defaultTarget(): string | null {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = process.arch;
  if (arch === "x64") return `bun-${os}-x64-baseline`;
  if (arch === "arm64") return `bun-${os}-arm64`;
  return null; // unknown: host
}

function requested(): string | null {
  const t = process.env.REACHD_BUILD_TARGET;
  if (t === undefined || t === "") return defaultTarget();
  return t === "host" ? null : t;
}

interface Attempt {
  ok: boolean;
  output: string;
}

function compile(target: string | null): Attempt {
  const args = [
    process.execPath,
    "build",
    "--compile",
    // Not --minify: renamed identifiers defeat Elysia's static analysis of which request parts a
    // handler reads (it then leaves `headers` unparsed, and auth sees none).
    "--minify-syntax",
    "--minify-whitespace",
    "--sourcemap=none",
    "--no-compile-autoload-dotenv",
    "--no-compile-autoload-bunfig",
  ];
  if (target !== null) args.push(`--target=${target}`);
  const runtime = process.env.REACHD_BUN_RUNTIME;
  if (target !== null && runtime) args.push(`--compile-executable-path=${runtime}`);
  args.push(entry, workerEntry, "--outfile", outfile);
  console.log(`$ ${args.map((a) => (a === process.execPath ? "bun" : a)).join(" ")}`);
  const p = Bun.spawnSync(args, { cwd: root, stdout: "pipe", stderr: "pipe" });
  const output = `${p.stdout.toString()}${p.stderr.toString()}`;
  process.stdout.write(output);
  return { ok: p.exitCode === 0 && existsSync(outfile), output };
}

function mib(n: number): string {
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

function main(): number {
  if (!existsSync(entry)) {
    console.error(`build: entry point not found: ${entry}`);
    return 2;
  }
  mkdirSync(dirname(outfile), { recursive: true });

  const target = requested();
  let used = target ?? "host";
  let result = compile(target);
  if (!result.ok && target !== null && /Failed to download|ConnectionRefused|ENOTFOUND|EAI_AGAIN|network/i.test(result.output)) {
    console.warn(
      `build: WARNING could not obtain the ${target} runtime (offline?). Falling back to the host ` +
        `target: the binary gets the CPU requirements of ${process.execPath}. ` +
        `Set REACHD_BUN_RUNTIME to a ${target} bun executable to build the portable target offline.`,
    );
    used = `host (fallback from ${target})`;
    result = compile(null);
  }
  if (!result.ok) {
    console.error("build: FAILED");
    return 1;
  }
  const size = statSync(outfile).size;
  console.log(`build: ${outfile}`);
  console.log(`build: target ${used}, bun ${Bun.version}`);
  console.log(`build: size ${size} bytes (${mib(size)})`);
  return 0;
}

process.exit(main());
