// Round 22 of the end-to-end apps: DI decorators, oclif and commander entries, arq settings, discord.py client
// subclasses, a DI token bound through a const, folder loads that cannot call a vulnerable symbol,
// and the name of a vendored package in a transitive reason.
import { afterAll, describe, expect, test } from "bun:test";
import { reach } from "../../src/scan/reach/index.ts";
import { target, tempGraphs } from "./helpers.ts";

const temp = tempGraphs("reachd-round22-");
afterAll(temp.cleanup);

const project = temp.graph;

const jsYaml = target("npm", "js-yaml", [{ path: "js-yaml", symbols: ["load"] }]);
const xml2js = target("npm", "xml2js", [{ path: "xml2js", symbols: ["parseStringPromise"] }]);
const lodashTemplate = target("npm", "lodash", [{ path: "lodash", symbols: ["template"] }]);
const lodashTrim = target("npm", "lodash", [{ path: "lodash", symbols: ["trim"] }]);
const requests = target("PyPI", "requests", [{ path: "requests", symbols: ["get"] }]);

describe("dependency injection", () => {
  test("`@inject(Renderer)` on a constructor parameter injects an instance: it does not run Renderer's methods", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "src/main.ts" }),
      "src/main.ts": [
        'import { inject, injectable } from "inversify";',
        'import { Renderer } from "./renderer";',
        "@injectable()",
        "export class Billing {",
        "  constructor(@inject(Renderer) private readonly renderer: Renderer) {}",
        "}",
      ].join("\n"),
      "src/renderer.ts": ['import * as yaml from "js-yaml";', "export class Renderer {", "  render(s: string) { return yaml.load(s); }", "}"].join("\n"),
    });
    expect(reach(g, jsYaml).level).toBe("none");
  });

  test("a provider keyed by a top-level `const T = \"X\"` is what `@inject(\"X\")` gets", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "app", main: "src/main.ts" }),
      "src/main.ts": [
        'import { container } from "tsyringe";',
        'import { registerServices } from "./container";',
        'import { Controller } from "./controller";',
        "registerServices();",
        'container.resolve(Controller).handle("<a/>");',
      ].join("\n"),
      "src/container.ts": [
        'import { container } from "tsyringe";',
        'import { XmlParser } from "./xml-parser";',
        'export const PARSER = "Parser";',
        "export function registerServices() {",
        "  container.register(PARSER, { useClass: XmlParser });",
        "}",
      ].join("\n"),
      "src/xml-parser.ts": ['import { parseStringPromise } from "xml2js";', "export class XmlParser {", "  parse(body: string) { return parseStringPromise(body); }", "}"].join("\n"),
      "src/controller.ts": [
        'import { inject, injectable } from "tsyringe";',
        "interface Parser { parse(body: string): Promise<unknown>; }",
        "@injectable()",
        "export class Controller {",
        '  constructor(@inject("Parser") private readonly parser: Parser) {}',
        "  handle(body: string) { return this.parser.parse(body); }",
        "}",
      ].join("\n"),
    });
    const r = reach(g, xml2js);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["src/main.ts:main", "src/main.ts:5", "src/controller.ts:6", "src/xml-parser.ts:3", "xml2js.parseStringPromise"]]);
  });
});

describe("CLI entries", () => {
  test("oclif: every module of the `oclif.commands` folder (dist read as src) runs its command class", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "cli", bin: { cli: "./bin/run.js" }, oclif: { commands: "./dist/commands" } }),
      "bin/run.js": 'require("@oclif/core").run();\n',
      "src/commands/config/show.ts": [
        'import { Command } from "@oclif/core";',
        'import * as yaml from "js-yaml";',
        "export default class Show extends Command {",
        '  async run() { this.log(String(yaml.load("a: 1"))); }',
        "}",
      ].join("\n"),
    });
    const r = reach(g, jsYaml);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["src/commands/config/show.ts:command", "src/commands/config/show.ts:4", "js-yaml.load"]]);
  });

  test("commander: `.command(\"unpack <f>\", \"description\")` runs the executable `<script>-unpack` beside the script", async () => {
    const g = await project({
      "package.json": JSON.stringify({ name: "tool", bin: { tool: "bin/tool.js" } }),
      "bin/tool.js": ['const { program } = require("commander");', 'program.command("unpack <file>", "unpack a file").command("ls", "list");', "program.parse(process.argv);"].join("\n"),
      "bin/tool-unpack.js": ['const yaml = require("js-yaml");', 'console.log(yaml.load(process.argv[2]));'].join("\n"),
    });
    const r = reach(g, jsYaml);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["bin/tool-unpack.js:bin", "bin/tool-unpack.js:2", "js-yaml.load"]]);
  });
});

