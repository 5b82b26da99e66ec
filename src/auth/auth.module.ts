import { type DynamicModule, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RouteMetadataModule } from '../common/http/route-metadata';
import { AuthService } from './auth.service';
import { Manager } from './entities/manager.entity';
import { AccessGuard } from './guards/access.guard';
import { FeatureGuard } from './guards/feature.guard';
import { ManagersRepository } from './managers.repository';
import { RequestKeys } from './request-keys';
import { TokenModule } from './token.module';
import { VendorAccounts } from './vendor-account';

export interface AuthModuleOptions {
  /** The module that provides the vendor accounts, and the provider that implements `VendorAccounts`. */
  imports: ModuleMetadata['imports'];
  vendorAccounts: Type<VendorAccounts>;
}

/**
 * Who is calling: the managers, the access and feature guards and the one check of a request's key.
 * It sits below the modules it guards: the vendor accounts come from whoever the application names in
 * `forRoot`. Global, as the rate limiter reads the request's key check too.
 */
@Module({})
export class AuthModule {
  static forRoot({ imports, vendorAccounts }: AuthModuleOptions): DynamicModule {
    return {
      global: true,
      module: AuthModule,
      imports: [...(imports ?? []), TokenModule, RouteMetadataModule, TypeOrmModule.forFeature([Manager])],
      providers: [
        { provide: VendorAccounts, useExisting: vendorAccounts },
        ManagersRepository,
        AuthService,
        RequestKeys,
        AccessGuard,
        FeatureGuard,
      ],
      exports: [AuthService, RequestKeys, AccessGuard, FeatureGuard],
    };
  }
}
