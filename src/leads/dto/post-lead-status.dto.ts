import { IsEnum } from 'class-validator';
import { PostLeadStatus } from '../entities/lead.entity';

export class UpdatePostLeadStatusDto {
  /**
   * Where the accepted lead stands. JOB_WON, JOB_LOST, JOB_POSTPONED_OR_CANCELLED, LEAD_WON and
   * LEAD_LOST are final; any other status asks for an update again after LEAD_STATUS_REMINDER_DAYS.
   * @example "QUOTE_SENT"
   */
  @IsEnum(PostLeadStatus)
  postLeadStatus: PostLeadStatus;
}