describe("arq", () => {
  test("a Procfile's `arq pkg.worker.WorkerSettings`: the worker calls the class's `functions` and `on_startup`", async () => {
    const g = await project({
      "requirements.txt": "arq==0.25.0\nrequests==2.25.1\n",
      "Procfile": "worker: arq pkg.worker.WorkerSettings\n",
      "pkg/__init__.py": "",
      "pkg/jobs.py": ["import requests", "async def fetch(ctx, url):", "    return requests.get(url).text"].join("\n"),
      "pkg/worker.py": ["from .jobs import fetch", "class WorkerSettings:", "    functions = [fetch]"].join("\n"),
    });
    const r = reach(g, requests);
    expect(r.level).toBe("function");
    expect(r.paths).toEqual([["pkg/worker.py:arq", "pkg/jobs.py:3", "requests.get"]]);
  });
});

describe("discord.py", () => {
  test("a `commands.Bot` subclass's `on_message` hook is called by the library", async () => {
    const g = await project({
      "requirements.txt": "discord.py==2.3.2\nrequests==2.25.1\n",
      "run.py": ["import os", "from bot import Bot", 'if __name__ == "__main__":', '    Bot().run(os.environ["TOKEN"])'].join("\n"),
      "bot.py": [
        "import requests",
        "from discord.ext import commands",
        "class Bot(commands.Bot):",
        "    async def on_message(self, message):",
        "        requests.get(message.content)",
      ].join("\n"),
    });
    expect(reach(g, requests).level).toBe("function");
  });
});

describe("negative answers", () => {
  const exporters = {
    "package.json": JSON.stringify({ name: "app", main: "src/index.js" }),
    "src/index.js": ['const http = require("http");', "http.createServer((req, res) => {", "  const ex = require(`./exporters/${req.url.slice(1)}`);", "  res.end(ex.render());", "}).listen(3000);"].join("\n"),
    "src/exporters/html.js": ['const _ = require("lodash");', 'exports.render = () => _.template("<%- a %>")({ a: _.escape("x") });'].join("\n"),
    "src/util.js": ['const _ = require("lodash");', "module.exports = (s) => _.pick(s, ['a']);"].join("\n"),
  };

  test("a load from a literal folder of ours makes unknown only the advisories whose symbols that folder could call", async () => {
    const g = await project(exporters);
    expect(reach(g, lodashTemplate).level).toBe("unknown");
    const trim = reach(g, lodashTrim);
    expect(trim.level).toBe("none");
  });

  test("a transitive reason names a package vendored inside ours by its folder", async () => {
    const g = await project({
      "requirements.txt": "requests==2.25.1\n",
      "app/__init__.py": "",
      "app/cli.py": ["from ._vendor.feedkit import fetch", 'if __name__ == "__main__":', '    fetch("https://example.org")'].join("\n"),
      "app/_vendor/__init__.py": "",
      "app/_vendor/feedkit/__init__.py": "from .client import fetch\n",
      "app/_vendor/feedkit/client.py": ["import requests", "def fetch(url):", "    return requests.get(url).text"].join("\n"),
    });
    const r = reach(g, requests);
    expect(r.level).toBe("transitive");
    expect(r.reason).toBe("dependency code in the checkout (feedkit) calls requests.get on a path from an entry point");
  });
});
