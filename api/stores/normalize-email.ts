/**
 * One spelling per mailbox, so "Ann@Example.com " and "ann@example.com" cannot hold two accounts. Every
 * adapter stores and looks up this form; the unique indexes are on it. (Here, with the adapters that
 * rely on it; accounts/email.ts checks addresses on top of it.)
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
