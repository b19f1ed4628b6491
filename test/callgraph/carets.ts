// Caret-assertion fixtures (test/fixtures/callgraph/<lang>/*): source files whose comment lines
// assert facts about the line above them:
//   // ^ calls: lodash.template        a call (or function reference) of this target
//   // ^ calls-not: helper             no call of this target
//   // ^ imports: lib/util.js          loads this project file, or this package
//   // ^ dynamic                       a dynamic import whose target cannot be known
//   // ^ unresolved: ./missing         a relative import naming no file in the checkout
// (`#` instead of `//` in Python). Targets are external names ("yaml.load"), node ids
// ("lib/x.js#helper") or qualified names ("Service.run"). A fixture may hold several files,
// each starting with a header line `--- path: a/b.py ---` (optionally after a comment marker).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildProjectGraph, type ProjectGraph } from "../../src/scan/callgraph/index.ts";

export interface Assertion {
  file: string;
  line: number;
  kind: "calls" | "calls-not" | "imports" | "dynamic" | "unresolved";
  value: string;
}

const HEADER = /^\s*(?:\/\/|#)?\s*---\s*path:\s*(\S+)\s*---\s*$/;
const CARET = /^\s*(?:\/\/|#)\s*\^\s*(calls-not|calls|imports|dynamic|unresolved)\s*(?::\s*(.+?))?\s*$/;

/** Split a fixture into files and assertions. Single-file fixtures keep their own name. */
export function parseFixture(name: string, text: string): { files: Map<string, string>; assertions: Assertion[] } {
  const files = new Map<string, string>();
  const assertions: Assertion[] = [];
  let current = name;
  let lines: string[] = [];
  let lastCode = 0;
  const flush = (): void => {
    if (lines.length > 0 || files.has(current)) files.set(current, lines.join("\n") + "\n");
  };
  for (const raw of text.split("\n")) {
    const header = HEADER.exec(raw);
    if (header) {
      flush();
      current = header[1]!;
      lines = [];
      lastCode = 0;
      continue;
    }
    lines.push(raw);
    const caret = CARET.exec(raw);
    if (caret) {
      assertions.push({ file: current, line: lastCode, kind: caret[1] as Assertion["kind"], value: caret[2] ?? "" });
    } else lastCode = lines.length;
  }
  flush();
  return { files, assertions };
}

/** Write the files to a fresh temporary directory and build their graph. */
export async function graphOf(files: Map<string, string>): Promise<ProjectGraph> {
  const root = await mkdtemp(join(tmpdir(), "reachd-carets-"));
  try {
    for (const [path, content] of files) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    return await buildProjectGraph(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function factsAt(graph: ProjectGraph, file: string, line: number): Record<Assertion["kind"], string[]> {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const inFile = (id: string): boolean => nodes.get(id)?.file === file;
  const out: Record<Assertion["kind"], string[]> = { calls: [], "calls-not": [], imports: [], dynamic: [], unresolved: [] };
  for (const e of graph.edges) {
    if (e.line !== line || !inFile(e.from)) continue;
    const to = nodes.get(e.to)!;
    if (e.kind === "import") out.imports.push(to.file);
    else out.calls.push(to.id, to.name);
  }
  for (const u of graph.uses) {
    if (u.line !== line || !inFile(u.from)) continue;
    const name = u.member.length > 0 ? `${u.module}.${u.member.join(".")}` : u.module;
    if (u.kind === "import") out.imports.push(name);
    else out.calls.push(name);
  }
  for (const d of graph.dynamic) if (d.line === line && inFile(d.from)) out.dynamic.push(d.text);
  for (const u of graph.unresolved) if (u.line === line && inFile(u.from)) out.unresolved.push(u.specifier);
  out["calls-not"] = out.calls;
  return out;
}

/** Failed assertions, as readable messages (empty when all hold). */
export function check(graph: ProjectGraph, assertions: Assertion[]): string[] {
  const failures: string[] = [];
  for (const a of assertions) {
    const found = factsAt(graph, a.file, a.line)[a.kind];
    const where = `${a.file}:${a.line}`;
    if (a.kind === "calls-not") {
      if (found.includes(a.value)) failures.push(`${where}: expected no call of ${a.value}`);
    } else if (a.kind === "dynamic" ? found.length === 0 : !found.includes(a.value)) {
      failures.push(`${where}: expected ${a.kind}${a.value ? ` ${a.value}` : ""}; found [${[...new Set(found)].join(", ")}]`);
    }
  }
  return failures;
}
