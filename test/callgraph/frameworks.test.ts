// Entry points of real-world shapes, on fixture projects: package.json fields and scripts,
// framework apps (Express, Koa, Fastify), Next.js routers, and their Python counterparts
// (Flask, FastAPI, Django urls, Celery, WSGI, console scripts). Each case checks the entry label
// and the call path it yields.
import { describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { exportTargets, scriptFiles } from "../../src/scan/reach/entries.ts";
import { projectGraph, target } from "./helpers.ts";

const lodash = (symbol: string) => target("npm", "lodash", [{ path: "lodash", symbols: [symbol] }]);

describe("js-entries: package.json, frameworks, Next.js", () => {
  test("every entry, with its reason; tests, vendored, minified and unwired files are not entries", async () => {
    const g = await projectGraph("js-entries");
    expect(g.entries.map((e) => `${e.label} | ${e.reason}`).sort()).toEqual([
      'lib/cli.js:exports | "exports" of package.json',
      'lib/features/pick.js:exports | "exports" pattern ./lib/features/*.js of package.json',
      'lib/index.js:main | "main" of package.json',
      'lib/index.mjs:exports | "exports" of package.json',
      'scripts/seed.ts:script | script "seed" of package.json runs it',
      "services/fast.ts:server | creates a Fastify app (fastify at services/fast.ts:4)",
      "services/koa.js:server | creates a Koa app (koa at services/koa.js:4)",
      "src/admin.js:server | creates an Express app (express at src/admin.js:7)",
      'src/app.js:script | script "start" of package.json runs it',
      "web/app/api/items/route.ts:route | Next.js route handler (app router)",
      "web/app/dashboard/page.tsx:page | Next.js page (app router)",
      "web/pages/api/hello.js:route | Next.js API route (pages/api)",
      "web/pages/index.jsx:page | Next.js page (pages router)",
    ]);
  });

  test.each([
    ["escape", [["src/app.js:script", "src/app.js:5", "src/routes/items.js:4", "lodash.escape"]]],
    ["merge", [["services/koa.js:server", "services/koa.js:6", "lodash.merge"]]],
    ["trim", [["services/fast.ts:server", "services/fast.ts:5", "lodash.trim"]]],
    ["setWith", [["src/admin.js:server", "src/admin.js:5", "lodash.setWith"]]],
    ["zipObjectDeep", [["web/app/api/items/route.ts:route", "web/app/api/items/route.ts:5", "lodash.zipObjectDeep"]]],
    ["unescape", [["web/pages/api/hello.js:route", "web/pages/api/hello.js:4", "lodash.unescape"]]],
    ["pick", [["lib/features/pick.js:exports", "lib/features/pick.js:3", "lodash.pick"]]],
    ["defaultsDeep", [["scripts/seed.ts:script", "scripts/seed.ts:3", "lodash.defaultsDeep"]]],
    ["template", [["lib/index.js:main", "lib/index.js:4", "lodash.template"], ["lib/index.mjs:exports", "lib/index.js:4", "lodash.template"]]],
  ])("lodash.%s is reached from its entry", async (symbol, paths) => {
    const r = reach(await projectGraph("js-entries"), lodash(symbol));
    expect(r.level).toBe("function");
    expect(r.paths).toEqual(paths);
  });

  test.each([
    ["toPath", "a component no page imports"],
    ["set", "a test that starts an Express app"],
    ["unset", "a file nothing runs"],
  ])("lodash.%s, used only by %s → none", async (symbol) => {
    const r = reach(await projectGraph("js-entries"), lodash(symbol));
    expect(r.level).toBe("none");
    expect(r.reason).toContain("none of its vulnerable symbols is called");
  });
});

describe("package.json parsing", () => {
  test("exports: strings, fallback arrays, nested conditions, patterns; types and package.json skipped", () => {
    expect(exportTargets("./a.js")).toEqual(["./a.js"]);
    expect(exportTargets({ ".": { node: { import: "./a.mjs", require: "./a.cjs" }, default: "./a.js" }, "./x": ["./x.js", "./x2.js"] }))
      .toEqual(["./a.mjs", "./a.cjs", "./a.js", "./x.js", "./x2.js"]);
    expect(exportTargets({ "./p/*": "./src/p/*.js", "./package.json": "./package.json", ".": { types: "./a.d.ts", default: "./a.js" } }))
      .toEqual(["./src/p/*.js", "./a.js"]);
    expect(exportTargets(null)).toEqual([]);
    expect(exportTargets(42)).toEqual([]);
  });

  test("exports: hostile nesting and size are bounded", () => {
    let deep: unknown = "./deep.js";
    for (let i = 0; i < 10_000; i++) deep = { node: deep };
    expect(exportTargets(deep)).toEqual([]);
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`./f${i}`, `./f${i}.js`]));
    expect(exportTargets(wide).length).toBe(500);
  });

  test.each([
    ["node server.js", ["server.js"]],
    ["cross-env NODE_ENV=production node --require dotenv/config src/app.js", ["src/app.js"]],
    ["NODE_OPTIONS=--max-old-space-size=4096 ts-node -P tsconfig.json src/main.ts", ["src/main.ts"]],
    ["nodemon -w src --exec ts-node src/index.ts", ["src/index.ts"]],
    ["tsx watch src/dev.ts", ["src/dev.ts"]],
    ["bun run scripts/build.ts && node dist/out.js", ["scripts/build.ts", "dist/out.js"]],
    ["npx babel-node tools/gen.js; echo ok", ["tools/gen.js"]],
    ["pm2 start ecosystem/app.js --name api", ["ecosystem/app.js"]],
    ["eslint . && jest", []],
    ["bun run build", []],
    ["node", []],
  ])("script %p runs %p", (cmd, files) => {
    expect(scriptFiles(cmd)).toEqual(files);
  });
});
