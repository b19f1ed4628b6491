// Python module resolution (src/scan/callgraph/modules.ts) against the rules of Python 3's import
// system: which directories are on sys.path for a file, and which of package/module wins.
import { describe, expect, test } from "bun:test";
import { resolvePy, type ModuleIndex } from "../../src/scan/callgraph/modules.ts";

function index(files: string[]): ModuleIndex {
  const pyDirs = new Set<string>();
  for (const f of files) {
    const slash = f.lastIndexOf("/");
    if (f.endsWith(".py")) pyDirs.add(slash < 0 ? "" : f.slice(0, slash));
  }
  return { all: new Set(files), sources: new Set(files), pyDirs, localPackages: new Map(), mains: new Map() };
}

describe("resolvePy", () => {
  test("a module inside a package named like a package does not import itself (no implicit relative imports)", () => {
    const idx = index(["reports/__init__.py", "reports/celery.py", "reports/tasks.py"]);
    expect(resolvePy("reports/celery.py", "celery", idx)).toEqual({ external: "celery" });
    expect(resolvePy("reports/tasks.py", "celery", idx)).toEqual({ external: "celery" });
    // The package itself, by its absolute name, and by a relative import.
    expect(resolvePy("reports/tasks.py", "reports.celery", idx)).toEqual({ module: { file: "reports/celery.py", dir: null } });
    expect(resolvePy("reports/tasks.py", ".celery", idx)).toEqual({ module: { file: "reports/celery.py", dir: null } });
  });

  test("a script's own directory is on sys.path when it is not inside a package", () => {
    const idx = index(["tools/run.py", "tools/helpers.py"]);
    expect(resolvePy("tools/run.py", "helpers", idx)).toEqual({ module: { file: "tools/helpers.py", dir: null } });
  });

  test("a regular package wins over a module of the same name in the same directory", () => {
    const idx = index(["digest.py", "digest/__init__.py", "digest/formats.py"]);
    expect(resolvePy("digest.py", "digest", idx)).toEqual({ module: { file: "digest/__init__.py", dir: "digest" } });
    expect(resolvePy("digest.py", "digest.formats", idx)).toEqual({ module: { file: "digest/formats.py", dir: null } });
  });

  test("a module wins over a namespace package (a directory without __init__.py)", () => {
    const idx = index(["util.py", "util/extra.py", "main.py"]);
    expect(resolvePy("main.py", "util", idx)).toEqual({ module: { file: "util.py", dir: null } });
  });

  test("namespace packages nest: a directory with Python files only deeper down is walked through, never an import's end", () => {
    const idx = { ...index(["main.py", "ns/tools/fmt.py", "docker/compose/build.py"]), pyParentDirs: new Set(["ns", "docker"]) };
    expect(resolvePy("main.py", "ns.tools.fmt", idx)).toEqual({ module: { file: "ns/tools/fmt.py", dir: null } });
    expect(resolvePy("main.py", "ns.tools", idx)).toEqual({ module: { file: null, dir: "ns/tools" } });
    // `import docker` alone: the package's (an installed regular package wins over a namespace portion).
    expect(resolvePy("main.py", "docker", idx)).toEqual({ external: "docker" });
    expect(resolvePy("main.py", "docker.compose.build", idx)).toEqual({ module: { file: "docker/compose/build.py", dir: null } });
  });
});
