// Bun imports the dashboard's stylesheet and script as text (see assets.ts). The script is named
// .js.txt so the type checker does not take it for a module of ours.
declare module "*.css" {
  const text: string;
  export default text;
}
declare module "*.js.txt" {
  const text: string;
  export default text;
}
