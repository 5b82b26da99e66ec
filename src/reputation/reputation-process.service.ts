import { EventsService } from '../events/events.service';
import type { RecordedEventType } from '../events/event-types';
import { Transactional } from '@nestjs-cls/transactional';
import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode } from '../common/errors/domain-error';
import type { Locale } from '../common/locale/locale';
import type { TimeWindow } from '../common/time/time-window';
import type { DeliveryState } from '../notifications/entities/outbox-notification.entity';
import { NotificationsService } from '../notifications/notifications.service';
import { VendorsService } from '../vendors/vendors.service';
import { AutomationSettingsService } from '../automation-settings/automation-settings.service';
import { type Contact, addressesOf } from './contact';
import { ReputationEventType } from './entities/reputation-event.entity';
import {
  JourneyStep,
  ProcessOrigin,
  ProcessState,
  ReputationProcess,
  TerminationReason,
} from './entities/reputation-process.entity';
import { ProcessCountsRepository } from './process-counts.repository';
import type { Counts } from './process-counts.sql';
import { ProcessRemindersService } from './process-reminders.service';
import { type NewEvent, type ProcessChanges, ProcessRepository } from './process.repository';
import { ReputationLinks, customerPaths, newLinkToken, openLink } from './reputation-links';
import { type MessageToCustomer, type QueuedMessages, ReputationMessages } from './reputation-messages';
import { type VendorCard, vendorCard } from './vendor-card';
import { noteTouched } from '../common/privacy/touched-records';

/** Why a customer's page no longer asks anything, overriding its step. */
export type ClosedReason = 'OPTED_OUT' | 'CANCELLED' | null;

/** What a reputation event of docs/contract.md#events-webhooks says beside its process: the request and what the customer did. */
export interface AnnouncedStep {
  requestId?: number;
  rating?: number;
  wouldRefer?: boolean;
  comment?: string | null;
  platform?: string;
  channel?: string;
  referralId?: number;
}

export interface ProcessStart {
  origin: ProcessOrigin;
  vendor: { id: number; vendorName: string };
  contact: Contact;
  firstName: string;
  /** The customer's language as the request names it; unset: the vendor's default. */
  requestedLocale?: Locale;
  /** The vendor's custom texts of the review settings in the customer's language (review requests only). */
  customMessagesIn?: (locale: Locale) => Promise<MessageToCustomer['customMessages']>;
}

export interface StartedProcess<R> {
  request: R;
  process: ReputationProcess;
  queued: QueuedMessages;
  /** The request's messages as queued (their delivery states). */
  messages: DeliveryState[];
}

/** What each way of starting a journey begins with. */
const ORIGINS = {
  [ProcessOrigin.ReviewRequest]: {
    name: 'review request',
    purpose: 'REVIEW_REQUEST',
    step: JourneyStep.ReviewQuestion,
    event: ReputationEventType.ReviewRequested,
  },
  [ProcessOrigin.FeedbackRequest]: {
    name: 'feedback request',
    purpose: 'FEEDBACK_REQUEST',
    step: JourneyStep.Feedback,
    event: ReputationEventType.FeedbackRequested,
  },
} as const;

export function closedReason(process: ReputationProcess): ClosedReason {
  if (process.optedOutAt) return 'OPTED_OUT';
  if (process.terminationReason === TerminationReason.CancelledByVendor) return 'CANCELLED';
  return null;
}

/** An event of the process, with the columns of its type. */
export function eventOf(
  process: ReputationProcess,
  type: ReputationEventType,
  details: Omit<NewEvent, 'vendorId' | 'processId' | 'type'> = {},
): NewEvent {
  return { vendorId: process.vendorId, processId: process.id, type, ...details };
}

/**
 * The core every journey shares: a customer's process behind one link, its events, the messages of
 * the process and the vendor's opt-out list. The modules above (review requests, feedback, referrals,
 * the customer's pages) go through this service; the transaction is the caller's when it has one.
 */
