/**
 * One Redis connection for the cache and the rate limiter. Start-up fails fast when Redis does not answer
 * (a few tries), while a connection that was up reconnects for as long as it takes. Commands are not queued
 * while disconnected: a request should fail at once rather than hang until Redis returns.
 */
import { createClient } from "redis";

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisConnectOptions {
  /** Socket errors (reconnects in progress); commands still reject on their own. */
  onError?: (error: Error) => void;
  connectTimeoutMs?: number;
  /** Connection attempts at start-up before giving up. */
  startupAttempts?: number;
}

export async function connectRedis(url: string, options: RedisConnectOptions = {}): Promise<RedisClient> {
  let everReady = false;
  const attempts = Math.max(1, options.startupAttempts ?? 3);
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: options.connectTimeoutMs ?? 2000,
      reconnectStrategy: (retries, cause) => {
        if (!everReady && retries + 1 >= attempts) return cause;
        return Math.min(50 * 2 ** retries, 2000);
      },
    },
  });
  // Without a listener an 'error' event would crash the process.
  client.on("error", (error: Error) => options.onError?.(error));
  client.on("ready", () => {
    everReady = true;
  });
  await client.connect();
  return client;
}

/** Closes gracefully, or drops the socket when Redis is gone and QUIT cannot be answered. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  if (client.isReady) {
    await client.close();
  } else {
    client.destroy();
  }
}
