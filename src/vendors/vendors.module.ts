import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TokenModule } from '../auth/token.module';
import { Vendor } from './entities/vendor.entity';
import { VendorActivationListeners } from './vendor-activation';
import { VendorsController } from './vendors.controller';
import { ManagerVendorProfileController, VendorProfileController } from './vendor-profile.controller';
import { VendorsRepository } from './vendors.repository';
import { VendorsService } from './vendors.service';

@Module({
  imports: [TypeOrmModule.forFeature([Vendor]), TokenModule],
  controllers: [VendorsController, VendorProfileController, ManagerVendorProfileController],
  providers: [VendorsRepository, VendorsService, VendorActivationListeners],
  exports: [VendorsService, VendorActivationListeners],
})
export class VendorsModule {}
