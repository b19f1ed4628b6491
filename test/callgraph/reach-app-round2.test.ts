// Rules found by a round of fresh realistic apps (test/fixtures/apps: koa-backups, lambda-ingest,
// nest-catalog, next-storefront), each on a minimal project built by the real engine.
import { afterAll, describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-app-round2-");
afterAll(temp.cleanup);
const project = temp.graph;

const yamlLoad = target("PyPI", "pyyaml", [{ path: "yaml", symbols: ["load"] }]);
const requestsGet = target("PyPI", "requests", [{ path: "requests", symbols: ["get"] }]);
const iniParse = target("npm", "ini", [{ path: "ini", symbols: ["parse"] }]);
const semverSatisfies = target("npm", "semver", [{ path: "semver", symbols: ["satisfies"] }]);
const jwtVerify = target("npm", "jsonwebtoken", [{ path: "jsonwebtoken", symbols: ["verify"] }]);
const jsYaml = target("npm", "js-yaml", []);

describe("a computed member of an object of ours reaches only its members", () => {
  test("Python getattr(module, name): unknown for what the module's functions use, none for a package used elsewhere", async () => {
    const g = await project({
      "requirements.txt": "pyyaml==5.3.1\nrequests==2.25.1\n",
      "main.py": "import sys\n\nimport requests\n\nimport actions\n\n\ndef unused():\n    return requests.get('http://x')\n\n\nif __name__ == '__main__':\n    getattr(actions, sys.argv[1])(sys.argv[2])\n",
      "actions.py": "import yaml\n\n\ndef load(s):\n    return yaml.load(s)\n\n\ndef echo(s):\n    return s\n",
    });
    expect(g.dynamic.map((d) => d.targets)).toEqual([["actions.py#load", "actions.py#echo"]]);
    const y = reach(g, yamlLoad);
    expect(y.level).toBe("unknown");
    expect(y.reason).toStartWith("computed attribute `getattr(actions, sys.argv[1])` at main.py:13");
    const r = reach(g, requestsGet);
    expect(r.level).toBe("none");
    expect(r.reason).toBe("requests is used by reachable code (main.py:3), but none of its vulnerable symbols is called");
  });

  test("JS `const task = tasks[name]; task()` of a namespace import: only that module's exports", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "index.js", type: "module" }),
      "index.js": "import semver from 'semver';\nimport * as tasks from './tasks.js';\nconsole.log(semver.valid('1.0.0'));\nconst task = tasks[process.argv[2]];\ntask(process.argv[3]);\n",
      "tasks.js": "import ini from 'ini';\nexport function reload(s) { return ini.parse(s); }\nexport function ping() { return 1; }\n",
    });
    expect(reach(g, iniParse).level).toBe("unknown");
    const s = reach(g, semverSatisfies);
    expect(s.level).toBe("none");
    expect(s.reason).toBe("semver is used by reachable code (index.js:1), but none of its vulnerable symbols is called");
  });

  test("a computed member of a parameter can be anything loaded: still unknown", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "index.js" }),
      "index.js": "const semver = require('semver');\nfunction run(obj, k) { return obj[k](); }\nrun(global, process.argv[2]);\nsemver.valid('1.0.0');\n",
    });
    expect(g.dynamic[0]!.targets).toBeUndefined();
    expect(reach(g, semverSatisfies).level).toBe("unknown");
  });
});

describe("NestJS enhancers", () => {
  test("a class handed to @UseGuards(...) has its methods run (canActivate)", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "dist/main.js" }),
      "src/main.ts": "import { NestFactory } from '@nestjs/core';\nimport { AppModule } from './app.module';\nNestFactory.create(AppModule).then((app) => app.listen(3000));\n",
      "src/app.module.ts": "import { Module } from '@nestjs/common';\nimport { ItemsController } from './items.controller';\n@Module({ controllers: [ItemsController] })\nexport class AppModule {}\n",
      "src/items.controller.ts": "import { Controller, Put, UseGuards } from '@nestjs/common';\nimport { JwtGuard } from './jwt.guard';\n\n@Controller('items')\nexport class ItemsController {\n  @Put()\n  @UseGuards(JwtGuard)\n  update() {\n    return 1;\n  }\n}\n",
      "src/jwt.guard.ts": "import * as jwt from 'jsonwebtoken';\n\nexport class JwtGuard {\n  canActivate(ctx: any) {\n    return !!jwt.verify(ctx.token, 'k');\n  }\n}\n",
    });
    const r = reach(g, jwtVerify);
    expect(r.level).toBe("function");
    expect(r.paths[0]).toEqual(["src/items.controller.ts:controller", "src/items.controller.ts:7", "src/jwt.guard.ts:5", "jsonwebtoken.verify"]);
  });
});

describe("tests do not flow into production code", () => {
  test("a callback a test hands to a production function is not called from production", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "index.js" }),
      "index.js": "const { each } = require('./lib/each');\neach([1], (x) => x + 1);\n",
      "lib/each.js": "exports.each = (xs, fn) => xs.map((x) => fn(x));\n",
      "test/each.test.js": "const yaml = require('js-yaml');\nconst { each } = require('../lib/each');\neach(['a: 1'], (s) => yaml.load(s));\n",
    });
    const r = reach(g, jsYaml);
    expect(r.level).toBe("none");
    expect(r.reason).toBe("js-yaml is used only by code that no entry point reaches (test/each.test.js:1)");
  });
});
