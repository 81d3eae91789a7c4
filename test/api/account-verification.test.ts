// ACCOUNT_VERIFICATION=email against a real SMTP server started here (test/support/smtp-sink.ts): signup
// and login answer 202 without a key, the code arrives by mail, and POST /api/auth/verify with the 202's
// request_id and that code returns the key once. Unset, signup and login return the key as the spec says.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ConfigError, loadConfig } from "../../api/config.ts";
import { startApp, uniqueEmail, type TestApp } from "./helpers.ts";
import { awaitRoomInWindow } from "./stores/fixtures.ts";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink.ts";

let sink: SmtpSink;

test.before(async () => {
  sink = await startSmtpSink();
});
test.after(async () => {
  await sink.close();
});

function verifiedApp(env: Record<string, string> = {}, clock?: () => Date): Promise<TestApp> {
  return startApp({ ACCOUNT_VERIFICATION: "email", SMTP_URL: sink.url, SMTP_FROM: "sdv <codes@sdv.test>", ...env }, clock ? { clock } : {});
}

function codeIn(mail: ReceivedMail): string {
  const match = /code for sdv: ([A-Za-z0-9_-]{20})(?=\s)/.exec(mail.raw);
  if (!match) throw new Error(`no code in the mail:\n${mail.raw}`);
  return match[1]!;
}

async function start(t: TestApp, route: "signup" | "login", email: string) {
  const seen = sink.mails.length;
  const res = await t.app.inject({ method: "POST", url: `/api/auth/${route}`, payload: { email } });
  assert.is(res.statusCode, 202, res.body);
  const body = res.json();
  const mail = await sink.nextMail(seen);
  return { body, mail, code: codeIn(mail), requestId: body.request_id as string };
}

function verify(t: TestApp, requestId: string, code: string) {
  return t.app.inject({ method: "POST", url: "/api/auth/verify", payload: { request_id: requestId, code } });
}

test("signup: 202 without a key, the code arrives at the address, verify returns the key once; login likewise", async () => {
  const t = await verifiedApp();
  try {
    const email = uniqueEmail("verified");
    const signup = await start(t, "signup", email);
    assert.is(signup.body.status, "verification_sent");
    assert.not.ok("api_key" in signup.body, "no key before the code is used");
    assert.match(signup.body.request_id, /^vr_[A-Za-z0-9_-]{43}$/);
    assert.ok(Date.parse(signup.body.expires_at) > Date.now());
    assert.is(signup.body.verify_url, "https://sdv.test/api/auth/verify");
    assert.equal(signup.mail.to, [email]);
    assert.match(signup.mail.raw, /From: sdv <codes@sdv\.test>/);
    assert.not.ok(signup.mail.raw.includes(signup.requestId), "the mail does not carry the request id");
    assert.not.ok(JSON.stringify(signup.body).includes(signup.code), "the answer does not carry the code");

    const done = await verify(t, signup.requestId, signup.code);
    assert.is(done.statusCode, 201, done.body);
    const key = done.json().api_key as string;
    assert.match(key, /^sdv_live_[0-9a-f]{32}$/);
    assert.is(done.json().email, email);
    const account = await t.app.inject({ method: "GET", url: "/api/auth/account", headers: { "x-api-key": key } });
    assert.is(account.statusCode, 200, "the key works");

    const again = await verify(t, signup.requestId, signup.code);
    assert.is(again.statusCode, 400);
    assert.is(again.json().error.code, "invalid_verification", "second use refused");

    const login = await start(t, "login", email);
    assert.not.ok("api_key" in login.body);
    const loggedIn = await verify(t, login.requestId, login.code);
    assert.is(loggedIn.statusCode, 200, loggedIn.body);
    assert.is(loggedIn.json().api_key, key, "login returns the account's key");
    assert.is((await verify(t, login.requestId, login.code)).json().error.code, "invalid_verification");

    const logs = t.logs.join("\n");
    for (const secret of [key, signup.code, signup.requestId, login.code, login.requestId, "smtp-test-pass-9f2c"]) {
      assert.not.ok(logs.includes(secret), "no key, code, request id or SMTP password in the logs");
    }
  } finally {
    await t.close();
  }
});

