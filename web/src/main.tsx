import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { currentTranslationsReady } from './lib/i18n/catalogue-registry.ts';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// A page in Spanish renders once the first step's Spanish messages are here (a few KB, fetched
// while the entry script ran), so nothing suspends on them mid-render.
void currentTranslationsReady().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
