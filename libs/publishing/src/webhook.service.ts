import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { BlockedAddressError, safeFetch } from '#folio/outbound';

/** What a webhook destination receives on every publish. */
export interface WebhookPayload {
  projectKey: string;
  version: number;
  pages: { pageKey: string; path: string; title: string; html: string; css: string; script: string }[];
}

/** The outcome of delivering one payload, after retries. */
export interface WebhookDelivery {
  /** Sent as X-Folio-Delivery, the same on every try, so receivers can drop repeats. */
  id: string;
  attempts: number;
  ok: boolean;
  /** HTTP status of the last try, null when it never got an answer. */
  status: number | null;
  error: string | null;
}

/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes with the destination's secret (X-Folio-Signature). */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Signed POSTs to webhook destinations, retried on network errors and 5xx answers. */
@Injectable()
export class WebhookService {
  private readonly logger = new Logger(WebhookService.name);
  /**
   * Waits before the 2nd…5th try (exponential backoff). In-process for now: the publish request waits
   * for the outcome; background jobs take this over later.
   */
  retryDelaysMs: readonly number[] = [1_000, 2_000, 4_000, 8_000];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Delivers the payload. An address that is not public throws BlockedAddressError at once (unless
   * OUTBOUND_ALLOW_PRIVATE); other failures end in `ok: false` after the last try.
   */
  async deliver(url: string, secret: string, payload: WebhookPayload): Promise<WebhookDelivery> {
    const body = JSON.stringify(payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Folio-Webhook/1',
      'x-folio-event': 'publish',
      'x-folio-delivery': randomUUID(),
      'x-folio-signature': signWebhookBody(body, secret),
    };
    const delivery: WebhookDelivery = {
      id: headers['x-folio-delivery'],
      attempts: 0,
      ok: false,
      status: null,
      error: null,
    };
    for (;;) {
      delivery.attempts++;
      try {
        const response = await safeFetch(url, {
          method: 'POST',
          headers,
          body,
          allowPrivate: this.config.outboundAllowPrivate,
          timeoutMs: 10_000,
          maxBytes: 64 * 1024,
        });
        delivery.status = response.status;
        delivery.ok = response.ok;
        delivery.error = response.ok ? null : `${url} answered ${response.status}`;
        if (response.status < 500) return delivery;
      } catch (error) {
        if (error instanceof BlockedAddressError) throw error;
        delivery.status = null;
        delivery.error = `${url} is unreachable: ${(error as Error).message}`;
      }
      const wait = this.retryDelaysMs[delivery.attempts - 1];
      if (wait === undefined) break;
      this.logger.warn(
        `webhook delivery ${delivery.id} try ${delivery.attempts} failed (${delivery.error}); retrying`,
      );
      await sleep(wait);
    }
    return delivery;
  }
}
