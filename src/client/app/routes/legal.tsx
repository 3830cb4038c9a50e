import { PageHeader } from '@client/components/page-header';
import { usePageContent } from '@client/features/site/api/page-content';
import type { CmsTextKey } from '@shared/domain/cms';
import { useTranslation } from 'react-i18next';

type LegalKey = CmsTextKey<'legal'>;
type Field = LegalKey extends `legal.${infer Name}` ? Name : never;

const SECTIONS: { title: 'legal.company' | 'legal.registration' | 'legal.professional'; fields: Field[] }[] =
  [
    { title: 'legal.company', fields: ['companyName', 'address', 'representative', 'contact'] },
    { title: 'legal.registration', fields: ['register', 'vatId'] },
    { title: 'legal.professional', fields: ['profession', 'supervisoryAuthority', 'responsibleForContent'] },
  ];

/** The legal notice (spec §2 "/legal"): editable texts with built-in defaults. */
export function Component() {
  const { t } = useTranslation();
  const { text } = usePageContent('legal');
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader signIn />
      <article className="mx-auto w-full max-w-2xl px-6 pt-6 pb-16">
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">{t('legal.title')}</h1>
        {SECTIONS.map((section) => (
          <section key={section.title} className="mt-10" aria-labelledby={section.title}>
            <h2 id={section.title} className="font-display text-2xl font-semibold">
              {t(section.title)}
            </h2>
            <dl className="mt-4 divide-y divide-border rounded-2xl border border-border bg-surface-raised">
              {section.fields.map((field) => (
                <div key={field} className="grid gap-1 px-5 py-4 sm:grid-cols-[12rem_1fr] sm:gap-4">
                  <dt className="text-sm font-medium text-fg-muted">{t(`legal.field.${field}`)}</dt>
                  <dd className="whitespace-pre-line">{text(`legal.${field}`)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </article>
    </div>
  );
}
