// Assembly checks the scan's deadline (scan/deadline.ts) as it resolves: a project whose
// resolution explodes must not hold the thread (and a server) past the scan's time limit.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateCorpus } from "../../scripts/gen-corpus.ts";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { setDeadline } from "../../src/scan/deadline.ts";

const tmp = mkdtempSync(join(tmpdir(), "reachd-deadline-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

test("an assembly past its deadline aborts the signal and throws its reason; one before it builds the graph", async () => {
  const root = join(tmp, "corpus");
  generateCorpus("js", root, 1500);
  const late = new AbortController();
  let expired = 0;
  // Due already: parsing does not check it (it is asynchronous and can be aborted by a timer).
  setDeadline(late.signal, performance.now(), () => {
    expired++;
    late.abort(new Error("scan time limit"));
  });
  await expect(buildProjectGraph(root, { signal: late.signal, pool: false })).rejects.toThrow("scan time limit");
  expect(expired).toBe(1);

  const inTime = new AbortController();
  setDeadline(inTime.signal, performance.now() + 600_000, () => inTime.abort(new Error("scan time limit")));
  const graph = await buildProjectGraph(root, { signal: inTime.signal, pool: false });
  expect(graph.edges.length).toBeGreaterThan(100);
  expect(inTime.signal.aborted).toBe(false);
}, 60_000);
