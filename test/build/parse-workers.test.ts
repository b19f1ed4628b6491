// Parse workers in the shipped program: run `reachd callgraph` (the compiled binary when REACHD_BIN
// is set, as CI does; the source otherwise) on a project big enough for the worker pool, and check
// from its debug log that workers ran (none fell back) and that the graph equals the in-process one.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { generateCorpus } from "../../scripts/gen-corpus.ts";
import { cli, tempDir } from "../support/server.ts";

const tmp = tempDir("reachd-workers-");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function factsLog(stderr: string): Record<string, unknown> {
  const line = stderr.split("\n").find((l) => l.includes('"callgraph facts"'));
  expect(line).toBeDefined();
  return JSON.parse(line!) as Record<string, unknown>;
}

test("reachd callgraph parses in worker threads, with the same graph as in-process", async () => {
  const corpus = generateCorpus("js", join(tmp, "app"), 10_000);
  expect(corpus.files).toBeGreaterThanOrEqual(30);
  const pooled = await cli(["callgraph", corpus.dir, "--format", "json", "--no-cache"], { env: { REACHD_LOG_LEVEL: "debug", REACHD_PARSE_WORKERS: "2" } });
  expect(pooled.code).toBe(0);
  expect(factsLog(pooled.stderr)).toMatchObject({ files: corpus.files, parsed: corpus.files, workers: 2, workersBroken: false, workersCrashed: 0 });
  const single = await cli(["callgraph", corpus.dir, "--format", "json", "--no-cache"], { env: { REACHD_LOG_LEVEL: "debug", REACHD_PARSE_WORKERS: "1" } });
  expect(single.code).toBe(0);
  expect(factsLog(single.stderr)).toMatchObject({ workers: 0 });
  expect(pooled.stdout).toBe(single.stdout);
  expect(JSON.parse(pooled.stdout).edges.length).toBeGreaterThan(corpus.files);
}, 120_000);

test("reachd callgraph --cache-dir: a second run parses nothing and prints the same graph", async () => {
  const corpus = generateCorpus("py", join(tmp, "py"), 3_000);
  const cacheDir = join(tmp, "cache");
  const env = { REACHD_LOG_LEVEL: "debug" };
  const first = await cli(["callgraph", corpus.dir, "--format", "pycg", "--cache-dir", cacheDir], { env });
  const second = await cli(["callgraph", corpus.dir, "--format", "pycg", "--cache-dir", cacheDir], { env });
  expect(first.code).toBe(0);
  expect(factsLog(first.stderr)).toMatchObject({ cacheHits: 0, parsed: corpus.files });
  expect(factsLog(second.stderr)).toMatchObject({ cacheHits: corpus.files, parsed: 0 });
  expect(second.stdout).toBe(first.stdout);
  expect((await cli(["callgraph", corpus.dir, "--cache-dir", ""])).code).toBe(2);
}, 120_000);
