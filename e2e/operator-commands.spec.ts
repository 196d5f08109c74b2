import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures.ts';

/**
 * The operator's side of a development server (ADR 0065): `/` lists its practices, and a command
 * that writes, run beside the running server on its embedded database, refuses at once and names
 * the server, which goes on serving.
 */
test('the page at / lists the practices of this development server', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chairtime');
  const practices = page.getByRole('navigation', { name: 'Practices on this development server' });
  await practices.getByRole('link', { name: 'Bright Smile Dental' }).click();
  await expect(page).toHaveURL(/\/bright-smile$/);
});

test('npm run staff:add beside the running server refuses, and the server goes on', async ({ page, baseURL }) => {
  const urls = (process.env.E2E_BASE_URLS ?? '').split(' ');
  const dataDir = join(process.env.E2E_DATA_DIR!, `server-${urls.indexOf(baseURL!)}`);
  const { PUBLIC_URL: _u, PORT: _p, ...inherited } = process.env;
  const args = ['run', '--silent', 'staff:add', '--', '--practice', 'bright-smile', '--email', 'new@example.test'];
  const result = await promisify(execFile)('npm', [...args, '--role', 'front_desk'], {
    env: { ...inherited, DATA_DIR: dataDir, NODE_ENV: 'test' },
    timeout: 60_000,
  }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`is in use by the booking server at ${baseURL}`);
  expect(result.stderr).toContain('Two processes must never open one embedded database');

  await page.goto('/bright-smile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
