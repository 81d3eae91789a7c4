/** The shapes of a verification's request id and mailed code (shared by the route schemas and their issuer). */
export const REQUEST_ID_PATTERN = "^vr_[A-Za-z0-9_-]{43}$";
export const CODE_PATTERN = "^[A-Za-z0-9_-]{20}$";
