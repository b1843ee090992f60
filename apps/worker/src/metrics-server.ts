import { createServer, type Server } from 'node:http';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { metricsAnswer } from '#folio/metrics';

/**
 * The worker's one HTTP endpoint, `GET /metrics` on METRICS_PORT (none when unset): its job failures and
 * process figures. Queue depth is the installation's, so any api's /metrics reports it too.
 */
@Injectable()
export class WorkerMetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerMetricsServer.name);
  private server: Server | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    const { workerPort, token } = this.config.metrics;
    if (workerPort === null) return;
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?', 1)[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Only GET /metrics here.\n');
        return;
      }
      metricsAnswer(req.headers.authorization, token).then(
        ({ status, headers, body }) => res.writeHead(status, headers).end(body),
        (error: Error) => {
          this.logger.error(`metrics not rendered: ${error.message}`);
          res.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(workerPort, resolve);
    });
    this.server = server;
    this.logger.log(`metrics on port ${workerPort}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  }
}
