import { queryOptions, useQuery } from '@tanstack/react-query';
import { ServerAboutSchema } from '#domain/practice/server-about-schema.ts';
import { PRODUCT_NAME } from '#domain/product.ts';
import { PoweredByFooter } from '../../components/ui/powered-by-footer.tsx';
import { apiGet } from '../../lib/api-client.ts';
import { useMessages } from '../../lib/i18n/use-messages.ts';
import * as messages from './home-page.messages.ts';

const aboutQuery = queryOptions({ queryKey: ['about'], queryFn: () => apiGet('/about', ServerAboutSchema) });

/**
 * Route `/` (ADR 0065): says what this server is and how a patient books (through their practice's
 * link); a development server also lists its practices and the console.
 */
export function HomePage() {
  const t = useMessages(messages);
  const about = useQuery(aboutQuery);
  return (
    <div className="flex min-h-screen flex-col">
      <main className="mx-auto flex w-full max-w-prose flex-1 flex-col gap-4 px-6 py-16">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{PRODUCT_NAME}</h1>
        <p className="text-lg text-slate-700">{t('tagline')}</p>
        <p className="text-lg text-slate-700">{t('howToBook')}</p>
        {about.isPending && <p className="text-slate-600">{t('loading')}</p>}
        {about.data?.dev_tools && (
          <nav aria-labelledby="dev-practices" className="flex flex-col gap-2">
            <h2 id="dev-practices" className="text-xl font-semibold text-slate-900">
              {t('devPractices')}
            </h2>
            <ul className="list-disc pl-6">
              {about.data.practices.map((practice) => (
                <li key={practice.form_url}>
                  <a className="text-blue-800 underline" href={`/${practice.form_url}`}>
                    {practice.name}
                  </a>
                </li>
              ))}
              <li>
                <a className="text-blue-800 underline" href="/console">
                  {t('staffConsole')}
                </a>
              </li>
            </ul>
          </nav>
        )}
      </main>
      <PoweredByFooter />
    </div>
  );
}
