// Public entry point of the sources phase: connect rules for repositories, proof of read
// access, and sandboxed shallow checkouts. Other phases and the API import only from here.
export type {
  Checkout,
  Provider,
  RepoSpec,
  Result,
  SourceError,
  SourceErrorCode,
  SourceLimits,
} from "./types.ts";
export { isSafeRef, validateRepoSpec } from "./validate.ts";
export { probeAccess } from "./probe.ts";
export { checkout, settleCheckout } from "./checkout.ts";
