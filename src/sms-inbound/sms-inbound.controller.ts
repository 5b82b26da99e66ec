import { Controller, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/decorators/access.decorators';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import { Consumes, FORM_BODY } from '../common/http/consumes.decorator';
import { UnlimitedWhenVerified } from '../common/http/verified-callers';
import { SmsInboundService } from './sms-inbound.service';
import { ProviderSignatures } from './provider-signatures';
import { twiml } from './twiml';
import { PublicWrite } from '../write-routes/write-routes';

const TWIML = 'text/xml';

/** The webhook's path as routing matches it (any case, a trailing slash): its form is taken raw (app.setup.ts). */
export const SMS_WEBHOOK_PATH = /^\/sms\/inbound\/?$/i;

/** The provider's incoming-message webhook: no token, the signature is the proof. */
@Controller('sms')
@Public()
@ApiTags('SMS provider')
export class SmsInboundController {
  constructor(
    private readonly inbound: SmsInboundService,
    private readonly signatures: ProviderSignatures,
  ) {}

  /**
   * A text a customer sent to a sender number, as Twilio posts it (`From`, `To`, `Body`, `MessageSid`, …).
   * STOP/ARRET (and the other stop words) opt the phone out of every vendor's texts, START lifts that,
   * HELP/INFO/AIDE are answered in their language; any other text is the customer's reply. The same
   * `MessageSid` again is answered as the first time and recorded once. NULs and bytes that are not
   * UTF-8 are dropped from the fields, never refused (a refused STOP would be lost).
   */
  @Post('inbound')
  // The provider sends every customer's texts from a few addresses: signed calls never meet the per-IP limit.
  @UnlimitedWhenVerified(ProviderSignatures)
  @PublicWrite()
  @Consumes(FORM_BODY)
  @ApiOperation({ summary: "The SMS provider's incoming-message webhook" })
  @ApiHeader({
    name: 'X-Twilio-Signature',
    required: true,
    description:
      'base64 HMAC-SHA1, keyed with SMS_AUTH_TOKEN, of PUBLIC_BASE_URL + the path and query, followed by each POST parameter name and value sorted by name.',
  })
  @ApiResponse({
    status: HttpStatus.OK,
    description: 'TwiML: `<Response/>`, or a `<Message>` answering HELP/INFO/AIDE.',
    content: { [TWIML]: { schema: { type: 'string' }, example: twiml() } },
  })
  @ApiErrors(
    {
      status: 400,
      description: '`From`, `Body` or `MessageSid` is missing or sent twice.',
      example: 'The text message is incomplete or malformed.',
    },
    {
      status: 403,
      description: 'The signature is missing or wrong; nothing was recorded.',
      example: 'X-Twilio-Signature is missing or does not match this request.',
    },
    {
      status: 404,
      description: 'This server has no SMS settings.',
      example: 'Text messages are not configured on this server.',
    },
    413,
    415,
    429,
    503,
  )
  async receive(@Req() request: Request, @Res() response: Response): Promise<void> {
    const answer = await this.inbound.receive(this.signatures.callOf(request));
    response.status(HttpStatus.OK).type(TWIML).send(answer);
  }
}
