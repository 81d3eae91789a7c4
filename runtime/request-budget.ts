/**
 * What one validation may still spend past the intake caps, and what it left out. The engine is
 * synchronous, so one validation runs at a time: the budget of the running one is module state,
 * which spares threading it through the generated validators and every helper they call.
 * validateParsed starts a fresh budget; the walks charge it; the report reads its counts.
 */
import { LIMITS } from "./limits.ts";

export class RequestBudget {
  /** Properties the vocabulary walk may still read. */
  propertiesRemaining: number = LIMITS.propertiesPerRequest;
  /** Properties left out of the vocabulary walk (per-object or per-request cap). */
  propertiesNotChecked = 0;
  /** Fresh did-you-mean searches left. */
  suggestionsRemaining: number = LIMITS.suggestionsPerRequest;
  /** Values of a list past LIMITS.valuesPerProperty, not checked. */
  valuesNotChecked = 0;
}

let active = new RequestBudget();

export function startRequestBudget(): RequestBudget {
  active = new RequestBudget();
  return active;
}

export function requestBudget(): RequestBudget {
  return active;
}
