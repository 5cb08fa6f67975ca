import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';

type Cause = 'checking' | 'offline' | 'new-version' | 'broken';

const MODULE_URL = /https?:\/\/\S+?\.js/;

/**
 * Why a page's code did not load: the shop cannot be reached (offline, server down), or that code is
 * gone from the server because a newer version was published (it answers 404), or something else.
 */
async function causeOfFailedImport(error: Error): Promise<Cause> {
  if (!navigator.onLine) return 'offline';
  const url = MODULE_URL.exec(error.message)?.[0];
  try {
    const answer = await fetch(url ?? '/healthz', { method: 'HEAD', cache: 'no-store' });
    if (answer.status === 404 && url) return 'new-version';
    return answer.ok ? 'broken' : 'offline';
  } catch {
    return 'offline';
  }
}

const SAID: Record<Exclude<Cause, 'checking'>, { title: string; text: string; action: string }> = {
  offline: {
    title: 'The shop cannot be reached',
    text: 'The shop cannot be reached — check your connection and retry.',
    action: 'Retry',
  },
  'new-version': {
    title: 'A newer version of the shop is available',
    text: 'The shop was updated while this page was open. Reload to get the new version.',
    action: 'Reload',
  },
  broken: {
    title: 'Something went wrong',
    text: 'This page could not be shown. Please try again.',
    action: 'Try again',
  },
};

/**
 * Shown where a page would be when it cannot be drawn, inside the shop's frame (the navigation stays);
 * `inFrame`: inside the dashboard's, which is the page's main landmark already. A page whose code cannot
 * be fetched is retried by loading it afresh: browsers remember a failed import for the rest of the
 * document's life.
 */
export function RouteError({ inFrame = false }: { inFrame?: boolean }) {
  const error = useRouteError();
  const importFailed =
    error instanceof Error &&
    /dynamically imported module|Loading chunk|Importing a module script/i.test(error.message);
  const [cause, setCause] = useState<Cause>(importFailed ? 'checking' : 'broken');
  useEffect(() => {
    if (importFailed) void causeOfFailedImport(error as Error).then(setCause);
  }, [error, importFailed]);
  if (cause === 'checking') return null;
  const said = SAID[cause];
  const explanation = (
    <>
      <h1 className="text-3xl font-bold">{said.title}</h1>
      <p role="alert">{said.text}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {said.action}
      </button>
    </>
  );
  const layout = 'mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center';
  return inFrame ? (
    <section className={layout}>{explanation}</section>
  ) : (
    <main id="main" className={layout}>
      {explanation}
    </main>
  );
}
