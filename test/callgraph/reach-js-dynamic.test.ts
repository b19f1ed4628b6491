// Honest limits in JavaScript: eval, `new Function`, and computed member calls (`obj[name]()`)
// on a reachable path make a negative answer `unknown` with the reason; a positive path wins.
import { afterAll, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-jsdyn-");
afterAll(temp.cleanup);

const project = (files: Record<string, string>) =>
  temp.graph({ "package.json": JSON.stringify({ name: "app", main: "index.js" }), ...files });

const lodashTemplate = target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]);

test("a computed member call on a reachable path → unknown, naming the call", async () => {
  const g = await project({
    "index.js": [
      "const handlers = require('./handlers');",
      "function dispatch(name, arg) {",
      "  return handlers[name](arg);",
      "}",
      "dispatch(process.argv[2], 'x');",
    ].join("\n"),
    "handlers.js": ["const _ = require('lodash');", "exports.render = (s) => _.template(s);"].join("\n"),
  });
  // handlers is a module of ours: the call can reach its exported functions only.
  expect(g.dynamic).toEqual([{ from: "index.js#dispatch", line: 3, ecosystem: "npm", text: "handlers[name](arg)", kind: "attribute", targets: ["handlers.js#exports.render"] }]);
  const r = reach(g, lodashTemplate);
  expect(r.level).toBe("unknown");
  expect(r.reason).toBe("computed attribute `handlers[name](arg)` at index.js:3 in reachable code; what it calls cannot be known");
});

test("a computed key on an object literal of ours is any of its members: a path, not unknown", async () => {
  const g = await project({
    "index.js": [
      "const _ = require('lodash');",
      "const handlers = { render: (s) => _.template(s), noop() {} };",
      "function dispatch(name, arg) {",
      "  return handlers[name](arg);",
      "}",
      "dispatch(process.argv[2], 'x');",
    ].join("\n"),
  });
  const r = reach(g, lodashTemplate);
  expect(r.level).toBe("function");
  // Through the computed call (line 4) into the member that calls the package (line 2).
  expect(r.paths[0]).toEqual(["index.js:main", "index.js:6", "index.js:4", "index.js:2", "lodash.template"]);
});

test("eval and new Function in reachable code → unknown; a literal key is no dynamic site", async () => {
  const g = await project({
    "index.js": [
      "const _ = require('lodash');",
      "const table = { run() { return 1; } };",
      "table['run']();",
      "new Function('a', 'return a')(1);",
      "function later() { eval(process.argv[2]); }",
      "later();",
      "_.noop();",
    ].join("\n"),
  });
  expect(g.dynamic.map((d) => [d.from, d.line, d.text, d.kind])).toEqual([
    ["index.js#<module>", 4, "new Function('a', 'return a')", "eval"],
    ["index.js#later", 5, "eval(process.argv[2])", "eval"],
  ]);
  const r = reach(g, lodashTemplate);
  expect(r.level).toBe("unknown");
  expect(r.reason).toStartWith("code run from a string `new Function('a', 'return a')` at index.js:4 in reachable code");
  expect(r.reason).toEndWith("(and 1 more)");
});

test("a positive path wins over a dynamic site; dynamic code nothing reaches changes nothing", async () => {
  const g = await project({
    "index.js": [
      "const _ = require('lodash');",
      "const t = _.template;",
      "function unused(o, k) { return o[k](); }",
      "t('x');",
      "eval('1');",
    ].join("\n"),
  });
  expect(reach(g, lodashTemplate).level).toBe("function");
  const g2 = await project({
    "index.js": ["const _ = require('lodash');", "function unused(o, k) { return o[k](); }", "_.noop();"].join("\n"),
  });
  expect(reach(g2, lodashTemplate).level).toBe("none");
});

test("a computed member call cannot reach files nothing loads: a package used only there stays none", async () => {
  const files = {
    "index.js": [
      "const cmds = require('./cmds');",
      "function run(name) { return cmds[name](); }",
      "run(process.argv[2]);",
    ].join("\n"),
    "cmds.js": "const _ = require('lodash');\nmodule.exports = { build() { return _.noop(); } };\n",
    // Nothing requires these: a test and a dead module.
    "cmds.test.js": "const qs = require('qs');\nqs.parse('a=1');\n",
    "old.js": "const qs = require('qs');\nexports.old = () => qs.parse('b=2');\n",
  };
  const g = await project(files);
  expect(g.dynamic.map((d) => d.kind)).toEqual(["attribute"]);
  const qs = reach(g, target("npm", "qs", [{ path: "qs", symbols: ["parse"] }]));
  expect(qs.level).toBe("none");
  expect(qs.reason).toBe("qs is used only by code that no entry point reaches (cmds.test.js:1)");
  // A package used in loaded code is what the computed call may reach (its members are followed as calls), but an
  // advisory naming symbols that nothing there calls stays none (cmds' exports call only _.noop, not _.template).
  const template = reach(g, lodashTemplate);
  expect(template.level).toBe("none");
  expect(template.reason).toBe("lodash is used by reachable code (cmds.js:1), but none of its vulnerable symbols is called");
  // An indirect dependency keeps the conservative answer (its uses are inside its parent).
  expect(reach(g, target("npm", "qs", [], { direct: false, chain: ["app", "lodash", "qs"] })).level).toBe("unknown");
  // eval and dynamic imports can load anything: a test-only package is unknown then.
  const g2 = await project({ ...files, "index.js": "const name = process.argv[2];\nrequire('./cmds' + name);\n" });
  expect(g2.dynamic.map((d) => d.kind ?? "import")).toEqual(["import"]);
  expect(reach(g2, target("npm", "qs", [{ path: "qs", symbols: ["parse"] }])).level).toBe("unknown");
});

/** `count` handlers in one array literal, each its own function; the last one calls lodash's template. */
function handlerTable(count: number): string {
  const lines = ["const _ = require('lodash');"];
  for (let i = 0; i < count; i++) lines.push(`function h${i}(s) { return ${i === count - 1 ? "_.template(s)" : `s + ${i}`}; }`);
  lines.push(`const handlers = [${Array.from({ length: count }, (_, i) => `h${i}`).join(", ")}];`);
  lines.push("function runAll(s) {", "  for (const h of handlers) h(s);", "}", "runAll(process.argv[2]);");
  return lines.join("\n");
}

test("a call with more possible callees than assembly follows is a dynamic site: a negative answer becomes unknown", async () => {
  // Under the bound every handler is followed: the template call is found.
  const few = await project({ "index.js": handlerTable(10) });
  expect(few.dynamic).toEqual([]);
  const found = reach(few, lodashTemplate);
  expect(found.level).toBe("function");
  expect(found.paths[0]).toEqual(["index.js:main", "index.js:16", "index.js:14", "index.js:11", "lodash.template"]);
  // Over it the answer keeps the first ones: the last handler is lost, and the call says so
  // instead of the verdict reading `none`.
  const many = await project({ "index.js": handlerTable(30) });
  const line = 1 + 30 + 1 + 2;
  expect(many.dynamic).toEqual([{ from: "index.js#runAll", line, ecosystem: "npm", text: "h()", kind: "capped" }]);
  const called = many.edges.filter((e) => e.from === "index.js#runAll").map((e) => e.to);
  expect(called.length).toBeLessThan(30);
  expect(called).not.toContain("index.js#h29");
  const r = reach(many, lodashTemplate);
  expect(r.level).toBe("unknown");
  expect(r.reason).toBe(`\`h()\` at index.js:${line} in reachable code has more possible callees or callbacks than reachd follows (24); the others are not known`);
});
