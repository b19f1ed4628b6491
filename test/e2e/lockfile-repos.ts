// One small application per lockfile format, all pinning the same real packages at versions from
// the ground-truth table of ../shared/data/README.md, so that every format must yield the same
// findings. Lockfiles are written in each tool's real shape (the golden fixtures under
// test/fixtures/inventory show every detail); hashes are placeholders, the extractors do not check them.

/** A locked package: name as the lockfile writes it, version, and the packages it depends on. */
export interface Pkg {
  name: string;
  version: string;
  deps?: string[];
}

const pkg = (name: string, version: string, deps: string[] = []): Pkg => ({ name, version, deps });

// npm: three direct production packages, one transitive one under express, one dev-only package.
export const NPM_PROD: Pkg[] = [pkg("lodash", "4.17.11"), pkg("express", "4.17.1", ["qs"]), pkg("minimist", "1.2.5")];
export const NPM_TRANSITIVE: Pkg[] = [pkg("qs", "6.10.1")];
export const NPM_DEV: Pkg[] = [pkg("semver", "7.5.1")];

// PyPI: the same shape; redis 4.5.3 is covered only by a withdrawn record (PYSEC-2023-73).
export const PY_PROD: Pkg[] = [pkg("requests", "2.30.0", ["urllib3"]), pkg("flask", "2.3.1"), pkg("pyyaml", "5.3"), pkg("redis", "4.5.3")];
export const PY_TRANSITIVE: Pkg[] = [pkg("urllib3", "2.0.5")];
export const PY_DEV: Pkg[] = [pkg("black", "23.1.0")];

const SHA = "sha512-" + "A".repeat(86) + "==";
const HASH = "sha256:" + "0".repeat(64);
const json = (v: unknown): string => JSON.stringify(v, null, 2) + "\n";
const versionOf = (name: string, all: Pkg[]): string => all.find((p) => p.name === name)!.version;
const NPM_ALL = [...NPM_PROD, ...NPM_TRANSITIVE, ...NPM_DEV];
const PY_ALL = [...PY_PROD, ...PY_TRANSITIVE, ...PY_DEV];
const tgz = (p: Pkg): string => `https://registry.npmjs.org/${p.name}/-/${p.name}-${p.version}.tgz`;

// ---------------------------------------------------------------------------------------------
// Application code: every production package is used from an entry point; the dev-only package is
// used by a tool script that package.json's `scripts` run (an entry point) and by a test.

/** The app's code: lodash.defaultsDeep and lodash.template reached from main, minimist, express. */
export const NPM_APP: Record<string, string> = {
  "src/index.js": [
    `const _ = require("lodash");`,
    `const express = require("express");`,
    `const minimist = require("minimist");`,
    ``,
    `const args = minimist(process.argv.slice(2));`,
    `const app = express();`,
    ``,
    `function render(req, res) {`,
    `  const settings = _.defaultsDeep({}, req.query, { theme: "light" });`,
    `  res.send(_.template("<p><%= theme %></p>")(settings));`,
    `}`,
    ``,
    `app.get("/", render);`,
    `app.listen(args.port || 3000);`,
    ``,
  ].join("\n"),
  "scripts/check-node.js": `const semver = require("semver");\nif (!semver.satisfies(process.version, ">=18")) process.exit(1);\n`,
  "test/render.test.js": `const semver = require("semver");\nconsole.log(semver.satisfies("1.2.3", "^1"));\n`,
};

export function npmManifest(name: string, spec: (p: Pkg) => string = (p) => `^${p.version}`, extra: Record<string, unknown> = {}): string {
  return json({
    name,
    version: "1.0.0",
    private: true,
    main: "src/index.js",
    scripts: { start: "node src/index.js", prebuild: "node scripts/check-node.js", test: "node test/render.test.js" },
    dependencies: Object.fromEntries(NPM_PROD.map((p) => [p.name, spec(p)])),
    devDependencies: Object.fromEntries(NPM_DEV.map((p) => [p.name, spec(p)])),
    ...extra,
  });
}

