// The streaming multipart reader of the advisory upload: real bodies (split at every byte where it
// matters), real files on disk, and the hostile shapes a browser never sends.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "../../src/errors.ts";
import { DEFAULT_MULTIPART_LIMITS, multipartBoundary, saveMultipart, type MultipartLimits } from "../../src/web/multipart.ts";
import { cleanup, tempDir } from "../support/server.ts";

const dir = tempDir("reachd-multipart-");
afterAll(() => cleanup(dir));

const B = "----reachdBoundary7MA4YWxkTrZu0gW";
const limits: MultipartLimits = { ...DEFAULT_MULTIPART_LIMITS, maxFileBytes: 1024 * 1024 };

/** A multipart body as a browser builds it, from fields and one file, in form order. */
function body(parts: ({ name: string; value: string } | { name: string; filename: string; data: Uint8Array })[], boundary = B): Uint8Array {
  const chunks: Uint8Array[] = [];
  const enc = new TextEncoder();
  for (const p of parts) {
    if ("filename" in p) {
      chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/json\r\n\r\n`), p.data, enc.encode("\r\n"));
    } else {
      chunks.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The bytes as a stream of `size`-byte chunks, the way a slow network delivers them. */
function stream(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

let n = 0;
const target = () => join(dir, `upload-${n++}`);

describe("multipart upload reader", () => {
  test("fields are kept and the file lands on disk byte for byte, however the body is split", async () => {
    // The file holds CRLFs and a near-boundary so only the real delimiter may end it.
    const data = new TextEncoder().encode(`[{"id":"X"}]\r\n--${B.slice(0, -1)}\r\n\r\n-${B} tail`);
    const bytes = body([{ name: "_csrf", value: "tok" }, { name: "file", filename: "osv.json", data }]);
    for (const size of [1, 2, 3, 7, 31, 64, bytes.length]) {
      const path = target();
      const seen: string[] = [];
      const got = await saveMultipart(stream(bytes, size), B, path, { fileField: "file", limits, beforeFile: (f) => seen.push(f.get("_csrf") ?? "") });
      expect(seen).toEqual(["tok"]);
      expect(got.fields.get("_csrf")).toBe("tok");
      expect(got.filename).toBe("osv.json");
      expect(got.size).toBe(data.length);
      expect(Buffer.compare(readFileSync(path), Buffer.from(data))).toBe(0);
    }
  });

  test("a file past the limit is refused as too large while streaming, not after buffering it", async () => {
    const big = new Uint8Array(limits.maxFileBytes * 4).fill(0x61);
    let pulled = 0;
    const bytes = body([{ name: "_csrf", value: "tok" }, { name: "file", filename: "big.json", data: big }]);
    const counted = stream(bytes, 64 * 1024).pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, c) {
          pulled += chunk.length;
          c.enqueue(chunk);
        },
      }),
    );
    const err = await saveMultipart(counted, B, target(), { fileField: "file", limits, beforeFile: () => {} }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("payload_too_large");
    expect((err as AppError).message).toContain("exceeds 1 MiB");
    // Reading stopped just past the limit: the other 3 MiB were never pulled.
    expect(pulled).toBeLessThan(limits.maxFileBytes * 1.5);
  });

  test("beforeFile refuses before the file is opened: nothing reaches the disk", async () => {
    const bytes = body([{ name: "_csrf", value: "wrong" }, { name: "file", filename: "a.json", data: new Uint8Array(10) }]);
    const path = target();
    const err = await saveMultipart(stream(bytes, 5), B, path, {
      fileField: "file",
      limits,
      beforeFile: () => {
        throw new Error("refused");
      },
    }).catch((e) => e);
    expect((err as Error).message).toBe("refused");
    expect(existsSync(path)).toBe(false);
  });

  test("hostile shapes are clear validation errors", async () => {
    const enc = new TextEncoder();
    const cases: [string, Uint8Array, Partial<MultipartLimits>?][] = [
      ["no boundary where the form should start", enc.encode("x".repeat(20_000))],
      ["the form ends early", enc.encode(`--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue`)],
      ["a part's headers are too long", enc.encode(`--${B}\r\nX: ${"h".repeat(10_000)}`)],
      ["a part has no form-data disposition", enc.encode(`--${B}\r\nContent-Type: text/plain\r\n\r\nv\r\n--${B}--`)],
      ["a part has no form-data disposition", enc.encode(`--${B}\r\n\r\nno headers at all\r\n--${B}--`)],
      ["a text field is too long", body([{ name: "a", value: "v".repeat(9000) }])],
      ["too many parts", body(Array.from({ length: 3 }, (_, i) => ({ name: `f${i}`, value: "v" }))), { maxParts: 2 }],
      ['an unexpected file part "other"', body([{ name: "other", filename: "x", data: new Uint8Array(1) }])],
      ["the form ends inside the file", enc.encode(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\nabc`)],
      ["a boundary is not followed by a line break", enc.encode(`--${B}XX`)],
    ];
    for (const [issue, bytes, extra] of cases) {
      const err = await saveMultipart(stream(bytes, 100), B, target(), { fileField: "file", limits: { ...limits, ...extra }, beforeFile: () => {} }).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).details).toEqual([{ field: "body", issue }]);
    }
  });

  test("two file parts are refused; a form without one reports no file", async () => {
    const two = body([{ name: "file", filename: "a", data: new Uint8Array(1) }, { name: "file", filename: "b", data: new Uint8Array(1) }]);
    const err = await saveMultipart(stream(two, 50), B, target(), { fileField: "file", limits, beforeFile: () => {} }).catch((e) => e);
    expect((err as AppError).details[0]!.issue).toBe('an unexpected file part "file"');
    const none = await saveMultipart(stream(body([{ name: "_csrf", value: "t" }]), 50), B, target(), { fileField: "file", limits, beforeFile: () => {} });
    expect(none).toEqual({ fields: new Map([["_csrf", "t"]]), filename: null, size: 0 });
  });

  test("the boundary is read from the content type, quoted or not; anything odd is none", () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${B}`)).toBe(B);
    expect(multipartBoundary(`multipart/form-data; charset=utf-8; boundary="a b"`)).toBe("a b");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
    expect(multipartBoundary("multipart/mixed; boundary=x")).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
    expect(multipartBoundary("multipart/form-data; boundary=<script>")).toBeNull();
  });
});
