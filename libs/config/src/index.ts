export {
  loadConfig,
  envSchema,
  ConfigError,
  storedSecret,
  secretsPath,
  type AppConfig,
  type AppDefaults,
  type Env,
  type LogLevel,
} from './app-config.js';
export { ConfigModule, APP_CONFIG } from './config.module.js';
