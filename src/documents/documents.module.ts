import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VendorsModule } from '../vendors/vendors.module';
import { RequiredDocTypesController, VendorRequiredDocsController } from './documents.controller';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';
import { RequiredDocType } from './entities/required-doc-type.entity';
import { VendorRequiredDoc } from './entities/vendor-required-doc.entity';

@Module({
  imports: [TypeOrmModule.forFeature([RequiredDocType, VendorRequiredDoc]), VendorsModule],
  controllers: [RequiredDocTypesController, VendorRequiredDocsController],
  providers: [DocumentsRepository, DocumentsService],
})
export class DocumentsModule {}
