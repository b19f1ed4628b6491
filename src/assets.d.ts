// Files embedded by Bun's bundler: `with { type: "file" }` gives a path readable with Bun.file
// (inside the compiled binary too), `with { type: "text" }` gives the contents.
declare module "*.wasm" {
  const path: string;
  export default path;
}
declare module "*.scm" {
  const text: string;
  export default text;
}