export const PY_APP: Record<string, string> = {
  "app.py": [
    `import yaml`,
    `import redis`,
    `import requests`,
    `from flask import Flask`,
    ``,
    `app = Flask(__name__)`,
    `cache = redis.Redis()`,
    ``,
    ``,
    `@app.route("/fetch")`,
    `def fetch():`,
    `    with open("settings.yml") as f:`,
    `        settings = yaml.load(f, Loader=yaml.Loader)`,
    `    return requests.get(settings["url"]).text`,
    ``,
    ``,
    `if __name__ == "__main__":`,
    `    app.run()`,
    ``,
  ].join("\n"),
  "tools/fmt.py": [`import black`, ``, ``, `if __name__ == "__main__":`, `    print(black.format_str("x=1", mode=black.Mode()))`, ``].join("\n"),
  "tests/test_app.py": `import black\n\n\ndef test_fmt():\n    assert black.format_str("x=1", mode=black.Mode())\n`,
};

export function pyproject(name: string, style: "pep621" | "poetry" | "pdm" | "uv", spec: (p: Pkg) => string = (p) => `${p.name}>=${p.version}`): string {
  const deps = PY_PROD.map(spec);
  const dev = PY_DEV.map(spec);
  const list = (xs: string[]): string => `[${xs.map((x) => JSON.stringify(x)).join(", ")}]`;
  if (style === "poetry") {
    return [
      `[tool.poetry]`,
      `name = "${name}"`,
      `version = "0.1.0"`,
      `description = ""`,
      `authors = ["Example <dev@example.invalid>"]`,
      ``,
      `[tool.poetry.dependencies]`,
      `python = "^3.10"`,
      ...PY_PROD.map((p) => `${p.name} = "^${p.version}"`),
      ``,
      `[tool.poetry.group.dev.dependencies]`,
      ...PY_DEV.map((p) => `${p.name} = "^${p.version}"`),
      ``,
      `[build-system]`,
      `requires = ["poetry-core"]`,
      `build-backend = "poetry.core.masonry.api"`,
      ``,
    ].join("\n");
  }
  const head = [`[project]`, `name = "${name}"`, `version = "0.1.0"`, `requires-python = ">=3.10"`, `dependencies = ${list(deps)}`, ``];
  if (style === "pdm") return [...head, `[tool.pdm.dev-dependencies]`, `dev = ${list(dev)}`, ``].join("\n");
  return [...head, `[dependency-groups]`, `dev = ${list(dev)}`, ``].join("\n");
}

// ---------------------------------------------------------------------------------------------
// npm lockfiles

function lockV1Deps(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of [...NPM_PROD, ...NPM_TRANSITIVE]) {
    out[p.name] = {
      version: p.version,
      resolved: tgz(p),
      integrity: SHA,
      ...(p.deps?.length ? { requires: Object.fromEntries(p.deps.map((d) => [d, versionOf(d, NPM_ALL)])) } : {}),
    };
  }
  for (const p of NPM_DEV) out[p.name] = { version: p.version, resolved: tgz(p), integrity: SHA, dev: true };
  return out;
}

function lockV2Packages(name: string): Record<string, unknown> {
  const packages: Record<string, unknown> = {
    "": {
      name,
      version: "1.0.0",
      dependencies: Object.fromEntries(NPM_PROD.map((p) => [p.name, `^${p.version}`])),
      devDependencies: Object.fromEntries(NPM_DEV.map((p) => [p.name, `^${p.version}`])),
    },
  };
  for (const p of [...NPM_PROD, ...NPM_TRANSITIVE]) {
    packages[`node_modules/${p.name}`] = {
      version: p.version,
      resolved: tgz(p),
      integrity: SHA,
      ...(p.deps?.length ? { dependencies: Object.fromEntries(p.deps.map((d) => [d, versionOf(d, NPM_ALL)])) } : {}),
    };
  }
  for (const p of NPM_DEV) packages[`node_modules/${p.name}`] = { version: p.version, resolved: tgz(p), integrity: SHA, dev: true };
  return packages;
}

export function packageLock(name: string, lockfileVersion: 1 | 2 | 3): string {
  if (lockfileVersion === 1) return json({ name, version: "1.0.0", lockfileVersion: 1, requires: true, dependencies: lockV1Deps() });
  if (lockfileVersion === 2) return json({ name, version: "1.0.0", lockfileVersion: 2, requires: true, packages: lockV2Packages(name), dependencies: lockV1Deps() });
  return json({ name, version: "1.0.0", lockfileVersion: 3, requires: true, packages: lockV2Packages(name) });
}

