import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { decryptSecret, encryptSecret, loadOrCreateKey } from "../../src/store/crypto.ts";
import { removeTempDirs, tempDir } from "./helpers.ts";

afterAll(removeTempDirs);

describe("loadOrCreateKey", () => {
  test("creates 32 random bytes with mode 0600, then keeps returning them", async () => {
    const dir = `${tempDir()}/data/nested`;
    const key = await loadOrCreateKey(dir);
    expect(key.length).toBe(32);
    expect(statSync(`${dir}/secret.key`).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(`${dir}/secret.key`)).equals(Buffer.from(key))).toBe(true);
    expect(await loadOrCreateKey(dir)).toEqual(key);
  });

  test("concurrent first starts agree on one key", async () => {
    const dir = tempDir();
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateKey(dir)));
    for (const k of keys) expect(k).toEqual(keys[0]!);
  });

  test("a key file of the wrong size is an error, not a reason to make a new key", async () => {
    const dir = tempDir();
    writeFileSync(`${dir}/secret.key`, "short");
    await expect(loadOrCreateKey(dir)).rejects.toThrow("32 bytes");
    expect(readFileSync(`${dir}/secret.key`, "utf8")).toBe("short");
  });

  test("a world-readable key file is tightened to 0600", async () => {
    const dir = tempDir();
    writeFileSync(`${dir}/secret.key`, Buffer.alloc(32, 7));
    chmodSync(`${dir}/secret.key`, 0o644);
    expect(await loadOrCreateKey(dir)).toEqual(new Uint8Array(32).fill(7));
    expect(statSync(`${dir}/secret.key`).mode & 0o777).toBe(0o600);
  });

  test("two data dirs get different keys", async () => {
    expect(await loadOrCreateKey(tempDir())).not.toEqual(await loadOrCreateKey(tempDir()));
  });
});

describe("encryptSecret / decryptSecret", () => {
  const key = new Uint8Array(32).map((_, i) => i);
  const other = new Uint8Array(32).fill(9);

  test("round trip, including empty and non-ASCII text", () => {
    for (const s of ["ghp_abcdef", "", "tökén 🔑", "x".repeat(5000)]) expect(decryptSecret(key, encryptSecret(key, s))).toBe(s);
  });

  test("versioned text, fresh nonce every time, plaintext not visible", () => {
    const a = encryptSecret(key, "ghp_abcdef");
    const b = encryptSecret(key, "ghp_abcdef");
    expect(a.startsWith("v1.")).toBe(true);
    expect(a).not.toBe(b);
    expect(a).not.toContain("ghp_abcdef");
    expect(Buffer.from(a.slice(3), "base64").length).toBe(12 + "ghp_abcdef".length + 16);
  });

  test("tampering is detected", () => {
    const c = encryptSecret(key, "ghp_abcdef");
    const raw = Buffer.from(c.slice(3), "base64");
    for (let i = 0; i < raw.length; i++) {
      const t = Buffer.from(raw);
      t[i] = t[i]! ^ 1;
      expect(() => decryptSecret(key, `v1.${t.toString("base64")}`)).toThrow("could not be decrypted");
    }
    const bad = [`v2.${c.slice(3)}`, c.slice(3), c.slice(0, -4), `${c}AAAA`, "v1.", "v1.!!!!", `${c.slice(0, 10)} ${c.slice(10)}`];
    for (const b of bad) expect(() => decryptSecret(key, b)).toThrow("could not be decrypted");
  });

  test("the wrong key fails", () => {
    expect(() => decryptSecret(other, encryptSecret(key, "x"))).toThrow("could not be decrypted");
  });

  test("keys must be 32 bytes", () => {
    expect(() => encryptSecret(new Uint8Array(16), "x")).toThrow();
  });
});
