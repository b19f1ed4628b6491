// The reachd command line: one binary for the service and its operator commands (run by
// src/main.ts once the process has the JavaScriptCore options it needs).
// Exit codes: 0 ok, 1 findings at/over the threshold (scan), 2 usage or input error.
import { ConfigError, loadConfig } from "../config.ts";
import { openStore } from "../store/database.ts";
import { ensureBundledAdvisories } from "../scan/advisories/bundled.ts";
import { VERSION } from "../version.ts";
import { UsageError, parse, str } from "./args.ts";
import { output } from "./output.ts";
import { cmdAccounts, cmdInit, cmdKeys, cmdUsers } from "./admin.ts";
import { cmdAdvisories } from "./advisories.ts";
import { cmdCallgraph, cmdScan } from "./analyze.ts";
import { serve } from "./serve.ts";

const HELP = `reachd ${VERSION}: reachability scans of dependencies against security advisories

usage: reachd <command> [flags]            every command takes --data-dir DIR (env REACHD_DATA_DIR)

  serve [--host H] [--port P]              run the API and the scan workers
  init [--plan team|pro|enterprise] [--name N] [--admin-email E] [--json]
                                           create the data dir, the first account, an admin key and
                                           the first dashboard admin (one-time password printed)
  accounts create --name N --plan pro|team|enterprise [--json]
  keys create --account ID --scopes a,b [--name N] [--expires 90d|DATE] [--json]
  keys list --account ID [--json]
  keys revoke KEY_ID --account ID [--json]
  users create --account ID --email E --role admin|member|viewer [--json]
                                           a dashboard user; prints a one-time password
  users list --account ID [--json]
  advisories import PATH [--json]          OSV JSON file, directory, or osv.dev all.zip
  advisories status [--json]               includes the curated symbol set's size by source
  advisories symbols import FILE [--json]  operator curated symbols (reachd-curated-symbols v1); override the embedded set
  advisories symbols list [--json]
  scan PATH [--format table|json|sarif] [--severity low|medium|high|critical] [--reachable-only]
           [--entry GLOB]... [--exclude GLOB]...
                                           one-off local scan; exit 1 when findings are reported
  callgraph PATH [--format json|pycg|dot] [--entry GLOB]... [--exclude GLOB]...
                                           the call graph reachd builds for a directory
                                           (or a file's directory, as PyCG takes main.py)
                                           scan and callgraph: --entry adds entry points, --exclude
                                           leaves paths out (both repeatable); [--cache-dir DIR |
                                           --no-cache] per-file facts cache (default
                                           $XDG_CACHE_HOME/reachd or ~/.cache/reachd)
  version

scopes: repos:read repos:write scans:read scans:write admin
`;

const FLAGS = {
  host: { type: "string" },
  port: { type: "string" },
  plan: { type: "string" },
  name: { type: "string" },
  account: { type: "string" },
  scopes: { type: "string" },
  expires: { type: "string" },
  key: { type: "string" },
  email: { type: "string" },
  role: { type: "string" },
  "admin-email": { type: "string" },
  format: { type: "string" },
  severity: { type: "string" },
  "reachable-only": { type: "boolean" },
  entry: { type: "string", multiple: true },
  exclude: { type: "string", multiple: true },
  "cache-dir": { type: "string" },
  "no-cache": { type: "boolean" },
} as const;

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(HELP);
    return command ? 0 : 2;
  }
  if (command === "version" || command === "--version") {
    process.stdout.write(`reachd ${VERSION}\n`);
    return 0;
  }
  const { flags, positionals } = parse(rest, FLAGS);
  if (flags.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const config = loadConfig({ host: str(flags, "host"), port: str(flags, "port"), dataDir: str(flags, "data-dir") });
  const out = output(flags.json === true);

  switch (command) {
    case "serve":
      return serve(config);
    case "scan":
      return cmdScan(config, positionals, flags);
    case "callgraph":
      return cmdCallgraph(config, positionals, flags);
    case "init":
    case "accounts":
    case "keys":
    case "users":
    case "advisories": {
      const store = await openStore(config.dataDir);
      try {
        await ensureBundledAdvisories(store.db);
        const [sub, ...args] = positionals;
        if (command === "init") return await cmdInit(store.db, flags, out);
        if (command === "accounts") return await cmdAccounts(store.db, sub, flags, out);
        if (command === "keys") return await cmdKeys(store.db, sub, args, flags, out);
        if (command === "users") return await cmdUsers(store.db, sub, flags, out);
        return await cmdAdvisories(store.db, sub, args, out);
      } finally {
        await store.close();
      }
    }
    default:
      throw new UsageError(`unknown command "${command}"; run reachd help`);
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (e) {
  const json = process.argv.includes("--json");
  if (e instanceof UsageError || e instanceof ConfigError) {
    output(json).error(e.message);
    process.exitCode = 2;
  } else {
    output(json).error(`failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 2;
  }
}
