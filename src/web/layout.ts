// Placeholder for the foundation's page layout (branch wt-ui), with its interface.
import { html, type SafeHtml } from "./html.ts";
import type { Session } from "./session.ts";

export function layout(p: { title: string; session: Session | null; body: SafeHtml; flash?: string }): SafeHtml {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${p.title} · reachd</title></head><body><main>${p.flash ? html`<p>${p.flash}</p>` : ""}${p.body}</main></body></html>`;
}
