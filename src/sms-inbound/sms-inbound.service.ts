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
import { ReplyRouting } from './reply-routing';
import { keywordOf } from './sms-keywords';
import { ProviderSignatures, type WebhookCall } from './provider-signatures';
import { twiml } from './twiml';

/**
 * The customer's side of the SMS conversation (docs/contract.md#sms-replies): each text the provider's webhook brings is
 * checked, recorded once per MessageSid and acted on: STOP/START/HELP, or a reply for the vendor.
 */
@Injectable()
export class SmsInboundService {
  constructor(
    @Inject(notificationsConfig.KEY) private readonly config: NotificationsConfig,
    private readonly texts: InboundSmsRepository,
    private readonly phoneOptOuts: PhoneOptOuts,
    private readonly replies: ReplyRouting,
    private readonly signatures: ProviderSignatures,
  ) {}

  /** The TwiML to answer; 404 without SMS settings, 403 for a missing or wrong signature (nothing recorded). */
  async receive(call: WebhookCall): Promise<string> {
    const sms = this.config.sms;
    if (!sms) throw new DomainError(ErrorCode.NotFound, 'Text messages are not configured on this server.');
    if (!this.signatures.isSigned(call)) {
      throw new DomainError(ErrorCode.Forbidden, 'X-Twilio-Signature is missing or does not match this request.');
    }
    return this.record(inboundTextOf(call.fields), sms.senderPool);
  }

  @Transactional()
  private async record(text: InboundText, senderPool: readonly string[]): Promise<string> {
    if (text.messageSid) {
      await this.texts.lockMessageSid(text.messageSid);
      const earlier = await this.texts.findByMessageSid(text.messageSid);
      if (earlier) return earlier.answer;
    }
    const phone = normalizePhone(text.from);
    const kind = phone ? await this.actOn(phone, text.body) : 'REPLY';
    // A reply belongs to the conversation whose text left last for this phone from the number written to.
    const route = kind === 'REPLY' ? await this.replies.route(phone, text.to, senderPool) : undefined;
    const answer = kind === 'HELP' ? twiml(this.help(text.body)) : twiml();
    const stored = await this.texts.insert({
      messageSid: text.messageSid,
      sender: text.from,
      phone,
      recipient: text.to,
      body: text.body,
      kind,
      vendorId: route?.vendorId ?? null,
      processId: route?.processId ?? null,
      answer,
    });
    if (route) await this.replies.announce(stored, route.replied);
    return answer;
  }

  private async actOn(phone: string, body: string): Promise<InboundSmsKind> {
    const kind = keywordOf(body)?.kind ?? 'REPLY';
    if (kind === 'STOP') await this.phoneOptOuts.optOut(phone, 'sms');
    if (kind === 'START') await this.phoneOptOuts.optIn(phone);
    return kind;
  }

  /** The HELP/INFO/AIDE answer in the keyword's language. */
  private help(body: string): string {
    const keyword = keywordOf(body);
    const locale = keyword?.kind === 'HELP' ? keyword.locale : 'en';
    // OPERATOR_CONTACT is required in production; outside it the sender address of the e-mails stands in.
    const { operatorName, operatorContact, mailFrom } = this.config;
    return catalogueText(locale, 'sms.help', { operatorName, operatorContact: operatorContact ?? mailFrom });
  }
}
