import { loadConfig } from '#folio/config';
import { demoCredentialsPath } from '#folio/seed';
import { startStandalone } from './standalone.js';

// A quiet console by default, so the banner below stays readable; LOG_LEVEL=info shows every request.
const config = loadConfig(process.env, { seedDemo: true, logLevel: 'warn' });
const started = Date.now();
const app = await startStandalone(config);
const base = app.url;

const lines = [
  '',
  `Folio is running at ${base}  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  `  database   ${config.database.kind === 'pglite' ? `embedded PGlite in ${config.database.dataDir}` : 'PostgreSQL'}`,
  `  MCP        ${base}/v2/mcp`,
  `  health     ${base}/healthz   ${base}/readyz`,
];
if (app.demo) {
  lines.push(
    '',
    'Demo credentials',
    `  owner      ${app.demo.users.owner} / ${app.demo.password}`,
    `  viewer     ${app.demo.users.viewer} / ${app.demo.password}`,
    `  API key    ${app.demo.apiKey}   (owner; list:project create:project edit:project)`,
    `  template   ${app.demo.templateKey}`,
    `  saved to   ${demoCredentialsPath(config.dataDir)}`,
  );
}
lines.push('', 'Press Ctrl-C to stop.', '');
process.stdout.write(lines.join('\n'));

// npm forwards Ctrl-C to the server, which also gets it from the terminal: a repeat must not kill the
// shutdown half-way (the embedded database closes last).
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping…\n`);
    // In-flight requests get 10 s to finish.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => {
        process.stdout.write('Stopped.\n');
        process.exit(0);
      },
      (error: Error) => {
        process.stderr.write(`Stopping failed: ${error.stack ?? error.message}\n`);
        process.exit(1);
      },
    );
  });
}
