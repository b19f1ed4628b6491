// Anonymous functions are graph nodes now; reach must still find vulnerable calls inside the ones
// whose caller we cannot see: returned closures (middleware factories), methods of object
// literals handed to a package, handlers written in JSX.
import { afterAll, expect, test } from "bun:test";
import { toPycg } from "../../src/scan/callgraph/pycg.ts";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-jscb-");
afterAll(temp.cleanup);

const project = (main: string, files: Record<string, string>) =>
  temp.graph({ "package.json": JSON.stringify({ name: "app", main }), ...files });

const lodashTemplate = target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]);

test("a closure a library's exported factory returns is reachable (its caller is the library's user)", async () => {
  const g = await project("index.js", {
    "index.js": [
      "const _ = require('lodash');",
      "module.exports = function middleware(opts) {",
      "  return function (req, res) {",
      "    res.end(_.template(req.body)(opts));",
      "  };",
      "};",
    ].join("\n"),
  });
  const r = reach(g, lodashTemplate);
  expect(r.level).toBe("function");
  expect(r.paths[0]).toEqual(["index.js:main", "index.js:3", "index.js:4", "lodash.template"]);
  // The pycg form keeps to calls: nobody in the project calls the closure.
  expect(toPycg(g)["middleware.<anonymous1>"]).toBeUndefined();
});

test("methods of an object literal handed to a package, and JSX handlers, are reachable", async () => {
  const g = await project("app.jsx", {
    "app.jsx": [
      "import Vue from 'vue';",
      "import _ from 'lodash';",
      "new Vue({",
      "  created() { _.template('a'); },",
      "});",
      "export function Button() {",
      "  return <b onClick={() => _.escape('x')}>go</b>;",
      "}",
      "Button();",
    ].join("\n"),
  });
  const r = reach(g, lodashTemplate);
  expect(r.level).toBe("function");
  expect(r.paths[0]).toEqual(["app.jsx:main", "app.jsx:3", "app.jsx:4", "lodash.template"]);
  const escape = reach(g, target("npm", "lodash", [{ path: "lodash", symbols: ["escape"] }]));
  expect(escape.level).toBe("function");
  expect(escape.paths[0]!.at(-1)).toBe("lodash.escape");
  const pycg = toPycg(g);
  expect(pycg.app).toContain("app.created");
  expect(pycg["app.Button"]).toEqual(["app.Button.<arrow1>"]);
  expect(pycg["app.Button.<arrow1>"]).toEqual(["lodash.escape"]);
});

test("a module handed to a package is its exports object: a hapi plugin's register (plain, `exports.plugin`, `{ plugin }`) runs; an unregistered one does not", async () => {
  const plugin = (name: string, shape: "module" | "plugin") => {
    const body = [`  name: "${name}",`, "  register(server) {", `    server.route({ method: "GET", path: "/${name}", handler: () => _.template("${name}") });`, "  },"];
    return ["const _ = require('lodash');", shape === "module" ? "module.exports = {" : "exports.plugin = {", ...body, "};"].join("\n");
  };
  const server = (registers: string[]) => [
    "const Hapi = require('@hapi/hapi');",
    "async function init() {",
    "  const server = Hapi.server({ port: 3000 });",
    ...registers.map((r) => `  await server.register(${r});`),
    "  await server.start();",
    "}",
    "init();",
  ].join("\n");
  const files = { "plugins/a.js": plugin("a", "module"), "plugins/b.js": plugin("b", "plugin") };
  const g = await project("server.js", {
    ...files,
    "server.js": ["const a = require('./plugins/a');", server(["a", "{ plugin: require('./plugins/b'), options: {} }"])].join("\n"),
  });
  const r = reach(g, lodashTemplate);
  expect(r.level).toBe("function");
  expect(r.paths).toEqual([
    ["server.js:main", "server.js:9", "server.js:5", "plugins/a.js:5", "plugins/a.js:5", "lodash.template"],
    ["server.js:main", "server.js:9", "server.js:6", "plugins/b.js:5", "plugins/b.js:5", "lodash.template"],
  ]);
  // Imported but never registered (a builtin reading it calls nothing): its register is not run.
  const unregistered = await project("server.js", { ...files, "server.js": ["const a = require('./plugins/a');", "Object.hasOwn(a, 'name');", server([])].join("\n") });
  expect(reach(unregistered, lodashTemplate).level).toBe("none");
});

test("a route table handed over as an array of objects naming handlers (`server.route([{ handler: h.summary }])`) calls them", async () => {
  const g = await project("routes.js", {
    "handlers.js": "const _ = require('lodash');\nexports.summary = (req) => _.template(req.query.t)({});\nexports.health = () => 'ok';\n",
    "routes.js": [
      "const h = require('./handlers');",
      "module.exports = (server) => {",
      "  server.route([",
      "    { method: 'GET', path: '/health', handler: h.health },",
      "    { method: 'GET', path: '/summary', options: { handler: h.summary } },",
      "  ]);",
      "};",
    ].join("\n"),
  });
  const r = reach(g, lodashTemplate);
  expect(r.level).toBe("function");
  expect(r.paths[0]).toEqual(["routes.js:main", "routes.js:3", "handlers.js:2", "lodash.template"]);
});

test("tables named in an object handed to a package (Apollo resolvers, spread or in an array) hold callbacks; options built in functions do not", async () => {
  const g = await project("index.js", {
    "index.js": [
      "const { ApolloServer } = require('@apollo/server');",
      "const { resolvers, extra } = require('./resolvers');",
      "const { wrap } = require('./options');",
      "new ApolloServer({ typeDefs: '', resolvers });",
      "new ApolloServer({ typeDefs: '', resolvers: [extra] });",
      "wrap({ x: 1 });",
    ].join("\n"),
    "resolvers.js": [
      "const _ = require('lodash');",
      "const books = { Query: { book: () => _.template('a') } };",
      "const extra = { Mutation: { add: () => _.escape('b') } };",
      "exports.resolvers = { Query: { ...books.Query } };",
      "exports.extra = extra;",
    ].join("\n"),
    "options.js": [
      "const _ = require('lodash');",
      "const { Unsafe } = require('typebox');",
      "function make() { return { check: () => _.trim('c') }; }",
      "exports.wrap = (options) => Unsafe({ ...options, ...make() });",
    ].join("\n"),
  });
  const r = reach(g, lodashTemplate);
  expect(r.level).toBe("function");
  expect(r.paths[0]).toEqual(["index.js:main", "index.js:4", "resolvers.js:2", "lodash.template"]);
  const escape = reach(g, target("npm", "lodash", [{ path: "lodash", symbols: ["escape"] }]));
  expect(escape.paths[0]).toEqual(["index.js:main", "index.js:5", "resolvers.js:3", "lodash.escape"]);
  // An object a function makes and returns is data handed over, not a table of callbacks: no call
  // of its function where it is handed to the package (reach still follows make's closure as a reference).
  const pycg = toPycg(g);
  expect(pycg.index).toEqual(["@apollo.server.ApolloServer", "options.wrap", "resolvers.books.Query.book", "resolvers.extra.Mutation.add"]);
  expect(pycg["options.wrap"]).toEqual(["options.make", "typebox.Unsafe"]);
  expect(pycg["options.make.check"]).toBeUndefined();
});
