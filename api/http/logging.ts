/**
 * Logger options. API keys never reach a log line: the x-api-key header (and cookies and Authorization)
 * are redacted wherever a request's headers are logged, and key carriers and key-shaped text are cut out
 * of every logged URL (keys/redact-url.ts), because Fastify's request line carries the full URL
 * (verified: the default logger leaks `?access_key=<key>`).
 */
import type { FastifyServerOptions } from "fastify";
import type { LogLevel } from "../config.ts";
import { redactUrl } from "../keys/redact-url.ts";

export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  "req.headers.authorization",
  "req.headers.cookie",
  'headers["x-api-key"]',
  'request.headers["x-api-key"]',
];

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  id?: string;
  socket?: { remotePort?: number } | null;
}

/** Where log lines go (tests capture them); default standard output. */
export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(level: LogLevel, stream?: LogStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: {
      req(req: RequestLike) {
        return {
          method: req.method,
          url: redactUrl(req.url ?? ""),
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        };
      },
    },
  };
}