@Injectable()
export class ReputationProcessService {
  constructor(
    private readonly repository: ProcessRepository,
    private readonly messages: ReputationMessages,
    private readonly notifications: NotificationsService,
    private readonly vendors: VendorsService,
    private readonly links: ReputationLinks,
    private readonly counts: ProcessCountsRepository,
    private readonly reminders: ProcessRemindersService,
    private readonly events: EventsService,
    private readonly automation: AutomationSettingsService,
  ) {}

  /**
   * The process with the request event, its request (written by `insertRequest`), the messages to each
   * contact that has not opted out and, if the vendor wants one, the reminder to come. A 409 (and, rolled back, nothing stored) when every contact opted out.
   * The vendor's row is read once, for the customer's language and the messages alike, and its
   * automation settings once, for the texts' quiet hours and the reminder alike.
   */
  @Transactional()
  async start<R extends { id: number }>(
    { origin, vendor, contact, firstName, requestedLocale, customMessagesIn }: ProcessStart,
    insertRequest: (process: ReputationProcess) => Promise<R>,
  ): Promise<StartedProcess<R>> {
    const { name, purpose, step, event } = ORIGINS[origin];
    const sender = { vendor: await this.vendors.get(vendor.id), settings: await this.automation.settingsOf(vendor.id) };
    const locale = requestedLocale ?? sender.vendor.defaultLocale;
    const customMessages = await customMessagesIn?.(locale);
    const process = await this.repository.insertProcess(
      {
        vendorId: vendor.id,
        token: newLinkToken(),
        origin,
        step,
        firstName,
        locale,
        ...contact,
      },
      event,
    );
    noteTouched('reputationProcesses', process.id);
    const request = await insertRequest(process);
    const queued = await this.messages.queue(
      {
        vendorId: vendor.id,
        purpose,
        locale,
        subjectId: request.id,
        firstName,
        contact,
        path: customerPaths.process(process.token),
        unsubscribePath: customerPaths.processUnsubscribe(process.token),
        customMessages,
        processId: process.id,
      },
      sender,
    );
    if (queued.channels.length === 0) {
      const cause =
        queued.optedOut.length > 0
          ? `The customer opted out of messages from ${vendor.vendorName}`
          : `Every text-message number of the service already carries another vendor's conversation with this phone, and a number is never shared`;
      throw new DomainError(ErrorCode.Conflict, `${cause}: no ${name} was created or sent.`);
    }
    await this.reminders.schedule(process, request.id, queued.channels, sender.settings);
    return { request, process, queued, messages: queued.deliveries };
  }

  /** A message of the process (or of a friend's referral) to the contacts that have not opted out. */
  send(message: MessageToCustomer): Promise<QueuedMessages> {
    return this.messages.queue(message);
  }

  /** Whether the customer did this on their journey (e.g. followed a review link). */
  hasEvent(process: ReputationProcess, type: ReputationEventType): Promise<boolean> {
    return this.repository.hasEvent(process.id, type);
  }

  recordEvents(events: NewEvent[]): Promise<void> {
    return this.repository.insertEvents(events);
  }

  /** Records, in the caller's transaction, the event of docs/contract.md#events-webhooks for a step of the process. */
  announce(process: ReputationProcess, type: RecordedEventType, step: AnnouncedStep = {}): Promise<void> {
    return this.events.record(process.vendorId, type, { processId: process.id, origin: process.origin, ...step });
  }

  update(process: ReputationProcess, changes: ProcessChanges): Promise<void> {
    return this.repository.updateProcess(process.id, changes);
  }

  /** Completed by the customer's answer; the page moves on to `next`. */
  complete(process: ReputationProcess, next: JourneyStep): Promise<void> {
    return this.repository.updateProcess(process.id, { state: ProcessState.Completed, ended: true, step: next });
  }

  /**
   * Runs a page action on the locked process if it is at the expected step and still open. Anything
   * else (a second submission, a back-button form, an unsubscribed customer) changes nothing: the
   * page the customer is sent back to shows where things stand.
   */
  atStep(token: string, step: JourneyStep, action: (process: ReputationProcess) => Promise<void>): Promise<void> {
    return this.withLocked(token, async (process) => {
      if (process.step === step && !closedReason(process)) await action(process);
    });
  }

