/** The `source` of records that came from the bundle compiled into the binary. */
export const BUNDLED_SOURCE = "bundled";
