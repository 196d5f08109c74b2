export const PAGE_NOT_FOUND = 'Page Not Found';
export const ERROR_HEADING = 'ERROR!';

interface NotFoundPageProps {
  /** The form-load error message; 'Page Not Found' when there is none (spec section 2). */
  message?: string;
}

export function NotFoundPage({ message }: NotFoundPageProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <NotFoundMessage message={message} />
    </main>
  );
}

/** The 404 page's heading and sentence, also shown inside a practice's branding. */
export function NotFoundMessage({ message }: NotFoundPageProps) {
  return (
    <>
      <h1 className="text-5xl font-bold tracking-tight text-slate-900">{ERROR_HEADING}</h1>
      <p className="max-w-prose text-lg text-slate-700">{message?.trim() ? message : PAGE_NOT_FOUND}</p>
    </>
  );
}
