import { Module } from '@nestjs/common';
import { TokenModule } from '../auth/token.module';
import { VendorsModule } from '../vendors/vendors.module';
import { ApiKeyChanges } from './api-key-changes.service';
import {
  ManagerApiKeysController,
  ManagerVendorApiKeysController,
  VendorApiKeysController,
} from './api-keys.controller';

/** The API key routes of both APIs: an account's own keys, and a vendor's keys as managers see them. */
@Module({
  imports: [TokenModule, VendorsModule],
  controllers: [VendorApiKeysController, ManagerApiKeysController, ManagerVendorApiKeysController],
  providers: [ApiKeyChanges],
  exports: [ApiKeyChanges],
})
export class ApiKeysModule {}
