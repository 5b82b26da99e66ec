import { Transactional } from '@nestjs-cls/transactional';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { text as catalogueText } from '../common/i18n/catalogue';
import { normalizePhone } from '../common/validation/phone';
import { NotificationsConfig, notificationsConfig } from '../config/notifications.config';
import { PhoneOptOuts } from '../reputation/phone-opt-outs';
import type { InboundSmsKind } from './entities/inbound-sms.entity';
import { InboundSmsRepository } from './inbound-sms.repository';
import { type InboundText, inboundTextOf } from './inbound-text';
import { keywordOf } from './sms-keywords';
import { type FormFields, isTwilioSignature } from './twilio-signature';
import { twiml } from './twiml';

/** A webhook call as it arrived: the URL the provider called (rebuilt from PUBLIC_BASE_URL), its fields, its signature. */
export interface WebhookCall {
  url: string;
  fields: FormFields;
  signature: string | undefined;
}

/**
 * The customer's side of the SMS conversation (CONTRACT 12): each text the provider's webhook brings is
 * checked, recorded once per MessageSid and acted on: STOP/START/HELP, or a reply kept for a person.
 */
@Injectable()
export class SmsInboundService {
  constructor(
    @Inject(notificationsConfig.KEY) private readonly config: NotificationsConfig,
    private readonly texts: InboundSmsRepository,
    private readonly phoneOptOuts: PhoneOptOuts,
  ) {}

  /** The TwiML to answer; 404 without SMS settings, 403 for a missing or wrong signature (nothing recorded). */
  async receive(call: WebhookCall): Promise<string> {
    const sms = this.config.sms;
    if (!sms) throw new DomainError(ErrorCode.NotFound, 'Text messages are not configured on this server.');
    if (!isTwilioSignature(call.signature, sms.authToken, call.url, call.fields)) {
      throw new DomainError(ErrorCode.Forbidden, 'X-Twilio-Signature is missing or does not match this request.');
    }
    return this.record(inboundTextOf(call.fields));
  }

  @Transactional()
  private async record(text: InboundText): Promise<string> {
    if (text.messageSid) {
      await this.texts.lockMessageSid(text.messageSid);
      const earlier = await this.texts.findByMessageSid(text.messageSid);
      if (earlier) return earlier.answer;
    }
    const phone = normalizePhone(text.from);
    const { kind, answer } = phone ? await this.actOn(phone, text.body) : { kind: 'REPLY' as const, answer: twiml() };
    await this.texts.insert({
      messageSid: text.messageSid,
      sender: text.from,
      phone,
      recipient: text.to,
      body: text.body,
      kind,
      vendorId: null,
      processId: null,
      answer,
    });
    return answer;
  }

  private async actOn(phone: string, body: string): Promise<{ kind: InboundSmsKind; answer: string }> {
    const keyword = keywordOf(body);
    switch (keyword?.kind) {
      case 'STOP':
        await this.phoneOptOuts.optOut(phone, 'sms');
        return { kind: 'STOP', answer: twiml() };
      case 'START':
        await this.phoneOptOuts.optIn(phone);
        return { kind: 'START', answer: twiml() };
      case 'HELP': {
        // OPERATOR_CONTACT is required in production; outside it the sender address of the e-mails stands in.
        const { operatorName, operatorContact, mailFrom } = this.config;
        const values = { operatorName, operatorContact: operatorContact ?? mailFrom };
        const help = catalogueText(keyword.locale, 'sms.help', values);
        return { kind: 'HELP', answer: twiml(help) };
      }
      default:
        return { kind: 'REPLY', answer: twiml() };
    }
  }
}
