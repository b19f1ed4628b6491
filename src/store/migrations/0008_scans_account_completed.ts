// The webhook sweep (jobs/webhooks.ts) looks up, per account with a webhook, the scans finished
// since a time: without this index that is a walk over every scan at each poll.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("scans_account_completed").on("scans").columns(["account_id", "completed_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("scans_account_completed").execute();
}
