// setuptools declarations with no lockfile: setup.cfg's install_requires / extras / tests_require and a
// setup.py's literal lists, each range's lowest version (lowest-match), as pyproject.toml's are.
import { describe, expect, test } from "bun:test";
import type { ExtractContext } from "../../src/scan/inventory/extractor.ts";
import { setupExtractor } from "../../src/scan/inventory/pypi/setup.ts";

function ctx(files: Record<string, string>): ExtractContext {
  return {
    readFile: (p) => (p in files ? { text: files[p]! } : { error: "missing" }),
    listDirs: () => [],
    exists: (p) => p in files,
  };
}

const rows = (r: ReturnType<typeof setupExtractor.extract>) => r.dependencies.map((d) => `${d.name}@${d.version}${d.dev ? " dev" : ""} ${d.chain.join(">")} ${d.resolution}`);

describe("setup.cfg / setup.py manifests", () => {
  const cfg = [
    "[metadata]",
    "name = mirrorsync",
    "",
    "[options]",
    "install_requires =",
    "    click>=8.1",
    '    urllib3>=1.26,<2 ; python_version >= "3.8"',
    "    requests",
    "tests_require = pytest>=7.0; pyyaml==5.3.1",
    "",
    "[options.extras_require]",
    "git =",
    "    GitPython>=3.1",
  ].join("\n");

  test("setup.cfg: dangling and `;` lists, markers dropped, extras production, tests_require dev, no lower bound unresolved", () => {
    const r = setupExtractor.extract("tool/setup.cfg", cfg, ctx({ "tool/setup.cfg": cfg }));
    expect(rows(r)).toEqual([
      "click@8.1 mirrorsync>click lowest-match",
      "urllib3@1.26 mirrorsync>urllib3 lowest-match",
      "pytest@7.0 dev mirrorsync>pytest lowest-match",
      "pyyaml@5.3.1 dev mirrorsync>pyyaml lowest-match",
      "GitPython@3.1 mirrorsync>GitPython lowest-match",
    ]);
    expect(r.unresolved).toEqual([{ file: "tool/setup.cfg", line: 8, text: "requests" }]);
  });

  test("setup.py: literal install_requires / tests_require lists (text, never run)", () => {
    const py = 'from setuptools import setup\n\nsetup(\n    name="feedsync",\n    install_requires=["aiohttp>=3.9", \'lxml~=4.6\'],\n    tests_require=["requests>=2.25"],\n)\n';
    expect(rows(setupExtractor.extract("setup.py", py, ctx({ "setup.py": py })))).toEqual([
      "aiohttp@3.9 feedsync>aiohttp lowest-match",
      "lxml@4.6 feedsync>lxml lowest-match",
      "requests@2.25 dev feedsync>requests lowest-match",
    ]);
  });

  test("a lockfile, a declaring pyproject.toml, or (for setup.py) a declaring setup.cfg beside it: nothing read", () => {
    const py = 'setup(name="x", install_requires=["flask>=2"])\n';
    expect(setupExtractor.extract("setup.cfg", cfg, ctx({ "setup.cfg": cfg, "poetry.lock": "" })).dependencies).toEqual([]);
    expect(setupExtractor.extract("setup.py", py, ctx({ "setup.py": py, "pyproject.toml": '[project]\nname = "x"\ndependencies = ["flask>=2"]\n' })).dependencies).toEqual([]);
    expect(setupExtractor.extract("setup.py", py, ctx({ "setup.py": py, "setup.cfg": cfg })).dependencies).toEqual([]);
    expect(rows(setupExtractor.extract("setup.py", py, ctx({ "setup.py": py, "pyproject.toml": "[build-system]\nrequires = [\"setuptools\"]\n" })))).toEqual(["flask@2 x>flask lowest-match"]);
  });
});
