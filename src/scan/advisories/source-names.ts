/** The `source` of records that came from the bundle compiled into the binary. */
export const BUNDLED_SOURCE = "bundled";
/** The `source` of curated symbol entries embedded in the binary (curated/*.json). */
export const CURATED_BUNDLED_SOURCE = "curated-bundled";
/** The `source` of curated symbol entries an operator imported; they take precedence. */
export const CURATED_OPERATOR_SOURCE = "operator";
