import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthConfig, authConfig } from '../config/auth.config';
import { Vendor } from '../vendors/entities/vendor.entity';
import { AccountsRepository } from './accounts.repository';
import { AuthService } from './auth.service';
import { Manager } from './entities/manager.entity';
import { AccessGuard } from './guards/access.guard';
import { FeatureGuard } from './guards/feature.guard';
import { TokenService } from './token.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([Vendor, Manager]),
    JwtModule.registerAsync({
      inject: [authConfig.KEY],
      useFactory: (auth: AuthConfig) => ({ secret: auth.jwtSecret, signOptions: { algorithm: 'HS256' } }),
    }),
  ],
  providers: [AccountsRepository, TokenService, AuthService, AccessGuard, FeatureGuard],
  exports: [AuthService, AccessGuard, FeatureGuard],
})
export class AuthModule {}
