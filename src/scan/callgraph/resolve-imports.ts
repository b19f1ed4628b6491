// Resolver layer 2: what an import specifier names, seen from a file (JS modules through
// modules.ts, Python's relative and absolute targets, packages and their submodules).
import { dirname, GLOB, globFiles, type PyModule, pyNamespaceThrough, pyRoots, type PyTarget, resolveJs, resolvePy } from "./modules.ts";
import { PY_SELF_MODULE } from "./ref-types.ts";
import { SmallMap } from "./small-map.ts";
import { BUILTIN, type FileInfo, NONE, type PyImport, type Value } from "./value-types.ts";
import { ResolverMemo } from "./resolve-memo.ts";

export abstract class ImportResolver extends ResolverMemo {

  /** The module a specifier names, seen from `fi` (memoised: files import the same few). */
  module(fi: FileInfo, spec: string, required?: boolean): Value[] {
    let memo = this.modules.get(fi);
    if (!memo) this.modules.set(fi, (memo = new Map()));
    // `required`: loaded by `require()` (a package's "exports" "require" condition) or not; left
    // out, as the file loads spec anywhere (FileFacts.jsRequired). Kept apart only where they differ.
    const key = required === undefined || required === (fi.facts.jsRequired?.includes(spec) === true) ? spec : `${spec}\u0000${required ? "r" : "i"}`;
    let hit = memo.get(key);
    if (!hit) memo.set(key, (hit = this.moduleUncached(fi, spec, required)));
    return hit;
  }

  private moduleUncached(fi: FileInfo, spec: string, required?: boolean): Value[] {
    if (fi.facts.language === "python") {
      // `sys.modules[__name__]` (refs-py.ts): the file's own module, `.mod` beside it (a package's `__init__.py`: ".").
      if (spec === PY_SELF_MODULE) {
        const base = fi.facts.path.slice(fi.facts.path.lastIndexOf("/") + 1);
        return base === "__init__.py" ? this.module(fi, ".") : /^[A-Za-z_][\w-]*\.py$/.test(base) ? this.module(fi, `.${base.slice(0, -3)}`) : NONE;
      }
      // The module value its imports share: each file asked for its own, and looked its file up.
      const imported = this.pyImport(fi, spec);
      if (typeof imported !== "string") return [imported.module];
      const t = this.pyTarget(fi, spec);
      // `import ns.tools.fmt` binds ns, a namespace directory with Python files only deeper down:
      // ns when this file's import under it is ours (alone, `import ns` of such a directory is a package's).
      if ("external" in t && /^[A-Za-z_]\w*$/.test(spec) && fi.facts.imports.some((m) => m.spec.startsWith(`${spec}.`) && "module" in this.pyTarget(fi, m.spec))) {
        const through = pyNamespaceThrough(fi.facts.path, spec, this.index);
        if (through) return [this.pyModule(through)];
      }
      return "external" in t ? [{ k: "ext", module: t.external, member: [] }] : NONE;
    }
    // Vite's `import.meta.glob(...)`: every source file the glob matches.
    if (spec.startsWith(GLOB)) {
      const out: Value[] = [];
      for (const file of globFiles(fi.facts.path, spec.slice(GLOB.length), this.index)) {
        const target = this.files.get(file);
        if (target) out.push({ k: "mod", fi: target, dir: null });
      }
      return out;
    }
    const t = resolveJs(fi.facts.path, spec, this.index, required ?? fi.facts.jsRequired?.includes(spec) === true);
    if ("file" in t) {
      const target = this.files.get(t.file);
      return target ? [{ k: "mod", fi: target, dir: null }] : NONE;
    }
    return "external" in t ? [{ k: "ext", module: t.external, member: [] }] : NONE;
  }

  /** A JS/TS import naming a file of the checkout that is no source (`import pkg from "../package.json"`). */
  importsOtherFile(fi: FileInfo, spec: string): boolean {
    return fi.facts.language !== "python" && "other" in resolveJs(fi.facts.path, spec, this.index);
  }

  /**
   * resolvePy() from `fi`, kept per directory (all a relative import reads of the importing
   * file's path) or, for an absolute import, per list of directories it looks in (shared by a
   * package's directories): a package's modules import the same few, and the graph pass asks
   * again for every prefix and every imported name.
   */
  pyTarget(fi: FileInfo, spec: string): PyTarget {
    if (fi !== this.pyFile) this.pyFrom(fi);
    const relative = spec.startsWith(".");
    const bySpec = relative ? this.pyRelative! : this.pyAbsolute!;
    let t = bySpec.get(spec);
    if (!t) bySpec.set(spec, (t = resolvePy(fi.facts.path, spec, this.index, relative ? undefined : this.pyRootList!)));
    return t;
  }

