/**
 * A date-time written with a space for the T ("2016-10-06 04:59:57", MySQL's and WordPress's format,
 * Vimeo's uploadDate): the search engine reads it as the date-time it stands for. Its tools report
 * such an uploadDate only as "missing a timezone", a non-critical issue (vimeo/player.js#964;
 * Search Console's "Top non-critical issues", rawkode-academy/rawkode-academy#421), never as a
 * malformed date. So a check's failing value that passes with the T is repaired: a warning, and it
 * counts.
 */
export function passesWithT(value: string | number | boolean, check: (s: string) => string | null): boolean {
  if (typeof value !== "string") return false;
  const s = value.trim();
  return s.length > 11 && s.charCodeAt(10) === 32 && check(`${s.slice(0, 10)}T${s.slice(11)}`) === null;
}
