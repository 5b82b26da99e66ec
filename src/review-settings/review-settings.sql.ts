import { NamedSql } from '../database/named-sql';
import type { ReviewSettings } from './entities/review-settings.entity';

/** The vendor's own texts of its review requests, in both languages. */
export type CustomMessages = Pick<
  ReviewSettings,
  'customEmailMessage' | 'customSMSMessage' | 'customEmailMessageFr' | 'customSMSMessageFr'
>;

export const REVIEW_SETTINGS_SQL = {
  /** :vendorId's custom texts alone, one row read (a review request needs no locations). */
  customMessages: new NamedSql<CustomMessages>(
    `
    SELECT custom_email_message AS "customEmailMessage", custom_sms_message AS "customSMSMessage",
           custom_email_message_fr AS "customEmailMessageFr", custom_sms_message_fr AS "customSMSMessageFr"
      FROM review_settings WHERE vendor_id = :vendorId`,
    { prepare: true },
  ),

  /** The default settings of :vendorId unless it has some; a foreign key violation without the vendor. */
  insertDefaults: new NamedSql(
    `INSERT INTO review_settings (vendor_id) VALUES (:vendorId) ON CONFLICT (vendor_id) DO NOTHING`,
  ),

  /** Every field of :vendorId's settings, named as `ReviewSettingsFields` names them; answers the settings' id. */
  replaceFields: new NamedSql<{ id: number }>(`
    UPDATE review_settings
    SET google_review_enabled = :googleReviewEnabled, facebook_review_enabled = :facebookReviewEnabled,
        bbb_review_enabled = :bbbReviewEnabled, other_review_enabled = :otherReviewEnabled,
        other_review_site_name = :otherReviewSiteName, custom_sms_message = :customSMSMessage,
        custom_email_message = :customEmailMessage, custom_sms_message_fr = :customSMSMessageFr,
        custom_email_message_fr = :customEmailMessageFr, primary_google_review_label = :primaryGoogleReviewLabel,
        primary_google_review_label_fr = :primaryGoogleReviewLabelFr,
        google_review_url = :googleReviewUrl, facebook_review_url = :facebookReviewUrl,
        bbb_review_url = :bbbReviewUrl, other_review_url = :otherReviewUrl, updated_at = now()
    WHERE vendor_id = :vendorId
    RETURNING id`),

  /** Removes the locations of :settingsId but :keptIds. */
  deleteLocationsBut: new NamedSql(
    `DELETE FROM review_locations WHERE settings_id = :settingsId AND NOT (id = ANY(:keptIds::int[]))`,
  ),

  /** Rewrites the locations :ids of :settingsId with the :labels, :labelsFr, :googleUrls and :positions of the same index. */
  rewriteLocations: new NamedSql<{ id: number }>(`
    UPDATE review_locations AS l
    SET label = v.label, label_fr = v.label_fr, google_url = v.google_url, position = v.position
    FROM unnest(:ids::int[], :labels::text[], :labelsFr::text[], :googleUrls::text[], :positions::int[])
      AS v(id, label, label_fr, google_url, position)
    WHERE l.settings_id = :settingsId AND l.id = v.id RETURNING l.id`),

  /** Adds locations to :settingsId: the :labels, :labelsFr, :googleUrls and :positions of the same index. */
  addLocations: new NamedSql(`
    INSERT INTO review_locations (settings_id, label, label_fr, google_url, position)
    SELECT :settingsId, * FROM unnest(:labels::text[], :labelsFr::text[], :googleUrls::text[], :positions::int[])`),
};
