/** Shared by the audit tests: wait for a run to settle, read every page of an audit through the cursor. */
import type { FastifyInstance } from "fastify";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Inject {
  inject: FastifyInstance["inject"];
}

/** GETs the audit until its latest run is done, stopped or failed (at most `timeoutMs`). */
export async function settled(app: Inject, key: string, id: string, timeoutMs = 30_000): Promise<Record<string, any>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: "GET", url: `/api/v1/audits/${id}`, headers: { "x-api-key": key } });
    const audit = res.json();
    if (res.statusCode !== 200) throw new Error(`GET audit: ${res.statusCode} ${res.body}`);
    if (["done", "stopped", "failed"].includes(audit.status)) return audit;
    if (Date.now() > until) throw new Error(`audit ${id} still ${audit.status} after ${timeoutMs} ms: ${JSON.stringify(audit.pages)}`);
    await sleep(100);
  }
}

export async function allPages(app: Inject, key: string, id: string, query = "", limit = 5): Promise<{ items: Array<Record<string, any>>; requests: number }> {
  const items: Array<Record<string, any>> = [];
  let cursor: string | null = null;
  let requests = 0;
  do {
    const url: string = `/api/v1/audits/${id}/pages?limit=${limit}${query ? `&${query}` : ""}${cursor ? `&cursor=${cursor}` : ""}`;
    const res = await app.inject({ method: "GET", url, headers: { "x-api-key": key } });
    if (res.statusCode !== 200) throw new Error(`GET pages: ${res.statusCode} ${res.body}`);
    const body = res.json();
    items.push(...body.items);
    cursor = body.next_cursor;
    requests++;
  } while (cursor !== null);
  return { items, requests };
}
