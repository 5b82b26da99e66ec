import { Injectable } from '@nestjs/common';
import { MetricsRegistry } from '../common/metrics/metrics-registry';
import type { KeywordMatch } from './sms-keywords';

const KIND_LABELS = { STOP: 'opt_out', START: 'opt_in', HELP: 'help' } as const;

/** What the provider's webhook counts: texts recorded by kind, and calls refused for their signature. */
@Injectable()
export class InboundSmsMetrics {
  private readonly texts;
  private readonly refusals;

  constructor(metrics: MetricsRegistry) {
    this.texts = metrics.counter({
      name: 'sms_inbound_texts_total',
      help: 'Texts customers sent back, recorded once each, by kind (opt_out, opt_in, help, reply, unmatched)',
      labelNames: ['kind'],
    });
    this.refusals = metrics.counter({
      name: 'sms_inbound_signature_refusals_total',
      help: "Calls of the SMS provider's webhook refused for a missing or wrong X-Twilio-Signature",
    });
  }

  /** A new text: a keyword's kind, else a reply, or unmatched when no conversation of ours takes it. */
  recorded(keyword: KeywordMatch | undefined, routedToVendor: boolean): void {
    const kind = keyword ? KIND_LABELS[keyword.kind] : routedToVendor ? 'reply' : 'unmatched';
    this.texts.inc({ kind });
  }

  signatureRefused(): void {
    this.refusals.inc();
  }
}
