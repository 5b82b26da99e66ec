import { Injectable } from '@nestjs/common';
import { CustomerJourneyService } from '../customer-pages/customer-journey.service';
import { FeedbackService } from '../feedback/feedback.service';
import { PostLeadStatus } from '../leads/entities/lead.entity';
import { LeadsService } from '../leads/leads.service';
import { ReputationProcessService } from '../reputation/reputation-process.service';
import { ReviewRequestsService } from '../review-requests/review-requests.service';
import { ReviewSettingsService } from '../review-settings/review-settings.service';
import type { Vendor } from '../vendors/entities/vendor.entity';
import { VendorsService } from '../vendors/vendors.service';

/** `seed-demo`'s vendor, leads and customer journeys, made through the services real use goes through. */
@Injectable()
export class DemoSeed {
  constructor(
    private readonly vendors: VendorsService,
    private readonly leadsService: LeadsService,
    private readonly feedbackRequests: FeedbackService,
    private readonly reviewRequests: ReviewRequestsService,
    private readonly processes: ReputationProcessService,
    private readonly customerJourneys: CustomerJourneyService,
    private readonly reviewSettings: ReviewSettingsService,
  ) {}

  async createVendor(suffix: string): Promise<Vendor> {
    const vendor = await this.vendors.create({
      vendorName: `Demo Renovations ${suffix}`,
      email: `office+${suffix}@demo.example`,
      cityName: 'Toronto',
      provinceName: 'Ontario',
      packageType: 1,
    });
    await this.vendors.setFeatures(vendor.id, {
      enableFullRMS: true,
      enableStandaloneFeedbackBooster: true,
      enableStandaloneReviewBooster: true,
    });
    return vendor;
  }

  /**
   * Reputation journeys at several steps, answered through the same service the customer pages use,
   * so the KPIs have something to count; answers the customer links to try the pages with.
   */
  async journeys(vendor: Vendor): Promise<Record<string, string>> {
    await this.reviewSettings.replace(vendor.id, {
      googleReviewEnabled: true,
      facebookReviewEnabled: true,
      bbbReviewEnabled: false,
      otherReviewEnabled: false,
      primaryGoogleReviewLabel: 'Toronto',
      googleReviewUrl: 'https://g.page/r/demo-toronto/review',
      facebookReviewUrl: 'https://www.facebook.com/demo-renovations/reviews',
      reviewLocations: [{ label: 'Mississauga', googleUrl: 'https://g.page/r/demo-mississauga/review' }],
    });
    const feedback = async (customerName: string) => {
      const email = `${customerName.split(' ')[0].toLowerCase()}@customer.example`;
      const created = await this.feedbackRequests.create(vendor, { customerName, email }, false);
      return this.processes.customerLinkOf(created!.process.id);
    };
    const review = async (firstName: string) => {
      const emailTo = `${firstName.toLowerCase()}@customer.example`;
      const created = await this.reviewRequests.create(vendor, { firstName, email: emailTo }, false);
      return this.processes.customerLinkOf(created!.process.id);
    };
    const links = {
      feedbackRequest: await feedback('Sophie Lavoie'),
      reviewQuestion: await review('Chloe'),
      reviewLinks: await feedback('Jacob Pelletier'),
      referral: await review('Nathan'),
      privateFeedback: await feedback('Lea Fortin'),
    };
    const token = (link: string) => link.slice(link.lastIndexOf('/') + 1);
    await this.customerJourneys.answerFeedback(token(links.reviewLinks), {
      rating: 5,
      wouldRefer: 'yes',
      comment: 'Clean work, on time and on budget.',
    });
    await this.customerJourneys.answerReview(token(links.referral), true);
    await this.customerJourneys.confirmReview(token(links.referral));
    await this.customerJourneys.share(token(links.referral), 'Nathan Bouchard');
    await this.customerJourneys.answerFeedback(token(links.privateFeedback), { rating: 2, wouldRefer: 'no' });
    return links;
  }

  /** A lead in each state the vendor's screen shows, assigned and decided as in real use. */
  async leads(vendorId: number): Promise<number[]> {
    const customers = [
      ['Kitchen renovation', 'Olivia Tremblay', 'Full kitchen remodel with an island.'],
      ['Bathroom remodel', 'Liam Gagnon', 'Replace the tub with a walk-in shower.'],
      ['Roofing', 'Emma Roy', 'Shingles lifting after the last storm.'],
      ['Basement finishing', 'Noah Côté', 'Finish 800 sq ft with a home office.'],
      ['Deck building', 'Ava Bouchard', 'Cedar deck, about 300 sq ft.'],
      ['Painting', 'William Morin', 'Interior, three bedrooms and a hallway.'],
    ];
    const assigned = [];
    for (const [i, [category, customerName, description]] of customers.entries()) {
      assigned.push(
        await this.leadsService.assign(vendorId, {
          category,
          customerName,
          customerEmail: `${customerName.split(' ')[0].toLowerCase()}@customer.example`,
          customerPhone: `416-555-01${10 + i}`,
          customerAddress: `${100 + i} King St W, Toronto, ON`,
          projectDetailsHtml: `<p>${description}</p>`,
          originalJobDescription: description,
        }),
      );
    }
    const [, viewed, toUpdate, quoted, won, declined] = assigned;
    await this.leadsService.view(vendorId, viewed.id);
    for (const lead of [toUpdate, quoted, won]) await this.leadsService.accept(vendorId, lead.id);
    await this.leadsService.setPostLeadStatus(vendorId, quoted.id, PostLeadStatus.QuoteSent);
    await this.leadsService.setPostLeadStatus(vendorId, won.id, PostLeadStatus.JobWon);
    await this.leadsService.decline(vendorId, declined.id, 'Fully booked this season.');
    return assigned.map((lead) => lead.id);
  }
}
