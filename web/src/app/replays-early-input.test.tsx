import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Suspense, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplaysEarlyInput } from './replays-early-input.tsx';

const START_SCRIPT = readFileSync(join(import.meta.dirname, '../../public/booking-page-start.js'), 'utf8');

function Feedback() {
  const [text, setText] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [isForSomeoneElse, setForSomeoneElse] = useState(false);
  return (
    <div>
      <label>
        <input
          type="checkbox"
          checked={isForSomeoneElse}
          onChange={(event) => setForSomeoneElse(event.target.checked)}
        />
        Booking for Someone Else
      </label>
      <p data-testid="someone-else">{isForSomeoneElse ? 'yes' : 'no'}</p>
      <button type="button" onClick={() => setChosen('New Patient')}>
        New Patient
      </button>
      <textarea aria-label="Feedback" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" onClick={() => setSent(text)}>
        Send
      </button>
      <p data-testid="chosen">{chosen ?? 'none'}</p>
      <p data-testid="sent">{sent ?? 'nothing'}</p>
    </div>
  );
}

let root: Root | null = null;
let removeStartScript = () => {};
afterEach(() => {
  root?.unmount();
  root = null;
  removeStartScript();
  document.body.innerHTML = '';
  delete window.chairtimeEarlyInput;
});

/**
 * The server's HTML of `Feedback`, in a Suspense boundary as the booking page's steps are (its
 * hydration comes after the shell's), with booking-page-start.js run on it: the page before the app.
 */
function serverPage(): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  const listeners: Parameters<typeof document.addEventListener>[] = [];
  const listen = document.addEventListener.bind(document);
  document.addEventListener = (...args: Parameters<typeof document.addEventListener>) => {
    listeners.push(args);
    listen(...args);
  };
  new Function(START_SCRIPT)();
  document.addEventListener = listen;
  removeStartScript = () => listeners.forEach((args) => document.removeEventListener(...args));
  return container;
}

function Page() {
  return (
    <Suspense fallback={null}>
      <Feedback />
    </Suspense>
  );
}

const byText = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('button')].find((button) => button.textContent === text)!;
const box = (container: HTMLElement) => container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
const field = (container: HTMLElement) => container.querySelector('textarea')!;
const shown = (container: HTMLElement, id: string) => container.querySelector(`[data-testid="${id}"]`)?.textContent;

function type(textarea: HTMLTextAreaElement, value: string) {
  textarea.value = value;
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * Hydrates `app` over the server's HTML, as a browser does (no act(): React schedules its work as in
 * a page), and waits until the Suspense boundary is hydrated and nothing is left to replay.
 */
async function hydrate(
  container: HTMLElement,
  app = (
    <ReplaysEarlyInput>
      <Page />
    </ReplaysEarlyInput>
  ),
) {
  root = hydrateRoot(container, app);
  await vi.waitFor(() => {
    expect(window.chairtimeEarlyInput?.isHydrated(field(container))).toBe(true);
    if (app.type === ReplaysEarlyInput) expect(window.chairtimeEarlyInput?.entries).toEqual([]);
  });
  await new Promise((resolve) => setTimeout(resolve, 30));
}

describe('input before hydration (ADR 0074)', () => {
  it('replays a click and typing made before the app, in order, once hydrated', async () => {
    const container = serverPage();
    box(container).click();
    byText(container, 'New Patient').click();
    type(field(container), 'The chair was too cold');
    byText(container, 'Send').click();
    expect(shown(container, 'chosen')).toBe('none');
    // A box shows ticked at once (the browser's own), as a patient and a test expect.
    expect(box(container).checked).toBe(true);

    await hydrate(container);

    expect(shown(container, 'someone-else')).toBe('yes');
    expect(box(container).checked).toBe(true);
    expect(shown(container, 'chosen')).toBe('New Patient');
    expect(shown(container, 'sent')).toBe('The chair was too cold');
    expect(field(container).value).toBe('The chair was too cold');
  });

  it('without the replay, the same click and typing are lost: the case the replay is for', async () => {
    const container = serverPage();
    byText(container, 'New Patient').click();
    type(field(container), 'The chair was too cold');
    byText(container, 'Send').click();

    await hydrate(container, <Page />);

    expect(shown(container, 'chosen')).toBe('none');
    byText(container, 'Send').click();
    await settled();
    expect(shown(container, 'sent')).toBe('');
  });

  it('lets clicks on hydrated elements through untouched', async () => {
    const container = serverPage();
    await hydrate(container);
    byText(container, 'New Patient').click();
    await settled();
    expect(shown(container, 'chosen')).toBe('New Patient');
  });
});
