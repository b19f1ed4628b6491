// Encryption at rest for git host tokens. The key lives in a file beside the database, not in
// it, so a copy of the database alone does not reveal tokens.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmod, link, mkdir, open, readFile, stat, unlink } from "node:fs/promises";
import { join } from "node:path";

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const PREFIX = "v1.";

/**
 * Reads <dataDir>/secret.key, creating it (32 random bytes, mode 0600) on first start.
 * A key file of the wrong size is an error rather than a reason to make a new key: a new key
 * would silently make every stored token unreadable.
 */
export async function loadOrCreateKey(dataDir: string): Promise<Uint8Array> {
  const path = join(dataDir, "secret.key");
  const existing = await readKey(path);
  if (existing !== null) return existing;

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // Write a complete temporary file, then link it into place: link() fails if the key appeared
  // meanwhile (another process won the race), and a crash never leaves a half-written key.
  const tmp = join(dataDir, `.secret.key.${randomBytes(6).toString("hex")}`);
  const handle = await open(tmp, "wx", 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(randomBytes(KEY_BYTES));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(tmp, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    await unlink(tmp).catch(() => {});
  }
  const key = await readKey(path);
  if (key === null) throw new Error("secret key file could not be created");
  return key;
}

async function readKey(path: string): Promise<Uint8Array | null> {
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  if (data.length !== KEY_BYTES) throw new Error(`secret key file must hold exactly ${KEY_BYTES} bytes`);
  // A key readable by others is tightened rather than refused: refusing would stop the service
  // over a fixable permission while the key stays exposed all the same.
  if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
  return new Uint8Array(data);
}

function checkKey(key: Uint8Array): void {
  if (!(key instanceof Uint8Array) || key.length !== KEY_BYTES) throw new Error(`key must be ${KEY_BYTES} bytes`);
}

/** AES-256-GCM with a random 96-bit nonce: "v1." + base64(nonce ‖ ciphertext ‖ tag). */
export function encryptSecret(key: Uint8Array, plaintext: string): string {
  checkKey(key);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString("base64");
}

/** Throws on a wrong key, an unknown version, or any change to the stored text. */
export function decryptSecret(key: Uint8Array, ciphertext: string): string {
  checkKey(key);
  const fail = () => new Error("secret could not be decrypted");
  if (typeof ciphertext !== "string" || !ciphertext.startsWith(PREFIX)) throw fail();
  const b64 = ciphertext.slice(PREFIX.length);
  // Buffer.from(…, "base64") skips junk characters; a strict check makes every edit count as tampering.
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) throw fail();
  const raw = Buffer.from(b64, "base64");
  if (raw.length < NONCE_BYTES + TAG_BYTES) throw fail();
  const nonce = raw.subarray(0, NONCE_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    throw fail();
  }
}
