import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryLayer } from '../../app/query-client.ts';
import { BookingPage } from './booking-page.tsx';
import { clearBookingStorage, useBookingStore } from './state/booking-store.ts';
import { buildReason } from '../../test/booking-factories.ts';
import { changeLanguage } from '../../lib/i18n/catalogue-registry.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { buildFormDetails } from '../../test/practice-factories.ts';
import { MemoryRouter, Route, Routes } from '../../lib/page-router.tsx';
import { seedPracticeQueries } from '../../lib/practice-page-seed.ts';
import { createPageQueries, type QueryLayer } from '../../lib/page-queries/page-queries.ts';
import { PageQueriesContext } from '../../lib/page-queries/use-page-query.ts';

const fetchMock = stubFetch();
afterEach(async () => {
  cleanup();
  clearBookingStorage();
  await changeLanguage('en');
});

const pathOf = (input: unknown) => new URL(String(input), 'http://localhost').pathname;

/** The page's queries over the server's data, with a query library that arrives when the test says so. */
function pageWithLibraryHeldBack() {
  let arrive: () => void = () => {};
  const library = new Promise<QueryLayer>((resolve) => (arrive = () => resolve(createQueryLayer())));
  const loadLibrary = vi.fn(() => library);
  const pages = createPageQueries(loadLibrary);
  seedPracticeQueries(
    pages,
    { form: buildFormDetails({ name: 'Bright Smile' }), clinics: null },
    new URLSearchParams(),
    'en',
  );
  // No QueryClientProvider anywhere: page 1 must not need the library to render.
  render(
    <PageQueriesContext value={pages}>
      <MemoryRouter initialEntries={['/bright-smile']}>
        <Routes>
          <Route path=":formUrl" element={<BookingPage />} />
        </Routes>
      </MemoryRouter>
    </PageQueriesContext>,
  );
  return { loadLibrary, arrive };
}

describe('the first page without the query library (ADR 0085)', () => {
  it('renders from the server data, then the refetch on mount updates it once the library is here', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { success: true, result: buildFormDetails({ name: 'Bright Smile Dental' }) }),
    );
    const { loadLibrary, arrive } = pageWithLibraryHeldBack();

    expect(screen.getByRole('heading', { level: 2, name: 'Please select patient type' })).toBeInTheDocument();
    expect(screen.getByText('Bright Smile')).toBeInTheDocument();
    // The form's query asked for the library from its effect; nothing is fetched until it arrives.
    expect(loadLibrary).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();

    arrive();
    expect(await screen.findByText('Bright Smile Dental')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => pathOf(input))).toEqual(['/api/v1/form/bright-smile']);
    expect(screen.getByRole('heading', { level: 2, name: 'Please select patient type' })).toBeInTheDocument();
  });

  it('holds a choice made before the library arrives, then fetches the reasons and moves on', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input) =>
      pathOf(input) === '/api/v1/reason-for-visit'
        ? jsonResponse(200, { success: true, result: [buildReason(), buildReason({ id: 'r-2', name: 'Cleaning' })] })
        : jsonResponse(200, { success: true, result: buildFormDetails({ name: 'Bright Smile' }) }),
    );
    const { arrive } = pageWithLibraryHeldBack();

    await user.click(screen.getByRole('button', { name: 'New Patient' }));
    expect(useBookingStore.getState().patientFormDetails.basicDetailsData.patientStatus).toBe('New Patient');
    expect(fetchMock).not.toHaveBeenCalled();

    arrive();
    await waitFor(() => expect(useBookingStore.getState().patientFormPageNumber).toBe(2), { timeout: 3000 });
    expect(fetchMock.mock.calls.map(([input]) => pathOf(input))).toContain('/api/v1/reason-for-visit');
  });

  it('keeps the practice shown through a language switch until its texts come in the new language', async () => {
    let answerInSpanish: (response: Response) => void = () => {};
    fetchMock.mockImplementation(async () =>
      fetchMock.mock.calls.length === 1
        ? jsonResponse(200, { success: true, result: buildFormDetails({ name: 'Bright Smile' }) })
        : new Promise<Response>((resolve) => (answerInSpanish = resolve)),
    );
    const { arrive } = pageWithLibraryHeldBack();
    arrive();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    await act(() => changeLanguage('es'));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Seleccione el tipo de paciente' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    // The English texts stay meanwhile: no skeleton, no flash.
    expect(screen.getByText('Bright Smile')).toBeInTheDocument();

    answerInSpanish(jsonResponse(200, { success: true, result: buildFormDetails({ name: 'Sonrisa Brillante' }) }));
    expect(await screen.findByText('Sonrisa Brillante')).toBeInTheDocument();
  });
});