test("spec checks stay before the mail: signup of a registered address 409, login of an unknown one 404, no mail sent", async () => {
  const t = await verifiedApp();
  try {
    const email = uniqueEmail("known");
    const signup = await start(t, "signup", email);
    assert.is((await verify(t, signup.requestId, signup.code)).statusCode, 201);
    const seen = sink.mails.length;
    const taken = await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email } });
    assert.is(taken.statusCode, 409);
    const unknown = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: uniqueEmail("nobody") } });
    assert.is(unknown.statusCode, 404);
    assert.is(sink.mails.length, seen);
  } finally {
    await t.close();
  }
});

test("bound to the request: another request's code is refused (and uses that request up); the code's own request still works", async () => {
  const t = await verifiedApp();
  try {
    const email = uniqueEmail("bound");
    const signup = await start(t, "signup", email);
    assert.is((await verify(t, signup.requestId, signup.code)).statusCode, 201);
    const first = await start(t, "login", email);
    const second = await start(t, "login", email);
    assert.is.not(first.code, second.code);
    const crossed = await verify(t, second.requestId, first.code);
    assert.is(crossed.statusCode, 400);
    assert.is(crossed.json().error.code, "invalid_verification");
    assert.not.ok("api_key" in crossed.json());
    assert.is((await verify(t, second.requestId, second.code)).statusCode, 400, "one attempt per request: a wrong code ends it");
    assert.is((await verify(t, first.requestId, first.code)).statusCode, 200, "the first request is untouched");
    const madeUp = await verify(t, `vr_${"A".repeat(43)}`, first.code);
    assert.is(madeUp.json().error.code, "invalid_verification", "a code without its request gives nothing");
  } finally {
    await t.close();
  }
});

test("expired: a code used after VERIFICATION_TTL_SECONDS is refused", async () => {
  let now = Date.now();
  const t = await verifiedApp({ VERIFICATION_TTL_SECONDS: "60" }, () => new Date(now));
  try {
    const signup = await start(t, "signup", uniqueEmail("late"));
    assert.is(Date.parse(signup.body.expires_at), now + 60_000);
    now += 61_000;
    const late = await verify(t, signup.requestId, signup.code);
    assert.is(late.statusCode, 400);
    assert.is(late.json().error.code, "invalid_verification");
    assert.not.ok("api_key" in late.json());
  } finally {
    await t.close();
  }
});

test("throttled: mails per address, mails per client IP and verify attempts per IP, each 429 past its limit", async () => {
  const t = await verifiedApp({
    VERIFICATION_MAILS_PER_EMAIL_PER_MINUTE: "2",
    VERIFICATION_MAILS_PER_IP_PER_MINUTE: "4",
    VERIFICATION_ATTEMPTS_PER_IP_PER_MINUTE: "3",
  });
  try {
    // The limits count in clock-aligned minutes: ten signups and four attempts must fall in one of them.
    await awaitRoomInWindow(15_000);
    const email = uniqueEmail("flood");
    const seen = sink.mails.length;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email } }));
    assert.equal(answers.map((r) => r.statusCode), [202, 202, 429]);
    assert.is(answers[2]!.json().error.code, "rate_limit_exceeded");
    assert.ok(Number(answers[2]!.headers["retry-after"]) >= 1);
    assert.is(sink.mails.length, seen + 2, "no mail past the per-address limit");

    const others = [];
    for (let i = 0; i < 3; i++) others.push((await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: uniqueEmail("other") } })).statusCode);
    // The per-address refusal comes first and counts nothing against the IP: 2 mails so far, 2 more allowed.
    assert.equal(others, [202, 202, 429]);
    assert.is(sink.mails.length, seen + 4);

    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push((await verify(t, `vr_${"B".repeat(43)}`, "C".repeat(20))).statusCode);
    assert.equal(attempts, [400, 400, 400, 429]);
  } finally {
    await t.close();
  }
});

