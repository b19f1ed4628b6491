// Extractor for setuptools declarations with no Python lockfile beside them: setup.cfg's
// `[options] install_requires` (and `[options.extras_require]`, `tests_require` as dev) and a
// setup.py's literal `install_requires=[...]` / `tests_require=[...]` lists (read as text, never
// run). As for pyproject.toml, each range gives the LOWEST version it allows (`resolution:
// "lowest-match"`); pins of the same project (requirements files, lockfiles, an installed tree)
// take precedence (precedence.ts). A pyproject.toml beside them that declares dependencies wins.
import type { Extractor } from "../extractor.ts";
import { dirOf } from "../graph.ts";
import { lowestPep440, parseRequirement, readPyproject } from "./project.ts";
import { PYPI_LOCKFILES } from "./pyproject.ts";

interface Declared {
  name: string;
  spec: string;
  dev: boolean;
  line: number;
}

/** setup.cfg: the requirement lists of its [options] / [options.extras_require] sections, and [metadata] name. */
function setupCfg(text: string): { name: string | null; decls: Declared[] } {
  const decls: Declared[] = [];
  let name: string | null = null;
  let section = "";
  let key: string | null = null;
  const lines = text.split(/\r?\n/).slice(0, 5000);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (/^\s*[#;]/.test(raw) || raw.trim() === "") continue;
    const sec = /^\[([^\]]+)\]\s*$/.exec(raw);
    if (sec) {
      section = sec[1]!.trim();
      key = null;
      continue;
    }
    const continued = /^\s/.test(raw);
    let value: string;
    if (!continued) {
      const kv = /^([\w.-]+)\s*[=:]\s*(.*)$/.exec(raw);
      if (!kv) {
        key = null;
        continue;
      }
      key = kv[1]!;
      value = kv[2]!;
      if (section === "metadata" && key === "name") name = value.trim() || null;
    } else value = raw;
    if (key === null) continue;
    const dev = section === "options" && key === "tests_require";
    const wanted = (section === "options" && (key === "install_requires" || key === "tests_require")) || section === "options.extras_require";
    if (!wanted) continue;
    // On the key's own line a list is `;`-separated (setuptools' list-semi); a dangling list has one
    // requirement a line, whose `; marker` parseRequirement drops.
    for (const item of continued ? [value] : value.split(";")) {
      const t = item.replace(/\s+#.*$/, "").trim();
      if (t === "") continue;
      const r = parseRequirement(t);
      if (r) decls.push({ ...r, dev, line: i + 1 });
    }
  }
  return { name, decls };
}

/** String literals of a setup.py keyword's list (`install_requires=["a>=1", 'b']`). */
function setupPyList(text: string, keyword: string, dev: boolean, out: Declared[]): void {
  const m = new RegExp(`\\b${keyword}\\s*=\\s*\\[([^\\]]*)\\]`).exec(text);
  if (!m) return;
  const line = text.slice(0, m.index).split("\n").length;
  for (const s of m[1]!.matchAll(/(["'])([^"'\n]+)\1/g)) {
    const r = parseRequirement(s[2]!);
    if (r) out.push({ ...r, dev, line });
  }
}

export const setupExtractor: Extractor = {
  name: "pypi/setup",
  matches: (relPath) => /(^|\/)setup\.(cfg|py)$/.test(relPath),
  extract(relPath, text, ctx) {
    const result = { dependencies: [], unresolved: [], errors: [] } as ReturnType<Extractor["extract"]>;
    const dir = dirOf(relPath);
    if (PYPI_LOCKFILES.some((f) => ctx.exists(`${dir}${f}`))) return result;
    const py = readPyproject(ctx, dir);
    if (py && "project" in py && py.project.declarations.length > 0) return result;
    let name: string | null = null;
    const decls: Declared[] = [];
    if (relPath.endsWith(".cfg")) {
      const cfg = setupCfg(text);
      name = cfg.name;
      decls.push(...cfg.decls);
    } else {
      // setup.py beside a setup.cfg that declares requirements: the .cfg says it (setuptools merges both; one is read).
      if (ctx.exists(`${dir}setup.cfg`)) {
        const cfg = ctx.readFile(`${dir}setup.cfg`);
        if ("text" in cfg && setupCfg(cfg.text).decls.length > 0) return result;
      }
      name = /\bname\s*=\s*["']([^"'\n]+)["']/.exec(text)?.[1] ?? null;
      setupPyList(text, "install_requires", false, decls);
      setupPyList(text, "tests_require", true, decls);
    }
    const seen = new Set<string>();
    for (const d of decls) {
      const key = d.name.toLowerCase().replace(/[-_.]+/g, "-");
      if (seen.has(key)) continue;
      seen.add(key);
      const version = lowestPep440(d.spec);
      if (version === null) {
        result.unresolved.push({ file: relPath, line: d.line, text: `${d.name}${d.spec ? ` ${d.spec}` : ""}`.slice(0, 200) });
        continue;
      }
      result.dependencies.push({ ecosystem: "PyPI", name: d.name, version, direct: true, dev: d.dev, chain: [name ?? "app", d.name], source: relPath, resolution: "lowest-match" });
    }
    return result;
  },
};
