#!/usr/bin/env bun
// The reachd command line. Only the relaunch check is loaded before the options are known: a
// heavy command started without reachd's JavaScriptCore options runs again as a child with them
// (cli/relaunch.ts); everything else is loaded in the process that does the work.
import { relaunch } from "./cli/relaunch.ts";

const code = await relaunch(process.argv[2]);
if (code !== null) process.exitCode = code;
else await import("./cli/commands.ts");
