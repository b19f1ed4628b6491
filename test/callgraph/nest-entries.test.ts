// NestJS controllers: Nest instantiates the controllers a module lists and routes requests to
// their decorated methods, so a file declaring an @Controller class is an entry whose class
// methods run; services are reached from them (constructor-injected, typed fields).
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildProjectGraph } from "../../src/scan/callgraph/index.ts";
import { reach } from "../../src/scan/reach/index.ts";
import { target } from "./helpers.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const files: Record<string, string> = {
  "package.json": JSON.stringify({ name: "api", main: "dist/main.js", dependencies: { "@nestjs/core": "10.0.0", "@nestjs/common": "10.0.0", lodash: "4.17.20" } }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }),
  "src/main.ts": [
    'import { NestFactory } from "@nestjs/core";',
    'import { AppModule } from "./app.module";',
    "async function bootstrap() {",
    "  const app = await NestFactory.create(AppModule);",
    "  await app.listen(3000);",
    "}",
    "bootstrap();",
  ].join("\n"),
  "src/app.module.ts": [
    'import { Module } from "@nestjs/common";',
    'import { UsersController } from "./users/users.controller";',
    'import { UsersService } from "./users/users.service";',
    "@Module({ controllers: [UsersController], providers: [UsersService] })",
    "export class AppModule {}",
  ].join("\n"),
  "src/users/users.controller.ts": [
    'import { Body, Controller, Post } from "@nestjs/common";',
    'import { UsersService } from "./users.service";',
    '@Controller("users")',
    "export class UsersController {",
    "  constructor(private readonly users: UsersService) {}",
    '  @Post("welcome")',
    "  welcome(@Body() body: { name: string }) {",
    "    return this.users.welcome(body.name);",
    "  }",
    "}",
  ].join("\n"),
  "src/users/users.service.ts": [
    'import { Injectable } from "@nestjs/common";',
    'import * as _ from "lodash";',
    "@Injectable()",
    "export class UsersService {",
    "  welcome(name: string): string {",
    '    return _.template("Hello <%= name %>")({ name });',
    "  }",
    "  unused(): string {",
    '    return _.trim(" x ");',
    "  }",
    "}",
  ].join("\n"),
};

test("an @Controller class's methods are entries; the service they call is reached, its other methods are not", async () => {
  const dir = mkdtempSync(join(tmpdir(), "reachd-nest-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const g = await buildProjectGraph(dir);
  const controller = g.entries.find((e) => e.kind === "controller")!;
  expect(controller.label).toBe("src/users/users.controller.ts:controller");
  expect(controller.reason).toBe("is a NestJS controller, whose methods handle requests (@nestjs.common.Controller at src/users/users.controller.ts:3)");
  expect(controller.nodes).toEqual([
    "src/users/users.controller.ts#<module>",
    "src/users/users.controller.ts#UsersController.constructor",
    "src/users/users.controller.ts#UsersController.welcome",
  ]);
  const template = reach(g, target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]));
  expect(template.level).toBe("function");
  expect(template.paths).toEqual([["src/users/users.controller.ts:controller", "src/users/users.controller.ts:8", "src/users/users.service.ts:6", "lodash.template"]]);
  expect(reach(g, target("npm", "lodash", [{ path: "lodash", symbols: ["trim"] }])).level).toBe("none");
});
