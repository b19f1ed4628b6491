// `reachd users`: dashboard users from the command line, with one-time passwords.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { cleanup, cli, tempDir } from "../support/server.ts";

const dirs: string[] = [];
afterAll(() => cleanup(...dirs));

describe("reachd users", () => {
  test("create prints a one-time password once; list shows users without it; bad input is exit 2", async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const init = JSON.parse((await cli(["init", "--json"], { dataDir })).stdout);
    const made = await cli(["users", "create", "--account", init.account_id, "--email", "Dev@Example.com", "--role", "member", "--json"], { dataDir });
    expect(made.code).toBe(0);
    const user = JSON.parse(made.stdout);
    expect(user).toMatchObject({ email: "dev@example.com", role: "member" });
    expect(user.id).toMatch(/^usr_[0-9a-z]{26}$/);
    expect(user.password).toMatch(/^[a-z2-9]{6}(-[a-z2-9]{6}){3}$/);

    const human = await cli(["users", "create", "--account", init.account_id, "--email", "v@example.com", "--role", "viewer"], { dataDir });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("one-time password");

    const list = await cli(["users", "list", "--account", init.account_id, "--json"], { dataDir });
    const users = JSON.parse(list.stdout).users;
    expect(users.map((u: { email: string }) => u.email).sort()).toEqual(["admin@reachd.local", "dev@example.com", "v@example.com"]);
    expect(list.stdout).not.toContain(user.password);
    expect(list.stdout).not.toContain("argon2");

    // Only the argon2id hash is stored.
    const db = new Database(join(dataDir, "reachd.db"), { readonly: true });
    const row = db.query("SELECT password_hash FROM users WHERE email = ?").get("dev@example.com") as { password_hash: string };
    db.close();
    expect(row.password_hash).toStartWith("$argon2id$");

    for (const [args, message] of [
      [["--email", "dev@example.com", "--role", "viewer"], "exists already"],
      [["--email", "x@example.com", "--role", "owner"], "--role must be one of admin, member, viewer"],
      [["--email", "not-an-email", "--role", "viewer"], "--email must look like"],
    ] as const) {
      const res = await cli(["users", "create", "--account", init.account_id, ...args, "--json"], { dataDir });
      expect(res.code).toBe(2);
      expect(JSON.parse(res.stderr).error).toContain(message);
    }
    const noAccount = await cli(["users", "create", "--account", "acct_nope", "--email", "a@b.c", "--role", "viewer"], { dataDir });
    expect(noAccount.code).toBe(2);
  });

  test("init --admin-email names the first admin", async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const init = await cli(["init", "--admin-email", "ops@corp.example", "--json"], { dataDir });
    expect(init.code).toBe(0);
    expect(JSON.parse(init.stdout)).toMatchObject({ admin_email: "ops@corp.example" });
    const other = tempDir();
    dirs.push(other);
    const bad = await cli(["init", "--admin-email", "nope", "--json"], { dataDir: other });
    expect(bad.code).toBe(2);
    // Nothing half-made: the refused init left the data dir uninitialised.
    expect((await cli(["init", "--json"], { dataDir: other })).code).toBe(0);
  });
});
