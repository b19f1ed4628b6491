// JavaScriptCore options reachd runs with. JSC reads them from the environment once, at process
// start, so setting them later does nothing: a process started without them (the compiled
// binary run plainly, `bun src/main.ts`) starts itself again with them, stdio shared, and passes
// on its signals and exit status. README, Configuration.

/**
 * The heap size (MB) over which JSC's growth allowance fades: after a full collection leaving a
 * heap of S MB, the next one comes at S × (1 + e^(−S/H)) (see JSC_ENV).
 */
export const HEAP_GROWTH_SCALE_MB = 300;
/** The RAM size JSC is told: fixed, so the growth curve is the same on every machine. */
const RAM_MB = 16384;

/**
 * useFTLJIT=0: every scan starts new parse workers, and the FTL tier spent more CPU compiling
 * their code than it saved.
 * Heap growth: JSC collects again once the heap reaches S × (maxIncrease·e^(−steepness·S/RAM) + 1)
 * (S: size after the last full collection), with Bun's maxIncrease 2 ≈ 3× on machines with
 * ≥ 16 GB RAM (2× below). A scan's peak is one large live heap (assembly), so that factor was its
 * peak RSS. With the RAM size fixed at 16 GiB, maxIncrease 1 and steepness 16384/H, the factor
 * depends on the heap's own size: ~1.7× for a parse worker's 100 MB, 1.5× at 200 MB, 1.07× at
 * 800 MB, so small heaps keep collecting rarely (CPU) and a large scan's heap stays near its
 * live size (README, Performance). H = 300 since 2026-11-27: at 400 the 1M-line peak had drifted
 * to 949–1067 MiB run to run with the rules added since; 300 gave 957 and 979 MiB in the same
 * minutes, with no CPU difference beyond the runs' noise.
 * Mutator utilization 0.9–0.95 (JSC's default pacing lets a concurrent collection stop the program
 * down to ~0.2–0.6 of the time): in a scan's one-thread assembly the other CPU is idle, so the
 * collector can mark there while the program keeps running. 557k JS lines: 4.88–5.00 → 4.72–4.85 s
 * (assembly −60 to −100 ms), 1M: assembly −12%, peak RSS +45–53 MiB (the heap grows while marking).
 */
export const JSC_ENV: Readonly<Record<string, string>> = {
  BUN_JSC_useFTLJIT: "0",
  BUN_JSC_forceRAMSize: String(RAM_MB * 1024 * 1024),
  // 0: the growth function above for any RAM size (JSC uses it from this many MB of RAM).
  BUN_JSC_heapGrowthFunctionThresholdInMB: "0",
  BUN_JSC_heapGrowthMaxIncrease: "1",
  BUN_JSC_heapGrowthSteepnessFactor: (RAM_MB / HEAP_GROWTH_SCALE_MB).toFixed(2),
  BUN_JSC_minimumMutatorUtilization: "0.9",
  BUN_JSC_maximumMutatorUtilization: "0.95",
};

/** Set in the relaunched process: the parent's pid (it is the only process to set it). */
const MARK = "REACHD_RELAUNCHED_BY";

/** Commands that run scans or imports: the ones whose memory the options are for. */
const HEAVY = new Set(["serve", "scan", "callgraph", "advisories"]);

/** The options the environment lacks; an operator's own value, whatever it is, is kept. */
export function missingJscEnv(env: Record<string, string | undefined> = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(JSC_ENV)) if (env[k] === undefined) out[k] = v;
  return out;
}

/** The command line that runs this program again: the compiled binary, or bun and its script. */
export function selfCommand(argv: string[] = process.argv, execPath = process.execPath, execArgv: string[] = process.execArgv): string[] {
  // In the binary argv[1] is the embedded entry point (/$bunfs/root/…): the binary runs it itself.
  if (/\$bunfs|~BUN/.test(argv[1] ?? "")) return [execPath, ...argv.slice(2)];
  return [execPath, ...execArgv, ...argv.slice(1)];
}

const FORWARDED = ["SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"] as const;

/**
 * Runs this program again with the missing options when it needs them: resolves to the exit code
 * to end with, or null when this process should do the work itself (options all set, a light
 * command, REACHD_NO_RELAUNCH=1, or this is the relaunched process already).
 */
export async function relaunch(command: string | undefined, env: Record<string, string | undefined> = process.env): Promise<number | null> {
  if (env[MARK] !== undefined) {
    watchParent(Number(env[MARK]));
    return null;
  }
  if (env.REACHD_NO_RELAUNCH === "1" || command === undefined || !HEAVY.has(command)) return null;
  const missing = missingJscEnv(env);
  if (Object.keys(missing).length === 0) return null;
  let child: Bun.Subprocess;
  try {
    child = Bun.spawn(selfCommand(), {
      env: { ...env, ...missing, [MARK]: String(process.pid) },
      stdio: ["inherit", "inherit", "inherit"],
    });
  } catch {
    return null; // cannot start itself (odd sandbox): run without the options
  }
  // A terminal's Ctrl-C reaches both processes; the second delivery is harmless (serve drains once).
  const handlers = FORWARDED.map((sig) => {
    const h = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    };
    process.on(sig, h);
    return [sig, h] as const;
  });
  const code = await child.exited;
  for (const [sig, h] of handlers) process.off(sig, h);
  if (child.signalCode) {
    // Ended by a signal: end the same way, so whoever started us sees what happened.
    process.kill(process.pid, child.signalCode);
    await Bun.sleep(1000);
  }
  return code;
}

/**
 * The relaunched process ends when its parent disappears (killed with SIGKILL, which cannot be
 * passed on): left running, it would hold the port and the database of a service that is gone.
 */
function watchParent(parent: number): void {
  if (!Number.isInteger(parent) || process.ppid !== parent) return;
  const timer = setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, "SIGKILL");
  }, 200);
  timer.unref();
}
