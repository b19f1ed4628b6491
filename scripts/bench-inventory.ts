// Prints how long the inventory phase takes on generated lockfiles of every format with N packages
// (default 5,000, a binary tree of dependencies: p(i) needs p(2i+1) and p(2i+2)), an installed node_modules
// tree and a 20-workspace package-lock of the same shape, and the process's peak RSS afterwards.
// Usage: bun scripts/bench-inventory.ts [N]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractInventory } from "../src/scan/inventory/index.ts";

const n = Number(process.argv[2] ?? 5000);
const deps = (i: number) => [2 * i + 1, 2 * i + 2].filter((j) => j < n);

const formats: Record<string, [string, () => string]> = {
  "package-lock v3": ["package-lock.json", () => JSON.stringify({
    lockfileVersion: 3,
    packages: Object.fromEntries([["", { name: "bench", dependencies: { p0: "^1.0.0" } }], ...Array.from({ length: n }, (_, i) => [`node_modules/p${i}`, { version: `1.0.${i}`, dependencies: Object.fromEntries(deps(i).map((j) => [`p${j}`, "*"])) }])]),
  })],
  "yarn v1": ["yarn.lock", () => "# yarn lockfile v1\n\n" + Array.from({ length: n }, (_, i) => `p${i}@^1.0.0:\n  version "1.0.${i}"\n  resolved "https://registry.yarnpkg.com/p${i}/-/p${i}-1.0.${i}.tgz#${"0".repeat(40)}"\n  integrity sha512-${"A".repeat(86)}==\n${deps(i).length ? "  dependencies:\n" + deps(i).map((j) => `    p${j} "^1.0.0"\n`).join("") : ""}\n`).join("")],
  "yarn berry": ["yarn.lock", () => "__metadata:\n  version: 8\n  cacheKey: 10c0\n\n" + Array.from({ length: n }, (_, i) => `"p${i}@npm:^1.0.0":\n  version: 1.0.${i}\n  resolution: "p${i}@npm:1.0.${i}"\n${deps(i).length ? "  dependencies:\n" + deps(i).map((j) => `    p${j}: "npm:^1.0.0"\n`).join("") : ""}  checksum: 10c0/${"a".repeat(128)}\n  languageName: node\n  linkType: hard\n\n`).join("") + `"bench@workspace:.":\n  version: 0.0.0-use.local\n  resolution: "bench@workspace:."\n  dependencies:\n    p0: "npm:^1.0.0"\n  languageName: unknown\n  linkType: soft\n`],
  "pnpm v9": ["pnpm-lock.yaml", () => "lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n      p0:\n        specifier: ^1.0.0\n        version: 1.0.0\n\npackages:\n\n" + Array.from({ length: n }, (_, i) => `  p${i}@1.0.${i}:\n    resolution: {integrity: sha512-${"A".repeat(86)}==}\n\n`).join("") + "snapshots:\n\n" + Array.from({ length: n }, (_, i) => `  p${i}@1.0.${i}:${deps(i).length ? "\n    dependencies:\n" + deps(i).map((j) => `      p${j}: 1.0.${j}`).join("\n") : " {}"}\n\n`).join("")],
  "bun.lock": ["bun.lock", () => `{\n  "lockfileVersion": 1,\n  "workspaces": { "": { "name": "bench", "dependencies": { "p0": "^1.0.0", }, }, },\n  "packages": {\n` + Array.from({ length: n }, (_, i) => `    "p${i}": ["p${i}@1.0.${i}", "", { "dependencies": { ${deps(i).map((j) => `"p${j}": "^1.0.0"`).join(", ")} } }, "sha512-${"A".repeat(86)}=="],\n`).join("") + "  }\n}\n"],
  "poetry.lock": ["poetry.lock", () => Array.from({ length: n }, (_, i) => `[[package]]\nname = "p${i}"\nversion = "1.0.${i}"\ndescription = ""\noptional = false\npython-versions = ">=3.8"\nfiles = [\n    {file = "p${i}-1.0.${i}-py3-none-any.whl", hash = "sha256:${"0".repeat(64)}"},\n]\n\n[package.dependencies]\n${deps(i).map((j) => `p${j} = ">=1.0"\n`).join("")}\n`).join("") + '[metadata]\nlock-version = "2.0"\n'],
  "uv.lock": ["uv.lock", () => "version = 1\n\n" + Array.from({ length: n }, (_, i) => `[[package]]\nname = "p${i}"\nversion = "1.0.${i}"\nsource = { registry = "https://pypi.org/simple" }\ndependencies = [\n${deps(i).map((j) => `    { name = "p${j}" },\n`).join("")}]\n\n`).join("")],
};

const root = mkdtempSync(join(tmpdir(), "reachd-bench-inv-"));
try {
  console.log(`packages per lockfile: ${n}`);
  for (const [label, [file, make]] of Object.entries(formats)) {
    const dir = join(root, label.replace(/\W+/g, "-"));
    mkdirSync(dir);
    const text = make();
    writeFileSync(join(dir, file), text);
    const started = performance.now();
    const inv = await extractInventory(dir);
    const ms = performance.now() - started;
    const errors = inv.errors.map((e) => e.message).join("; ");
    console.log(`${label.padEnd(16)} ${(text.length / 1e6).toFixed(1).padStart(5)} MB  ${ms.toFixed(0).padStart(6)} ms  ${inv.dependencies.length} deps${errors ? `  errors: ${errors}` : ""}`);
  }
  // An installed node_modules tree (no lockfile): one package.json per package, edges by Node's lookup.
  const installed = join(root, "installed");
  mkdirSync(installed);
  writeFileSync(join(installed, "package.json"), JSON.stringify({ name: "bench", dependencies: { p0: "^1.0.0" } }));
  for (let i = 0; i < n; i++) {
    mkdirSync(join(installed, `node_modules/p${i}`), { recursive: true });
    writeFileSync(join(installed, `node_modules/p${i}/package.json`), JSON.stringify({ name: `p${i}`, version: `1.0.${i}`, dependencies: Object.fromEntries(deps(i).map((j) => [`p${j}`, "*"])) }));
  }
  let started = performance.now();
  let inv = await extractInventory(installed);
  console.log(`${"node_modules".padEnd(16)} ${String(n).padStart(5)} files ${(performance.now() - started).toFixed(0).padStart(6)} ms  ${inv.dependencies.length} deps`);
  // Workspaces sharing one lockfile: every workspace gets its own copy of what it reaches.
  const W = 20;
  const ws = join(root, "workspaces");
  mkdirSync(ws);
  const packages: Record<string, unknown> = { "": { name: "bench", workspaces: ["packages/*"] } };
  for (let w = 0; w < W; w++) packages[`packages/w${w}`] = { name: `w${w}`, dependencies: { p0: "^1.0.0" } };
  for (let i = 0; i < n; i++) packages[`node_modules/p${i}`] = { version: `1.0.${i}`, dependencies: Object.fromEntries(deps(i).map((j) => [`p${j}`, "*"])) };
  writeFileSync(join(ws, "package-lock.json"), JSON.stringify({ lockfileVersion: 3, packages }));
  started = performance.now();
  inv = await extractInventory(ws);
  console.log(`${`${W} workspaces`.padEnd(16)} package-lock v3 ${(performance.now() - started).toFixed(0).padStart(6)} ms  ${inv.dependencies.length} deps`);
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
