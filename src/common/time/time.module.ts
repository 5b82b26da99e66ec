import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';

/** The one clock every module reads the time from (tests move it). */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class TimeModule {}
