/** The normalized e-mail address of a signup or login body; 400 invalid_email otherwise. */
import type { FastifyRequest } from "fastify";
import { ApiError } from "../../errors.ts";
import { checkEmail } from "../../accounts/email.ts";

export function emailFrom(request: FastifyRequest): string {
  const email = checkEmail((request.body as { email?: unknown }).email);
  if (email === null) throw new ApiError("invalid_email", "The e-mail address is not valid.");
  return email;
}
