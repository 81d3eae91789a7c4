/**
 * `npm start`: read the configuration (environment, then .env), build the app, listen; on SIGINT or SIGTERM stop accepting, let
 * in-flight requests finish (new ones get 503), close the stores, exit. A second signal, or a drain longer
 * than the grace period, exits at once.
 */
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { withEnvFile } from "./env-file.ts";
import { SHUTDOWN_GRACE_MS } from "./http/limits.ts";

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(withEnvFile(process.env));
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`sdv: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long: exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, "error while shutting down");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.fatal({ err }, "could not listen");
    await app.close().catch(() => {});
    process.exit(1);
  }
  app.log.info(
    { stores: app.sdv.stores.kind, stripe: app.sdv.stripe !== null, publicBaseUrl: app.sdv.publicBaseUrl },
    "sdv service ready",
  );
}

main().catch((err: unknown) => {
  console.error("sdv: failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});