export function yarnV1(): string {
  const lines = ["# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.", "# yarn lockfile v1", "", ""];
  const direct = new Set([...NPM_PROD, ...NPM_DEV].map((p) => p.name));
  for (const p of [...NPM_ALL].sort((a, b) => a.name.localeCompare(b.name))) {
    lines.push(`${p.name}@${direct.has(p.name) ? `^${p.version}` : p.version}:`);
    lines.push(`  version "${p.version}"`);
    lines.push(`  resolved "${tgz(p)}#${"0".repeat(40)}"`);
    lines.push(`  integrity ${SHA}`);
    if (p.deps?.length) {
      lines.push(`  dependencies:`);
      for (const d of p.deps) lines.push(`    ${d} "${versionOf(d, NPM_ALL)}"`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

export function yarnBerry(name: string): string {
  const lines = [
    `# This file is generated by running "yarn install" inside your project.`,
    `# Manual changes might be lost - proceed with caution!`,
    ``,
    `__metadata:`,
    `  version: 8`,
    `  cacheKey: 10c0`,
    ``,
  ];
  const direct = new Set([...NPM_PROD, ...NPM_DEV].map((p) => p.name));
  const entries: [string, string[]][] = [];
  entries.push([
    `"${name}@workspace:.":`,
    [
      `  version: 0.0.0-use.local`,
      `  resolution: "${name}@workspace:."`,
      `  dependencies:`,
      ...[...NPM_PROD, ...NPM_DEV].map((p) => `    ${p.name}: "npm:^${p.version}"`),
      `  languageName: unknown`,
      `  linkType: soft`,
    ],
  ]);
  for (const p of NPM_ALL) {
    const range = direct.has(p.name) ? `^${p.version}` : p.version;
    entries.push([
      `"${p.name}@npm:${range}":`,
      [
        `  version: ${p.version}`,
        `  resolution: "${p.name}@npm:${p.version}"`,
        ...(p.deps?.length ? [`  dependencies:`, ...p.deps.map((d) => `    ${d}: "npm:${versionOf(d, NPM_ALL)}"`)] : []),
        `  checksum: 10c0/${"a".repeat(128)}`,
        `  languageName: node`,
        `  linkType: hard`,
      ],
    ]);
  }
  entries.sort((a, b) => a[0].localeCompare(b[0]));
  for (const [key, body] of entries) lines.push(key, ...body, "");
  return lines.join("\n");
}

export function pnpmLock(version: 5 | 6 | 9): string {
  const prodMap = (fmt: (p: Pkg) => string) => NPM_PROD.map(fmt);
  const devMap = (fmt: (p: Pkg) => string) => NPM_DEV.map(fmt);
  const depLines = (p: Pkg, sep: string) => (p.deps?.length ? [`    dependencies:`, ...p.deps.map((d) => `      ${d}${sep}${versionOf(d, NPM_ALL)}`)] : []);
  const resolution = `    resolution: {integrity: ${SHA}}`;
  if (version === 5) {
    return [
      `lockfileVersion: 5.4`,
      ``,
      `specifiers:`,
      ...[...NPM_PROD, ...NPM_DEV].map((p) => `  ${p.name}: ^${p.version}`),
      ``,
      `dependencies:`,
      ...prodMap((p) => `  ${p.name}: ${p.version}`),
      ``,
      `devDependencies:`,
      ...devMap((p) => `  ${p.name}: ${p.version}`),
      ``,
      `packages:`,
      ``,
      ...NPM_ALL.flatMap((p) => [`  /${p.name}/${p.version}:`, resolution, ...depLines(p, ": "), `    dev: ${NPM_DEV.includes(p)}`, ``]),
    ].join("\n");
  }
  if (version === 6) {
    return [
      `lockfileVersion: '6.0'`,
      ``,
      `settings:`,
      `  autoInstallPeers: true`,
      `  excludeLinksFromLockfile: false`,
      ``,
      `dependencies:`,
      ...prodMap((p) => `  ${p.name}:\n    specifier: ^${p.version}\n    version: ${p.version}`),
      ``,
      `devDependencies:`,
      ...devMap((p) => `  ${p.name}:\n    specifier: ^${p.version}\n    version: ${p.version}`),
      ``,
      `packages:`,
      ``,
      ...NPM_ALL.flatMap((p) => [`  /${p.name}@${p.version}:`, resolution, ...depLines(p, ": "), `    dev: ${NPM_DEV.includes(p)}`, ``]),
    ].join("\n");
  }
  return [
    `lockfileVersion: '9.0'`,
    ``,
    `settings:`,
    `  autoInstallPeers: true`,
    `  excludeLinksFromLockfile: false`,
    ``,
    `importers:`,
    ``,
    `  .:`,
    `    dependencies:`,
    ...prodMap((p) => `      ${p.name}:\n        specifier: ^${p.version}\n        version: ${p.version}`),
    `    devDependencies:`,
    ...devMap((p) => `      ${p.name}:\n        specifier: ^${p.version}\n        version: ${p.version}`),
    ``,
    `packages:`,
    ``,
    ...NPM_ALL.flatMap((p) => [`  ${p.name}@${p.version}:`, resolution, ``]),
    `snapshots:`,
    ``,
    ...NPM_ALL.flatMap((p) => (p.deps?.length ? [`  ${p.name}@${p.version}:`, ...depLines(p, ": "), ``] : [`  ${p.name}@${p.version}: {}`, ``])),
  ].join("\n");
}

export function bunLock(name: string): string {
  const entry = (p: Pkg): string => {
    const meta = p.deps?.length ? `{ "dependencies": { ${p.deps.map((d) => `"${d}": "${versionOf(d, NPM_ALL)}"`).join(", ")} } }` : "{}";
    return `    "${p.name}": ["${p.name}@${p.version}", "", ${meta}, "${SHA}"],`;
  };
  return [
    `{`,
    `  "lockfileVersion": 1,`,
    `  "workspaces": {`,
    `    "": {`,
    `      "name": "${name}",`,
    `      "dependencies": {`,
    ...NPM_PROD.map((p) => `        "${p.name}": "^${p.version}",`),
    `      },`,
    `      "devDependencies": {`,
    ...NPM_DEV.map((p) => `        "${p.name}": "^${p.version}",`),
    `      },`,
    `    },`,
    `  },`,
    `  "packages": {`,
    ...NPM_ALL.flatMap((p) => [entry(p), ``]),
    `  }`,
    `}`,
    ``,
  ].join("\n");
}

/** A committed node_modules tree: manifests, plus express's code, which really calls qs. */
export function nodeModules(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const p of NPM_ALL) {
    files[`node_modules/${p.name}/package.json`] = json({
      name: p.name,
      version: p.version,
      main: "index.js",
      ...(p.deps?.length ? { dependencies: Object.fromEntries(p.deps.map((d) => [d, versionOf(d, NPM_ALL)])) } : {}),
    });
    files[`node_modules/${p.name}/index.js`] = `module.exports = function ${p.name.replace(/\W/g, "_")}() { return null; };\n`;
  }
  files["node_modules/express/index.js"] = [
    `const qs = require("qs");`,
    ``,
    `function express() {`,
    `  const routes = [];`,
    `  return {`,
    `    get(path, handler) { routes.push({ path, handler }); },`,
    `    listen(port) {`,
    `      const query = qs.parse("theme=dark");`,
    `      for (const r of routes) r.handler({ query }, { send() {} });`,
    `      return port;`,
    `    },`,
    `  };`,
    `}`,
    ``,
    `module.exports = express;`,
    ``,
  ].join("\n");
  return files;
}

// ---------------------------------------------------------------------------------------------
// Python lockfiles

export function requirementsFiles(): Record<string, string> {
  return {
    // -r include, -c constraints filling an unpinned line, hashes, markers, extras.
    "requirements.txt": [
      `# production`,
      `-r requirements/base.txt`,
      `-c constraints.txt`,
      `flask==2.3.1 \\`,
      `    --hash=${HASH}`,
      `PyYAML==5.3 ; python_version >= "3.6"`,
      `redis[hiredis]==4.5.3`,
      `urllib3  # pinned by constraints.txt`,
      ``,
    ].join("\n"),
    "requirements/base.txt": `requests==2.30.0 --hash=${HASH}\n`,
    "constraints.txt": `urllib3==2.0.5\n`,
    "requirements-dev.txt": `-r requirements.txt\nblack==23.1.0\n`,
  };
}

function tomlDeps(p: Pkg): string[] {
  return p.deps?.length ? [`dependencies = [`, ...p.deps.map((d) => `    { name = "${d}" },`), `]`] : [];
}

export function poetryLock(): string {
  const out = [`# This file is automatically @generated by Poetry 1.7.1 and should not be changed by hand.`, ``];
  for (const p of [...PY_ALL].sort((a, b) => a.name.localeCompare(b.name))) {
    const dev = PY_DEV.includes(p);
    out.push(
      `[[package]]`,
      `name = "${p.name}"`,
      `version = "${p.version}"`,
      `description = ""`,
      `optional = false`,
      `python-versions = ">=3.7"`,
      `files = [`,
      `    {file = "${p.name}-${p.version}-py3-none-any.whl", hash = "${HASH}"},`,
      `]`,
      ...(dev ? [] : []),
      ``,
    );
    if (p.deps?.length) {
      out.push(`[package.dependencies]`, ...p.deps.map((d) => `${d} = ">=${versionOf(d, PY_ALL)}"`), ``);
    }
  }
  out.push(`[metadata]`, `lock-version = "2.0"`, `python-versions = "^3.10"`, `content-hash = "${"0".repeat(64)}"`, ``);
  return out.join("\n");
}

export function pipfileFiles(): Record<string, string> {
  const entry = (p: Pkg) => [p.name, { hashes: [HASH], index: "pypi", version: `==${p.version}` }];
  return {
    Pipfile: [
      `[[source]]`,
      `url = "https://pypi.org/simple"`,
      `verify_ssl = true`,
      `name = "pypi"`,
      ``,
      `[packages]`,
      ...PY_PROD.map((p) => `${p.name} = "==${p.version}"`),
      ``,
      `[dev-packages]`,
      ...PY_DEV.map((p) => `${p.name} = "*"`),
      ``,
    ].join("\n"),
    "Pipfile.lock": json({
      _meta: { hash: { sha256: "0".repeat(64) }, "pipfile-spec": 6, requires: { python_version: "3.11" }, sources: [{ name: "pypi", url: "https://pypi.org/simple", verify_ssl: true }] },
      default: Object.fromEntries([...PY_PROD, ...PY_TRANSITIVE].map(entry)),
      develop: Object.fromEntries(PY_DEV.map(entry)),
    }),
  };
}

export function uvLock(name: string): string {
  const out = [`version = 1`, `requires-python = ">=3.10"`, ``];
  const all = [...PY_ALL].sort((a, b) => a.name.localeCompare(b.name));
  out.push(
    `[[package]]`,
    `name = "${name}"`,
    `version = "0.1.0"`,
    `source = { virtual = "." }`,
    `dependencies = [`,
    ...PY_PROD.map((p) => `    { name = "${p.name}" },`),
    `]`,
    ``,
    `[package.dev-dependencies]`,
    `dev = [`,
    ...PY_DEV.map((p) => `    { name = "${p.name}" },`),
    `]`,
    ``,
  );
  for (const p of all) {
    out.push(`[[package]]`, `name = "${p.name}"`, `version = "${p.version}"`, `source = { registry = "https://pypi.org/simple" }`, ...tomlDeps(p), ``);
  }
  return out.join("\n");
}

export function pdmLock(): string {
  const out = [
    `# This file is @generated by PDM.`,
    `# It is not intended for manual editing.`,
    ``,
    `[metadata]`,
    `groups = ["default", "dev"]`,
    `strategy = ["cross_platform", "inherit_metadata"]`,
    `lock_version = "4.4.1"`,
    `content_hash = "sha256:${"0".repeat(64)}"`,
    ``,
  ];
  for (const p of [...PY_ALL].sort((a, b) => a.name.localeCompare(b.name))) {
    out.push(
      `[[package]]`,
      `name = "${p.name}"`,
      `version = "${p.version}"`,
      `summary = ""`,
      `groups = ["${PY_DEV.includes(p) ? "dev" : "default"}"]`,
      ...(p.deps?.length ? [`dependencies = [`, ...p.deps.map((d) => `    "${d}>=${versionOf(d, PY_ALL)}",`), `]`] : []),
      ``,
    );
  }
  return out.join("\n");
}

export function pylock(): string {
  const out = [
    `lock-version = "1.0"`,
    `environments = ["sys_platform == 'linux'"]`,
    `requires-python = ">=3.10"`,
    `extras = []`,
    `dependency-groups = ["dev"]`,
    `default-groups = []`,
    `created-by = "uv"`,
    ``,
  ];
  for (const p of [...PY_ALL].sort((a, b) => a.name.localeCompare(b.name))) {
    out.push(`[[packages]]`, `name = "${p.name}"`, `version = "${p.version}"`, `index = "https://pypi.org/simple"`);
    if (PY_DEV.includes(p)) out.push(`marker = "'dev' in dependency_groups"`);
    if (p.deps?.length) out.push(`dependencies = [${p.deps.map((d) => `{ name = "${d}" }`).join(", ")}]`);
    out.push(`wheels = [{ url = "https://files.pythonhosted.org/packages/${p.name}-${p.version}-py3-none-any.whl", size = 1000, hashes = { sha256 = "${"0".repeat(64)}" } }]`, ``);
  }
  return out.join("\n");
}

// ---------------------------------------------------------------------------------------------
// The repositories

export interface RepoSpec {
  ecosystem: "npm" | "PyPI";
  files: Record<string, string>;
  /** The file every finding's dependency comes from (relative to the repository root). */
  source: string;
  /** Whether the transitive package (qs / urllib3) is in the inventory, and its chain when known. */
  transitive: "chain" | "flat" | "absent";
  resolution: "locked" | "lowest-match" | "installed";
}

const npmRepo = (name: string, lockfile: string, content: string, extra: Record<string, string> = {}): RepoSpec => ({
  ecosystem: "npm",
  files: { "package.json": npmManifest(name), [lockfile]: content, ...NPM_APP, ...extra },
  source: lockfile,
  transitive: "chain",
  resolution: "locked",
});

const pyRepo = (files: Record<string, string>, source: string, transitive: RepoSpec["transitive"] = "chain"): RepoSpec => ({
  ecosystem: "PyPI",
  files: { ...files, ...PY_APP },
  source,
  transitive,
  resolution: "locked",
});

export const REPOS: Record<string, RepoSpec> = {
  "npm-lock-v1": npmRepo("npm-lock-v1", "package-lock.json", packageLock("npm-lock-v1", 1)),
  "npm-lock-v2": npmRepo("npm-lock-v2", "package-lock.json", packageLock("npm-lock-v2", 2)),
  "npm-lock-v3": npmRepo("npm-lock-v3", "package-lock.json", packageLock("npm-lock-v3", 3)),
  "npm-shrinkwrap": npmRepo("npm-shrinkwrap", "npm-shrinkwrap.json", packageLock("npm-shrinkwrap", 2)),
  "yarn-v1": npmRepo("yarn-v1", "yarn.lock", yarnV1()),
  "yarn-berry": npmRepo("yarn-berry", "yarn.lock", yarnBerry("yarn-berry"), { ".yarnrc.yml": "nodeLinker: node-modules\n" }),
  "pnpm-v5": npmRepo("pnpm-v5", "pnpm-lock.yaml", pnpmLock(5)),
  "pnpm-v6": npmRepo("pnpm-v6", "pnpm-lock.yaml", pnpmLock(6)),
  "pnpm-v9": npmRepo("pnpm-v9", "pnpm-lock.yaml", pnpmLock(9)),
  "bun-lock": npmRepo("bun-lock", "bun.lock", bunLock("bun-lock")),
  "npm-manifest": {
    ecosystem: "npm",
    // Ranges whose lowest match is the ground-truth version; no lockfile, so no transitive packages.
    files: {
      "package.json": npmManifest("npm-manifest", (p) => ({ lodash: "^4.17.11", express: "~4.17.1", minimist: ">=1.2.5 <2.0.0", semver: "^7.5.1" })[p.name]!),
      ...NPM_APP,
    },
    source: "package.json",
    transitive: "absent",
    resolution: "lowest-match",
  },
  "npm-installed": {
    ecosystem: "npm",
    files: { "package.json": npmManifest("npm-installed", (p) => `^${p.version}`), ...nodeModules(), ...NPM_APP },
    source: "node_modules",
    transitive: "chain",
    resolution: "installed",
  },
  requirements: pyRepo(requirementsFiles(), "requirements.txt", "flat"),
  poetry: pyRepo({ "pyproject.toml": pyproject("poetry-app", "poetry"), "poetry.lock": poetryLock() }, "poetry.lock"),
  pipenv: pyRepo(pipfileFiles(), "Pipfile.lock", "flat"),
  uv: pyRepo({ "pyproject.toml": pyproject("uv-app", "uv"), "uv.lock": uvLock("uv-app") }, "uv.lock"),
  pdm: pyRepo({ "pyproject.toml": pyproject("pdm-app", "pdm"), "pdm.lock": pdmLock() }, "pdm.lock"),
  pylock: pyRepo({ "pyproject.toml": pyproject("pylock-app", "pep621"), "pylock.toml": pylock() }, "pylock.toml"),
  "pyproject-only": {
    ecosystem: "PyPI",
    files: {
      "pyproject.toml": pyproject("pyproject-only", "pep621", (p) =>
        ({ requests: "requests>=2.30.0,<3", flask: "Flask~=2.3.1", pyyaml: "PyYAML==5.3", redis: "redis[hiredis]>=4.5.3", black: "black>=23.1.0" })[p.name]!,
      ),
      ...PY_APP,
    },
    source: "pyproject.toml",
    transitive: "absent",
    resolution: "lowest-match",
  },
};

/**
 * A monorepo: npm workspaces in one package-lock (two different express prereleases, one hoisted
 * lodash both workspaces declare but only web calls `template` on), and two
 * Python services with their own requirements (a PEP 440 prerelease on each side of a fix).
 */
export const MONOREPO: Record<string, string> = {
  "package.json": json({ name: "mono", version: "1.0.0", private: true, workspaces: ["packages/*"] }),
  "package-lock.json": json({
    name: "mono",
    version: "1.0.0",
    lockfileVersion: 3,
    requires: true,
    packages: {
      "": { name: "mono", version: "1.0.0", workspaces: ["packages/*"] },
      "packages/web": { name: "@mono/web", version: "1.0.0", dependencies: { express: "5.0.0-alpha.8", lodash: "^4.17.11" } },
      "packages/admin": { name: "@mono/admin", version: "1.0.0", dependencies: { express: "5.0.0-beta.3", lodash: "^4.17.11" } },
      "node_modules/@mono/web": { resolved: "packages/web", link: true },
      "node_modules/@mono/admin": { resolved: "packages/admin", link: true },
      "node_modules/express": { version: "5.0.0-alpha.8", resolved: "https://registry.npmjs.org/express/-/express-5.0.0-alpha.8.tgz", integrity: SHA },
      "node_modules/lodash": { version: "4.17.11", resolved: "https://registry.npmjs.org/lodash/-/lodash-4.17.11.tgz", integrity: SHA },
      "packages/admin/node_modules/express": { version: "5.0.0-beta.3", resolved: "https://registry.npmjs.org/express/-/express-5.0.0-beta.3.tgz", integrity: SHA },
    },
  }),
  "packages/web/package.json": json({ name: "@mono/web", version: "1.0.0", main: "src/server.js", dependencies: { express: "5.0.0-alpha.8", lodash: "^4.17.11" } }),
  "packages/web/src/server.js": [
    `const express = require("express");`,
    `const _ = require("lodash");`,
    ``,
    `const app = express();`,
    `app.get("/go", (req, res) => res.redirect(_.template("/<%= to %>")({ to: req.query.to })));`,
    `app.listen(8080);`,
    ``,
  ].join("\n"),
  "packages/admin/package.json": json({ name: "@mono/admin", version: "1.0.0", main: "index.js", dependencies: { express: "5.0.0-beta.3", lodash: "^4.17.11" } }),
  // The same hoisted lodash copy as web's, but admin never calls template: its copy is not reachable.
  "packages/admin/index.js": `const express = require("express");\nconst _ = require("lodash");\nconst app = express();\napp.get("/", (req, res) => res.redirect(_.get(req.query, "to", "/home")));\napp.listen(8081);\n`,
  "services/etl/requirements.txt": "PyYAML==5.2a1\n",
  "services/etl/main.py": `import yaml\n\n\ndef run(path):\n    with open(path) as f:\n        return yaml.load(f, Loader=yaml.Loader)\n\n\nif __name__ == "__main__":\n    run("jobs.yml")\n`,
  "services/legacy/requirements.txt": "pyyaml==5.2b1\n",
  "services/legacy/main.py": `import yaml\n\n\nif __name__ == "__main__":\n    print(yaml.safe_load("a: 1"))\n`,
};
