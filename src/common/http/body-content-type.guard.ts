import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { RouteMetadata } from './route-metadata';
import type { Request } from 'express';
import { DomainError, ErrorCode } from '../errors/domain-error';
import { CONSUMES_KEY, JSON_BODY } from './consumes.decorator';

/** Whether the request carries body bytes at all (bodiless POSTs send `Content-Length: 0`). */
const carriesBody = (request: Request): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;

/**
 * Global guard, last in line: a request with a body must send it as a type the route takes (@Consumes,
 * else application/json), or get a 415. Without it the body parsers would let a form through to a JSON
 * route, and parse a text body as no body at all (a confusing 400).
 */
@Injectable()
export class BodyContentTypeGuard implements CanActivate {
  constructor(private readonly reflector: RouteMetadata) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!carriesBody(request)) return true;
    const types = this.reflector.getAllAndOverride<string[] | undefined>(CONSUMES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]) ?? [JSON_BODY];
    if (request.is(types)) return true;
    throw new DomainError(
      ErrorCode.UnsupportedMediaType,
      `This route takes a body of type ${types.join(' or ')}; send it with that Content-Type.`,
    );
  }
}
