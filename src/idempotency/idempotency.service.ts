import { IdempotencyMetrics } from './idempotency-metrics';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { type Observable, from, lastValueFrom } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/principal';
import { AllExceptionsFilter, errorStatusOf } from '../common/envelope/all-exceptions.filter';
import { Enveloped, WithMessage } from '../common/envelope/envelope';
import { toEnvelope } from '../common/envelope/envelope.adapter';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { collectTouched } from '../common/privacy/touched-records';
import { Clock } from '../common/time/clock';
import { canonicalJson } from './canonical-json';
import { IdempotencyState } from './entities/idempotency-key.entity';
import type { KeyAsFound } from './idempotency.sql';
import { type Claim, IdempotencyRepository, type KeyScope } from './idempotency.repository';
import { issuesCredential } from '../common/http/issues-credential.decorator';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long an answer is kept (docs/contract.md#idempotency). */
export const KEEP_MS = 24 * 3_600_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VALID_KEY = /^[\x20-\x7E]{1,255}$/;

/** A request's key and whose it is; null when the request does not take part (no key, not a write, public). */
export function keyScopeOf(request: Request): KeyScope | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const { principal } = request as AuthenticatedRequest;
  if (header === undefined || !WRITE_METHODS.has(request.method) || !principal) return null;
  if (typeof header !== 'string' || !VALID_KEY.test(header)) {
    throw DomainError.invalid('The Idempotency-Key header must be 1 to 255 printable ASCII characters.');
  }
  const accountId = principal.type === 'vendor' ? principal.vendor.id : principal.manager.id;
  return { accountType: principal.type, accountId, key: header };
}

/**
 * SHA-256 over the method, the path with its query, and the body as a JSON value: the order of its
 * keys and its spacing make no difference.
 */
export function fingerprintOf(request: Request, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson([request.method, request.originalUrl, body ?? null]))
    .digest('hex');
}

/**
 * What a request with a key answers without running, from the key as found once held (or not): a
 * kept answer, or a refusal; undefined when the request runs.
 */
function answerBefore(
  kept: KeyAsFound | null,
  fingerprint: string,
  held: boolean,
  response: Response,
): Enveloped | DomainError | undefined {
  if (kept && kept.fingerprint !== fingerprint) {
    return new DomainError(
      ErrorCode.IdempotencyKeyReused,
      'This Idempotency-Key was already used for a different request (method, path, query or body); use a new key.',
    );
  }
  if (kept?.state === IdempotencyState.Done) {
    if (kept.body === null) {
      return new DomainError(
        ErrorCode.Conflict,
        'This Idempotency-Key already issued its credential, which is shown only once; nothing was done again. Use a new key to issue another.',
      );
    }
    response.status(kept.status!).setHeader(REPLAYED_HEADER, 'true');
    return new Enveloped(kept.body);
  }
  if (held) return undefined;
  return new DomainError(
    ErrorCode.Conflict,
    'A request with this Idempotency-Key is still being processed; retry once it has finished.',
  );
}

/**
 * Idempotent writes (docs/contract.md#idempotency): the first request with a key runs, in one transaction with the
 * answer it keeps; a repeat gets that answer back, byte for byte, without running anything; the same
 * key for another request is a 422, and while the first still runs a 409. A request holds its key by a
 * lock of its own transaction, so a request whose process died holds nothing. 5xx answers are not
 * kept, nor answers that show a credential (a repeat of those is a 409).
 */
@Injectable()
export class IdempotencyService {
  private readonly errors = new AllExceptionsFilter();

  constructor(
    private readonly repository: IdempotencyRepository,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly metrics: IdempotencyMetrics,
  ) {}

  async run(
    scope: KeyScope,
    fingerprint: string,
    response: Response,
    execute: () => Promise<unknown>,
    credential = false,
  ): Promise<unknown> {
    const now = this.clock.now();
    const claim: Claim = { fingerprint, now, expiresAt: new Date(now.getTime() + KEEP_MS) };
    await this.repository.claim(scope, claim);
    let refusal: DomainError | undefined;
    try {
      const answer = await this.txHost.withTransaction(async () => {
        const { held, kept } = await this.repository.hold(scope);
        const earlier = answerBefore(kept, fingerprint, held, response);
        if (earlier) this.metrics.answeredBefore(earlier);
        if (earlier instanceof DomainError) refusal = earlier;
        return earlier ?? (await this.execute(scope, claim, response, execute, credential));
      });
      if (refusal) throw refusal;
      return answer;
    } catch (error) {
      // When even that fails (the database is gone), the key stays unanswered and free: a retry runs.
      if (error !== refusal) await this.answered(scope, claim, error).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The work and its kept answer commit together, the answer kept as the JSON text the adapter sends
   * (`JSON.stringify` of the envelope), so a replay answers the same bytes; a credential's answer is
   * kept as its status alone. With it, the customer records the work noted it touched: an erasure
   * of any of them redacts the answer (docs/contract.md#data-rights).
   */
  private async execute(
    scope: KeyScope,
    claim: Claim,
    response: Response,
    execute: () => Promise<unknown>,
    credential: boolean,
  ): Promise<unknown> {
    const { result, touched } = await collectTouched(execute);
    const status = result instanceof WithMessage && result.status ? result.status : response.statusCode;
    const body = credential ? null : JSON.stringify(toEnvelope(result));
    await this.repository.keep(scope, claim, { status, body, touchedRecords: touched });
    return result;
  }

  /**
   * After the work rolled back: a 4xx is kept, a 5xx frees the key, each in a transaction of its own
   * that holds the key again (when another request holds it by then, that request answers for it).
   */
  private async answered(scope: KeyScope, claim: Claim, error: unknown): Promise<void> {
    const status = errorStatusOf(error);
    await this.txHost.withTransaction(async () => {
      if (!(await this.repository.hold(scope)).held) return;
      if (status < 500) {
        const body = JSON.stringify(this.errors.toReply(error).body);
        await this.repository.keep(scope, claim, { status, body, touchedRecords: [] });
      } else await this.repository.release(scope);
    });
  }

  /**
   * The handler's answer, once per key: `body` gives what the request's body is compared by (asked for
   * only when the request carries a key: hashing an upload's files costs time). `handle` is
   * Nest's `next.handle`, called inside the transaction: Nest binds the handler to the async context
   * it is called in, and the handler's repositories must find the transaction there.
   */
  around(context: ExecutionContext, handle: () => Observable<unknown>, body: () => unknown): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const scope = keyScopeOf(request);
    if (!scope) return handle();
    const response = context.switchToHttp().getResponse<Response>();
    const run = async () =>
      this.run(
        scope,
        fingerprintOf(request, await body()),
        response,
        () => lastValueFrom(handle(), { defaultValue: undefined }),
        issuesCredential(context),
      );
    return from(run());
  }

  /** Removes expired keys in batches; answers how many. */
  async removeExpired(batchSize = 1000): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await this.repository.deleteExpired(this.clock.now(), batchSize);
      removed += batch;
      if (batch < batchSize) return removed;
    }
  }
}
