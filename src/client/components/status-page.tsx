import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

/**
 * A full page with one centred message: not found, errors, pages still being built. `header` replaces the
 * plain one, for a page that signed-in people reach (their navigation, the logo to the dashboard).
 */
export function StatusPage({
  eyebrow,
  title,
  body,
  actions,
  header = <PageHeader />,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  actions?: ReactNode;
  header?: ReactNode;
}) {
  return (
    <div className="flex flex-1 flex-col">
      {header}
      <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-16 text-center">
        <p className="mb-4 font-display text-sm font-semibold uppercase tracking-[0.2em] text-accent">
          {eyebrow}
        </p>
        <h1 className="font-display text-4xl font-semibold text-balance sm:text-5xl">{title}</h1>
        {body && <div className="mt-5 text-lg text-pretty text-fg-muted">{body}</div>}
        {actions && <div className="mt-10 flex flex-wrap items-center justify-center gap-3">{actions}</div>}
      </section>
    </div>
  );
}
