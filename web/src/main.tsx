import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { ReplaysEarlyInput } from './app/replays-early-input.tsx';
import { currentTranslationsReady } from './lib/i18n/catalogue-registry.ts';
import { currentLanguage } from './lib/i18n/language-state.ts';
import { readEmbeddedPracticeData } from './lib/embedded-practice-data.ts';
import { createPageQueries } from './lib/page-queries/page-queries.ts';
import { seedPracticeQueries } from './lib/practice-page-seed.ts';
import { isRestoringBooking, startHydratingServerMarkup } from './lib/server-markup.ts';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The query library is not in this entry (ADR 0085): the first step's first query loads it, from an effect
// once the page has hydrated; a page that needs it at once (a lazy page's QueryScope, the review seed) loads it then.
const pages = createPageQueries(() => import('./app/query-client.ts').then((module) => module.createQueryLayer()));
const serverData = readEmbeddedPracticeData();
if (serverData) seedPracticeQueries(pages, serverData, new URLSearchParams(window.location.search), currentLanguage());

// A page in Spanish renders once the first step's Spanish messages are here (a few KB, fetched
// while the entry script ran), so nothing suspends on them mid-render. A server-rendered page is
// hydrated (ADR 0072), unless this tab may hold a stored booking of the practice: then the app
// renders afresh, as before server rendering, over the server's step that booking-page-start.js hid.
// A review or feedback page's data is seeded by its own chunk (its schemas are not in this entry); the
// page's chunk itself may arrive during hydration, which keeps the server's markup until then.
const reviewSeeded =
  serverData &&
  location.pathname.startsWith('/review/') &&
  Promise.all([pages.load(), import('./features/reviews/review-api.ts')]).then(([layer, api]) =>
    api.seedEmbeddedReviewPages(layer.client),
  );

void Promise.all([currentTranslationsReady(), reviewSeeded]).then(() => {
  const app = (
    <ReplaysEarlyInput>
      <App pages={pages} />
    </ReplaysEarlyInput>
  );
  if (serverData && !isRestoringBooking()) {
    startHydratingServerMarkup();
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
});
