import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Post,
  Res,
  StreamableFile,
  UploadedFiles,
  UseInterceptors,
  applyDecorators,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ManagerApiController, Public } from '../auth/decorators/access.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ErrorEnvelopeDto, WithMessage } from '../common/envelope/envelope';
import { Consumes, MULTIPART_BODY } from '../common/http/consumes.decorator';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { ImageBoxDto } from './dto/image-box.dto';
import { ImageKeyParams, VendorImageParams } from './dto/image.params';
import { ImageResponse } from './dto/image.response';
import { ImageFilesInterceptor, UPLOAD_FIELD } from './image-files.interceptor';
import type { VendorImage } from './entities/vendor-image.entity';
import { ImagesService } from './images.service';

export const MAX_GALLERY_FILES = 10;

/** Documents an upload route: multipart files[] with the optional box, and what can go wrong with it. */
function ApiImageUpload(maxFiles: number): MethodDecorator {
  return applyDecorators(
    Consumes(MULTIPART_BODY),
    ApiBody({
      schema: {
        type: 'object',
        required: [UPLOAD_FIELD],
        properties: {
          [UPLOAD_FIELD]: {
            type: 'array',
            minItems: 1,
            maxItems: maxFiles,
            items: { type: 'string', format: 'binary' },
            description: 'JPEG, PNG or WebP (detected from the bytes), at most 10 MB and 50 megapixels each.',
          },
          maxWidth: { type: 'integer', minimum: 1, maximum: 4000, default: 900 },
          maxHeight: { type: 'integer', minimum: 1, maximum: 4000, default: 700 },
        },
      },
    }),
    ApiPayloadTooLargeResponse({ description: 'A file over 10 MB or over 50 megapixels.', type: ErrorEnvelopeDto }),
    ApiUnsupportedMediaTypeResponse({
      description: 'Not multipart/form-data, or a file that is not JPEG, PNG or WebP.',
      type: ErrorEnvelopeDto,
    }),
  );
}

@ManagerApiController('vendors', 'Manager: images')
@ApiBadRequestResponse({ description: 'Invalid input.', type: ErrorEnvelopeDto })
@ApiNotFoundResponse({ description: 'Unknown vendor or image.', type: ErrorEnvelopeDto })
export class VendorImagesController {
  constructor(private readonly images: ImagesService) {}

  /** Uploads the vendor's Google rank image (exactly one file); it replaces the previous one. */
  @Post(':vendorId/google-rank-image')
  @UseInterceptors(ImageFilesInterceptor(1))
  @ApiImageUpload(1)
  @ApiEnvelope(ImageResponse, { status: 201, isArray: true, withMessage: true })
  async uploadGoogleRankImage(
    @Param() { vendorId }: VendorIdParams,
    @Body() box: ImageBoxDto,
    @UploadedFiles() files: Express.Multer.File[],
  ): Promise<WithMessage<ImageResponse[]>> {
    // The interceptor admits exactly one file here.
    const stored = await this.images.replaceGoogleRankImage(vendorId, files[0].buffer, box);
    return new WithMessage(
      'The Google rank image was uploaded.',
      stored.map((image) => this.toResponse(image)),
    );
  }

  /** The vendor's current Google rank image, or null (beyond the spec). */
  @Get(':vendorId/google-rank-image')
  @ApiEnvelope(ImageResponse, { description: 'The image; data is null when none was uploaded.' })
  async getGoogleRankImage(@Param() { vendorId }: VendorIdParams): Promise<ImageResponse | null> {
    const image = await this.images.getGoogleRankImage(vendorId);
    return image && this.toResponse(image);
  }

  /** Adds 1 to 10 images to the vendor's gallery, all or none. */
  @Post(':vendorId/gallery')
  @UseInterceptors(ImageFilesInterceptor(MAX_GALLERY_FILES))
  @ApiImageUpload(MAX_GALLERY_FILES)
  @ApiEnvelope(ImageResponse, { status: 201, isArray: true, withMessage: true })
  async addToGallery(
    @Param() { vendorId }: VendorIdParams,
    @Body() box: ImageBoxDto,
    @UploadedFiles() files: Express.Multer.File[],
  ): Promise<WithMessage<ImageResponse[]>> {
    const stored = await this.images.addToGallery(
      vendorId,
      files.map((file) => file.buffer),
      box,
    );
    return new WithMessage(
      `${stored.length} image(s) added to the gallery.`,
      stored.map((image) => this.toResponse(image)),
    );
  }

  /** The vendor's gallery, oldest first (beyond the spec). */
  @Get(':vendorId/gallery')
  @ApiEnvelope(ImageResponse, { isArray: true })
  async listGallery(@Param() { vendorId }: VendorIdParams): Promise<ImageResponse[]> {
    return (await this.images.listGallery(vendorId)).map((image) => this.toResponse(image));
  }

  /** Deletes a gallery image, row and file (beyond the spec). */
  @Delete(':vendorId/gallery/:imageId')
  @ApiEnvelope(null)
  async removeFromGallery(@Param() { vendorId, imageId }: VendorImageParams): Promise<WithMessage> {
    await this.images.removeFromGallery(vendorId, imageId);
    return new WithMessage(`Gallery image ${imageId} was deleted.`);
  }

  private toResponse(image: VendorImage): ImageResponse {
    return ImageResponse.from(image, this.images.urlOf(image));
  }
}

/** Serves stored images to anyone with the url: they are shown on public pages; the key is unguessable. */
@Controller('images')
@Public()
@ApiTags('Images')
export class ImageFilesController {
  constructor(private readonly images: ImagesService) {}

  /** The image file itself (not an envelope), cacheable forever: a key's content never changes. */
  @Get(':key')
  @ApiProduces('image/jpeg', 'image/png', 'image/webp')
  @ApiOkResponse({ description: 'The image.', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ description: 'Not the name of a stored image.', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No such image (or it was deleted).', type: ErrorEnvelopeDto })
  async serve(
    @Param() { key }: ImageKeyParams,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const file = await this.images.openFile(key);
    // Set here rather than with @Header, which would mark an error answer cacheable forever too.
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // Shown by pages of other origins (the vendors' public pages): allow that even under helmet's same-origin default.
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    return new StreamableFile(file.stream, { type: file.contentType, length: file.size });
  }
}
