// React: JSX props handed to components, context providers and consumers, class component lifecycles.
import type { Node } from "web-tree-sitter";
import { contextToken, REACT_CONTEXT_CALL } from "./refs-js.ts";
import { declaresName } from "./refs-js-keys.ts";
import type { Ref } from "./ref-types.ts";
import { addTo } from "./fact-text.ts";
import { field } from "./fields.ts";
import { type Ctx } from "./fact-ctx.ts";

/** A React class component's lifecycle methods, called by React when its element mounts, updates, unmounts. */
export const LIFECYCLE = ["componentDidMount", "componentDidUpdate", "componentWillUnmount", "shouldComponentUpdate", "getSnapshotBeforeUpdate", "componentDidCatch"];
/** A React class component's static lifecycle methods, called on the class. */
export const STATIC_LIFECYCLE = ["getDerivedStateFromProps", "getDerivedStateFromError"];

/**
 * The props a JSX element hands its component: `name={expr}` attributes as the items of one
 * object (a component reads them as `props.name` or `{ name }`), and a single `{expr}` child as
 * `children`, and the members of `{...spread}` objects; string and bare attributes hold no function.
 */
export function jsxProps(ctx: Ctx, element: Node): Ref | null {
  let items: { key: string; ref: Ref }[] | null = null;
  let spread: Ref[] | null = null;
  for (const a of element.namedChildren) {
    // `{...props}`: that object's members are props too.
    if (a?.type === "jsx_expression" && a.namedChild(0)?.type === "spread_element") {
      const inner = a.namedChild(0)!.namedChild(0);
      const ref = inner ? ctx.ref(inner) : null;
      if (ref && (spread ??= []).length < 4) spread.push(ref);
      continue;
    }
    if (a?.type !== "jsx_attribute" || a.namedChildCount !== 2) continue;
    const name = a.namedChild(0);
    const value = a.namedChild(1);
    if (name?.type !== "property_identifier" || value?.type !== "jsx_expression") continue;
    const expr = value.namedChild(0);
    const ref = expr && expr.type !== "comment" ? ctx.ref(expr) : null;
    if (ref && (items ??= []).length < 32) items.push({ key: name.text, ref });
  }
  // `<Loader>{(data) => ...}</Loader>`: one expression child is `children` (a render prop).
  if (element.type === "jsx_opening_element") {
    let child: Ref | null = null;
    let count = 0;
    for (let c = element.nextNamedSibling; c && c.type !== "jsx_closing_element" && count < 2; c = c.nextNamedSibling) {
      if (c.type !== "jsx_expression") continue;
      const expr = c.namedChild(0);
      if (!expr || expr.type === "comment") continue;
      count++;
      child = ctx.ref(expr);
    }
    if (count === 1 && child) (items ??= []).push({ key: "children", ref: child });
  }
  const own: Ref | null = items ? { root: { t: "items", items }, path: [] } : null;
  if (!spread) return own;
  if (own) spread.push(own);
  return spread.length === 1 ? spread[0]! : { root: { t: "union", refs: spread }, path: [] };
}

/**
 * React context providers (refs-js.ts contextToken): `const C = createContext(d)` gives d (true: its
 * argument is no callback), `<C.Provider value={v}>` gives v (false: the element is read on).
 */
export function reactContext(ctx: Ctx, call: Node, callee: Node, text: string, args: Node[]): boolean {
  if (call.type.startsWith("jsx_")) {
    // `<C.Consumer>{(value) => ...}</C.Consumer>`: React calls the child with the context's value.
    if (text.endsWith(".Consumer") && call.type === "jsx_opening_element") {
      const token = contextToken(field(callee, "object") ?? callee);
      for (let c = call.nextNamedSibling; c && c.type !== "jsx_closing_element"; c = c.nextNamedSibling) {
        const fn = c.type === "jsx_expression" ? c.namedChild(0) : null;
        if (!token || (fn?.type !== "arrow_function" && fn?.type !== "function_expression")) continue;
        const first = field(fn, "parameter") ?? field(fn, "parameters")?.namedChild(0);
        const name = first?.type === "identifier" ? first : first ? field(first, "pattern") : null;
        const def = ctx.defIndex.get(fn.startIndex);
        if (name?.type === "identifier" && def !== undefined) addTo(ctx.facts.bindings, def, name.text, { root: { t: "provided", token }, path: [] });
      }
      return false;
    }
    if (!text.endsWith(".Provider")) return false;
    const token = contextToken(field(callee, "object") ?? callee);
    for (const a of call.namedChildren) {
      if (a?.type !== "jsx_attribute" || a.namedChildCount !== 2 || a.namedChild(0)!.text !== "value") continue;
      const expr = a.namedChild(1)!.type === "jsx_expression" ? a.namedChild(1)!.namedChild(0) : null;
      const ref = expr && expr.type !== "comment" ? ctx.ref(expr) : null;
      if (token && ref) (ctx.facts.provides ??= []).push({ token, scope: ctx.scope(call), ref });
    }
    return false;
  }
  if (!REACT_CONTEXT_CALL.test(text) || !text.endsWith("createContext") || declaresName(text)) return false;
  const holder = call.parent?.type === "variable_declarator" ? field(call.parent, "name") : null;
  const token = holder ? contextToken(holder)?.replace("ctx:", "ctxd:") : null;
  const ref = args.length > 0 ? ctx.ref(args[0]!) : null;
  if (token && ref) (ctx.facts.provides ??= []).push({ token, scope: ctx.scope(call), ref });
  return true;
}
