import { Body, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { type AuditTargetSlot, AuditedTarget } from '../audit/manager-writes';
import { ManagerApiController, RequiresScope } from '../auth/decorators/access.decorators';
import { ApiEnvelope } from '../common/envelope/api-envelope.decorator';
import { ApiErrors } from '../common/envelope/api-errors.decorator';
import type { CustomerContact } from '../common/privacy/customer-contact';
import { contactOf } from '../reputation/contact';
import { CustomerDataService } from './customer-data.service';
import { AnswerNeverKept } from '../idempotency/answer-never-kept.decorator';
import { CustomerDataErasureResponse, CustomerDataExportResponse } from '../common/privacy/customer-data-answers';
import { DataSubjectDto } from './dto/data-subject.dto';
import { ManagerWrite } from '../write-routes/write-routes';

const badSubject = ApiErrors({
  status: 400,
  description: 'Neither e-mail nor phone given, or one of them malformed.',
  example: 'provide email or phone: at least one of them is required',
});

/**
 * A person's request about their data (PIPEDA, Quebec's Law 25), answered by the operator: everything
 * held about an e-mail or phone across vendors, and its erasure. The audit log records each with the
 * contact's keyed hash, never the contact.
 */
@ManagerApiController('customer-data', 'Manager: customer data')
export class CustomerDataController {
  constructor(private readonly customerData: CustomerDataService) {}

  /**
   * Every record holding the e-mail or phone, across vendors, by kind. Its answer is never kept under an
   * Idempotency-Key (no copy of the person's data outlives their erasure): a repeat runs the export again.
   */
  @Post('export')
  @ManagerWrite({ type: 'contact', id: 'handler' })
  @AnswerNeverKept()
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(CustomerDataExportResponse)
  @badSubject
  @RequiresScope('accounts:write')
  async exportCustomerData(
    @Body() body: DataSubjectDto,
    @AuditedTarget() target: AuditTargetSlot,
  ): Promise<CustomerDataExportResponse> {
    const contact = this.subject(body, target);
    return this.customerData.export(contact, body.includeLinked ?? true);
  }

  /**
   * Erases the person's names, contacts, addresses, comments and message bodies everywhere, in one
   * transaction; their links answer 410 and no vendor can message them again. A second call erases nothing.
   */
  @Post('erase')
  @ManagerWrite({ type: 'contact', id: 'handler' })
  @HttpCode(HttpStatus.OK)
  @ApiEnvelope(CustomerDataErasureResponse)
  @badSubject
  @RequiresScope('accounts:write')
  async eraseCustomerData(
    @Body() body: DataSubjectDto,
    @AuditedTarget() target: AuditTargetSlot,
  ): Promise<CustomerDataErasureResponse> {
    return this.customerData.erase(this.subject(body, target), body.includeLinked ?? true);
  }

  private subject({ email, phone }: DataSubjectDto, target: AuditTargetSlot): CustomerContact {
    const contact = contactOf(email, phone);
    target.setId(this.customerData.contactHash(contact));
    return contact;
  }
}
