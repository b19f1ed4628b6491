// TypeScript path aliases: `compilerOptions.baseUrl` and `paths` of every tsconfig.json /
// jsconfig.json in the checkout (following relative `extends`), so `import "@lib/math"` names a
// checkout file instead of a package. Configs are JSON with comments and trailing commas; a
// broken or hostile one is skipped (its imports then read as packages, as before).
import { posix } from "node:path";
import { dirname, normalize } from "./modules.ts";

export interface TsPaths {
  /** Directory of the config that applies to the files below it. */
  dir: string;
  /** Directory bare specifiers are looked up in (`baseUrl`), or null. */
  baseUrl: string | null;
  /** `paths` patterns in order, targets already relative to the checkout root. */
  paths: { pattern: string; targets: string[] }[];
  /** `rootDirs`, relative to the checkout root: folders merged into one for relative imports. */
  rootDirs?: string[];
}

const MAX_CONFIG_BYTES = 1024 * 1024;
const MAX_EXTENDS = 8;
const MAX_PATTERNS = 256;
const MAX_ROOT_DIRS = 16;

/** JSON with comments and trailing commas → JSON (strings are left alone). */
export function stripJsonc(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}

type Read = (path: string) => Promise<string | null>;

interface Options {
  baseUrl?: { value: string; from: string };
  paths?: { value: Record<string, unknown>; from: string };
  rootDirs?: { value: unknown[]; from: string };
}

async function options(path: string, read: Read, all: Set<string>, depth: number): Promise<Options> {
  if (depth > MAX_EXTENDS) return {};
  const text = await read(path);
  if (text === null || text.length > MAX_CONFIG_BYTES) return {};
  let json: unknown;
  try {
    json = JSON.parse(stripJsonc(text));
  } catch {
    return {};
  }
  if (!json || typeof json !== "object") return {};
  const { extends: ext, compilerOptions } = json as { extends?: unknown; compilerOptions?: unknown };
  const dir = dirname(path);
  let base: Options = {};
  for (const e of (Array.isArray(ext) ? ext : [ext]).slice(0, 4)) {
    if (typeof e !== "string" || !e.startsWith(".")) continue; // package configs are not in the checkout
    const target = normalize(posix.join(dir, e));
    if (target === null) continue;
    const file = all.has(target) ? target : all.has(`${target}.json`) ? `${target}.json` : null;
    if (file) base = { ...base, ...(await options(file, read, all, depth + 1)) };
  }
  const co = compilerOptions && typeof compilerOptions === "object" ? (compilerOptions as Record<string, unknown>) : {};
  const own: Options = {};
  if (typeof co.baseUrl === "string") own.baseUrl = { value: co.baseUrl, from: dir };
  if (co.paths && typeof co.paths === "object" && !Array.isArray(co.paths)) own.paths = { value: co.paths as Record<string, unknown>, from: dir };
  if (Array.isArray(co.rootDirs)) own.rootDirs = { value: co.rootDirs, from: dir };
  return { ...base, ...own };
}

/** Path settings of every tsconfig.json/jsconfig.json in the checkout, deepest directory first. */
export async function readTsPaths(all: Set<string>, read: Read): Promise<TsPaths[]> {
  const out: TsPaths[] = [];
  const configs = [...all].filter((p) => /(?:^|\/)(?:tsconfig|jsconfig)\.json$/.test(p) && !p.includes("node_modules/"));
  for (const path of configs.sort()) {
    const o = await options(path, read, all, 0);
    if (!o.baseUrl && !o.paths && !o.rootDirs) continue;
    const baseUrl = o.baseUrl ? normalize(posix.join(o.baseUrl.from, o.baseUrl.value)) : null;
    // `paths` targets are relative to baseUrl when there is one, else to their own config.
    const pathsBase = baseUrl ?? o.paths?.from ?? "";
    const paths: TsPaths["paths"] = [];
    for (const [pattern, targets] of Object.entries(o.paths?.value ?? {}).slice(0, MAX_PATTERNS)) {
      if (!Array.isArray(targets)) continue;
      const list = targets
        .filter((t): t is string => typeof t === "string")
        .map((t) => normalize(posix.join(pathsBase, t)))
        .filter((t): t is string => t !== null);
      if (list.length > 0) paths.push({ pattern, targets: list });
    }
    const config: TsPaths = { dir: dirname(path), baseUrl, paths };
    const rootDirs = (o.rootDirs?.value ?? []).slice(0, MAX_ROOT_DIRS).filter((d): d is string => typeof d === "string")
      .map((d) => normalize(posix.join(o.rootDirs!.from, d))).filter((d): d is string => d !== null);
    if (rootDirs.length > 1) config.rootDirs = rootDirs;
    out.push(config);
  }
  await svelteKitAliases(all, read, out);
  await nuxtAliases(all, read, out);
  return out.sort((a, b) => b.dir.length - a.dir.length);
}

