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
  type LocalStorageConfig,
  type S3StorageConfig,
  type AiConfig,
} from './app-config.js';
export { ConfigModule, APP_CONFIG } from './config.module.js';
