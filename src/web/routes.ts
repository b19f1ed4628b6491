// The dashboard, served by the same binary as the API: every page group is its own small plugin
// in pages/, registered here. The API under /v1 is untouched by anything in src/web.
import { Elysia } from "elysia";
import { ASSETS } from "./assets.ts";
import { securityHeaders, type WebDeps } from "./http.ts";
import { authPages } from "./pages/auth.ts";
import { homePage } from "./pages/home.ts";
import { keysPages } from "./pages/keys.ts";
import { usersPages } from "./pages/users.ts";
import { webhooksPages } from "./pages/webhooks.ts";
import { dashboardPages } from "./pages/index.ts";

const assetRoutes = () =>
  new Elysia({ name: "reachd-web-assets" }).get("/assets/:name", ({ params }) => {
    const asset = ASSETS[params.name];
    if (!asset) return new Response("not found", { status: 404, headers: { "content-type": "text/plain", ...securityHeaders() } });
    // The URL carries the content hash (assetUrl), so a year of caching is safe.
    return new Response(asset.body, {
      headers: { "content-type": asset.type, "cache-control": "public, max-age=31536000, immutable", ...securityHeaders() },
    });
  });

export const webRoutes = (deps: WebDeps) =>
  new Elysia({ name: "reachd-web" })
    .use(assetRoutes())
    .use(authPages(deps))
    .use(homePage(deps))
    .use(keysPages(deps))
    .use(usersPages(deps))
    .use(webhooksPages(deps))
    .use(dashboardPages(deps));
