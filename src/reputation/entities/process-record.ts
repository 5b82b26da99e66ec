import { Column, CreateDateColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ReputationProcess } from './reputation-process.entity';

/** The columns of every row that belongs to one reputation process. */
export abstract class ProcessRecord {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'BY DEFAULT' })
  id: number;

  /** The process's vendor, repeated so every query can start from it. */
  @Column({ type: 'integer' })
  vendorId: number;

  @Column({ type: 'bigint' })
  processId: number;

  @ManyToOne(() => ReputationProcess, { onDelete: 'CASCADE' })
  process?: ReputationProcess;
}

/** A request of a process (feedback, review, referral): a process record with its time of creation. */
export abstract class ProcessRequest extends ProcessRecord {
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

/** A request sent to the customer (feedback, review): where it went. */
export abstract class CustomerRequest extends ProcessRequest {
  /** Lower-cased. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  /** `xxx-xxx-xxxx`. */
  @Column({ type: 'varchar', length: 12, nullable: true })
  phone: string | null;
}
