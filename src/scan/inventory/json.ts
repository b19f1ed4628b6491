// JSON parsing for untrusted lockfiles. Bun's JSON.parse copes with deep nesting, but the
// extractors walk the result recursively (npm v1 nests `dependencies`), so depth is bounded
// up front with a linear scan instead of trusting the stack.
export const MAX_JSON_DEPTH = 256;

export type JsonResult = { value: unknown } | { error: string };

export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonResult {
  const depth = maxNesting(text, maxDepth);
  if (depth > maxDepth) return { error: `JSON nested deeper than ${maxDepth} levels` };
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    return { error: `invalid JSON: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300) };
  }
}

/** Bracket depth outside strings; stops counting once past `limit`. */
function maxNesting(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The string-valued entries of a JSON object (dependency maps); anything else is ignored. */
export function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(v)) return out;
  for (const [k, val] of Object.entries(v)) if (typeof val === "string") out[k] = val;
  return out;
}
