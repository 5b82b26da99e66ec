import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export enum ManagerRole {
  Admin = 'ADMIN',
  Staff = 'STAFF',
}

@Entity('managers')
@Index('uq_managers_email', ['email'], { unique: true })
export class Manager {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'BY DEFAULT' })
  id: number;

  /** Stored lower-cased; unique. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'enum', enum: ManagerRole, enumName: 'manager_role', default: ManagerRole.Staff })
  role: ManagerRole;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
