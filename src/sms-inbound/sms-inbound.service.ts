import { Transactional } from '@nestjs-cls/transactional';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { normalizePhone } from '../common/validation/phone';
import { NotificationsConfig, notificationsConfig } from '../config/notifications.config';
import { LEAD_MESSAGE_PURPOSE } from '../notifications/notification.types';
import { PhoneOptOuts } from '../reputation/phone-opt-outs';
import { ReputationProcessService } from '../reputation/reputation-process.service';
import { InboundSmsRepository } from './inbound-sms.repository';
import { type InboundText, inboundTextOf } from './inbound-text';
import { KeywordAnswers } from './keyword-answers';
import { type ReplyRoute, ReplyRouting } from './reply-routing';
import { type KeywordMatch, keywordOf } from './sms-keywords';
import { ProviderSignatures, type WebhookCall } from './provider-signatures';
import { twiml } from './twiml';
import { InboundSmsMetrics } from './inbound-sms-metrics';

/** Whether the number written to texted the phone for a vendor (a vendor's own number that never did does not). */
function servesPhone(route: ReplyRoute): route is ReplyRoute & { vendorId: number } {
  return route.replied !== null && route.vendorId !== null;
}

/**
 * The customer's side of the SMS conversation (docs/contract.md#sms-replies): each text the provider's webhook brings is
 * checked, recorded once per MessageSid and acted on: STOP/START/HELP, or a reply for the vendor (a short
 * message containing an opt-out word is both).
 */
@Injectable()
export class SmsInboundService {
  constructor(
    @Inject(notificationsConfig.KEY) private readonly config: NotificationsConfig,
    private readonly texts: InboundSmsRepository,
    private readonly phoneOptOuts: PhoneOptOuts,
    private readonly replies: ReplyRouting,
    private readonly signatures: ProviderSignatures,
    private readonly answers: KeywordAnswers,
    private readonly processes: ReputationProcessService,
    private readonly metrics: InboundSmsMetrics,
  ) {}

  /** The TwiML to answer; 404 without SMS settings, 403 for a missing or wrong signature (nothing recorded). */
  async receive(call: WebhookCall): Promise<string> {
    const sms = this.config.sms;
    if (!sms) throw new DomainError(ErrorCode.NotFound, 'Text messages are not configured on this server.');
    if (!this.signatures.isSigned(call)) {
      this.metrics.signatureRefused();
      throw new DomainError(ErrorCode.Forbidden, 'X-Twilio-Signature is missing or does not match this request.');
    }
    return this.record(inboundTextOf(call.fields), sms.senderPool);
  }

  @Transactional()
  private async record(text: InboundText, senderPool: readonly string[]): Promise<string> {
    await this.texts.lockMessageSid(text.messageSid);
    const earlier = await this.texts.findByMessageSid(text.messageSid);
    if (earlier) return earlier.answer;
    const phone = normalizePhone(text.from);
    // A sender that is not a phone number (a short code, a name) is never acted on as a keyword.
    const keyword = phone ? keywordOf(text.body) : undefined;
    if (phone && keyword?.kind === 'STOP') await this.phoneOptOuts.optOut(phone, 'sms');
    // The conversation the text continues: where a reply is stored, whom HELP names, which language
    // confirms, whose texts START asks for again (that number's vendor for the phone, and no other).
    const route = await this.replies.route(phone, text.to, senderPool);
    if (phone && keyword?.kind === 'START' && servesPhone(route)) await this.phoneOptOuts.optIn(phone, route.vendorId);
    const isReply = !keyword || keyword.withinReply;
    const stored = await this.texts.insert({
      messageSid: text.messageSid,
      sender: text.from,
      phone,
      recipient: text.to,
      body: text.body,
      kind: keyword?.kind ?? 'REPLY',
      vendorId: isReply ? route.vendorId : null,
      processId: isReply ? route.processId : null,
      answer: twiml(await this.answerTo(keyword, route)),
    });
    if (isReply) await this.replies.announce(stored, route.replied);
    this.metrics.recorded(keyword, route.vendorId !== null);
    return stored.answer;
  }

  /**
   * HELP's answer; an opt-out's confirmation unless the provider confirms it; for a START to a number
   * that never texted the phone, how to resubscribe; nothing for the rest.
   */
  private async answerTo(keyword: KeywordMatch | undefined, route: ReplyRoute): Promise<string | undefined> {
    if (keyword?.kind === 'HELP') {
      const topic = route.replied?.purpose === LEAD_MESSAGE_PURPOSE ? 'lead' : 'request';
      return this.answers.help(keyword.locale, route.vendorId, topic);
    }
    if (keyword?.kind === 'START')
      return servesPhone(route) ? undefined : this.answers.howToResubscribe(keyword.locale);
    if (keyword?.kind !== 'STOP' || keyword.providerAnswers) return undefined;
    const process = route.processId === null ? null : await this.processes.findById(route.processId);
    return this.answers.optOutConfirmation(process?.locale ?? keyword.locale);
  }
}
