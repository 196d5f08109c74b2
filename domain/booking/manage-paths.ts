/**
 * The manage API's and page's paths (ADR 0036), built in one place for the server, the pages and
 * the tests; apart from the wire schemas so that a page needing only a path loads no zod.
 */
export const manageApiPath = (
  token: string,
  action?: 'reschedule' | 'cancel' | 'confirm' | 'calendar.ics' | 'slots' | 'checkout',
) => `/api/v1/appointment/manage/${encodeURIComponent(token)}${action ? `/${action}` : ''}`;

/** The patient's page for a booking: `{PUBLIC_URL}/{form_url}/appointment/{token}` (architecture). */
export const managePagePath = (formUrl: string, token: string) => `/${formUrl}/appointment/${token}`;

/** The token of a manage page's path (the booking answer's `manage_path`). */
export const tokenOfManagePath = (path: string) => path.split('/').at(-1) ?? '';
