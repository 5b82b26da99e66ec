import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

/** An additional Google review location of a vendor (at most 5), in the order the manager gave them. */
@Entity('review_locations')
@Index('idx_review_locations_settings_position', ['settingsId', 'position'])
export class ReviewLocation {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'integer' })
  settingsId: number;

  // By the entity's name: the settings own their locations (ReviewSettings.reviewLocations) and this
  // side only declares the foreign key, so the two files do not import each other.
  @ManyToOne('ReviewSettings', 'reviewLocations', { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'settings_id' })
  settings?: object;

  /** Place in the list, from 0. */
  @Column({ type: 'smallint' })
  position: number;

  @Column({ type: 'varchar', length: 100 })
  label: string;

  /** The label on French pages; empty: `label` is shown there too. */
  @Column({ type: 'varchar', length: 100, default: '' })
  labelFr: string;

  @Column({ type: 'varchar', length: 2048 })
  googleUrl: string;
}
