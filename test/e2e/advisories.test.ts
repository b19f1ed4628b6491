// The advisory database over the API: status for readers, streamed uploads for the operator.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { cleanup, cli, startServer, tempDir, type Server } from "../support/server.ts";

const ZIP = resolve(import.meta.dir, "../../../shared/data/osv/osv-npm.zip");
let server: Server;
let operator: string;
let operatorReader: string;
let otherAdmin: string;

beforeAll(async () => {
  const dataDir = tempDir("reachd-adv-");
  const init = JSON.parse((await cli(["init", "--json"], { dataDir })).stdout);
  operator = init.api_key;
  operatorReader = JSON.parse((await cli(["keys", "create", "--account", init.account_id, "--scopes", "scans:read", "--json"], { dataDir })).stdout).api_key;
  const acct = JSON.parse((await cli(["accounts", "create", "--name", "b", "--plan", "team", "--json"], { dataDir })).stdout).account_id;
  otherAdmin = JSON.parse((await cli(["keys", "create", "--account", acct, "--scopes", "admin", "--json"], { dataDir })).stdout).api_key;
  server = await startServer({ dataDir, env: { REACHD_UPLOAD_MAX_MB: "1" } });
});
afterAll(async () => {
  await server?.stop();
  cleanup(server?.dataDir ?? "");
});

// Response bodies are read as `any`: the tests check their shape field by field.
const body = (res: Response): Promise<any> => res.json();

const upload = (key: string, body: Uint8Array | string, type = "application/zip", name = "osv-npm.zip") =>
  fetch(`${server.url}/v1/advisories/import?name=${name}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": type },
    body,
  });

test("status shows the bundled set to any key that reads scans", async () => {
  const res = await fetch(`${server.url}/v1/advisories/status`, { headers: { authorization: `Bearer ${operatorReader}` } });
  expect(res.status).toBe(200);
  const status = await body(res);
  expect(status.by_ecosystem.npm).toBeGreaterThan(0);
  expect(status.by_ecosystem.PyPI).toBeGreaterThan(0);
  expect(status.last_import.source).toBe("bundled");
});

test("status shows the curated symbol set by source, exactly as `reachd advisories status` does; OpenAPI describes it", async () => {
  const read = async () => body(await fetch(`${server.url}/v1/advisories/status`, { headers: { authorization: `Bearer ${operatorReader}` } }));
  const before = await read();
  expect(before.curated_symbols.by_source["curated-bundled"]).toBeGreaterThan(0);
  expect(before.curated_symbols.by_source.operator).toBeUndefined();
  // An operator entry (CLI, the same database the server reads) shows up under its own source.
  const file = join(server.dataDir, "operator-symbols.json");
  writeFileSync(file, JSON.stringify({ format: "reachd-curated-symbols", version: 1, entries: [
    { id: "GHSA-jf85-cpcp-j695", ecosystem: "npm", package: "lodash", imports: [{ path: "lodash", symbols: ["defaultsDeep"] }], why: "operator override for the test" },
  ] }));
  const imported = await cli(["advisories", "symbols", "import", file, "--json"], { dataDir: server.dataDir });
  expect(imported.code).toBe(0);
  const after = await read();
  expect(after.curated_symbols.by_source.operator).toBe(1);
  expect(after.curated_symbols.entries).toBe(before.curated_symbols.entries + 1);
  const viaCli = JSON.parse((await cli(["advisories", "status", "--json"], { dataDir: server.dataDir })).stdout);
  expect(after.curated_symbols).toEqual(viaCli.curated_symbols);
  expect(after.by_ecosystem).toEqual(viaCli.by_ecosystem);
  const doc = await body(await fetch(`${server.url}/v1/openapi.json`));
  const schema = doc.paths["/v1/advisories/status"].get.responses["200"].content["application/json"].schema;
  expect(Object.keys(schema.properties).sort()).toEqual(["by_ecosystem", "curated_symbols", "imports", "last_import", "total"]);
  expect(Object.keys(schema.properties.curated_symbols.properties).sort()).toEqual(["by_source", "entries", "version"]);
});

test("the operator uploads an osv.dev zip; the import is recorded with its provenance and is idempotent", async () => {
  if (!existsSync(ZIP)) throw new Error(`shared test data missing: ${ZIP}`);
  const bytes = readFileSync(ZIP);
  const first = await upload(operator, bytes);
  expect(first.status).toBe(200);
  const summary = await body(first);
  expect(summary).toMatchObject({ source: "upload:osv-npm.zip", records: 23, errors: 0 });
  const again = await body(await upload(operator, bytes));
  expect(again.inserted).toBe(0);
  expect(again.updated).toBe(0);
  const status = await body(await fetch(`${server.url}/v1/advisories/status`, { headers: { authorization: `Bearer ${operator}` } }));
  expect(status.last_import.source).toBe("upload:osv-npm.zip");
});

test("a JSON record uploads too; garbage is a 400 that says why", async () => {
  const record = { id: "RDTEST-UP-1", modified: "2026-01-01T00:00:00Z", affected: [{ package: { ecosystem: "npm", name: "acme-up" }, ranges: [{ type: "ECOSYSTEM", events: [{ introduced: "0" }, { fixed: "2.0.0" }] }] }] };
  const ok = await upload(operator, JSON.stringify(record), "application/json", "one.json");
  expect(ok.status).toBe(200);
  expect((await body(ok)).inserted).toBe(1);
  const bad = await upload(operator, "PK\u0003\u0004 definitely not a zip");
  expect(bad.status).toBe(400);
  const err = await body(bad);
  expect(err.error.code).toBe("validation_failed");
  expect(JSON.stringify(err)).not.toContain(server.dataDir);
});

test("only the operator account's admin keys may import", async () => {
  const other = await upload(otherAdmin, "{}", "application/json");
  expect(other.status).toBe(403);
  expect((await body(other)).error.code).toBe("insufficient_scope");
  expect((await upload(operatorReader, "{}", "application/json")).status).toBe(403);
});

test("uploads are capped and typed", async () => {
  const big = await upload(operator, new Uint8Array(2 * 1024 * 1024));
  expect(big.status).toBe(413);
  expect((await body(big)).error.code).toBe("payload_too_large");
  const text = await upload(operator, "hello", "text/plain");
  expect(text.status).toBe(415);
  const empty = await upload(operator, "", "application/json");
  expect(empty.status).toBe(400);
  expect((await body(empty)).error).toMatchObject({ code: "validation_failed", message: "the upload is empty" });
  expect(existsSync(join(server.dataDir, "uploads")) ? readdirSync(join(server.dataDir, "uploads")) : []).toEqual([]); // no upload left behind
});
