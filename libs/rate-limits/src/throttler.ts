// @nestjs/throttler and its Redis storage are CommonJS that require() the ESM-only @nestjs/common. Loaded
// statically, Jest's ESM runtime runs them while @nestjs/common is still being linked
// (ERR_REQUIRE_CYCLE_MODULE); imported here, after @nestjs/common has been evaluated, they load the same
// way in Node and in Jest.
import '@nestjs/common';

export const { ThrottlerGuard, ThrottlerStorageService, normalizeIp } = await import('@nestjs/throttler');
export const { ThrottlerStorageRedisService } = await import('@nest-lab/throttler-storage-redis');
export type {
  ThrottlerLimitDetail,
  ThrottlerOptions,
  ThrottlerRequest,
  ThrottlerStorage,
} from '@nestjs/throttler';