test("a mail server that refuses: 503 mail_unavailable, and no key", async () => {
  const t = await startApp({ ACCOUNT_VERIFICATION: "email", SMTP_URL: sink.url.replace("smtp-test-pass-9f2c", "wrong-pass-77") });
  try {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email: uniqueEmail("nomail") } });
    assert.is(res.statusCode, 503, res.body);
    assert.is(res.json().error.code, "mail_unavailable");
    assert.not.ok(t.logs.join("\n").includes("wrong-pass-77"), "the SMTP password is not logged");
  } finally {
    await t.close();
  }
});

test("unset: signup 201 and login 200 return the key at once (the spec), no mail; /api/auth/verify is 404", async () => {
  const t = await startApp();
  try {
    const seen = sink.mails.length;
    const email = uniqueEmail("plain");
    const signup = await t.app.inject({ method: "POST", url: "/api/auth/signup", payload: { email } });
    assert.is(signup.statusCode, 201);
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email } });
    assert.is(login.statusCode, 200);
    assert.is(login.json().api_key, signup.json().api_key);
    assert.is(sink.mails.length, seen);
    const off = await verify(t, `vr_${"A".repeat(43)}`, "C".repeat(20));
    assert.is(off.statusCode, 404);
  } finally {
    await t.close();
  }
});

test("the OpenAPI document has the 202 of signup and login and the verify operation, and says which mode the server runs", async () => {
  const t = await verifiedApp();
  try {
    const doc = (await t.app.inject({ method: "GET", url: "/openapi.json" })).json();
    for (const path of ["/api/auth/signup", "/api/auth/login"]) {
      const pending = doc.paths[path].post.responses["202"].content["application/json"].schema;
      const schema = pending.$ref ? doc.components.schemas[pending.$ref.split("/").pop()] : pending;
      assert.ok(schema.required.includes("request_id"), path);
    }
    const verifyOp = doc.paths["/api/auth/verify"].post;
    assert.is(verifyOp.operationId, "verify");
    assert.ok(verifyOp.responses["200"] && verifyOp.responses["201"]);
    assert.match(doc.info.description, /This server verifies e-mail/);
  } finally {
    await t.close();
  }
});

test("configuration: ACCOUNT_VERIFICATION=email needs SMTP_URL; bad values are named, passwords never echoed", () => {
  const problems = (env: Record<string, string>): string[] => {
    try {
      loadConfig({ DATA_DIR: "unused", ...env });
      return [];
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      return (err as ConfigError).problems;
    }
  };
  assert.ok(problems({ ACCOUNT_VERIFICATION: "email" }).some((p) => p.startsWith("SMTP_URL must be set")));
  assert.ok(problems({ ACCOUNT_VERIFICATION: "sms" }).some((p) => p.startsWith("ACCOUNT_VERIFICATION")));
  const bad = problems({ ACCOUNT_VERIFICATION: "email", SMTP_URL: "http://mailer:hunter2-secret@mail.example.com" });
  assert.ok(bad.some((p) => p.startsWith("SMTP_URL")), bad.join("\n"));
  assert.not.ok(bad.join("\n").includes("hunter2-secret"));
  assert.ok(problems({ ACCOUNT_VERIFICATION: "email", SMTP_URL: "smtp://127.0.0.1:25", VERIFICATION_TTL_SECONDS: "5" }).some((p) => p.startsWith("VERIFICATION_TTL_SECONDS")));
  assert.equal(problems({ ACCOUNT_VERIFICATION: "email", SMTP_URL: "smtps://u:p@mail.example.com:465" }), []);
  assert.is(loadConfig({ DATA_DIR: "unused" }).verification.mode, null, "off by default");
});

test.run();
