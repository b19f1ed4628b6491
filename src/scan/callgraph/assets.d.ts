// Bun imports query files as text and wasm files as embedded asset paths (see parser.ts, queries.ts).
declare module "*.scm" {
  const text: string;
  export default text;
}
declare module "*.wasm" {
  const path: string;
  export default path;
}
