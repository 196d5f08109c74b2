import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';
import { expectStep, HEADINGS } from './booking-steps.ts';
import { agreeAndSubmit, walkToContact } from './booking-walk.ts';

/** Names as people write them (ADR 0030), and the phone's '+' only in front, both as typed. */

const brightSmile = demoPractice('bright-smile');

test('names keep apostrophes, hyphens and accents, lose digits and symbols as typed, and still book', async ({
  page,
}) => {
  await walkToContact(page, {
    path: '/bright-smile',
    patientType: 'New Patient',
    forSomeoneElse: true,
    reason: 'Cleaning',
    // A day of its own: the other specs book the first day's times.
    slot: [3, 0],
    contact: { visitedBefore: 'No' },
    hasNoInsurance: true,
  });

  const first = page.getByLabel("Patient's First Name", { exact: true });
  const last = page.getByLabel("Patient's Last Name", { exact: true });
  await first.fill('');
  await first.pressSequentially("O'Ne1il");
  await expect(first).toHaveValue("O'Neil");
  await last.fill('');
  await last.pressSequentially('Smith 2 -Jones!');
  await expect(last).toHaveValue('Smith -Jones');
  await last.fill('Smith-Jones');
  await page.getByLabel('Your First Name').pressSequentially('Zoë  3 Ann');
  await expect(page.getByLabel('Your First Name')).toHaveValue('Zoë Ann');
  await page.getByLabel('Your Last Name').fill('José');
  await page.getByLabel('Your Date of Birth').fill('01/02/1960');

  const phone = page.getByLabel('Phone', { exact: true });
  await phone.fill('');
  await phone.pressSequentially('5+12 555+0199');
  await expect(phone).toHaveValue('5125550199');
  await phone.fill('');
  await phone.pressSequentially('+1 512+555 0199');
  await expect(phone).toHaveValue('+15125550199');

  const request = await agreeAndSubmit(page, brightSmile.name);
  expect(request.postDataJSON()).toMatchObject({
    first_name: "O'Neil",
    last_name: 'Smith-Jones',
    booker_first_name: 'Zoë Ann',
    booker_last_name: 'José',
    wireless_phone: '+15125550199',
  });
  expect((await request.response())?.status()).toBe(201);
  await expectStep(page, HEADINGS.booked, null);
  await expect(page.getByRole('main')).toContainText("O'Neil Smith-Jones");
});
