// The dependency graph of an installed Python environment: every <dist>.dist-info/METADATA of a
// site-packages folder names its requirements (`Requires-Dist`), so the project's pyproject.toml
// declarations (or, without one, the distributions nothing else requires) start the walk (walk.ts):
// `direct`, `dev` and the shortest `chain` as for a lockfile.
// Requirements only an extra asks for (`; extra == "socks"`) are not edges: whether the extra was
// installed is not recorded.
import type { ExtractContext } from "../extractor.ts";
import { type WalkedPlace, walkDependencies } from "../walk.ts";
import { pep503 } from "./lines.ts";
import { parseRequirement, readPyproject } from "./project.ts";

export type SitePlace = WalkedPlace;

export interface SiteTree {
  rootName: string;
  /** By PEP 503 name. */
  places: Map<string, SitePlace>;
}

const MAX_DISTS = 20_000;
const cache = new WeakMap<ExtractContext, Map<string, SiteTree>>();

/** The graph of `siteDir` ("…/site-packages"), whose project is `projectDir` ("" or "a/"), built once per checkout. */
export function siteTree(ctx: ExtractContext, siteDir: string, projectDir: string | null): SiteTree {
  let bySite = cache.get(ctx);
  if (!bySite) cache.set(ctx, (bySite = new Map()));
  let tree = bySite.get(siteDir);
  if (!tree) bySite.set(siteDir, (tree = buildTree(ctx, siteDir, projectDir)));
  return tree;
}

/** RFC 822 headers of a METADATA file (all values of repeated ones); the body is not read. */
export function metadataHeaders(text: string): Map<string, string[]> {
  const headers = new Map<string, string[]>();
  for (const line of text.slice(0, 64 * 1024).split(/\r?\n/)) {
    if (line.trim() === "") break;
    const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const k = m[1]!.toLowerCase();
    const values = headers.get(k);
    if (values) values.push(m[2]!.trim());
    else headers.set(k, [m[2]!.trim()]);
  }
  return headers;
}

function buildTree(ctx: ExtractContext, siteDir: string, projectDir: string | null): SiteTree {
  const dists = new Map<string, { name: string; requires: string[] }>();
  for (const d of ctx.listDirs(siteDir).filter((d) => d.endsWith(".dist-info")).slice(0, MAX_DISTS)) {
    const read = ctx.readFile(`${siteDir}/${d}/METADATA`);
    if ("error" in read) continue;
    const headers = metadataHeaders(read.text);
    const name = headers.get("name")?.[0];
    if (!name) continue;
    const requires = (headers.get("requires-dist") ?? []).flatMap((r) => {
      const marker = r.includes(";") ? r.slice(r.indexOf(";") + 1) : "";
      if (/\bextra\s*==/.test(marker)) return [];
      const req = parseRequirement(r);
      return req ? [pep503(req.name)] : [];
    });
    dists.set(pep503(name), { name, requires });
  }

  const py = projectDir === null ? null : readPyproject(ctx, projectDir);
  const project = py && "project" in py ? py.project : null;
  const rootName = project?.name ?? "app";
  let roots: { key: string; dev: boolean }[];
  if (project) {
    roots = project.declarations.map((d) => ({ key: pep503(d.name), dev: d.dev }));
  } else {
    const required = new Set([...dists.values()].flatMap((d) => d.requires));
    roots = [...dists.keys()].filter((k) => !required.has(k)).map((key) => ({ key, dev: false }));
  }

  const places = walkDependencies({
    roots: roots.filter((r) => dists.has(r.key)).map((r) => ({ ...r, from: rootName })),
    edges: (key) => dists.get(key)!.requires.filter((dep) => dists.has(dep)),
    name: (key) => dists.get(key)!.name,
  });
  return { rootName, places };
}
