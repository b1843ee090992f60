import { loadConfig } from '#folio/config';
import { createAuthApp } from './auth.app.js';

const config = loadConfig(process.env, { seedDemo: false });
const app = await createAuthApp(config);
app.enableShutdownHooks();
await app.listen(config.port);
