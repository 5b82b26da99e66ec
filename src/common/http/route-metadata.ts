import { Injectable, Module } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

/** Remembered for a key a target has no metadata under. */
const ABSENT = Symbol('absent');

/** What a guard reads metadata of: a route's handler or its controller, as Nest types it. */
type RouteTarget = Parameters<Reflector['getAll']>[1][number];

/**
 * Nest's `Reflector` with each answer remembered per target and key. Route metadata is written by
 * decorators as the classes are defined and never changes afterwards, and the global guards (the rate
 * limiter's own reads included) ask for it on every request: a walk of the handler's prototype chain
 * each time, for the same answer. Handlers and controllers live as long as the application, so a Map.
 */
@Injectable()
export class RouteMetadata extends Reflector {
  private readonly answers = new Map<RouteTarget, Map<unknown, unknown>>();

  override get<T>(key: unknown, target: RouteTarget): T {
    let known = this.answers.get(target);
    if (!known) this.answers.set(target, (known = new Map()));
    let answer = known.get(key);
    if (answer === undefined) {
      answer = super.get(key, target);
      known.set(key, answer === undefined ? ABSENT : answer);
    }
    return (answer === ABSENT ? undefined : answer) as T;
  }

  /** The first target's answer that is not undefined, each read through `get` (so remembered). */
  override getAllAndOverride<T>(key: unknown, targets: RouteTarget[]): T {
    for (const target of targets) {
      const value = this.get<T>(key, target);
      if (value !== undefined) return value;
    }
    return undefined as T;
  }
}

/** Imported by each module that declares a guard; Nest builds one module, so one `RouteMetadata` for them all. */
@Module({ providers: [RouteMetadata], exports: [RouteMetadata] })
export class RouteMetadataModule {}
