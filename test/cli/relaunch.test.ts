// A heavy command started without reachd's JavaScriptCore options runs again as a child with
// them (src/cli/relaunch.ts): real processes, real signals, the child's environment read from
// /proc. Set REACHD_BIN to run the same tests against the compiled binary.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { JSC_ENV, missingJscEnv, selfCommand } from "../../src/cli/relaunch.ts";
import { api, childrenOf, cleanup, startServer, tempDir } from "../support/server.ts";

const dirs: string[] = [];
// reachd is started here as a plain `reachd serve` would be: with none of the options (this
// test process may have some, and startServer passes its environment on).
const saved: Record<string, string | undefined> = {};
beforeAll(() => {
  for (const k of [...Object.keys(JSC_ENV), "REACHD_NO_RELAUNCH"]) {
    saved[k] = process.env[k];
    delete process.env[k];
  }
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) if (v !== undefined) process.env[k] = v;
  cleanup(...dirs);
});
const plainEnv = (extra: Record<string, string> = {}): Record<string, string> => extra;

function environOf(pid: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")) {
    const at = entry.indexOf("=");
    if (at > 0) out[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return out;
}

const alive = (pid: number): boolean => existsSync(`/proc/${pid}`) && !/State:\s+Z/.test(readFileSync(`/proc/${pid}/status`, "utf8"));

async function gone(pid: number, ms = 5000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await Bun.sleep(50)) if (!alive(pid)) return true;
  return !alive(pid);
}

test("missing options are the unset ones: an operator's own value is kept", () => {
  expect(missingJscEnv({})).toEqual({ ...JSC_ENV });
  const own = missingJscEnv({ BUN_JSC_useFTLJIT: "1", BUN_JSC_heapGrowthMaxIncrease: "3" });
  expect(own.BUN_JSC_useFTLJIT).toBeUndefined();
  expect(own.BUN_JSC_heapGrowthMaxIncrease).toBeUndefined();
  expect(Object.keys(own).length).toBe(Object.keys(JSC_ENV).length - 2);
  expect(missingJscEnv({ ...JSC_ENV })).toEqual({});
});

test("the command that runs the program again: bun with its flags and script, or the binary alone", () => {
  expect(selfCommand(["bun", "/src/main.ts", "serve", "--port", "0"], "/usr/bin/bun", ["--smol"]))
    .toEqual(["/usr/bin/bun", "--smol", "/src/main.ts", "serve", "--port", "0"]);
  expect(selfCommand(["bun", "/$bunfs/root/reachd", "scan", "."], "/usr/local/bin/reachd", []))
    .toEqual(["/usr/local/bin/reachd", "scan", "."]);
});

test.skipIf(!existsSync("/proc/self/environ"))("serve runs in a child with the options, answers, and stops cleanly on SIGTERM", async () => {
  const dataDir = tempDir("reachd-relaunch-");
  dirs.push(dataDir);
  const server = await startServer({ dataDir, env: plainEnv({ BUN_JSC_heapGrowthMaxIncrease: "1.5" }) });
  const child = server.workPid();
  expect(child).not.toBe(server.proc.pid);
  const env = environOf(child);
  for (const [k, v] of Object.entries(JSC_ENV)) if (k !== "BUN_JSC_heapGrowthMaxIncrease") expect(env[k]).toBe(v);
  expect(env.BUN_JSC_heapGrowthMaxIncrease).toBe("1.5");
  expect(childrenOf(child)).toEqual([]); // relaunched once, not again
  expect((await api(server, "GET", "/v1/health")).status).toBe(200);
  expect(await server.stop("SIGTERM")).toBe(0);
  expect(server.logs()).toContain('"msg":"stopped"');
  expect(await gone(child)).toBe(true);
});

test.skipIf(!existsSync("/proc/self/environ"))("the child ends when its parent is killed with SIGKILL", async () => {
  const dataDir = tempDir("reachd-relaunch-");
  dirs.push(dataDir);
  const server = await startServer({ dataDir, env: plainEnv() });
  const child = server.workPid();
  expect(child).not.toBe(server.proc.pid);
  expect(alive(child)).toBe(true);
  await server.stop("SIGKILL");
  expect(await gone(child)).toBe(true);
});

test.skipIf(!existsSync("/proc/self/environ"))("no child when the options are all set, or with REACHD_NO_RELAUNCH=1", async () => {
  for (const extra of [{ ...JSC_ENV }, { REACHD_NO_RELAUNCH: "1" }]) {
    const dataDir = tempDir("reachd-relaunch-");
    dirs.push(dataDir);
    const server = await startServer({ dataDir, env: plainEnv(extra) });
    try {
      expect((await api(server, "GET", "/v1/health")).status).toBe(200);
      expect(server.workPid()).toBe(server.proc.pid);
    } finally {
      expect(await server.stop("SIGTERM")).toBe(0);
    }
  }
});

test("the Docker image sets every option itself (so its binary needs no relaunch)", () => {
  const dockerfile = readFileSync(new URL("../../Dockerfile", import.meta.url), "utf8");
  for (const [k, v] of Object.entries(JSC_ENV)) expect(dockerfile).toMatch(new RegExp(`^\\s*${k}=${v.replace(".", "\\.")}\\s*\\\\?$`, "m"));
});
