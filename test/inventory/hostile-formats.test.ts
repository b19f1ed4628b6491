// Malformed and hostile input for every lockfile/manifest format: truncated files, wrong types,
// deep nesting, huge files and prototype-pollution keys. Each must end as a per-file error or
// a clean partial result, never an exception, and never touch Object.prototype.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractInventory } from "../../src/scan/inventory/index.ts";
import type { Inventory } from "../../src/scan/model.ts";

const FIXTURES = join(import.meta.dir, "../fixtures/inventory");
let root: string;

function put(rel: string, text: string): void {
  mkdirSync(join(root, rel, ".."), { recursive: true });
  writeFileSync(join(root, rel), text);
}

function fixture(rel: string): string {
  return readFileSync(join(FIXTURES, rel), "utf8");
}

async function scan(dir: string): Promise<Inventory> {
  return extractInventory(join(root, dir));
}

function errorOf(inv: Inventory, file: string): string | undefined {
  return inv.errors.find((e) => e.file === file)?.message;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "reachd-inv-formats-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Truncating a real-shaped file in the middle of a structure must give an error (TOML/JSON/YAML)
// or a smaller but well-formed answer (yarn v1 is line-based), never a throw.
const TRUNCATED: [string, string, RegExp | null][] = [
  ["pnpm-v9/workspaces/pnpm-lock.yaml", "pnpm-lock.yaml", null],
  ["bun-lock/workspaces/bun.lock", "bun.lock", /invalid JSON/],
  ["poetry/groups/poetry.lock", "poetry.lock", /invalid TOML/],
  ["uv/workspace/uv.lock", "uv.lock", /invalid TOML/],
  ["pdm/basic/pdm.lock", "pdm.lock", /invalid TOML/],
  ["pylock/basic/pylock.toml", "pylock.toml", /invalid TOML/],
  ["pipfile-lock/basic/Pipfile.lock", "Pipfile.lock", /invalid JSON/],
  ["yarn-berry/workspaces/yarn.lock", "yarn.lock", null],
  ["yarn-v1/basic/yarn.lock", "yarn.lock", null],
];

describe("truncated lockfiles", () => {
  for (const [src, name, want] of TRUNCATED) {
    test(src, async () => {
      const text = fixture(src);
      // Cut inside a quoted string / table so the structure is left open.
      const cut = text.slice(0, Math.floor(text.length * 0.55));
      const dir = `trunc/${src.split("/")[0]}`;
      // TOML cut between tables can still be valid: end it inside an unterminated string.
      const isToml = /\.toml$|^(poetry|uv|pdm)\.lock$/.test(name);
      put(`${dir}/${name}`, cut + (isToml ? '\n[[package]]\nname = "x' : ""));
      const inv = await scan(dir);
      if (want) {
        expect(errorOf(inv, name)).toMatch(want);
        return;
      }
      // Line-based or block YAML cut between entries still parses: then only the entries before
      // the cut are reported; cut inside a structure, it is a YAML error.
      const full = (await extractInventory(join(FIXTURES, src, ".."))).dependencies.filter((d) => d.source === name).length;
      const error = errorOf(inv, name);
      if (error === undefined) expect(inv.dependencies.length).toBeLessThan(full);
      else expect(error).toMatch(/invalid YAML|line \d+/);
    });
  }
});

describe("wrong types", () => {
  const cases: [string, string, RegExp][] = [
    ["pnpm-lock.yaml", "lockfileVersion: [1]\n", /lockfileVersion/],
    ["pnpm-lock.yaml", "lockfileVersion: '4.0'\n", /unsupported lockfileVersion 4/],
    ["pnpm-lock.yaml", "lockfileVersion: '9.0'\npackages: [1, 2]\nsnapshots: 7\n", /not a mapping/],
    ["pnpm-lock.yaml", "- just\n- a list\n", /not a YAML mapping/],
    ["bun.lock", '{"lockfileVersion": "1", "packages": {}}', /lockfileVersion/],
    ["bun.lock", '{"lockfileVersion": 1, "packages": []}', /packages/],
    ["bun.lock", '{"lockfileVersion": 7, "packages": {}}', /unsupported lockfileVersion 7/],
    ["poetry.lock", 'package = "nope"\n', /`package` is not an array/],
    ["uv.lock", 'version = "1"\n', /`version`/],
    ["uv.lock", "version = 3\n", /unsupported uv.lock version 3/],
    ["pdm.lock", "package = 5\n", /`package` is not an array/],
    ["pylock.toml", 'lock-version = "2.0"\n', /unsupported lock-version 2.0/],
    ["pylock.toml", "packages = []\n", /lock-version/],
    ["Pipfile.lock", '{"default": [1]}', /`default` is not an object/],
    ["Pipfile.lock", "[]", /not a JSON object/],
    ["yarn.lock", "__metadata:\n  version: 6\n- x\n", /invalid YAML/],
    ["yarn.lock", "  version \"1.0.0\"\n", /indented line before any entry/],
    ["package.json", "[1,2]", /not a JSON object/],
    ["pyproject.toml", "[project\nname=", /invalid TOML/],
    ["bun.lockb", "\u0000\u0001binary", /binary bun.lockb is not read/],
  ];
  cases.forEach(([name, text, want], i) => {
    test(`${name} #${i}`, async () => {
      put(`types/${i}/${name}`, text);
      const inv = await scan(`types/${i}`);
      expect(errorOf(inv, name)).toMatch(want);
      expect(inv.dependencies).toEqual([]);
    });
  });

  test("bun.lockb beside a text bun.lock is no error", async () => {
    put("lockb/bun.lock", '{"lockfileVersion": 1, "workspaces": {"": {"name": "b", "dependencies": {"ms": "^2"}}}, "packages": {"ms": ["ms@2.1.3", "", {}, ""]}}');
    put("lockb/bun.lockb", "\u0000binary");
    const inv = await scan("lockb");
    expect(inv.errors).toEqual([]);
    expect(inv.dependencies.map((d) => `${d.name}@${d.version}`)).toEqual(["ms@2.1.3"]);
  });

  test("entries of the wrong type are skipped, the rest still counts", async () => {
    put(
      "mixed-types/pnpm-lock.yaml",
      [
        "lockfileVersion: '6.0'",
        "dependencies:",
        "  a: {specifier: ^1.0.0, version: 1.0.0}",
        "  b: [1]",
        "packages:",
        "  /a@1.0.0: {dependencies: {c: [2]}}",
        "  /b@2.0.0: nope",
        "  /c@x.y: {}",
      ].join("\n"),
    );
    put("mixed-types/uv.lock", 'version = 1\n[[package]]\nname = 5\n[[package]]\nname = "ok"\nversion = "1.0"\ndependencies = "x"\n');
    const inv = await scan("mixed-types");
    expect(inv.errors).toEqual([]);
    expect(inv.dependencies.map((d) => `${d.source}:${d.name}@${d.version}`)).toEqual(["pnpm-lock.yaml:a@1.0.0", "uv.lock:ok@1.0"]);
    expect(inv.unresolved).toContainEqual({ file: "pnpm-lock.yaml", line: 0, text: "/c@x.y" });
  });
});

describe("deep nesting", () => {
  test("YAML, TOML and JSONC nested past the limit are errors", async () => {
    put("deep/pnpm-lock.yaml", "lockfileVersion: '9.0'\npackages: " + "[".repeat(50_000) + "]".repeat(50_000) + "\n");
    put("deep/bun.lock", "[".repeat(100_000) + "]".repeat(100_000));
    put("deep/poetry.lock", "a = " + "[".repeat(50_000) + "]".repeat(50_000) + "\n");
    let indented = "__metadata:\n  version: 6\n";
    for (let i = 0; i < 400; i++) indented += `${"  ".repeat(i)}k${i}:\n`;
    put("deep2/yarn.lock", indented + "  ".repeat(400) + "v: 1\n");
    const inv = await scan("deep");
    expect(errorOf(inv, "pnpm-lock.yaml")).toMatch(/nested deeper than 256/);
    expect(errorOf(inv, "bun.lock")).toMatch(/nested deeper than 256/);
    expect(errorOf(inv, "poetry.lock")).toMatch(/nested deeper than 256/);
    expect(errorOf(await scan("deep2"), "yarn.lock")).toMatch(/nested deeper than 256/);
  });

  test("a long dependency chain does not blow the stack", async () => {
    const n = 3_000;
    let lock = "version = 1\n";
    for (let i = 0; i < n; i++) lock += `[[package]]\nname = "p${i}"\nversion = "1.0.0"\ndependencies = [{ name = "p${i + 1}" }]\n`;
    put("chain/uv.lock", lock);
    const inv = await scan("chain");
    expect(inv.dependencies.length).toBe(n);
    const last = inv.dependencies.find((d) => d.name === `p${n - 1}`)!;
    expect(last.chain.length).toBe(n + 1);
  });
});

describe("huge input", () => {
  test("a 14 MB yarn v1 lockfile yields every block", async () => {
    const parts = ["# yarn lockfile v1\n\n"];
    for (let i = 0; i < 60_000; i++) parts.push(`"pkg${i}@^1.0.0":\n  version "1.0.${i}"\n  resolved "https://registry.yarnpkg.com/pkg${i}/-/pkg${i}-1.0.${i}.tgz#0123456789abcdef0123456789abcdef01234567"\n  integrity sha512-${"A".repeat(86)}==\n\n`);
    put("huge/yarn.lock", parts.join(""));
    const inv = await scan("huge");
    expect(inv.errors).toEqual([]);
    expect(inv.dependencies.length).toBe(60_000);
    expect(inv.dependencies.find((d) => d.name === "pkg59999")).toMatchObject({ version: "1.0.59999", direct: true });
  });

  test("YAML alias bombs are refused", async () => {
    const lines = ["lockfileVersion: '9.0'", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 200; i++) lines.push(`a${i}: &a${i} [*a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}]`);
    put("bomb/pnpm-lock.yaml", lines.join("\n") + "\n");
    expect(errorOf(await scan("bomb"), "pnpm-lock.yaml")).toMatch(/invalid YAML/);
  });
});

describe("prototype-pollution keys", () => {
  test("__proto__, constructor and prototype are plain package names", async () => {
    put("proto/bun.lock", JSON.stringify({
      lockfileVersion: 1,
      workspaces: { "": { name: "p", dependencies: { __proto__: "1.0.0", constructor: "1.0.0" } } },
      packages: { __proto__: ["__proto__@1.0.0", "", { dependencies: { constructor: "1" } }, ""], constructor: ["constructor@1.0.0", "", {}, ""] },
    }).replace('"workspaces":{"":{"name":"p","dependencies":{', '"workspaces":{"":{"name":"p","dependencies":{"__proto__":"1.0.0",').replace('"packages":{', '"packages":{"__proto__":["__proto__@1.0.0","",{"dependencies":{"constructor":"1"}},""],'));
    put("proto/pnpm-lock.yaml", "lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      __proto__: {specifier: '1', version: 1.0.0}\npackages:\n  __proto__@1.0.0: {}\n  prototype@1.0.0: {}\nsnapshots:\n  __proto__@1.0.0:\n    dependencies:\n      prototype: 1.0.0\n  prototype@1.0.0: {}\n");
    put("proto/poetry.lock", '[[package]]\nname = "__proto__"\nversion = "1.0"\n[package.dependencies]\nconstructor = "*"\n[[package]]\nname = "constructor"\nversion = "2.0"\n');
    put("proto/Pipfile.lock", '{"default": {"__proto__": {"version": "==1.0"}, "constructor": {"version": "==2.0"}}}');
    put("proto/sub/yarn.lock", '__metadata:\n  version: 6\n"__proto__@npm:^1.0.0":\n  version: 1.0.0\n  resolution: "__proto__@npm:1.0.0"\n  dependencies:\n    constructor: "npm:^1.0.0"\n"constructor@npm:^1.0.0":\n  version: 1.0.0\n  resolution: "constructor@npm:1.0.0"\n');
    put("proto/sub/package.json", '{"name":"x","dependencies":{"__proto__":"^1.0.0"}}');
    const inv = await scan("proto");
    expect(({} as Record<string, unknown>).version).toBeUndefined();
    expect(({} as Record<string, unknown>).dependencies).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
    const names = (source: string) => inv.dependencies.filter((d) => d.source === source).map((d) => `${d.name}@${d.version}:${d.chain.join(">")}`).sort();
    expect(names("bun.lock")).toEqual(["__proto__@1.0.0:p>__proto__", "constructor@1.0.0:p>constructor"]);
    expect(names("pnpm-lock.yaml")).toEqual(["__proto__@1.0.0:app>__proto__", "prototype@1.0.0:app>__proto__>prototype"]);
    expect(names("poetry.lock")).toEqual(["__proto__@1.0:app>__proto__", "constructor@2.0:app>__proto__>constructor"]);
    expect(names("Pipfile.lock")).toEqual(["__proto__@1.0:app>__proto__", "constructor@2.0:app>constructor"]);
    expect(names("sub/yarn.lock")).toEqual(["__proto__@1.0.0:app>__proto__", "constructor@1.0.0:app>__proto__>constructor"]);
  });
});
