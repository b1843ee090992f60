import { loadConfig } from '#folio/config';
import { createApiApp } from './api.app.js';

const config = loadConfig(process.env, { seedDemo: false });
const app = await createApiApp(config);
app.enableShutdownHooks();
await app.listen(config.port);
