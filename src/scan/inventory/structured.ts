// YAML and TOML reads for untrusted lockfiles. Both parsers recurse on nesting, so depth is
// bounded first (a linear bracket/indent scan); alias expansion is capped by the parsers.
// YAML goes through Bun's native parser first: the `yaml` package needs seconds per megabyte
// (scripts/bench-inventory.ts: a 1.5 MB Berry lockfile, 3–5 s against 0.2 s), and big monorepo
// lockfiles run to tens of megabytes. Whatever Bun's parser refuses is read again by `yaml`,
// which accepts the full YAML 1.2 grammar and gives the error message.
import { parse as parseToml } from "smol-toml";
import { parse as parseYamlText } from "yaml";
import type { JsonResult } from "./json.ts";

const MAX_DEPTH = 256;

export function readYaml(text: string): JsonResult {
  if (bracketDepth(text) > MAX_DEPTH || indentDepth(text) > MAX_DEPTH) return { error: `YAML nested deeper than ${MAX_DEPTH} levels` };
  const native = nativeYaml();
  if (native) {
    try {
      return { value: native(text) };
    } catch {
      // fall through to the `yaml` package for its verdict and message
    }
  }
  try {
    return { value: parseYamlText(text, { maxAliasCount: 100, uniqueKeys: false, strict: false }) as unknown };
  } catch (e) {
    return { error: `invalid YAML: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300) };
  }
}

export function readToml(text: string): JsonResult {
  if (bracketDepth(text) > MAX_DEPTH) return { error: `TOML nested deeper than ${MAX_DEPTH} levels` };
  try {
    return { value: parseToml(text) as unknown };
  } catch (e) {
    return { error: `invalid TOML: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300) };
  }
}

// Counting brackets inside strings too over-estimates depth; a lockfile never comes near the limit.
function bracketDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 || c === 91) {
      if (++depth > max) max = depth;
      if (max > MAX_DEPTH) return max;
    } else if ((c === 125 || c === 93) && depth > 0) depth--;
  }
  return max;
}

function indentDepth(text: string): number {
  let max = 0;
  for (const line of text.split("\n", 2_000_000)) {
    const m = /^( *)(- )*/.exec(line)!;
    const level = m[1]!.length / 2 + (m[0].length - m[1]!.length) / 2;
    if (level > max) max = level;
  }
  return max;
}

function nativeYaml(): ((text: string) => unknown) | null {
  const bun = (globalThis as { Bun?: { YAML?: { parse?: (text: string) => unknown } } }).Bun;
  const parse = bun?.YAML?.parse;
  return typeof parse === "function" ? (text) => parse(text) : null;
}
