// OpenAPI documentation of HealthController.
import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse } from '@nestjs/swagger';

export function ApiLiveness() {
  return applyDecorators(
    ApiOperation({
      summary: 'Check that the process is up',
      description: 'Liveness probe: answers as long as the process serves requests; it checks no dependency.',
    }),
    ApiOkResponse({ description: 'The process is up.', example: { status: 'ok' } }),
  );
}

export function ApiReadiness() {
  return applyDecorators(
    ApiOperation({
      summary: 'Check that the dependencies answer',
      description:
        'Readiness probe: 200 when the database answers (within two seconds), 503 while it does not. ' +
        'With REDIS_URL, Redis is checked too: while it is down the answer stays 200 with status ' +
        '"degraded" (requests are served; background work waits until Redis is back).',
    }),
    ApiOkResponse({
      description: 'Ready to serve.',
      examples: {
        ready: { summary: 'All answer', value: { status: 'ready', checks: { database: 'ok', redis: 'ok' } } },
        degraded: {
          summary: 'Redis is down',
          value: { status: 'degraded', checks: { database: 'ok', redis: 'down' } },
        },
      },
    }),
    ApiServiceUnavailableResponse({
      description: 'A dependency does not answer.',
      example: { status: 'unavailable', checks: { database: 'down', redis: 'ok' } },
    }),
  );
}
