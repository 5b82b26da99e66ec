/**
 * The paths the customer pages answer, `/r`, `/i`, `/l` and `/assets` and everything under them
 * (routing ignores case): every answer there is a page in the customer's language, never the API's
 * JSON envelope, and their forms' bad bytes are refused by the validation pipe, which says so on the page.
 */
export const CUSTOMER_PAGE_PATHS = /^\/(r|i|l|assets)(\/|$)/i;
