import { queryFor } from "../queries.ts";
for (const g of ["javascript", "typescript", "tsx", "python"] as const) {
  try { await queryFor(g); console.log("ok", g); } catch (e) { console.log("FAIL", g, String(e)); }
}
