// A small layer over node:util parseArgs: usage errors are values the CLI turns into exit 2.
import { parseArgs } from "node:util";

export class UsageError extends Error {}

export type Flags = Record<string, string | boolean | string[] | undefined>;

export function parse(
  argv: string[],
  options: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }>,
): { flags: Flags; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...options, "data-dir": { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
    return { flags: values as Flags, positionals };
  } catch (e) {
    throw new UsageError((e as Error).message.split("\n")[0] ?? "invalid arguments");
  }
}

export function str(flags: Flags, name: string): string | undefined {
  const v = flags[name];
  return typeof v === "string" ? v : undefined;
}

export function required(flags: Flags, name: string): string {
  const v = str(flags, name);
  if (v === undefined || v === "") throw new UsageError(`--${name} is required`);
  return v;
}

/** A repeatable string flag (`--entry a --entry b`): every value, in order. */
export function list(flags: Flags, name: string): string[] {
  const v = flags[name];
  return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
}
