import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { WebhookSecrets } from '../webhook-secrets';

/**
 * When the server starts, the signing secrets not sealed under SECRETS_KEY are sealed again: the
 * plaintext ones of before encryption at rest, and after a key rotation those of SECRETS_KEY_PREVIOUS.
 * Each instance does it; a secret changed meanwhile is left to the change.
 */
@Injectable()
export class SecretsResealOnStart implements OnApplicationBootstrap {
  private readonly logger = new Logger('WebhookSecrets');

  constructor(private readonly secrets: WebhookSecrets) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const { sealed, unreadable } = await this.secrets.resealAll();
      if (sealed) this.logger.log(`Sealed the signing secrets of ${sealed} webhook endpoints under SECRETS_KEY.`);
      if (unreadable) {
        this.logger.error(
          `The signing secrets of ${unreadable} webhook endpoints open with neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS: their deliveries fail until rotate-secret.`,
        );
      }
    } catch (error) {
      this.logger.warn(`Could not seal the webhook signing secrets: ${(error as Error).message}`);
    }
  }
}
