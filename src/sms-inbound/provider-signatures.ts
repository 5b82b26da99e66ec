import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { CallerVerifier } from '../common/http/verified-callers';
import { AppConfig, appConfig } from '../config/app.config';
import { NotificationsConfig, notificationsConfig } from '../config/notifications.config';
import { type FormFields, isTwilioSignature } from './twilio-signature';

/** A webhook call as it arrived: the URL the provider called (rebuilt from PUBLIC_BASE_URL), its fields, its signature. */
export interface WebhookCall {
  url: string;
  fields: FormFields;
  signature: string | undefined;
}

/** The provider's signature over its webhook calls (`X-Twilio-Signature`, keyed with SMS_AUTH_TOKEN). */
@Injectable()
export class ProviderSignatures implements CallerVerifier {
  constructor(
    @Inject(notificationsConfig.KEY) private readonly config: NotificationsConfig,
    @Inject(appConfig.KEY) private readonly app: AppConfig,
  ) {}

  /** The call as the provider signed it: behind a proxy the internal address differs from the URL it called. */
  callOf(request: Request): WebhookCall {
    return {
      url: this.app.publicBaseUrl + request.originalUrl,
      fields: (request.body ?? {}) as FormFields,
      signature: request.header('x-twilio-signature'),
    };
  }

  /** False without SMS settings. */
  isSigned(call: WebhookCall): boolean {
    const sms = this.config.sms;
    return sms !== undefined && isTwilioSignature(call.signature, sms.authToken, call.url, call.fields);
  }

  isVerified(request: Request): boolean {
    return this.isSigned(this.callOf(request));
  }
}
