// JavaScript dependency-injection containers: Vue/Angular-style provide/inject and register/bind
// containers (tsyringe, inversify, awilix), whose provided values are what `inject`/`resolve` returns.
import type { Node } from "web-tree-sitter";
import { firstArgument, type Ref, stringLiteral } from "./ref-types.ts";
import { field } from "./fields.ts";
import { tokenKey } from "./facts-js.ts";
import { type Ctx } from "./fact-ctx.ts";

const PROVIDE_TEXT = /\bprovide\s*:/;
const USE_TEXT = /\buse(?:Class|Value|Factory|Existing)\s*:/;
/** Most object literals looked at for providers in one file. */
const MAX_PROVIDER_OBJECTS = 20_000;

/**
 * DI provider literals (NestJS, also Angular): `{ provide: TOKEN, useClass: C }` gives an instance
 * of C, `useExisting: C` the same, `useValue: v` v, `useFactory: f` what f returns. Kept by token
 * for the parameters that ask for it (`@Inject(TOKEN)`, facts-js.ts). Only files whose text
 * has both keys are walked.
 */
export function diProviders(ctx: Ctx, root: Node): void {
  const text = root.text;
  const literals = PROVIDE_TEXT.test(text) && USE_TEXT.test(text);
  const calls = REGISTER_TEXT.test(text);
  if (!literals && !calls) return;
  const stack: Node[] = [root];
  let seen = 0;
  // Top-level `const T = "X"` of this file: a provider keyed by T is also the string token "X" (`@inject("X")`).
  let consts: Map<string, string> | null = null;
  const add = (token: string | null, value: Ref | null, at: Node): void => {
    if (!token || !value) return;
    (ctx.facts.provides ??= []).push({ token, scope: ctx.scope(at), ref: value });
    if (!token.startsWith("n:")) return;
    const literal = (consts ??= constStrings(root)).get(token.slice(2));
    if (literal !== undefined) ctx.facts.provides.push({ token: `s:${literal}`, scope: ctx.scope(at), ref: value });
  };
  while (stack.length > 0 && seen < MAX_PROVIDER_OBJECTS) {
    const n = stack.pop()!;
    for (const c of n.namedChildren) if (c && c.type !== "comment" && c.type !== "string" && c.type !== "template_string") stack.push(c);
    if (n.type === "object" && literals) {
      seen++;
      let token: string | null = null;
      let value: Ref | null = null;
      for (const pair of n.namedChildren) {
        if (pair?.type !== "pair") continue;
        const key = field(pair, "key");
        const k = key?.type === "property_identifier" ? key.text : key?.type === "string" ? stringLiteral(key) : null;
        const v = field(pair, "value");
        if (!k || !v) continue;
        if (k === "provide") token = tokenKey(v);
        else value = providerValue(ctx, k, v) ?? value;
      }
      add(token, value, n);
    } else if (n.type === "call_expression" && calls) {
      seen++;
      const fn = field(n, "function");
      const method = fn?.type === "member_expression" ? field(fn, "property")?.text : undefined;
      if (!method) continue;
      const args = field(n, "arguments")?.namedChildren.filter((a): a is Node => a !== null && a.type !== "comment") ?? [];
      if (REGISTER_METHODS.has(method) && args.length >= 2) {
        // tsyringe: `container.register(TOKEN, { useClass: C })`, `registerSingleton(TOKEN, C)`, `registerInstance(TOKEN, v)`.
        const token = tokenKey(args[0]);
        const second = args[1]!;
        if (second.type === "object") {
          for (const pair of second.namedChildren) {
            const key = pair?.type === "pair" ? field(pair, "key") : null;
            const v = pair ? field(pair, "value") : null;
            if (key?.type === "property_identifier" && v) add(token, providerValue(ctx, key.text, v), n);
          }
        } else {
          const ref = ctx.ref(second);
          if (ref) add(token, method === "registerInstance" ? ref : { root: { t: "new", callee: ref }, path: [] }, n);
        }
      } else if (BIND_TO.has(method) && args.length === 1) {
        // InversifyJS: `container.bind<Mailer>(TYPES.Mailer).to(SmtpMailer)` (also toConstantValue / toDynamicValue).
        const bound = fn ? field(fn, "object") : null;
        const bindFn = bound?.type === "call_expression" ? field(bound, "function") : null;
        const bindName = bindFn?.type === "identifier" ? bindFn.text : bindFn?.type === "member_expression" ? field(bindFn, "property")?.text : undefined;
        if (bindName !== "bind") continue;
        const ref = ctx.ref(args[0]!);
        if (!ref) continue;
        const value: Ref = method === "to" ? { root: { t: "new", callee: ref }, path: [] } : method === "toConstantValue" ? ref : { root: { t: "call", callee: ref }, path: [] };
        add(tokenKey(firstArgument(field(bound!, "arguments"))), value, n);
      }
    }
  }
}

/** Most top-level statements read for `const T = "X"` tokens. */
const MAX_CONST_STATEMENTS = 2_000;

/** The file's top-level `const NAME = "string"` bindings (exported or not). */
function constStrings(root: Node): Map<string, string> {
  const out = new Map<string, string>();
  let seen = 0;
  for (const st of root.namedChildren) {
    if (!st || seen++ >= MAX_CONST_STATEMENTS) break;
    const decl = st.type === "export_statement" ? field(st, "declaration") : st;
    if (decl?.type !== "lexical_declaration" || !decl.text.startsWith("const")) continue;
    for (const d of decl.namedChildren) {
      if (d?.type !== "variable_declarator") continue;
      const name = field(d, "name");
      const value = field(d, "value");
      const literal = value?.type === "string" ? stringLiteral(value) : null;
      if (name?.type === "identifier" && literal) out.set(name.text, literal);
    }
  }
  return out;
}

const REGISTER_TEXT = /\.register(?:Singleton|Instance|Type)?\s*\(|\bbind\s*(?:<[^>]*>\s*)?\(/;
const REGISTER_METHODS = new Set(["register", "registerSingleton", "registerInstance", "registerType"]);
const BIND_TO = new Set(["to", "toConstantValue", "toDynamicValue"]);

/** A provider's value by its key: an instance of a class, a value, or what a factory returns. */
function providerValue(ctx: Ctx, key: string, v: Node): Ref | null {
  if (key !== "useClass" && key !== "useExisting" && key !== "useFactory" && key !== "useValue" && key !== "useToken") return null;
  const ref = ctx.ref(v);
  if (!ref) return null;
  if (key === "useValue") return ref;
  if (key === "useFactory") return { root: { t: "call", callee: ref }, path: [] };
  // tsyringe's `useToken: OTHER` is another token's provider: read as that class when it names one.
  return { root: { t: "new", callee: ref }, path: [] };
}