  /** Runs the action in one transaction on the process behind the link, locked; an unknown link is a 404. */
  @Transactional()
  async withLocked<T>(token: string, action: (process: ReputationProcess) => Promise<T>): Promise<T> {
    return action(openLink(await this.repository.lockProcess(token)));
  }

  async findByToken(token: string): Promise<ReputationProcess> {
    return openLink(await this.repository.findProcess(token));
  }

  async findById(processId: number): Promise<ReputationProcess> {
    const process = await this.repository.findProcessById(processId);
    if (!process) throw DomainError.notFound('Reputation process', processId);
    return process;
  }

  /** Who a customer page is from (`vendorCard`): the vendor, how to reach it, where it is, who sends for it. */
  async vendorCardOf(process: Pick<ReputationProcess, 'vendorId'>): Promise<VendorCard> {
    return vendorCard(await this.vendors.get(process.vendorId), this.notifications.operator);
  }

  /** The absolute link of a process's customer pages, as its messages carry it (the CLI's demo prints it). */
  async customerLinkOf(processId: number): Promise<string> {
    return this.links.absolute(customerPaths.process((await this.findById(processId)).token));
  }

  /** The KPIs counted from the events and the processes of the window. */
  kpiCounts(vendorId: number, window: TimeWindow): Promise<Counts> {
    return this.counts.count(vendorId, window);
  }

  /** Changes whenever the KPI counts of the events and the processes may have (a count kept by triggers). */
  kpiChanges(vendorId: number): Promise<string> {
    return this.counts.changes(vendorId);
  }

  /** The vendor stops a process in progress: its page says so and it is never messaged again. */
  @Transactional()
  async cancel(vendorId: number, processId: number): Promise<ReputationProcess> {
    const process = await this.repository.lockProcessOfVendor(vendorId, processId);
    if (!process) throw DomainError.notFound('Reputation process', processId);
    if (process.state !== ProcessState.InProgress) {
      throw new DomainError(
        ErrorCode.InvalidTransition,
        `Reputation process ${processId} is ${process.state.toLowerCase().replace('_', ' ')}; only a process in progress can be cancelled.`,
      );
    }
    await this.repository.updateProcess(process.id, {
      state: ProcessState.Terminated,
      terminationReason: TerminationReason.CancelledByVendor,
      ended: true,
    });
    await this.repository.insertEvents([eventOf(process, ReputationEventType.CancelledByVendor)]);
    noteTouched('reputationProcesses', process.id);
    return (await this.repository.findProcessById(processId))!;
  }

  /** The customer's unsubscribe: their email and phone are never messaged again by this vendor. */
  optOut(token: string): Promise<void> {
    return this.withLocked(token, async (process) => {
      // A request the vendor withdrew still lets its customer stop every message from the vendor.
      if (process.optedOutAt) return;
      await this.stopMessages(process.vendorId, addressesOf(process));
      await this.markOptedOut(process);
    });
  }

  /** The locked process ends as an unsubscribe ends it: terminated if in progress, `contact.opted_out` announced. */
  async markOptedOut(process: ReputationProcess): Promise<void> {
    await this.repository.updateProcess(
      process.id,
      process.state === ProcessState.InProgress
        ? { optedOut: true, state: ProcessState.Terminated, terminationReason: TerminationReason.OptedOut, ended: true }
        : { optedOut: true },
    );
    await this.repository.insertEvents([eventOf(process, ReputationEventType.OptedOut)]);
    await this.announce(process, 'contact.opted_out');
  }

  /** Whether any of these addresses opted out of the vendor's messages. */
  async anyOptedOut(vendorId: number, addresses: string[]): Promise<boolean> {
    return (await this.messages.optedOut(vendorId, addresses)).size > 0;
  }

  /** The addresses join the vendor's opt-out list, and their messages still waiting are given up. */
  async stopMessages(vendorId: number, addresses: string[]): Promise<void> {
    await this.repository.optOut(vendorId, addresses);
    await this.notifications.withdraw(vendorId, addresses, 'Not sent: the recipient unsubscribed.', 'unsubscribe_link');
  }
}
