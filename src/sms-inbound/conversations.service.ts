import { Injectable } from '@nestjs/common';
import { DomainError } from '../common/errors/domain-error';
import { NotificationsService } from '../notifications/notifications.service';
import { ReputationProcessService } from '../reputation/reputation-process.service';
import { InboundMessagePageResponse, InboundMessageResponse } from './dto/inbound-message.response';
import { ProcessMessageResponse } from './dto/process-message.response';
import { InboundSmsRepository } from './inbound-sms.repository';

/** What was said both ways: a process's messages for its vendor, and the replies no process took for managers. */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly processes: ReputationProcessService,
    private readonly notifications: NotificationsService,
    private readonly texts: InboundSmsRepository,
  ) {}

  /** The vendor's own process's messages sent and received, oldest first; another vendor's process is a 404. */
  async ofProcess(vendorId: number, processId: number): Promise<ProcessMessageResponse[]> {
    const process = await this.processes.findById(processId);
    if (process.vendorId !== vendorId) throw DomainError.notFound('Reputation process', processId);
    const messages = [
      ...(await this.notifications.messagesOfProcess(processId)).map((m) => ProcessMessageResponse.outbound(m)),
      ...(await this.texts.ofProcess(processId)).map((t) => ProcessMessageResponse.inbound(t)),
    ];
    return messages.sort((a, b) => a.at.localeCompare(b.at));
  }

  async unmatched(after: number | undefined, limit: number): Promise<InboundMessagePageResponse> {
    const rows = await this.texts.unmatched(after ?? 0, limit + 1);
    const content = rows.slice(0, limit).map((row) => InboundMessageResponse.from(row));
    return {
      content,
      hasMore: rows.length > limit,
      nextAfter: content.length ? content[content.length - 1].id : (after ?? null),
    };
  }
}
