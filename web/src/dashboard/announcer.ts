/**
 * Status messages for sighted and screen-reader users alike: one polite live region for progress and
 * outcomes, one alert region for failures. Both exist in the page's HTML from the start and are never
 * display:none (an empty one only loses its padding), because screen readers often miss the text of a live
 * region that enters the page, or the accessibility tree, together with it.
 */
import { byId } from "./dom.ts";

export interface Announcer {
  /** Progress and outcomes (role=status, polite). */
  status(text: string): void;
  /** A failure (role=alert); an empty text clears it. */
  error(text: string): void;
  clear(): void;
}

export function pageAnnouncer(statusId = "status", alertId = "alert"): Announcer {
  const statusRegion = byId(statusId);
  const alertRegion = byId(alertId);
  return {
    status(text) {
      alertRegion.textContent = "";
      statusRegion.textContent = text;
    },
    error(text) {
      alertRegion.textContent = text;
    },
    clear() {
      statusRegion.textContent = "";
      alertRegion.textContent = "";
    },
  };
}
