// Hermetic fixture applications for the end-to-end tests; their packages are fictional and
// covered only by test/fixtures/advisories/e2e, so the bundled advisories cannot change counts.

const lock = (name: string, deps: Record<string, string>, dev: Record<string, string>, nested: Record<string, Record<string, string>> = {}) => {
  const packages: Record<string, unknown> = {
    "": { name, version: "1.0.0", dependencies: deps, devDependencies: dev },
  };
  for (const [n, v] of Object.entries(deps)) packages[`node_modules/${n}`] = { version: v, dependencies: nested[n] };
  for (const [n, v] of Object.entries(dev)) packages[`node_modules/${n}`] = { version: v, dev: true };
  for (const inner of Object.values(nested)) for (const [n, v] of Object.entries(inner)) packages[`node_modules/${n}`] = { version: v };
  return JSON.stringify({ name, version: "1.0.0", lockfileVersion: 3, requires: true, packages }, null, 2);
};

/** Reachable critical (function level), dead-code high, dev-only medium, transitive high. */
export const webapp: Record<string, string> = {
  "package.json": JSON.stringify({
    name: "webapp",
    version: "1.0.0",
    main: "src/server.js",
    dependencies: { "acme-template": "^1.2.0", "acme-parse": "^2.0.0" },
    devDependencies: { "acme-colors": "^1.0.0" },
  }),
  "package-lock.json": lock("webapp", { "acme-template": "1.2.0", "acme-parse": "2.0.0" }, { "acme-colors": "1.0.0" }, {
    "acme-parse": { "acme-deep": "0.5.0" },
  }),
  "src/server.js": [
    `const { render } = require("./routes/report");`,
    ``,
    `function main() {`,
    `  return render({ name: "world" });`,
    `}`,
    ``,
    `main();`,
    ``,
  ].join("\n"),
  "src/routes/report.js": [
    `const tpl = require("acme-template");`,
    ``,
    `function render(data) {`,
    `  return tpl.compile("<%= name %>")(data);`,
    `}`,
    ``,
    `module.exports = { render };`,
    ``,
  ].join("\n"),
  // Nothing imports this module: its use of acme-parse must not count.
  "src/unused.js": `const p = require("acme-parse");\nfunction old() { return p.parse("x"); }\nold();\n`,
  // Tests are not entry points.
  "test/report.test.js": `const colors = require("acme-colors");\nconst p = require("acme-parse");\ncolors.paint(p.parse("t"));\n`,
};

/** The vulnerable package is used only by tests: reported but unreachable → warning. */
export const testsOnly: Record<string, string> = {
  "package.json": JSON.stringify({ name: "tests-only", version: "1.0.0", main: "index.js", dependencies: { "acme-colors": "1.0.0" } }),
  "package-lock.json": lock("tests-only", { "acme-colors": "1.0.0" }, {}),
  "index.js": `module.exports = function hello() { return "hi"; };\n`,
  "test/index.test.js": `require("acme-colors").paint("x");\n`,
};

/** No vulnerable versions (2.0.0 is the first version outside every acme-template range): pass. */
export const clean: Record<string, string> = {
  "package.json": JSON.stringify({ name: "clean", version: "1.0.0", main: "index.js", dependencies: { "acme-template": "2.0.0" } }),
  "package-lock.json": lock("clean", { "acme-template": "2.0.0" }, {}),
  "index.js": `const t = require("acme-template");\nt.compile("x");\n`,
};

/** Python: a __main__ entry calling into a helper module that calls acme_yaml.load. */
export const pyapp: Record<string, string> = {
  "requirements.txt": "acme-yaml==5.3\nacme-http==2.30.0  # pinned\n",
  "app.py": [
    `from service.loader import read_config`,
    ``,
    `def main():`,
    `    return read_config("config.yml")`,
    ``,
    `if __name__ == "__main__":`,
    `    main()`,
    ``,
  ].join("\n"),
  "service/__init__.py": "",
  "service/loader.py": [
    `import acme_yaml`,
    ``,
    `def read_config(path):`,
    `    with open(path) as f:`,
    `        return acme_yaml.load(f)`,
    ``,
  ].join("\n"),
  "tests/test_loader.py": `import acme_http\nacme_http.get("x")\n`,
};
