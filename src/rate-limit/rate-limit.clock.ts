import { Injectable } from '@nestjs/common';

/** The time the limiter counts in memory by; a test moves it instead of waiting for a window to pass. */
@Injectable()
export class RateLimitClock {
  now(): number {
    return Date.now();
  }
}
