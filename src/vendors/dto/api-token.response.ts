export class ApiTokenResponse {
  /** The vendor's new bearer token. It does not expire; issuing another revokes it. */
  token: string;
}
