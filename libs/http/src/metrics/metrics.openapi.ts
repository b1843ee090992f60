// OpenAPI documentation of MetricsController.
import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiUnauthorizedResponse } from '@nestjs/swagger';

const example = [
  '# HELP folio_http_requests_total HTTP requests answered, by method, route pattern and status code.',
  '# TYPE folio_http_requests_total counter',
  'folio_http_requests_total{method="POST",route="/v2/mcp",status="200"} 1042',
  '# HELP folio_mcp_tool_calls_total MCP tool calls, by tool and outcome (ok, tool_error, error).',
  '# TYPE folio_mcp_tool_calls_total counter',
  'folio_mcp_tool_calls_total{tool="find_projects",outcome="ok"} 310',
  '# HELP folio_job_queue_depth Jobs per queue and state, read when scraped.',
  '# TYPE folio_job_queue_depth gauge',
  'folio_job_queue_depth{queue="image-render",state="waiting"} 3',
].join('\n');

export function ApiReadMetrics() {
  return applyDecorators(
    ApiOperation({
      summary: 'Read the metrics (Prometheus)',
      description:
        "The process's metrics in Prometheus text format: requests and their latency per route, MCP tool calls " +
        'and their latency per tool, job queue depth and job failures, and Node.js process figures. When ' +
        'METRICS_TOKEN is set, send it as `Authorization: Bearer <token>`.',
    }),
    ApiProduces('text/plain'),
    ApiOkResponse({ description: 'The metrics.', content: { 'text/plain': { example } } }),
    ApiUnauthorizedResponse({ description: 'METRICS_TOKEN is set and was not sent.' }),
  );
}
