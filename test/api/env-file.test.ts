/** Settings from .env: read when present (or from ENV_FILE), the environment wins, process.env untouched. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../../api/config.ts";
import { withEnvFile } from "../../api/env-file.ts";
import { tempDir } from "./stores/fixtures.ts";

const dir = tempDir("env-file");
test.after(() => dir.remove());

test(".env in the working directory supplies settings; the environment wins over it", () => {
  writeFileSync(join(dir.path, ".env"), "# comment\nPORT=4100\nLOG_LEVEL=debug\nPUBLIC_BASE_URL=\"https://sdv.example.com\"\nexport RATE_LIMIT_PER_MINUTE=7\n");
  const env = withEnvFile({ LOG_LEVEL: "warn" }, dir.path);
  const config = loadConfig(env);
  assert.is(config.port, 4100);
  assert.is(config.logLevel, "warn", "the environment wins");
  assert.is(config.publicBaseUrl, "https://sdv.example.com");
  assert.is(config.rateLimitPerMinute, 7);
  assert.is(process.env.PUBLIC_BASE_URL === "https://sdv.example.com", false, "process.env is not changed");
});

test("no .env: the environment alone; ENV_FILE names another file, which must exist", () => {
  const empty = tempDir("env-none");
  try {
    const env = { PORT: "4200" };
    assert.is(withEnvFile(env, empty.path), env);
    writeFileSync(join(empty.path, "prod.env"), "PORT=4300\nHOST=0.0.0.0\n");
    const named = withEnvFile({ ENV_FILE: "prod.env" }, empty.path);
    assert.is(named.PORT, "4300");
    assert.is(named.HOST, "0.0.0.0");
    assert.throws(() => withEnvFile({ ENV_FILE: "missing.env" }, empty.path), (e: unknown) => e instanceof ConfigError && /ENV_FILE/.test((e as Error).message));
  } finally {
    empty.remove();
  }
});

test.run();
