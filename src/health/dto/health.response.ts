import { ApiProperty, type SchemaObject } from '@nestjs/swagger';

export class LivenessResponse {
  @ApiProperty({ type: 'string', enum: ['ok'] })
  status: 'ok';
}

/** One check's result: its status and what it reports (the rate limiter: where it counts). */
const CHECK: SchemaObject = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['up', 'degraded', 'down'] } },
};

/** The checks of readiness, by name (`database`, `rateLimit`); a failing check makes the answer a 503 error. */
export class ReadinessResponse {
  /** `degraded`: ready, but the rate limiter counts in this instance's memory (Redis unreachable). */
  @ApiProperty({ type: 'string', enum: ['ok', 'degraded'] })
  status: 'ok' | 'degraded';

  @ApiProperty({
    type: 'object',
    additionalProperties: CHECK,
    selfRequired: false,
    description: 'The checks that passed.',
  })
  info?: Record<string, { status: string }>;

  @ApiProperty({
    type: 'object',
    additionalProperties: CHECK,
    selfRequired: false,
    description: 'The checks that failed.',
  })
  error?: Record<string, { status: string }>;

  @ApiProperty({ type: 'object', additionalProperties: CHECK, description: 'Every check.' })
  details: Record<string, { status: string }>;
}
