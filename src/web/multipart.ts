// A streaming reader for the one multipart form the dashboard takes (the advisory upload): small
// text fields are kept, the single file part goes straight to disk chunk by chunk. Bun's
// Request.formData() reads the whole body into memory first, which a 200 MB export must not do.
import { open } from "node:fs/promises";
import { AppError } from "../errors.ts";

export interface MultipartLimits {
  /** Bytes the file part may hold; past it the upload is refused as too large. */
  maxFileBytes: number;
  /** Bytes a text field may hold (the CSRF token is 43). */
  maxFieldBytes: number;
  /** Header block of one part, and the preamble before the first boundary. */
  maxHeaderBytes: number;
  maxParts: number;
}

export const DEFAULT_MULTIPART_LIMITS: Omit<MultipartLimits, "maxFileBytes"> = { maxFieldBytes: 8 * 1024, maxHeaderBytes: 8 * 1024, maxParts: 16 };

export interface MultipartUpload {
  fields: Map<string, string>;
  /** The file part's name as the browser sent it; null when no file part came. */
  filename: string | null;
  size: number;
}

const malformed = (issue: string) => new AppError("validation_failed", `the upload is not a readable multipart form: ${issue}`, [{ field: "body", issue }]);

/** The boundary of a multipart/form-data content type, or null when there is none or it is not valid. */
export function multipartBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))(?:\s*;|\s*$)/i.exec(contentType);
  const b = m?.[1] ?? m?.[2] ?? null;
  return b && /^[\w'()+,\-./:=? ]+$/.test(b) ? b : null;
}

function param(header: string, key: string): string | null {
  // Anchored at `;` so `name=` never matches inside `filename=`.
  const m = new RegExp(`(?:^|;)\\s*${key}="([^"]*)"`, "i").exec(header);
  return m ? m[1]! : null;
}

class ChunkReader {
  buf: Buffer = Buffer.alloc(0);
  private ended = false;
  constructor(private readonly it: AsyncIterator<Uint8Array>) {}
  async more(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.it.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buf = this.buf.length === 0 ? Buffer.from(next.value) : Buffer.concat([this.buf, next.value]);
    return true;
  }
}

/**
 * Reads a multipart body: text fields into `fields`; the part named `fileField` (which must come
 * after the fields `beforeFile` checks, as browsers send them in form order) into `path`.
 * `beforeFile` runs before a byte of the file is written, and may throw to refuse it.
 */
export async function saveMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  path: string,
  opts: { fileField: string; limits: MultipartLimits; beforeFile: (fields: Map<string, string>) => void },
): Promise<MultipartUpload> {
  const { limits } = opts;
  const delim = Buffer.from(`\r\n--${boundary}`);
  const reader = new ChunkReader(body[Symbol.asyncIterator]());
  // A leading CRLF lets the first boundary be found like every other one.
  reader.buf = Buffer.from("\r\n");
  const fields = new Map<string, string>();
  let filename: string | null = null;
  let size = 0;

  // Preamble: anything before the first boundary is skipped, within the header limit.
  for (;;) {
    const at = reader.buf.indexOf(delim);
    if (at >= 0) {
      reader.buf = reader.buf.subarray(at + delim.length);
      break;
    }
    if (reader.buf.length > limits.maxHeaderBytes) throw malformed("no boundary where the form should start");
    if (!(await reader.more())) throw malformed("no boundary where the form should start");
  }

  for (let parts = 0; ; parts++) {
    while (reader.buf.length < 2) if (!(await reader.more())) throw malformed("the form ends early");
    if (reader.buf[0] === 0x2d && reader.buf[1] === 0x2d) break; // "--": the closing boundary
    if (reader.buf[0] !== 0x0d || reader.buf[1] !== 0x0a) throw malformed("a boundary is not followed by a line break");
    if (parts >= limits.maxParts) throw malformed("too many parts");
    let end: number;
    while ((end = reader.buf.indexOf("\r\n\r\n")) < 0) {
      if (reader.buf.length > limits.maxHeaderBytes) throw malformed("a part's headers are too long");
      if (!(await reader.more())) throw malformed("the form ends early");
    }
    if (end > limits.maxHeaderBytes) throw malformed("a part's headers are too long");
    const headers = reader.buf.subarray(2, end).toString("utf8");
    reader.buf = reader.buf.subarray(end + 4);
    const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1];
    if (disposition === undefined) throw malformed("a part has no form-data disposition");
    const name = param(disposition, "name");
    const file = param(disposition, "filename");
    if (name === null) throw malformed("a part has no name");

    if (file === null) {
      const value = await readField(reader, delim, limits.maxFieldBytes);
      if (!fields.has(name)) fields.set(name, value);
      continue;
    }
    if (name !== opts.fileField || filename !== null) throw malformed(`an unexpected file part "${name.slice(0, 40)}"`);
    opts.beforeFile(fields);
    filename = file;
    size = await writeFile(reader, delim, path, limits.maxFileBytes);
  }
  // Whatever follows the closing boundary (an epilogue) is left unread.
  return { fields, filename, size };
}

async function readField(reader: ChunkReader, delim: Buffer, max: number): Promise<string> {
  let at: number;
  while ((at = reader.buf.indexOf(delim)) < 0) {
    if (reader.buf.length > max + delim.length) throw malformed("a text field is too long");
    if (!(await reader.more())) throw malformed("the form ends early");
  }
  if (at > max) throw malformed("a text field is too long");
  const value = reader.buf.subarray(0, at).toString("utf8");
  reader.buf = reader.buf.subarray(at + delim.length);
  return value;
}

async function writeFile(reader: ChunkReader, delim: Buffer, path: string, max: number): Promise<number> {
  const out = await open(path, "w", 0o600);
  let size = 0;
  const write = async (bytes: Buffer) => {
    size += bytes.length;
    if (size > max) throw new AppError("payload_too_large", `the upload exceeds ${Math.floor(max / 1024 / 1024)} MiB (REACHD_UPLOAD_MAX_MB)`);
    if (bytes.length > 0) await out.write(bytes);
  };
  try {
    for (;;) {
      const at = reader.buf.indexOf(delim);
      if (at >= 0) {
        await write(reader.buf.subarray(0, at));
        reader.buf = reader.buf.subarray(at + delim.length);
        return size;
      }
      // Everything but a tail that could be the start of the boundary goes to disk now.
      const keep = Math.min(reader.buf.length, delim.length - 1);
      await write(reader.buf.subarray(0, reader.buf.length - keep));
      reader.buf = Buffer.from(reader.buf.subarray(reader.buf.length - keep));
      if (!(await reader.more())) throw malformed("the form ends inside the file");
    }
  } finally {
    await out.close();
  }
}
