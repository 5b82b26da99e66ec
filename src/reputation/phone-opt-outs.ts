import { Transactional } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import type { SmsOptOutSource } from '../notifications/notification.types';
import { NotificationsService } from '../notifications/notifications.service';
import { SmsOptOuts } from '../notifications/sms-opt-outs';
import { ProcessRepository } from './process.repository';
import { ReputationProcessService } from './reputation-process.service';

/**
 * A phone's opt-out from every vendor's texts (docs/contract.md#sms-replies): recorded with its source, its messages still
 * waiting given up, and its processes in progress ended as an unsubscribe link ends them; and `START`,
 * which lifts it for one vendor.
 */
@Injectable()
export class PhoneOptOuts {
  constructor(
    private readonly smsOptOuts: SmsOptOuts,
    private readonly notifications: NotificationsService,
    private readonly repository: ProcessRepository,
    private readonly processes: ReputationProcessService,
  ) {}

  /** Answers how many processes it ended. */
  @Transactional()
  async optOut(phone: string, source: SmsOptOutSource): Promise<number> {
    await this.smsOptOuts.add(phone, source);
    await this.notifications.withdraw(
      null,
      [phone],
      'Not sent: the recipient opted out of text messages.',
      source === 'sms' ? 'sms_stop' : 'carrier_opt_out',
    );
    const inProgress = await this.repository.lockInProgressWithPhone(phone);
    for (const process of inProgress) await this.processes.markOptedOut(process);
    return inProgress.length;
  }

  /**
   * `START` to the number the vendor texts the phone from: lifts the opt-out the phone texted for that
   * vendor alone; one made through a link, or reported by the provider, stays.
   */
  optIn(phone: string, vendorId: number): Promise<boolean> {
    return this.smsOptOuts.liftTexted(phone, vendorId);
  }
}
