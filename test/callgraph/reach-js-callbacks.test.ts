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
