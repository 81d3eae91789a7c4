/**
 * Two server instances sharing one store (two connections to one SQLite file): concurrent key rotations
 * with the same key leave exactly one live key, the one answered with 201, and login returns it. Before the
 * conditional rotation, 8 of 15 trials issued two keys (one dead on arrival).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../api/app.ts";
import { loadConfig } from "../../../api/config.ts";
import { openStores, type Stores } from "../../../api/stores/index.ts";
import { EVENT, login, OFFLINE_FETCH, signup, validateJsonLd } from "../helpers.ts";
import { tempDir } from "../stores/fixtures.ts";

const TRIALS = 8;
const ROTATIONS = 10;

const dir = tempDir("rotation");
const instances: Array<{ app: FastifyInstance; stores: Stores }> = [];

test.before(async () => {
  const config = loadConfig({ DATA_DIR: dir.path, LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000", AUTH_RATE_LIMIT_PER_MINUTE: "0" });
  for (let i = 0; i < 2; i++) {
    const stores = await openStores({ dataDir: dir.path });
    instances.push({ app: await buildApp(config, { stores, fetchOptions: OFFLINE_FETCH }), stores });
  }
});
test.after(async () => {
  for (const { app, stores } of instances) {
    await app.close();
    await stores.close();
  }
  dir.remove();
});

test(`${ROTATIONS} concurrent rotations over two instances, ${TRIALS} trials: one new key each time, and it works`, async () => {
  const [a, b] = instances.map((i) => i.app);
  for (let trial = 0; trial < TRIALS; trial++) {
    const { key, email } = await signup(a);
    const answers = await Promise.all(
      Array.from({ length: ROTATIONS }, (_, i) =>
        (i % 2 === 0 ? a : b).inject({ method: "POST", url: "/api/auth/keys", headers: { "x-api-key": key } }),
      ),
    );
    const issued = answers.filter((r) => r.statusCode === 201).map((r) => r.json().api_key as string);
    assert.is(issued.length, 1, `trial ${trial}: ${issued.length} keys issued (${answers.map((r) => r.statusCode).join(",")})`);
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      assert.ok([401, 403].includes(refused.statusCode), `a losing rotation is refused (${refused.statusCode} ${refused.body})`);
    }
    assert.is((await login(b, email)).api_key, issued[0], "login returns the issued key");
    assert.is((await validateJsonLd(a, issued[0], EVENT)).statusCode, 200, "the issued key works on instance A");
    assert.is((await validateJsonLd(b, issued[0], EVENT)).statusCode, 200, "and on instance B");
    assert.is((await validateJsonLd(b, key, EVENT)).statusCode, 403, "the replaced key answers 403");
  }
});

test.run();
