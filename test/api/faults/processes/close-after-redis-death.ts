// A separate process for redis-hang.test.ts: the service on REDIS_URL (cache, limiter and the BullMQ audit
// queue), "ready" once it listens; on "close" from stdin it closes the app and then must exit by itself
// (nothing calls process.exit): a timer or socket left behind keeps it alive and the test sees it.
import { createInterface } from "node:readline";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../../../api/app.ts";
import { loadConfig } from "../../../../api/config.ts";

const app = await buildApp(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "sdv-close-")), LOG_LEVEL: "silent", REDIS_URL: process.argv[2]! }));
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line === "close") break;
lines.close();
process.stdin.destroy();
await app.close();
process.stdout.write("closed\n");
