import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-routes.tsx';
import { FEEDBACK_CATEGORIES } from '#domain/reviews/feedback-categories.ts';
import { changeLanguage } from '../../lib/i18n/catalogue-registry.ts';
import { buildFormDetails } from '../../test/practice-factories.ts';
import { FeedbackPage } from './feedback-page.tsx';
import { ReviewPage } from './review-page.tsx';
import { jsonResponse as json, stubFetch } from '../../test/fetch-stub.ts';

const showErrorToast = vi.hoisted(() => vi.fn());
vi.mock('../../lib/toast.ts', () => ({ showErrorToast }));

const fetchMock = stubFetch();
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
  showErrorToast.mockReset();
  document.title = '';
});

const REQUEST_ID = '5f0c6f7e-2a1b-4c3d-8e9f-0a1b2c3d4e5f';
const PRACTICE = buildFormDetails({
  name: 'Lakeside Dental',
  phone: '3125550142',
  logo: 'https://cdn.example.com/lakeside.png',
  form_customization: { brand_color: '#1e3a5f', button_color_1: '', button_color_2: '' },
});
const LINK = {
  patient_first_name: 'Ana',
  patient_last_name: 'Lopez',
  request_id: REQUEST_ID,
  form_url: PRACTICE.form_url,
  has_review_url: true,
};

/** Answers like the server: the review link, the request's practice, the practice's form, and `other` for the rest. */
function serve(
  link: Record<string, unknown> = LINK,
  other: () => Response = () => json(404, { success: false, code: 'NOT_FOUND', message: 'Not here.' }),
) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path.startsWith('/api/v1/review/verify-request-link/')) return json(200, { success: true, result: link });
    if (path === `/api/v1/review/request/${REQUEST_ID}/practice`)
      return json(200, { success: true, result: { request_id: REQUEST_ID, form_url: PRACTICE.form_url } });
    if (path === `/api/v1/form/${PRACTICE.form_url}`) return json(200, { success: true, result: PRACTICE });
    return other();
  });
}

const panel = () => screen.getByRole('complementary', { name: 'Practice information' });

function expectBranding() {
  expect(panel().style.backgroundColor).toBe('rgb(30, 58, 95)');
  expect(panel().textContent).toContain('Lakeside Dental');
  expect(within(panel()).getByRole('img', { name: 'Lakeside Dental' }).getAttribute('src')).toBe(
    'https://cdn.example.com/lakeside.png',
  );
  expect(within(panel()).getByRole('link', { name: '(312) 555-0142' }).getAttribute('href')).toBe('tel:3125550142');
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
}

function renderAt(path: string) {
  renderRoutes(path, { 'review/feedback': <FeedbackPage />, 'review/:id': <ReviewPage /> });
}

