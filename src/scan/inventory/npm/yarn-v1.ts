// yarn.lock v1 (yarn classic): an indentation-based text format, not YAML. Each block starts with
// its comma-separated descriptors ("name@range") and holds `version` and `dependencies` maps of
// name → range; a dependency resolves to the block listing "name@range". The lockfile does not
// name the projects: they come from the sibling package.json and its workspaces.
import semver from "semver";
import type { ExtractContext, ExtractResult } from "../extractor.ts";
import { dirOf, graphDependencies, type GraphPackage, type GraphProject } from "../graph.ts";
import { parseAlias } from "./names.ts";
import { type Declaration, declarations, packageName, readPackageJson, workspaceDirs } from "./project.ts";

interface Block {
  line: number;
  descriptors: string[];
  version: string;
  resolved: string;
  deps: [string, string][];
}

const DEP_SECTIONS = new Set(["dependencies", "optionalDependencies"]);

export function parseYarnV1(text: string): Block[] | { error: string } {
  const blocks: Block[] = [];
  let current: Block | null = null;
  let section: string | null = null;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === "" || raw.trimStart().startsWith("#")) continue;
    const indent = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (indent === 0) {
      if (!body.endsWith(":")) return { error: `line ${i + 1}: expected a "name@range:" header` };
      current = { line: i + 1, descriptors: splitDescriptors(body.slice(0, -1)), version: "", resolved: "", deps: [] };
      section = null;
      blocks.push(current);
      continue;
    }
    if (!current) return { error: `line ${i + 1}: indented line before any entry` };
    if (indent <= 2) {
      section = null;
      if (body.endsWith(":")) {
        section = unquote(body.slice(0, -1));
        continue;
      }
      const [key, value] = tokens(body);
      if (key === "version" && value !== undefined) current.version = value;
      if (key === "resolved" && value !== undefined) current.resolved = value;
      continue;
    }
    if (section && DEP_SECTIONS.has(section)) {
      const [name, range] = tokens(body);
      if (name && range !== undefined) current.deps.push([name, range]);
    }
  }
  return blocks;
}

function splitDescriptors(header: string): string[] {
  return header.split(/,\s*/).map(unquote).filter((d) => d !== "");
}

function unquote(s: string): string {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/\\"/g, '"') : t;
}

/** `key value`, either possibly double-quoted. */
function tokens(body: string): [string, string | undefined] {
  const m = /^("(?:[^"\\]|\\.)*"|\S+)\s+(.*)$/.exec(body);
  if (!m) return [unquote(body), undefined];
  return [unquote(m[1]!), unquote(m[2]!)];
}

/** "@s/a@^1" → ["@s/a", "^1"]. */
export function splitDescriptor(d: string): [string, string] | null {
  const at = d.indexOf("@", 1);
  return at <= 0 ? null : [d.slice(0, at), d.slice(at + 1)];
}

export function extractYarnV1(file: string, text: string, ctx: ExtractContext): ExtractResult {
  const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
  const blocks = parseYarnV1(text);
  if ("error" in blocks) return { ...result, errors: [{ file, message: blocks.error }] };

  const byDescriptor = new Map<string, string>();
  const packages = new Map<string, GraphPackage>();
  const required = new Set<string>();
  for (const b of blocks) {
    const first = b.descriptors[0] && splitDescriptor(b.descriptors[0]);
    if (!first) continue;
    const key = `#${b.line}`;
    for (const d of b.descriptors) byDescriptor.set(d, key);
    // An alias block ("foo@npm:bar@^1") installs the real package "bar".
    const name = parseAlias(first[1])?.name ?? first[0];
    // git, file and link installs carry the author's version string, not a registry release.
    if (!semver.valid(b.version, { loose: true }) || /^(git[+:]|github:|file:|link:)/.test(b.resolved)) {
      result.unresolved.push({ file, line: b.line, text: `${b.descriptors.join(", ")}${b.version ? `@${b.version}` : ""}`.slice(0, 200) });
      continue;
    }
    packages.set(key, { name, version: b.version, deps: [] });
  }
  for (const b of blocks) {
    const pkg = packages.get(`#${b.line}`);
    if (!pkg) continue;
    for (const [name, range] of b.deps) {
      const target = byDescriptor.get(`${name}@${range}`);
      if (target) {
        pkg.deps.push(target);
        required.add(target);
      }
    }
  }

  const blocksByName = new Map<string, Set<string>>();
  for (const [descriptor, key] of byDescriptor) {
    const name = splitDescriptor(descriptor)?.[0];
    if (name && packages.has(key)) blocksByName.set(name, (blocksByName.get(name) ?? new Set()).add(key));
  }
  const onlyBlockOf = (name: string): string | undefined => {
    const keys = blocksByName.get(name);
    return keys && keys.size === 1 ? [...keys][0] : undefined;
  };

  const dir = dirOf(file);
  const rootPkg = readPackageJson(ctx, dir);
  const projects: GraphProject[] = [];
  if (rootPkg) {
    const all = ["", ...workspaceDirs(ctx, dir, rootPkg).map((d) => d.slice(dir.length))].flatMap((wsDir) => {
      const pkg = wsDir === "" ? rootPkg : readPackageJson(ctx, `${dir}${wsDir}`);
      return pkg ? [{ wsDir, pkg }] : [];
    });
    // yarn.lock has no blocks for workspaces: a declaration naming a workspace package is a link
    // to it, walked through (its production dependencies ship with the dependent).
    const wsKey = new Map<string, string>();
    for (const { wsDir, pkg } of all) {
      if (wsDir === "" || typeof pkg.name !== "string" || !pkg.name) continue;
      wsKey.set(pkg.name, `\0${wsDir}`);
      packages.set(`\0${wsDir}`, { name: pkg.name, version: "", deps: [], virtual: true });
    }
    const keyOf = (d: Declaration): string | undefined =>
      // A manifest edited after the last install no longer matches a descriptor; a name locked
      // at one version only is still unambiguous.
      byDescriptor.get(`${d.name}@${d.spec}`) ?? onlyBlockOf(d.name) ?? wsKey.get(d.name);
    for (const { wsDir, pkg } of all) {
      const link = wsDir === "" ? undefined : packages.get(`\0${wsDir}`);
      if (link?.virtual) link.deps = declarations(pkg).flatMap((d) => (!d.dev && keyOf(d) ? [keyOf(d)!] : []));
    }
    for (const { wsDir, pkg } of all) {
      const deps = declarations(pkg).flatMap((d) => {
        const key = keyOf(d);
        return key ? [{ key, dev: d.dev }] : [];
      });
      const project: GraphProject = { name: packageName(pkg, wsDir === "" ? "app" : wsDir.replace(/\/$/, "")), deps };
      if (wsDir !== "") project.dir = `${dir}${wsDir}`.replace(/\/$/, "");
      projects.push(project);
    }
  } else {
    // No manifest: the blocks nothing else requires are what the project declared.
    projects.push({ name: "app", deps: [...packages.keys()].filter((k) => !required.has(k)).map((key) => ({ key, dev: false })) });
  }
  result.dependencies = graphDependencies({ ecosystem: "npm", source: file, projects, packages });
  return result;
}
