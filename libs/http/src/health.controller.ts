import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PrismaService } from '#folio/db';

@Controller()
export class HealthController {
  constructor(private readonly prisma: PrismaService) {}

  /** Liveness: the process is up and serving. */
  @Get('healthz')
  @HttpCode(HttpStatus.OK)
  healthz() {
    return { status: 'ok' };
  }

  /** Readiness: dependencies answer; 503 while any does not. */
  @Get('readyz')
  async readyz(@Res({ passthrough: true }) res: Response) {
    const database = await this.prisma.isReady();
    res.status(database ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: database ? 'ready' : 'unavailable', checks: { database: database ? 'ok' : 'down' } };
  }
}
