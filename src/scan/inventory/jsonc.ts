// A tolerant JSONC read for bun.lock: comments and trailing commas are removed outside strings,
// then the text goes through the bounded JSON parser.
import { parseJson, type JsonResult } from "./json.ts";

export function parseJsonc(text: string): JsonResult {
  let out = "";
  let i = 0;
  let last = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      i++;
      while (i < n && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      continue;
    }
    if (c === "/" && text[i + 1] === "/") {
      out += text.slice(last, i);
      while (i < n && text[i] !== "\n") i++;
      last = i;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      out += text.slice(last, i);
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
      last = i;
      continue;
    }
    if (c === ",") {
      let j = i + 1;
      while (j < n && /\s/.test(text[j]!)) j++;
      if (text[j] === "}" || text[j] === "]") {
        out += text.slice(last, i);
        last = i + 1;
      }
    }
    i++;
  }
  out += text.slice(last);
  return parseJson(out);
}