const SVELTE_CONFIG = /(?:^|\/)svelte\.config\.(?:js|mjs|cjs|ts)$/;
/** `kit.alias` entries written as string pairs: `$components: "src/components"`, `"$db/*": "src/db/*"`. */
const KIT_ALIAS = /["']?(\$[\w$-]*(?:\/\*)?)["']?\s*:\s*["']([^"'\n]+)["']/g;

/**
 * SvelteKit's aliases: `$lib` is `src/lib` of the project (its generated `.svelte-kit/tsconfig.json`
 * is not in a checkout), and `kit.alias` in svelte.config adds more. Added to the config of that
 * folder (a tsconfig's own `paths` come first), or as one of their own.
 */
async function svelteKitAliases(all: Set<string>, read: Read, out: TsPaths[]): Promise<void> {
  for (const path of [...all].filter((p) => SVELTE_CONFIG.test(p) && !p.includes("node_modules/")).sort()) {
    const dir = dirname(path);
    const at = (rel: string): string | null => normalize(posix.join(dir, rel));
    const paths: TsPaths["paths"] = [];
    const text = (await read(path)) ?? "";
    if (text.length <= MAX_CONFIG_BYTES) {
      for (const m of text.matchAll(KIT_ALIAS)) {
        const target = at(m[2]!.replace(/^\.\//, ""));
        if (target === null || paths.length >= MAX_PATTERNS) continue;
        paths.push({ pattern: m[1]!, targets: [target] });
        if (!m[1]!.endsWith("/*")) paths.push({ pattern: `${m[1]!}/*`, targets: [`${target}/*`] });
      }
    }
    const lib = at("src/lib");
    if (lib !== null) paths.push({ pattern: "$lib", targets: [lib] }, { pattern: "$lib/*", targets: [`${lib}/*`] });
    const own = out.find((c) => c.dir === dir);
    if (own) own.paths.push(...paths);
    else out.push({ dir, baseUrl: null, paths });
  }
}

const NUXT_CONFIG = /(?:^|\/)nuxt\.config\.(?:js|mjs|ts)$/;

/**
 * Nuxt's aliases (its generated `.nuxt/tsconfig.json` is not in a checkout): `~` and `@` are the
 * srcDir (the project folder, `srcDir: "src/"` in nuxt.config, or Nuxt 4's `app/`), `~~` and `@@`
 * the project folder. Added after a tsconfig's own `paths`, like SvelteKit's.
 */
async function nuxtAliases(all: Set<string>, read: Read, out: TsPaths[]): Promise<void> {
  for (const path of [...all].filter((p) => NUXT_CONFIG.test(p) && !p.includes("node_modules/")).sort()) {
    const dir = dirname(path);
    const at = (rel: string): string | null => (rel === "" ? dir : normalize(posix.join(dir, rel)));
    const text = (await read(path)) ?? "";
    const src = text.length <= MAX_CONFIG_BYTES ? /\bsrcDir\s*:\s*["']\.?\/?([\w./-]*?)\/?["']/.exec(text) : null;
    const srcDir = at(src ? src[1]! : [...all].some((f) => f.startsWith(`${dir === "" ? "" : `${dir}/`}app/pages/`) || f === `${dir === "" ? "" : `${dir}/`}app/app.vue`) ? "app" : "");
    const root = at("");
    if (srcDir === null || root === null) continue;
    const join = (base: string, rest: string): string => (base === "" ? rest : `${base}/${rest}`);
    const paths: TsPaths["paths"] = [];
    for (const [alias, target] of [["~~", root], ["@@", root], ["~", srcDir], ["@", srcDir]] as const) {
      paths.push({ pattern: `${alias}/*`, targets: [join(target, "*")] });
    }
    const own = out.find((c) => c.dir === dir);
    if (own) own.paths.push(...paths);
    else out.push({ dir, baseUrl: null, paths });
  }
}

/** Checkout paths (without extension resolution) a bare specifier may name under `cfg`. */
export function aliasCandidates(cfg: TsPaths, spec: string): string[] {
  const out: string[] = [];
  for (const { pattern, targets } of cfg.paths) {
    const star = pattern.indexOf("*");
    if (star < 0) {
      if (spec === pattern) out.push(...targets);
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (spec.length < prefix.length + suffix.length || !spec.startsWith(prefix) || !spec.endsWith(suffix)) continue;
    const middle = spec.slice(prefix.length, spec.length - suffix.length);
    for (const t of targets) {
      const p = normalize(t.replace("*", middle));
      if (p !== null) out.push(p);
    }
  }
  if (cfg.baseUrl !== null) {
    const p = normalize(posix.join(cfg.baseUrl, spec));
    if (p !== null) out.push(p);
  }
  return out;
}

/**
 * `rootDirs` of a relative import no file answers (`import "./messages"` in src/app.ts with
 * `"rootDirs": ["src", "generated"]`): the same path under the other root folders, in order.
 */
export function rootDirCandidates(cfg: TsPaths, from: string, target: string): string[] {
  const roots = cfg.rootDirs;
  if (!roots) return [];
  let own: string | null = null;
  for (const r of roots) if ((r === "" || from.startsWith(`${r}/`)) && (own === null || r.length > own.length)) own = r;
  if (own === null || (own !== "" && !target.startsWith(`${own}/`))) return [];
  const rest = own === "" ? target : target.slice(own.length + 1);
  return roots.filter((r) => r !== own).map((r) => (r === "" ? rest : `${r}/${rest}`));
}

/** The config that applies to a file: the one in its nearest ancestor directory. */
export function tsPathsFor(configs: TsPaths[], file: string): TsPaths | null {
  for (const c of configs) if (c.dir === "" || file.startsWith(`${c.dir}/`)) return c;
  return null;
}
