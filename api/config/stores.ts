/** Which stores hold accounts (SQLite, or MongoDB), the URL cache and the rate limits (in process, or Redis). */
import { integer, type SectionReader } from "./env.ts";

export interface StoresConfig {
  mongodbUrl: string | null;
  redisUrl: string | null;
  /** Deadline of each Redis command; a hung Redis is then treated as a down one (REDIS_COMMAND_TIMEOUT_MS). */
  redisCommandTimeoutMs: number;
}

export const readStores: SectionReader<StoresConfig> = (env, problems) => {
  const mongodbUrl = env.get("MONGODB_URL") ?? null;
  if (mongodbUrl !== null && !/^mongodb(\+srv)?:\/\/\S+$/.test(mongodbUrl)) {
    problems.push("MONGODB_URL must be a MongoDB connection string (mongodb://... or mongodb+srv://...)");
  }
  const redisUrl = env.get("REDIS_URL") ?? null;
  if (redisUrl !== null && !/^rediss?:\/\/\S+$/.test(redisUrl)) {
    problems.push("REDIS_URL must be a Redis URL (redis://host:port or rediss://...)");
  }
  const redisCommandTimeoutMs = integer(env, "REDIS_COMMAND_TIMEOUT_MS", 100, 1, 60_000, problems);
  return { mongodbUrl, redisUrl, redisCommandTimeoutMs };
};
