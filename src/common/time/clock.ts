import { Injectable } from '@nestjs/common';

/** The time, from one place: tests move it instead of sleeping. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
