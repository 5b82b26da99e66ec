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
  applyDecorators,
} from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ManagerApiController, Public, RequiresScope } from '../auth/decorators/access.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { WithMessage } from '../common/envelope/envelope';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { Consumes, MULTIPART_BODY } from '../common/http/consumes.decorator';
import { VendorIdParams } from '../vendors/dto/vendor-id.params';
import { ImageBoxDto } from './dto/image-box.dto';
import { ImageKeyParams, VendorImageParams } from './dto/image.params';
import { ImageResponse } from './dto/image.response';
import { ImageFilesInterceptor, UPLOAD_FIELD } from './image-files.interceptor';
import type { VendorImage } from './entities/vendor-image.entity';
import { ImagesService } from './images.service';
import { ManagerWrite } from '../write-routes/write-routes';

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
    ApiErrors({ status: 413, description: 'A file over 10 MB or over 50 megapixels.' }),
    ApiErrors({ status: 415, description: 'Not multipart/form-data, or a file that is not JPEG, PNG or WebP.' }),
  );
}

@ManagerApiController('vendors', 'Manager: images')
@ApiErrors(400)
@ApiErrors({ status: 404, description: 'Unknown vendor or image.', example: 'Gallery image 41 was not found.' })
export class VendorImagesController {
  constructor(private readonly images: ImagesService) {}

  /** Uploads the vendor's Google rank image (exactly one file); it replaces the previous one. */
  @Post(':vendorId/google-rank-image')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' }, ImageFilesInterceptor(1))
  @ApiImageUpload(1)
  @ApiEnvelope(ImageResponse, { status: 201, isArray: true, withMessage: true })
  @RequiresScope('profile:write')
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

  /** The vendor's current Google rank image, or `data: null` when it has none. */
  @Get(':vendorId/google-rank-image')
  @ApiEnvelope(ImageResponse, { nullable: true, description: 'The image; data is null when none was uploaded.' })
  @RequiresScope('profile:read')
  async getGoogleRankImage(@Param() { vendorId }: VendorIdParams): Promise<ImageResponse | null> {
    const image = await this.images.getGoogleRankImage(vendorId);
    return image && this.toResponse(image);
  }

  /** Adds 1 to 10 images to the vendor's gallery, all or none. */
  @Post(':vendorId/gallery')
  @ManagerWrite({ type: 'vendor', id: ':vendorId' }, ImageFilesInterceptor(MAX_GALLERY_FILES))
  @ApiImageUpload(MAX_GALLERY_FILES)
  @ApiEnvelope(ImageResponse, { status: 201, isArray: true, withMessage: true })
  @RequiresScope('profile:write')
  async addGalleryImages(
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

  /** The vendor's gallery images, oldest first. */
  @Get(':vendorId/gallery')
  @ApiEnvelope(ImageResponse, { isArray: true })
  @RequiresScope('profile:read')
  async listGalleryImages(@Param() { vendorId }: VendorIdParams): Promise<ImageResponse[]> {
    return (await this.images.listGallery(vendorId)).map((image) => this.toResponse(image));
  }

  /** Deletes a gallery image; its URL stops answering. */
  @Delete(':vendorId/gallery/:imageId')
  @ManagerWrite({ type: 'image', id: ':imageId' })
  @ApiEnvelope(null)
  @RequiresScope('profile:write')
  async deleteGalleryImage(@Param() { vendorId, imageId }: VendorImageParams): Promise<WithMessage> {
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
  @ApiOkResponse({
    description: 'The image, in the format it was stored in.',
    content: Object.fromEntries(
      ['image/jpeg', 'image/png', 'image/webp'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  })
  @ApiErrors(
    { status: 400, description: 'Not the name of a stored image.' },
    {
      status: 404,
      description: 'No such image (or it was deleted).',
      example: 'Image 3f2a9c0d5e8b4a1c9f7e6d5c4b3a2910.jpg was not found.',
    },
    429,
    503,
  )
  async getImageFile(
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
