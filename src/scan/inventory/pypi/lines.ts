// pip requirements-file lines → classified entries. Follows pip's own reading order: join
// backslash continuations, drop comments, then options, then one PEP 508 requirement per line.
// Only `name==version` / `name===version` is a pin; anything looser is reported, never guessed.

export type ReqLine =
  | { kind: "pin"; line: number; name: string; version: string; text: string }
  | { kind: "unpinned"; line: number; name: string; text: string }
  | { kind: "include"; line: number; target: string; constraint: boolean }
  | { kind: "skip"; line: number };

/** Logical lines with the 1-based number of their first physical line. */
export function logicalLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const physical = text.split(/\r?\n/);
  let buffer = "";
  let start = 0;
  for (let i = 0; i < physical.length; i++) {
    let raw = physical[i]!;
    if (buffer === "") start = i + 1;
    // pip strips comments before joining, so "a \\  # note" still continues.
    raw = stripComment(raw);
    if (raw.endsWith("\\")) {
      buffer += raw.slice(0, -1) + " ";
      continue;
    }
    buffer += raw;
    out.push({ line: start, text: buffer.trim() });
    buffer = "";
  }
  if (buffer.trim()) out.push({ line: start, text: buffer.trim() });
  return out.filter((l) => l.text !== "");
}

function stripComment(raw: string): string {
  const m = /(^|\s)#/.exec(raw);
  return (m ? raw.slice(0, m.index) : raw).trimEnd();
}

const INCLUDE = /^(?:-r|--requirement|-c|--constraint)(?:\s*=\s*|\s+|(?<=^-[rc]))(\S+)$/;
const NAME = /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(\[[^\]]*\])?\s*(.*)$/;
const PIN = /^===?\s*([^\s,;*]+)$/;

export function classify(line: number, text: string): ReqLine {
  if (text.startsWith("-")) {
    const inc = INCLUDE.exec(text);
    if (inc) return { kind: "include", line, target: inc[1]!, constraint: /^(-c|--constraint)/.test(text) };
    return { kind: "skip", line }; // -e, --index-url, --hash-only lines, other pip options
  }
  // Per-requirement options (--hash=…) and the environment marker do not change what is pinned.
  const requirement = text.split(/\s--?[a-z]/)[0]!.split(";")[0]!.trim();
  if (/^[a-z+]+:\/\//i.test(requirement) || /^[./~]/.test(requirement)) {
    return { kind: "skip", line }; // a URL, archive or local path: no registry version
  }
  const m = NAME.exec(requirement);
  if (!m) return { kind: "skip", line };
  const name = m[1]!;
  const spec = m[3]!.trim();
  const shown = requirement.slice(0, 200);
  if (spec.startsWith("@")) return { kind: "unpinned", line, name, text: shown }; // name @ url
  if (requirement.includes("/")) return { kind: "skip", line }; // a local path such as libs/pkg
  const pin = PIN.exec(spec);
  if (pin) return { kind: "pin", line, name, version: pin[1]!, text: shown };
  return { kind: "unpinned", line, name, text: shown };
}

export function pep503(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}
