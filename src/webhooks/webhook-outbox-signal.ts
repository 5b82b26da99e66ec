import { Injectable } from '@nestjs/common';
import { OutboxSignal } from '../database/outbox-signal';

/** Wakes this process's webhook worker after a transaction that queued deliveries commits. */
@Injectable()
export class WebhookOutboxSignal extends OutboxSignal {}
