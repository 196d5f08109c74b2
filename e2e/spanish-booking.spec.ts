import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { demoPractice } from './demo-practices.ts';
import { allowConsoleErrors, expect, httpErrorLine, test } from './fixtures.ts';
import { expectNoAxeViolations, expectStep, HEADINGS, HEADINGS_ES, PATIENT, screenshot } from './booking-steps.ts';
import { chooseSlotOnDay, codeFromOutbox, outbox, uniqueContact } from './verification-steps.ts';

/**
 * ADR 0034 in the browser: the patient side in Spanish. A whole booking from `?lang=es` driven by
 * the Spanish on the screen (with the code's text message and the confirmation e-mail in Spanish),
 * every step at 375 px with axe, an overflow check and a screenshot, the footer's language switch
 * in the middle of the contact form, and a refusal of the server shown in Spanish.
 *
 * Slots: only the first test books, on verify-dental's 10th open day (the other specs book on
 * its days 0 to 7), with a contact of its own. The other tests stop before booking or are refused.
 */

const verifyDental = demoPractice('verify-dental');
const brightSmile = demoPractice('bright-smile');
const SHOTS = '/tmp/es-shots';
const PHONE_WIDTH = { width: 375, height: 812 };

const htmlLang = (page: Page) => page.locator('html');

/**
 * Nothing reaches past the screen or its box: no sideways scrolling, no button whose text is wider
 * than the button, no text cut off by a box that hides its overflow, nothing in the form or the
 * panel past their right edge.
 */
async function expectNoOverflow(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const isShown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth)
      found.push(`page: scrollWidth ${root.scrollWidth} > innerWidth ${window.innerWidth}`);
    for (const button of document.querySelectorAll('button, [role="button"], a')) {
      if (!isShown(button) || !(button.textContent ?? '').trim()) continue;
      if (button.scrollWidth > button.clientWidth + 1)
        found.push(`${name(button)}: text ${button.scrollWidth} px wide in ${button.clientWidth} px`);
    }
    for (const element of document.querySelectorAll('body *')) {
      if (!isShown(element) || !(element.textContent ?? '').trim()) continue;
      const style = getComputedStyle(element);
      const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      // An sr-only element is 1 px wide on purpose.
      if (clips && element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1)
        found.push(`${name(element)}: cut off (${element.scrollWidth} > ${element.clientWidth})`);
    }
    for (const container of document.querySelectorAll('main, aside, footer')) {
      const edge = container.getBoundingClientRect().right + 1;
      for (const element of container.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width > 1 && box.right > edge)
          found.push(`${name(element)} ends at ${Math.round(box.right)} > ${Math.round(edge)}`);
      }
    }
    return found;
  });
  expect(problems, `overflow on ${where}`).toEqual([]);
}

/**
 * On one Spanish step: `<html lang="es">`, no axe violations, nothing overflowing, a screenshot
 * (attached and in /tmp/es-shots/).
 */
