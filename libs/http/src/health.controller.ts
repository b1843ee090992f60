import { Controller, Get, HttpCode, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { PrismaService } from '#folio/db';
import { ApiLiveness, ApiReadiness } from './health.openapi.js';
import { redisAnswers } from './redis-ping.js';

/** How long Redis may take to connect and to answer PING before readiness reports it down. */
const redisTimeoutMs = 1_000;

type CheckResult = 'ok' | 'down';

@ApiTags('Health')
@Controller()
export class HealthController {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Liveness: the process is up and serving. */
  @Get('healthz')
  @HttpCode(HttpStatus.OK)
  @ApiLiveness()
  healthz() {
    return { status: 'ok' };
  }

  /**
   * Readiness: 503 while the database does not answer. Redis is reported but does not fail readiness:
   * without it requests are still served and owed work waits in the database, so taking every instance
   * out of a load balancer during a Redis outage would turn a degraded service into no service.
   */
  @Get('readyz')
  @ApiReadiness()
  async readyz(@Res({ passthrough: true }) res: Response) {
    const { redisUrl } = this.config.jobs;
    const [database, redis] = await Promise.all([
      this.prisma.isReady(),
      redisUrl ? redisAnswers(redisUrl, redisTimeoutMs) : undefined,
    ]);
    const checks: Record<string, CheckResult> = { database: database ? 'ok' : 'down' };
    if (redis !== undefined) checks.redis = redis ? 'ok' : 'down';
    res.status(database ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    const status = !database ? 'unavailable' : redis === false ? 'degraded' : 'ready';
    return { status, checks };
  }
}
