/** Shown for the moment a lazily loaded page's code is on its way. */
export function PageLoading() {
  return (
    <main aria-busy="true" className="min-h-screen">
      <p role="status" className="sr-only">
        Loading…
      </p>
    </main>
  );
}
