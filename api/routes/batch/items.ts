/** What a batch item is, and what it answers: the shapes the batch route's parts share. */
import type { Profile } from "../../../runtime/options/profile.ts";
import type { ApiErrorBody } from "../../errors.ts";
import type { Answer } from "../../validation/answer.ts";

export interface BatchItem {
  url?: string;
  jsonld?: unknown;
  profile?: Profile;
  render?: boolean;
}

export type ItemResult = { ok: true; status: 200; answer: Answer } | { ok: false; status: number; error: ApiErrorBody["error"]; duplicateOf?: number };
