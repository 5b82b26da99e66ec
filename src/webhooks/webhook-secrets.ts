import { Injectable } from '@nestjs/common';
import { SecretCipher, UnreadableSecret } from '../common/crypto/secret-cipher';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';

/** Authenticated with every sealed signing secret: it opens as nothing else. */
const PURPOSE = 'webhook_endpoints.secret';
/** A secret written before secrets were encrypted at rest: sealed at the next start. */
const PLAINTEXT = 'whsec_';

export interface ResealOutcome {
  /** Endpoints whose secrets were sealed (again) under the current key. */
  sealed: number;
  /** Endpoints whose secrets neither key opens (SECRETS_KEY_PREVIOUS removed too early): left as they are. */
  unreadable: number;
}

/**
 * Endpoint signing secrets as the database keeps them: sealed with SECRETS_KEY (SecretCipher), never
 * in the clear. At every start of the server (SecretsResealOnStart), and by the `reencrypt-secrets`
 * command, the secrets not sealed under the current key (plaintext ones of before, those of
 * SECRETS_KEY_PREVIOUS) are sealed again.
 */
@Injectable()
export class WebhookSecrets {
  constructor(
    private readonly cipher: SecretCipher,
    private readonly endpoints: WebhookEndpointsRepository,
  ) {}

  seal(secret: string): string {
    return this.cipher.seal(secret, PURPOSE);
  }

  /** The secret in the clear; throws UnreadableSecret when neither key sealed it. */
  open(stored: string): string {
    return stored.startsWith(PLAINTEXT) ? stored : this.cipher.open(stored, PURPOSE);
  }

  /** Seals under the current key every secret that is not sealed under it. */
  async resealAll(): Promise<ResealOutcome> {
    const outcome: ResealOutcome = { sealed: 0, unreadable: 0 };
    for (const stored of await this.endpoints.secretsNotStartingWith(this.cipher.currentPrefix)) {
      let next: { secret: string; previousSecret: string | null };
      try {
        next = {
          secret: this.seal(this.open(stored.secret)),
          previousSecret: stored.previousSecret === null ? null : this.seal(this.open(stored.previousSecret)),
        };
      } catch (error) {
        if (!(error instanceof UnreadableSecret)) throw error;
        outcome.unreadable++;
        continue;
      }
      if (await this.endpoints.replaceSecrets(stored, next)) outcome.sealed++;
    }
    return outcome;
  }
}