async function checkSpanishStep(page: Page, name: string) {
  await expect(htmlLang(page)).toHaveAttribute('lang', 'es');
  await expectNoAxeViolations(page);
  await expectNoOverflow(page, name);
  await screenshot(page, `es-${name}`);
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/${name}.png`, await page.screenshot({ fullPage: true }));
}

test.describe('at 375 px in Spanish', () => {
  test.use({ viewport: PHONE_WIDTH });

  test('a booking from ?lang=es, verified by text: each step, code text and confirmation e-mail in Spanish', async ({
    page,
    request,
  }) => {
    // Axe, an overflow check and two screenshots on seven steps, and a booking.
    test.setTimeout(120_000);
    const contact = uniqueContact('es.booking');
    await page.goto('/verify-dental?lang=es');
    await expectStep(page, HEADINGS_ES.patientType);
    await expect(page.getByText('Paso 1', { exact: true })).toBeVisible();
    await checkSpanishStep(page, '1-tipo-de-paciente');
    await page.getByRole('button', { name: 'Paciente nuevo' }).click();

    await expectStep(page, HEADINGS_ES.reason);
    await checkSpanishStep(page, '2-motivo');
    await page.getByRole('button', { name: /^Revisión dental/ }).click();

    await expectStep(page, HEADINGS_ES.slot);
    await expect(page.getByTestId('slot-list').getByRole('button').first()).toBeVisible();
    await expect(page.getByText(/^Todos los horarios están en [A-Z]{3,4}$/)).toBeVisible();
    await checkSpanishStep(page, '4-horario');
    const slot = await chooseSlotOnDay(page, 9, 3, 'es');
    // es-US keeps the 12-hour clock: "9:30 a.m.".
    expect(slot.time).toMatch(/^\d{1,2}:\d{2}\s?[ap]\.\s?m\.$/);

    await expectStep(page, HEADINGS_ES.contact);
    await expect(page.getByLabel('Fecha de nacimiento', { exact: true })).toHaveAttribute('placeholder', 'MM/DD/AAAA');
    await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await page.getByLabel('Apellido', { exact: true }).fill('Hernández');
    await page.getByLabel('Correo electrónico', { exact: true }).fill(contact.email);
    await page.getByLabel('Teléfono', { exact: true }).fill(contact.phone);
    await page.getByLabel('Fecha de nacimiento', { exact: true }).fill(PATIENT.dob);
    await page.getByRole('group', { name: '¿Nos ha visitado antes?' }).getByRole('radio', { name: 'No' }).check();
    await checkSpanishStep(page, '5-contacto');
    await page.getByRole('button', { name: 'Siguiente', exact: true }).click();

    await expectStep(page, HEADINGS_ES.verify);
    await checkSpanishStep(page, '6-verificacion');
    await page.getByRole('button', { name: 'Usar celular' }).click();
    const shownPhone = `(${contact.phone.slice(0, 3)}) ${contact.phone.slice(3, 6)}-${contact.phone.slice(6)}`;
    await expect(page.getByTestId('verify-sentence')).toHaveText(
      `Enviamos un código de 6 dígitos a su número de teléfono ${shownPhone}.`,
    );
    const { code, message: codeText } = await codeFromOutbox(request, contact.e164, 'sms');
    expect(codeText.text).toBe(`Su código de verificación de ${verifyDental.name} es ${code}. Vence en 10 minutos.`);
    // Accents leave GSM-7: one segment holds 70 characters, two hold 134.
    expect(codeText.text.length).toBeLessThanOrEqual(134);
    await page.getByRole('textbox', { name: 'Código de verificación' }).fill(code);
    await page
      .getByRole('checkbox', {
        name: `Acepto recibir mensajes de texto y correos electrónicos de ${verifyDental.name}.`,
      })
      .check();
    await checkSpanishStep(page, '6-verificacion-con-codigo');
    const [booking] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/appointment')),
      page.getByRole('button', { name: 'Verificar y reservar', exact: true }).click(),
    ]);
    // The browser tells the API its language explicitly, in the header and in the booking.
    expect(booking.headers()['accept-language']).toBe('es');
    expect(booking.postDataJSON()).toMatchObject({ language: 'es', first_name: 'Lucía', email: contact.email });

    await expectStep(page, HEADINGS_ES.booked);
    const main = page.getByRole('main');
    await expect(main).toContainText('Fecha y hora');
    await expect(main).toContainText(`${slot.dayHeading}, ${slot.time}`);
    await expect(main).toContainText('Revisión dental');
    await expect(main).toContainText('Lucía Hernández');
    await expect(main).toContainText(shownPhone);
    await checkSpanishStep(page, '7-cita-reservada');

    // The confirmation e-mail, in the language the patient booked in.
    await expect
      .poll(
        async () =>
          (await outbox(request)).find((m) => m.channel === 'email' && m.to === contact.email)?.subject ?? null,
        { timeout: 15_000 },
      )
      .toMatch(new RegExp(`^Su cita en ${verifyDental.name}: `));
    const email = (await outbox(request)).find((m) => m.channel === 'email' && m.to === contact.email)!;
    expect(email.subject).toContain(slot.time);
    for (const line of [
      'Hola, Lucía:',
      'Su cita quedó reservada.',
      'Cuándo: ',
      'Referencia: ',
      'Dónde: ',
      'Motivo: Revisión dental',
      'Para ver, cambiar o cancelar su cita: http',
    ]) {
      expect(email.text.toLowerCase()).toContain(line.toLowerCase());
    }
    for (const english of ['Hello', 'Your appointment', 'When:', 'Reason:', 'Checkup'])
      expect(email.text).not.toContain(english);
  });

  test('the steps a multi-clinic practice, a provider choice and insurance add, in Spanish', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/smile-group?lang=es');
    await expectStep(page, HEADINGS_ES.clinic);
    await expect(page.getByRole('button', { name: 'Reservar cita' }).first()).toBeVisible();
    await checkSpanishStep(page, '0-ubicacion');

    // The longer labels: booking for someone else, a reason with providers, the insurance section.
    await page.goto('/bright-smile?lang=es');
    await expectStep(page, HEADINGS_ES.patientType);
    await page.getByRole('checkbox', { name: 'Reserva para otra persona' }).check();
    await page.getByRole('button', { name: 'Paciente nuevo' }).click();
    await expectStep(page, HEADINGS_ES.reason);
    await page.getByRole('button', { name: /^Examen para paciente nuevo/ }).click();
    await expectStep(page, HEADINGS_ES.provider);
    await expect(page.getByRole('button', { name: 'Primero disponible' })).toBeVisible();
    await checkSpanishStep(page, '3-proveedor');
    await page.getByRole('button', { name: 'Primero disponible' }).click();
    // Nothing is booked here: any time will do.
    await chooseSlotOnDay(page, 1, 0, 'es');
    await expectStep(page, HEADINGS_ES.contact);
    await page.getByRole('group', { name: '¿Tiene seguro dental?' }).getByRole('radio', { name: 'Sí' }).check();
    await page.getByRole('combobox', { name: 'Seguro' }).click();
    // The practice's insurance names stay as they are; the first choice is the page's own word.
    await page.getByRole('option', { name: 'Otro', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Seguro' })).toHaveText(/^Otro\b/);
    await expect(page.getByLabel('Nombre de la aseguradora')).toBeVisible();
    await expect(page.getByText(/^Revisaremos su cobertura antes de su cita/)).toBeVisible();
    await checkSpanishStep(page, '5-contacto-para-otra-persona-con-seguro');
    await expect(page.getByRole('button', { name: 'Enviar', exact: true })).toBeVisible();
  });
});

test('switching language on the contact form by keyboard keeps step and input; the choice outlives a reload', async ({
  page,
}) => {
  await page.goto('/bright-smile?lang=es');
  await expect(htmlLang(page)).toHaveAttribute('lang', 'es');
  await page.getByRole('button', { name: 'Paciente nuevo' }).click();
  await expectStep(page, HEADINGS_ES.reason);
  await page.getByRole('button', { name: /^Limpieza dental/ }).click();
  // Nothing is booked here: any time will do.
  await chooseSlotOnDay(page, 1, 1, 'es');
  await expectStep(page, HEADINGS_ES.contact);
  await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await page.getByLabel('Apellido', { exact: true }).fill('Hernández');
  await page.getByLabel('Correo electrónico', { exact: true }).fill('lucia.hernandez@example.com');
  await page.getByLabel('Teléfono', { exact: true }).fill('5125550188');
  await page.getByLabel('Fecha de nacimiento', { exact: true }).fill('07/21/1990');
  await page.getByRole('group', { name: '¿Nos ha visitado antes?' }).getByRole('radio', { name: 'Sí' }).check();
  await page.getByRole('textbox', { name: 'Mensaje' }).fill('Prefiero por la mañana');
  await page.getByRole('group', { name: '¿Tiene seguro dental?' }).getByRole('radio', { name: 'No' }).check();
  await page
    .getByRole('checkbox', { name: `Acepto recibir mensajes de texto y correos electrónicos de ${brightSmile.name}` })
    .check();
  const step = new URL(page.url()).pathname;

  const typed = async (language: 'en' | 'es') => {
    const label = {
      en: {
        first: 'First Name',
        last: 'Last Name',
        email: 'Email',
        phone: 'Phone',
        dob: 'Date of Birth',
        message: 'Message',
        visited: 'Have you visited us before',
        yes: 'Yes',
        insurance: 'Do you have dental insurance?',
        consent: `I agree to receive text and email from ${brightSmile.name}`,
      },
      es: {
        first: 'Nombre',
        last: 'Apellido',
        email: 'Correo electrónico',
        phone: 'Teléfono',
        dob: 'Fecha de nacimiento',
        message: 'Mensaje',
        visited: '¿Nos ha visitado antes?',
        yes: 'Sí',
        insurance: '¿Tiene seguro dental?',
        consent: `Acepto recibir mensajes de texto y correos electrónicos de ${brightSmile.name}`,
      },
    }[language];
    await expect(page.getByLabel(label.first, { exact: true })).toHaveValue('Lucía');
    await expect(page.getByLabel(label.last, { exact: true })).toHaveValue('Hernández');
    await expect(page.getByLabel(label.email, { exact: true })).toHaveValue('lucia.hernandez@example.com');
    await expect(page.getByLabel(label.phone, { exact: true })).toHaveValue('5125550188');
    await expect(page.getByLabel(label.dob, { exact: true })).toHaveValue('07/21/1990');
    await expect(page.getByRole('textbox', { name: label.message })).toHaveValue('Prefiero por la mañana');
    await expect(
      page.getByRole('group', { name: label.visited }).getByRole('radio', { name: label.yes }),
    ).toBeChecked();
    await expect(page.getByRole('group', { name: label.insurance }).getByRole('radio', { name: 'No' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: label.consent })).toBeChecked();
  };

  /** Tabs from the message field to the footer's button for `name` and presses Enter on it. */
  const switchByKeyboard = async (name: 'English' | 'Español') => {
    const button = page.getByRole('contentinfo').getByRole('button', { name });
    await page.getByRole('textbox', { name: /^(Message|Mensaje)$/ }).focus();
    for (let presses = 0; presses < 30 && !(await button.evaluate((b) => b === document.activeElement)); presses++)
      await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-current', 'true');
    // The focus stays on the button just pressed.
    await expect(button).toBeFocused();
  };

  await switchByKeyboard('English');
  await expect(htmlLang(page)).toHaveAttribute('lang', 'en');
  await expectStep(page, HEADINGS.contact);
  expect(new URL(page.url()).pathname).toBe(step);
  // The switch drops ?lang= from the address, so the choice (the cookie) rules the next load.
  expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
  await typed('en');
  await expect(page.getByRole('button', { name: 'Submit', exact: true })).toBeVisible();
  // The English contact form with everything filled in (the walkthrough checks it empty-handed at both widths).
  await expectNoAxeViolations(page);

  await switchByKeyboard('Español');
  await expect(htmlLang(page)).toHaveAttribute('lang', 'es');
  await expectStep(page, HEADINGS_ES.contact);
  expect(new URL(page.url()).pathname).toBe(step);
  await typed('es');
  await expectNoAxeViolations(page);

  // A reload without ?lang: the cookie remembers the choice; the step and the form are kept.
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('es');
  await page.reload();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'es');
  await expectStep(page, HEADINGS_ES.contact);
  await typed('es');

  await switchByKeyboard('English');
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
  await page.reload();
  await expect(htmlLang(page)).toHaveAttribute('lang', 'en');
  await expectStep(page, HEADINGS.contact);
  await typed('en');
});

test.describe('the API answers in Spanish', () => {
  test.use(allowConsoleErrors(httpErrorLine(422, /\/api\/v1\/appointment$/)));

  test("a field the server refuses shows the server's Spanish under the field", async ({ page }) => {
    await page.goto('/bright-smile?lang=es');
    await page.getByRole('button', { name: 'Paciente nuevo' }).click();
    await page.getByRole('button', { name: /^Limpieza dental/ }).click();
    // Refused before any slot is taken: any time will do.
    await chooseSlotOnDay(page, 1, 2, 'es');
    await expectStep(page, HEADINGS_ES.contact);
    await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await page.getByLabel('Apellido', { exact: true }).fill('Hernández');
    await page.getByLabel('Correo electrónico', { exact: true }).fill('lucia.refused@example.com');
    await page.getByLabel('Teléfono', { exact: true }).fill('5125550177');
    await page.getByLabel('Fecha de nacimiento', { exact: true }).fill('07/21/1990');
    await page.getByRole('group', { name: '¿Nos ha visitado antes?' }).getByRole('radio', { name: 'No' }).check();
    await page.getByRole('group', { name: '¿Tiene seguro dental?' }).getByRole('radio', { name: 'No' }).check();
    await page
      .getByRole('checkbox', { name: `Acepto recibir mensajes de texto y correos electrónicos de ${brightSmile.name}` })
      .check();

    // The page checks the address itself; on the way out it is spoilt, so only the server can refuse it.
    await page.route('**/api/v1/appointment', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, email: 'lucia.refused-at-example.com' }) });
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/appointment')),
      page.getByRole('button', { name: 'Enviar', exact: true }).click(),
    ]);
    expect(response.status()).toBe(422);
    const answer = (await response.json()) as { code: string; message: string; fields?: Record<string, string> };
    expect(answer).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { email: 'Ingrese un correo electrónico válido' },
    });
    expect(answer.message).toMatch(/^Corrija lo siguiente: /);

    await expectStep(page, HEADINGS_ES.contact);
    await expect(page.getByRole('main').getByText('Ingrese un correo electrónico válido')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  });
});
