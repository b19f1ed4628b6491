// The dashboard's two static files, embedded by static imports so `bun build --compile` carries
// them. URLs carry a content hash, so browsers may cache them for good.
import css from "./assets/app.css" with { type: "text" };
import js from "./assets/app.js.txt" with { type: "text" };

interface Asset {
  body: string;
  type: string;
  hash: string;
}

function asset(body: string, type: string): Asset {
  return { body, type, hash: new Bun.CryptoHasher("sha256").update(body).digest("hex").slice(0, 12) };
}

export const ASSETS: Record<string, Asset> = {
  "app.css": asset(css, "text/css; charset=utf-8"),
  "app.js": asset(js, "text/javascript; charset=utf-8"),
};

export function assetUrl(name: keyof typeof ASSETS & string): string {
  const a = ASSETS[name];
  return a ? `/assets/${name}?v=${a.hash}` : `/assets/${name}`;
}
