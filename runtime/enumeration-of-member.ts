/**
 * The enumeration a Schema.org member belongs to (`OfflineEventAttendanceMode` is a member of
 * EventAttendanceModeEnumeration): a page that writes a member as a type (EventON's
 * `itemtype="https://schema.org/OfflineEventAttendanceMode"`) is told to give it as a value instead.
 */
import { vocabularyIndex } from "./type-hierarchy.ts";

let memberOf: Map<string, string> | null = null;

export function enumerationOfMember(name: string): string | null {
  if (memberOf === null) {
    memberOf = new Map();
    for (const [enumeration, facts] of Object.entries(vocabularyIndex().data.classes)) {
      for (const member of facts.members ?? []) if (!memberOf.has(member)) memberOf.set(member, enumeration);
    }
  }
  return memberOf.get(name) ?? null;
}
