// The repository, scan and advisory page groups as one plugin for the dashboard's routes.
import { Elysia } from "elysia";
import type { ApiDeps } from "../../api/deps.ts";
import { reposPages } from "./repos.ts";
import { scanPages } from "./scan.ts";
import { advisoryPages, advisoryUpload } from "./advisories.ts";

export const dashboardPages = (deps: ApiDeps) =>
  new Elysia({ name: "reachd-web-pages" }).use(reposPages(deps)).use(scanPages(deps)).use(advisoryPages(deps)).use(advisoryUpload(deps));
