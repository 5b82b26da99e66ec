import { IsCanonicalInt, INT32_ID, INT64_ID } from '../../common/validation/canonical-int.decorator';

export class WebhookEndpointIdParams {
  /** @example 3 */
  @IsCanonicalInt(INT32_ID)
  id: number;
}

export class WebhookDeliveryIdParams extends WebhookEndpointIdParams {
  /** @example 120 */
  @IsCanonicalInt(INT64_ID)
  deliveryId: number;
}
