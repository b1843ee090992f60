import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { metricsAnswer } from '#folio/metrics';
import { ApiReadMetrics } from './metrics.openapi.js';

@ApiTags('Health')
@Controller()
export class MetricsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('metrics')
  @ApiReadMetrics()
  async metrics(
    @Headers('authorization') authorization: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const { status, headers, body } = await metricsAnswer(authorization, this.config.metrics.token);
    res.status(status).set(headers).send(body);
  }
}
