import { LeadAction, LeadFilter, LeadSource, PostLeadStatus } from '../leads/entities/lead.entity';
import { JourneyStep, ProcessState } from '../reputation/entities/reputation-process.entity';
import { ALL_EVENTS, EVENT_TYPES } from '../events/event-types';

/**
 * The enums a client needs by name: every inline copy of one of these value lists in the document
 * becomes a reference to the named schema, so a generated client has one type for each.
 */
export const NAMED_ENUMS: Record<string, { description: string; values: readonly string[] }> = {
  VendorLeadAction: {
    description: 'NONE until the vendor accepts or declines; EXPIRED when not decided in time.',
    values: Object.values(LeadAction),
  },
  PostLeadStatus: {
    description: 'Where an accepted lead stands, as the vendor reports it.',
    values: Object.values(PostLeadStatus),
  },
  LeadSource: {
    description: "Where a lead came from: the operator's team (OPERATOR) or a customer's referral (REFERRAL).",
    values: Object.values(LeadSource),
  },
  LeadFilter: {
    description: 'Which leads a list shows: all, accepted, or those waiting for the vendor.',
    values: Object.values(LeadFilter),
  },
  ProcessState: { description: "The state of a customer's reputation process.", values: Object.values(ProcessState) },
  ProcessStep: {
    description: 'The step of the journey the customer is at.',
    values: Object.values(JourneyStep),
  },
  EventType: { description: 'The type of an event (ping: only the test call).', values: EVENT_TYPES },
  EventSubscription: {
    description: 'An event type an endpoint subscribes to, or `*` (alone) for every type.',
    values: [...EVENT_TYPES, ALL_EVENTS],
  },
};
