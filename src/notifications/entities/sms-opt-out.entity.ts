import { CreateDateColumn, Entity, PrimaryColumn, Column } from 'typeorm';
import { OPT_OUT_SOURCES, type SmsOptOutSource } from '../notification.types';

/**
 * A phone that no vendor texts any more: it texted STOP to the sender number, or the provider said so
 * (error 21610). One sender serves every vendor, so the opt-out is from all of them.
 */
@Entity('sms_opt_outs')
export class SmsOptOut {
  /** `xxx-xxx-xxxx`. */
  @PrimaryColumn({ type: 'varchar', length: 12 })
  phone: string;

  @Column({ type: 'enum', enum: OPT_OUT_SOURCES, enumName: 'opt_out_source' })
  source: SmsOptOutSource;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
