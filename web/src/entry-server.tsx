import { renderToString } from 'react-dom/server';
import { StaticRouter } from './lib/page-router.tsx';
import { LANGUAGES } from '#domain/i18n/languages.ts';
import type { ServerRenderModule } from '#domain/practice/practice-page-data.ts';
import { AppShell } from './app/app-shell.tsx';
import { createLoadedPageQueries, createQueryClient } from './app/query-client.ts';
import { AppRoutes, preloadServerRenderedPages } from './app/router.tsx';
import { seedManagePage } from './features/booking/manage/manage-api.ts';
import { seedReviewPages } from './features/reviews/review-api.ts';
import { loadEveryTranslation } from './lib/i18n/catalogue-registry.ts';
import { renderInLanguage } from './lib/i18n/language-state.ts';
import { seedPracticeQueries } from './lib/practice-page-seed.ts';

/**
 * The web app's server build (ADR 0072): `vite build --ssr` turns this file into
 * `dist/ssr/entry-server.js`, which the server imports; the server never imports `web/` source.
 * It renders the same tree as main.tsx, with a StaticRouter and a query cache seeded with the
 * practice's data, synchronously (no streaming: streamed HTML needs inline scripts, which the
 * `script-src 'self'` policy forbids).
 */
export const prepare: ServerRenderModule['prepare'] = async () => {
  // The pages first: their catalogues register as their modules load, and are then loaded in every language.
  await preloadServerRenderedPages();
  await loadEveryTranslation(LANGUAGES);
};

export const renderBookingPage: ServerRenderModule['renderBookingPage'] = ({ url, language, data }) => {
  const queryClient = createQueryClient();
  const pages = createLoadedPageQueries(queryClient);
  seedPracticeQueries(pages, data, new URL(url, 'http://localhost').searchParams, language);
  seedReviewPages(queryClient, data, language);
  seedManagePage(queryClient, data, language);
  try {
    return renderInLanguage(language, () =>
      renderToString(<AppShell pages={pages} router={<StaticRouter location={url}>{<AppRoutes />}</StaticRouter>} />),
    );
  } finally {
    queryClient.clear();
  }
};
