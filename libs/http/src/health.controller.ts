import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { PrismaService } from '#folio/db';

@ApiTags('Health')
@Controller()
export class HealthController {
  constructor(private readonly prisma: PrismaService) {}

  /** Liveness: the process is up and serving. */
  @Get('healthz')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Check that the process is up',
    description: 'Liveness probe: answers as long as the process serves requests; it checks no dependency.',
  })
  @ApiOkResponse({ description: 'The process is up.', example: { status: 'ok' } })
  healthz() {
    return { status: 'ok' };
  }

  /** Readiness: dependencies answer; 503 while any does not. */
  @Get('readyz')
  @ApiOperation({
    summary: 'Check that the dependencies answer',
    description: 'Readiness probe: 200 when the database answers, 503 while it does not.',
  })
  @ApiOkResponse({
    description: 'Ready to serve.',
    example: { status: 'ready', checks: { database: 'ok' } },
  })
  @ApiServiceUnavailableResponse({
    description: 'A dependency does not answer.',
    example: { status: 'unavailable', checks: { database: 'down' } },
  })
  async readyz(@Res({ passthrough: true }) res: Response) {
    const database = await this.prisma.isReady();
    res.status(database ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: database ? 'ready' : 'unavailable', checks: { database: database ? 'ok' : 'down' } };
  }
}
