import { Global, Module } from '@nestjs/common';
import { AccountWriteSlots, WriteSlotInterceptor } from './write-slot.interceptor';

/**
 * The instance's one set of account write slots (WRITES_IN_FLIGHT_PER_ACCOUNT); global, as the write
 * routes' interceptor is built with every module's controllers, the CLI's slice of them included.
 */
@Global()
@Module({
  providers: [AccountWriteSlots, WriteSlotInterceptor],
  exports: [AccountWriteSlots, WriteSlotInterceptor],
})
export class WriteSlotsModule {}
