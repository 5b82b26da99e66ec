import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A kind of document every vendor must provide; the list is seeded and extended by migrations. */
@Entity('required_doc_types')
@Index('uq_required_doc_types_name', ['name'], { unique: true })
export class RequiredDocType {
  @PrimaryGeneratedColumn('identity', { type: 'integer', generatedIdentity: 'BY DEFAULT' })
  id: number;

  @Column({ type: 'varchar', length: 200 })
  name: string;
}