  private pyFrom(fi: FileInfo): void {
    const dir = dirname(fi.facts.path);
    const roots = this.pyRootsOf(dir);
    this.pyFile = fi;
    this.pyRootList = roots;
    this.pyRelative = this.pyTargetsOf(dir);
    this.pyAbsolute = this.pyTargetsOf(roots);
  }

  private pyTargetsOf(key: string | readonly string[]): Map<string, PyTarget> {
    let bySpec = this.pyTargets.get(key);
    if (!bySpec) this.pyTargets.set(key, (bySpec = new Map()));
    return bySpec;
  }

  private pyRootsOf(dir: string): readonly string[] {
    let roots = this.pyRootsByDir.get(dir);
    if (!roots) {
      const list = pyRoots(dir, this.index);
      const key = list.join("\u0000");
      roots = this.pyRootLists.get(key);
      if (!roots) this.pyRootLists.set(key, (roots = list));
      this.pyRootsByDir.set(dir, roots);
    }
    return roots;
  }

  /**
   * What a Python import of `spec` runs, seen from `fi`: every package on its dotted path, then the
   * module. Kept as pyTarget() keeps its answers: the graph pass asks it for every import, and
   * built each prefix's string, target and module value again.
   */
  pyImport(fi: FileInfo, spec: string): PyImport {
    if (fi !== this.pyFile) this.pyFrom(fi);
    const bySpec = spec.startsWith(".") ? this.pyRelative! : this.pyAbsolute!;
    let imports = this.pyImports.get(bySpec);
    if (!imports) this.pyImports.set(bySpec, (imports = new Map()));
    let imported = imports.get(spec);
    if (!imported) imports.set(spec, (imported = this.pyImportUncached(fi, spec)));
    return imported;
  }

  private pyImportUncached(fi: FileInfo, spec: string): PyImport {
    const t = this.pyTarget(fi, spec);
    if ("external" in t) return "external";
    if ("missing" in t) return "missing";
    const runs: Value[] = [];
    const dots = /^\.*/.exec(spec)![0];
    const parts = spec.slice(dots.length).split(".").filter((p) => p !== "");
    for (let i = dots.length > 0 ? 0 : 1; i < parts.length; i++) {
      const p = this.pyTarget(fi, dots + parts.slice(0, i).join("."));
      if ("module" in p) runs.push(this.pyModule(p.module));
    }
    const module = this.pyModule(t.module);
    runs.push(module);
    return { runs, module, subs: null };
  }

  /** Submodule `name` of an imported module (`from p import m`), or null (kept per import). */
  pyImportedModule(fi: FileInfo, imported: Exclude<PyImport, string>, spec: string, name: string): Value | null {
    let sub = imported.subs?.get(name);
    if (sub === undefined) {
      const t = this.pyTarget(fi, `${spec}${spec.endsWith(".") ? "" : "."}${name}`);
      sub = "module" in t ? this.pyModule(t.module) : null;
      (imported.subs ??= new SmallMap()).set(name, sub);
    }
    return sub;
  }

  protected builtinMember(head: string, name: string): Value[] {
    // A Python literal has its type's methods only (`self.expr.copy()` of a str is no `<**PyStr**>.copy`).
    const methods = PY_LITERAL_METHODS.get(head);
    if (methods && !methods.has(name) && !name.startsWith("_") && /^[A-Za-z]\w*$/.test(name)) return NONE;
    let byName = this.builtinMembers.get(head);
    if (!byName) this.builtinMembers.set(head, (byName = new Map()));
    let answer = byName.get(name);
    if (!answer) byName.set(name, (answer = [{ k: "ext", module: BUILTIN, member: [head, name] }]));
    return answer;
  }

  pyModule(m: PyModule): Value {
    let value = this.pyModules.get(m);
    if (!value) this.pyModules.set(m, (value = { k: "mod", fi: m.file ? (this.files.get(m.file) ?? null) : null, dir: m.dir }));
    return value;
  }
}

/** The public methods of Python's literal types (str's and bytes' for `<**PyStr**>`): `builtinMember`. */
const PY_LITERAL_METHODS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["<**PyStr**>", "capitalize casefold center count decode encode endswith expandtabs find format format_map fromhex hex index isalnum isalpha isascii isdecimal isdigit isidentifier islower isnumeric isprintable isspace istitle isupper join ljust lower lstrip maketrans partition removeprefix removesuffix replace rfind rindex rjust rpartition rsplit rstrip split splitlines startswith strip swapcase title translate upper zfill"],
  ["<**PyList**>", "append clear copy count extend index insert pop remove reverse sort"],
  ["<**PyDict**>", "clear copy fromkeys get items keys pop popitem setdefault update values"],
  ["<**PyTuple**>", "count index"],
  ["<**PySet**>", "add clear copy difference difference_update discard intersection intersection_update isdisjoint issubset issuperset pop remove symmetric_difference symmetric_difference_update union update"],
].map(([head, names]) => [head!, new Set(names!.split(" "))]));
