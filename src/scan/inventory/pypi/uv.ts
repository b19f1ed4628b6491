// Extractor for uv.lock: `[[package]]` tables with name, version, `source` and `dependencies`
// ([{ name, version?, … }]; the version is only written when several versions of a name are
// locked). Projects are the packages whose source is `editable`, `virtual` or a
// `directory` of the checkout; their `dependencies` and `optional-dependencies` ship, their
// `dev-dependencies` (PEP 735 groups) are dev-only.
import type { ExtractResult, Extractor } from "../extractor.ts";
import { failed } from "../extractor.ts";
import { graphDependencies, type GraphPackage, type GraphProject } from "../graph.ts";
import { isObject } from "../json.ts";
import { readToml } from "../structured.ts";
import { pep503 } from "./lines.ts";
import { DEV_EXTRA } from "./project.ts";

const LOCAL_SOURCES = ["editable", "virtual", "directory"];

export const uvExtractor: Extractor = {
  name: "pypi/uv",
  matches: (relPath) => relPath === "uv.lock" || relPath.endsWith("/uv.lock"),
  extract(relPath, text) {
    const parsed = readToml(text);
    if ("error" in parsed) return failed(relPath, parsed.error);
    const doc = parsed.value;
    if (!isObject(doc)) return failed(relPath, "uv.lock is not a table");
    if (typeof doc.version !== "number") return failed(relPath, "`version` is missing or not a number");
    if (doc.version !== 1) return failed(relPath, `unsupported uv.lock version ${doc.version}`);
    if (doc.package !== undefined && !Array.isArray(doc.package)) return failed(relPath, "`package` is not an array of tables");
    const result: ExtractResult = { dependencies: [], unresolved: [], errors: [] };
    const entries = ((doc.package ?? []) as unknown[]).filter(isObject).filter((e) => typeof e.name === "string");
    const versionsOf = new Map<string, string[]>();
    const packages = new Map<string, GraphPackage>();
    const members: Record<string, unknown>[] = [];
    for (const e of entries) {
      const name = e.name as string;
      const source = isObject(e.source) ? e.source : {};
      if (LOCAL_SOURCES.some((s) => s in source)) {
        members.push(e);
        continue;
      }
      if (typeof e.version !== "string" || e.version === "") {
        result.unresolved.push({ file: relPath, line: 0, text: name.slice(0, 200) });
        continue;
      }
      const norm = pep503(name);
      packages.set(`${norm}@${e.version}`, { name, version: e.version, deps: [] });
      versionsOf.set(norm, [...(versionsOf.get(norm) ?? []), e.version]);
    }
    const keyOf = (dep: unknown): string | undefined => {
      if (!isObject(dep) || typeof dep.name !== "string") return undefined;
      const norm = pep503(dep.name);
      const versions = versionsOf.get(norm);
      if (!versions) return undefined;
      const v = typeof dep.version === "string" ? dep.version : versions[0]!;
      return packages.has(`${norm}@${v}`) ? `${norm}@${v}` : undefined;
    };
    const depKeys = (e: Record<string, unknown>, field: string): string[] => {
      const v = e[field];
      const lists = Array.isArray(v) ? [v] : isObject(v) ? Object.values(v).filter(Array.isArray) : [];
      return lists.flat().flatMap((d) => keyOf(d) ?? []);
    };
    for (const e of entries) {
      if (members.includes(e) || typeof e.version !== "string") continue;
      const pkg = packages.get(`${pep503(e.name as string)}@${e.version}`);
      if (pkg) pkg.deps.push(...depKeys(e, "dependencies"), ...depKeys(e, "optional-dependencies"));
    }
    // The member at the workspace root (source ".") first: it names the chains.
    members.sort((a, b) => Number(!isRoot(a)) - Number(!isRoot(b)) || ((a.name as string) < (b.name as string) ? -1 : 1));
    const projects: GraphProject[] = members.map((m) => ({
      name: m.name as string,
      deps: [
        ...depKeys(m, "dependencies").map((key) => ({ key, dev: false })),
        // An extra named for development (test, dev, lint, docs …) is a dev dependency, as in pyproject.toml.
        ...(isObject(m["optional-dependencies"]) ? Object.entries(m["optional-dependencies"]) : []).flatMap(([extra, list]) =>
          (Array.isArray(list) ? list : []).flatMap((d) => keyOf(d) ?? []).map((key) => ({ key, dev: DEV_EXTRA.test(extra) })),
        ),
        ...depKeys(m, "dev-dependencies").map((key) => ({ key, dev: true })),
      ],
    }));
    if (projects.length === 0) {
      const required = new Set([...entries].flatMap((e) => depKeys(e, "dependencies")));
      projects.push({ name: "app", deps: [...packages.keys()].filter((k) => !required.has(k)).map((key) => ({ key, dev: false })) });
    }
    result.dependencies = graphDependencies({ ecosystem: "PyPI", source: relPath, projects, packages });
    return result;
  },
};

function isRoot(member: Record<string, unknown>): boolean {
  const s = isObject(member.source) ? member.source : {};
  return s.editable === "." || s.virtual === ".";
}
