import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor, Type, mixin } from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { memoryStorage } from 'multer';
import { EMPTY, type Observable } from 'rxjs';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import { IdempotencyService } from '../idempotency/idempotency.service';

/** The multipart field of the files, as the spec names it. */
export const UPLOAD_FIELD = 'files[]';
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * Receives 1..maxFiles images in `files[]` into memory with Nest's FilesInterceptor (multer), within
 * limits on every part of the body, and turns whatever goes wrong into an envelope with a sentence:
 * a file over 10 MB is a 413, a body that is not multipart/form-data a 415, too many or no files, an
 * unexpected file field or a malformed body a 400.
 */
export function ImageFilesInterceptor(maxFiles: number): Type<NestInterceptor> {
  const Multer = FilesInterceptor(UPLOAD_FIELD, maxFiles, {
    storage: memoryStorage(),
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: maxFiles,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: maxFiles + 10,
      headerPairs: 100,
    },
  });
  const howMany = `Send ${maxFiles === 1 ? 'exactly one image' : `1 to ${maxFiles} images`} in the multipart field ${UPLOAD_FIELD}.`;

  @Injectable()
  class ImageFiles implements NestInterceptor {
    private readonly multer = new Multer();

    constructor(private readonly idempotency: IdempotencyService) {}

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const request = context.switchToHttp().getRequest<Request>();
      if (!request.is('multipart/form-data')) {
        throw new DomainError(ErrorCode.UnsupportedMediaType, 'Upload the images as multipart/form-data.');
      }
      try {
        // Multer only reads the files here; the handler is called below, where idempotency wants it.
        await this.multer.intercept(context, { handle: () => EMPTY });
      } catch (error) {
        throw uploadError(error, howMany);
      }
      const files = request.files as Express.Multer.File[] | undefined;
      if (!files?.length) throw DomainError.invalid(howMany);
      // Keyed here, once the files are read: a repeat must carry the same fields and the same bytes.
      return this.idempotency.around(
        context,
        () => next.handle(),
        async () => ({ fields: request.body as unknown, files: await Promise.all(files.map(fileFingerprint)) }),
      );
    }
  }
  return mixin(ImageFiles);
}

const HASH_CHUNK_BYTES = 1024 * 1024;

/**
 * What identifies an uploaded file for the Idempotency-Key: its field, name, type and SHA-256, hashed a
 * megabyte at a time with a turn of the event loop in between, so ten 10 MB files do not stall it.
 */
async function fileFingerprint({ fieldname, originalname, mimetype, buffer }: Express.Multer.File): Promise<string[]> {
  const hash = createHash('sha256');
  for (let offset = 0; offset < buffer.length; offset += HASH_CHUNK_BYTES) {
    hash.update(buffer.subarray(offset, offset + HASH_CHUNK_BYTES));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return [fieldname, originalname, mimetype, hash.digest('hex')];
}

/** Nest's multer errors keep multer's own error as their cause; name the problem in a sentence. */
function uploadError(error: unknown, tooMany: string): unknown {
  if (!(error instanceof HttpException)) return error;
  const cause = error.cause as { code?: unknown; field?: unknown } | undefined;
  switch (cause?.code) {
    case 'LIMIT_FILE_SIZE':
      return new DomainError(ErrorCode.PayloadTooLarge, `Each file may be at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
    case 'LIMIT_FILE_COUNT':
      return DomainError.invalid(tooMany);
    case 'LIMIT_UNEXPECTED_FILE':
      return DomainError.invalid(
        cause.field === UPLOAD_FIELD ? tooMany : `Unexpected file field; send the images in ${UPLOAD_FIELD}.`,
      );
  }
  return DomainError.invalid(`The upload could not be read: ${error.message.replace(/\.?$/, '.')}`);
}
