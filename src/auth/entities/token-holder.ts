import { Column } from 'typeorm';

/** An account that holds the API's bearer tokens: one valid at a time, revoked by issuing the next. */
export abstract class TokenHolder {
  /** jti of the one token that is currently valid; null when none was issued. */
  @Column({ type: 'uuid', nullable: true })
  activeTokenId: string | null;
}
