/** The sentence a rule page and the rule docs give a one_of group's `unless`. */
import type { IrGroupWaiver } from "../ir.ts";

export function waiverSentence(w: IrGroupWaiver): string {
  const when = w.elsewhere
    ? `"${w.property}" names another page than the one validated (where the page's URL is not known, a missing group is a warning)`
    : `"${w.property}" is ${w.values!.map((v) => `"${v}"`).join(" or ")}`;
  return `Not needed when ${when}${w.notEligible ? `; the node is then valid but not eligible: ${w.notEligible}` : ""}.`;
}
