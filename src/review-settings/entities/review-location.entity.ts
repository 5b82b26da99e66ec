import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { ReviewSettings } from './review-settings.entity';

/** An additional Google review location of a vendor (at most 5), in the order the manager gave them. */
@Entity('review_locations')
@Index('idx_review_locations_settings_position', ['settingsId', 'position'])
export class ReviewLocation {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'integer' })
  settingsId: number;

  @ManyToOne(() => ReviewSettings, (settings) => settings.reviewLocations, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'settings_id' })
  // Relation<> keeps the two entity files from needing each other while their classes are defined.
  settings?: Relation<ReviewSettings>;

  /** Place in the list, from 0. */
  @Column({ type: 'smallint' })
  position: number;

  @Column({ type: 'varchar', length: 100 })
  label: string;

  @Column({ type: 'varchar', length: 2048 })
  googleUrl: string;
}
