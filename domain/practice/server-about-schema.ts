import { z } from 'zod';

/**
 * `GET /api/v1/about`: what this server is, for the page at `/` (ADR 0065). A development server
 * (DEV_TOOLS on) lists its practices; a production server lists none, since which practices it
 * serves is theirs to publish.
 */
export const ServerAboutSchema = z.object({
  dev_tools: z.boolean(),
  practices: z.array(z.object({ form_url: z.string(), name: z.string() })),
});
export type ServerAbout = z.infer<typeof ServerAboutSchema>;