describe('the review page', () => {
  it('thanks the patient by name and offers the Google review (in a new tab) and private feedback', async () => {
    serve();
    renderAt('/review/tok_123');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Thank you for choosing us, Ana Lopez');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/review/verify-request-link/tok_123');

    const google = screen.getByRole('link', { name: 'Leave a Review on Google' });
    expect(google.getAttribute('href')).toBe(`/api/v1/review/track/${REQUEST_ID}`);
    expect(google.getAttribute('target')).toBe('_blank');
    expect(google.getAttribute('rel')).toContain('noopener');
    expect(google).toHaveAccessibleDescription();

    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Not happy with your visit ?');
    expect(screen.getByRole('link', { name: 'Let us know' }).getAttribute('href')).toBe(
      `/review/feedback?requestId=${REQUEST_ID}`,
    );
  });

  it("wears the practice's name, colour, logo and phone, and names it in the tab title", async () => {
    serve();
    renderAt('/review/tok_123');
    await screen.findByRole('heading', { level: 1, name: 'Thank you for choosing us, Ana Lopez' });
    expectBranding();
    await waitFor(() => expect(document.title).toBe('Thank you for your visit - Lakeside Dental - Chairtime'));
  });

  it("leaves out 'Leave a Review on Google' without a review page, and still offers private feedback", async () => {
    serve({ ...LINK, has_review_url: false });
    renderAt('/review/tok_123');
    await screen.findByRole('heading', { level: 1, name: 'Thank you for choosing us, Ana Lopez' });
    expect(screen.queryByRole('link', { name: 'Leave a Review on Google' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Google/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Let us know' })).toBeInTheDocument();
  });

  it('shows the error message instead of the page when the lookup fails', async () => {
    fetchMock.mockResolvedValue(
      json(404, { success: false, code: 'NOT_FOUND', message: 'This review link is not valid.' }),
    );
    renderAt('/review/nope');
    expect(await screen.findByText('This review link is not valid.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Leave a Review on Google' })).not.toBeInTheDocument();
  });
});

describe('the feedback page', () => {
  const combobox = () => screen.getByRole('combobox', { name: 'Category' });
  const submit = () => screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;

  it("wears the practice's branding, found from the request, and names it in the tab title", async () => {
    serve();
    renderAt(`/review/feedback?requestId=${REQUEST_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Feedback Form' });
    expectBranding();
    await waitFor(() => expect(document.title).toBe('Feedback Form - Lakeside Dental - Chairtime'));
  });

  it('says the request is unknown instead of showing a form that could not be sent', async () => {
    fetchMock.mockResolvedValue(
      json(404, { success: false, code: 'NOT_FOUND', message: 'We could not find this review request.' }),
    );
    renderAt(`/review/feedback?requestId=${REQUEST_ID}`);
    expect(await screen.findByText('We could not find this review request.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('lists the 17 categories in order, and keeps submit disabled until both fields are given', async () => {
    const user = userEvent.setup();
    serve();
    renderAt(`/review/feedback?requestId=${REQUEST_ID}`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Feedback Form');
    expect(combobox().textContent).toContain('Select...');
    expect(screen.getByPlaceholderText('Enter your message...')).toBeInTheDocument();
    expect(submit().disabled).toBe(true);

    combobox().focus();
    await user.keyboard('{ArrowDown}');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([...FEEDBACK_CATEGORIES]);

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(combobox().textContent).toContain('Rude staff behavior');
    expect(submit().disabled).toBe(true);
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), '   ');
    expect(submit().disabled).toBe(true);
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'The receptionist was short with me.');
    expect(submit().disabled).toBe(false);
  });

  it('sends the feedback and replaces the form with the message', async () => {
    const user = userEvent.setup();
    serve(LINK, () =>
      json(201, { success: true, message: 'Thank you for your feedback.', result: { request_id: REQUEST_ID } }),
    );
    renderAt(`/review/feedback?requestId=${REQUEST_ID}`);
    await user.click(await screen.findByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'Other' }));
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), ' Parking was hard. ');
    await user.click(submit());

    const message = await screen.findByRole('status');
    expect(message.textContent).toBe('Thank you for your feedback.');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(screen.queryByLabelText('Description')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/v1/review/feedback')!;
    expect(url).toBe('/api/v1/review/feedback');
    expect(JSON.parse(String(init?.body))).toEqual({
      request_id: REQUEST_ID,
      feedback_category: 'Other',
      feedback_description: 'Parking was hard.',
    });
  });

  it('shows a failure in a toast and keeps what was typed', async () => {
    const user = userEvent.setup();
    serve(LINK, () =>
      json(409, {
        success: false,
        code: 'CONFLICT',
        message: 'We already received your feedback for this visit. Thank you!',
      }),
    );
    renderAt(`/review/feedback?requestId=${REQUEST_ID}`);
    await user.click(await screen.findByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'Billing issues' }));
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Charged twice.');
    await user.click(submit());

    await waitFor(() =>
      expect(showErrorToast).toHaveBeenCalledWith('We already received your feedback for this visit. Thank you!'),
    );
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Charged twice.');
    expect(combobox().textContent).toContain('Billing issues');
  });

  it('explains a link without a valid requestId instead of showing a form that cannot be sent', () => {
    renderAt('/review/feedback?requestId=abc');
    expect(
      screen.getByText('This feedback link is incomplete. Please open it again from your review page.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('in Spanish (ADR 0034)', () => {
  const languageOfCall = (path: string) => {
    const call = fetchMock.mock.calls.find(([input]) => String(input).startsWith(path));
    return (call?.[1]?.headers as Record<string, string> | undefined)?.['Accept-Language'];
  };

  it('shows the review page in Spanish, asks the API in Spanish, and offers the switch in the footer', async () => {
    await changeLanguage('es');
    serve();
    renderAt('/review/tok_123');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Gracias por elegirnos, Ana Lopez');
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByRole('link', { name: 'Dejar una reseña en Google' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Se abre en una pestaña nueva')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('¿No quedó conforme con su visita?');
    expect(screen.getByRole('link', { name: 'Cuéntenos' }).getAttribute('href')).toBe(
      `/review/feedback?requestId=${REQUEST_ID}`,
    );
    expect(screen.getByRole('complementary', { name: 'Información del consultorio' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Gracias por su visita - Lakeside Dental - Chairtime'));
    expect(languageOfCall('/api/v1/review/verify-request-link/')).toBe('es');
    expect(languageOfCall(`/api/v1/form/${PRACTICE.form_url}`)).toBe('es');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('button', { name: 'Español' }).getAttribute('aria-current')).toBe('true');
  });

  it('lists the categories in Spanish but sends the category itself', async () => {
    const user = userEvent.setup();
    await changeLanguage('es');
    serve(LINK, () =>
      json(201, { success: true, message: 'Gracias por sus comentarios.', result: { request_id: REQUEST_ID } }),
    );
    renderAt(`/review/feedback?requestId=${REQUEST_ID}`);
    const box = await screen.findByRole('combobox', { name: 'Categoría' });
    expect(box.textContent).toContain('Seleccione...');
    expect(screen.getByPlaceholderText('Escriba su mensaje...')).toBeInTheDocument();
    await user.click(box);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options).toHaveLength(FEEDBACK_CATEGORIES.length);
    expect(options[0]?.textContent).toBe('Largo tiempo de espera');
    await user.click(screen.getByRole('option', { name: 'Problemas de facturación' }));
    expect(box.textContent).toContain('Problemas de facturación');
    await user.clear(screen.getByLabelText('Descripción'));
    await user.type(screen.getByLabelText('Descripción'), 'Me cobraron dos veces.');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect((await screen.findByRole('status')).textContent).toBe('Gracias por sus comentarios.');
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/v1/review/feedback')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ feedback_category: 'Billing issues' });
    expect(languageOfCall('/api/v1/review/feedback')).toBe('es');
  });

  it('switches language from the footer without losing what was typed', async () => {
    const user = userEvent.setup();
    serve();
    renderAt(`/review/feedback?requestId=${REQUEST_ID}`);
    await user.click(await screen.findByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: 'Billing issues' }));
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Charged twice.');

    await user.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Formulario de comentarios' })).toBeInTheDocument();
    expect((screen.getByLabelText('Descripción') as HTMLTextAreaElement).value).toBe('Charged twice.');
    expect(screen.getByRole('combobox', { name: 'Categoría' }).textContent).toContain('Problemas de facturación');
    expect(document.documentElement.lang).toBe('es');
  });

  it('explains an incomplete link in Spanish, with the footer and its switch', async () => {
    await changeLanguage('es');
    renderAt('/review/feedback?requestId=abc');
    const incomplete = 'Este enlace de comentarios está incompleto. Ábralo de nuevo desde su página de reseña.';
    expect(await screen.findByText(incomplete)).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Idioma' })).toBeInTheDocument();
  });
});
