// The dashboard page: built by its owner; this placeholder keeps the build whole.
export {};
