// The npm project around a lockfile: package.json declarations (production vs dev) and the
// workspace folders its `workspaces` globs name. Used by the yarn v1 extractor (yarn.lock does not
// list projects) and by lockfiles that do not say which declarations are dev-only.
import type { ExtractContext } from "../extractor.ts";
import { isObject, parseJson } from "../json.ts";

export interface Declaration {
  name: string;
  spec: string;
  dev: boolean;
}

const PROD_MAPS = ["dependencies", "optionalDependencies", "peerDependencies"] as const;
const MAX_WORKSPACES = 1000;

export function readPackageJson(ctx: ExtractContext, dir: string): Record<string, unknown> | null {
  const read = ctx.readFile(`${dir}package.json`);
  if ("error" in read) return null;
  const parsed = parseJson(read.text);
  return "value" in parsed && isObject(parsed.value) ? parsed.value : null;
}

export function packageName(pkg: Record<string, unknown> | null, fallback: string): string {
  return pkg && typeof pkg.name === "string" && pkg.name ? pkg.name : fallback;
}

/** Declared dependencies; a name both in a production map and devDependencies is production. */
export function declarations(pkg: Record<string, unknown>): Declaration[] {
  const out = new Map<string, Declaration>();
  for (const m of PROD_MAPS) {
    const v = pkg[m];
    if (!isObject(v)) continue;
    for (const [name, spec] of Object.entries(v)) if (typeof spec === "string" && !out.has(name)) out.set(name, { name, spec, dev: false });
  }
  const dev = pkg.devDependencies;
  if (isObject(dev)) {
    for (const [name, spec] of Object.entries(dev)) if (typeof spec === "string" && !out.has(name)) out.set(name, { name, spec, dev: true });
  }
  return [...out.values()];
}

/** Workspace folders ("packages/a/", relative to the checkout) named by `workspaces` globs. */
export function workspaceDirs(ctx: ExtractContext, dir: string, pkg: Record<string, unknown>): string[] {
  const ws = pkg.workspaces;
  const patterns = Array.isArray(ws) ? ws : isObject(ws) && Array.isArray(ws.packages) ? ws.packages : [];
  const out = new Set<string>();
  for (const p of patterns) {
    if (typeof p !== "string" || p.startsWith("!")) continue;
    expand(ctx, dir, p.replace(/^\.\//, "").split("/").filter((s) => s !== "" && s !== "."), out, 0);
  }
  return [...out].filter((d) => ctx.exists(`${d}package.json`)).sort().slice(0, MAX_WORKSPACES);
}

function expand(ctx: ExtractContext, base: string, segs: string[], out: Set<string>, depth: number): void {
  if (out.size >= MAX_WORKSPACES || depth > 16) return;
  if (segs.length === 0) {
    out.add(base);
    return;
  }
  const [seg, ...rest] = segs as [string, ...string[]];
  if (seg === "..") return; // workspaces outside the project are not ours to scan
  if (seg === "**") {
    expand(ctx, base, rest, out, depth + 1);
    for (const d of ctx.listDirs(base.replace(/\/$/, ""))) if (d !== "node_modules" && !d.startsWith(".")) expand(ctx, `${base}${d}/`, segs, out, depth + 1);
    return;
  }
  if (seg.includes("*")) {
    const re = new RegExp(`^${seg.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    for (const d of ctx.listDirs(base.replace(/\/$/, ""))) if (d !== "node_modules" && re.test(d)) expand(ctx, `${base}${d}/`, rest, out, depth + 1);
    return;
  }
  expand(ctx, `${base}${seg}/`, rest, out, depth + 1);
}
