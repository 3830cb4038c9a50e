import { PageHeader } from '@client/components/page-header';
import { usePageContent } from '@client/features/site/api/page-content';
import { type CmsTextKey, missingLegalKeys } from '@shared/domain/cms';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type LegalKey = CmsTextKey<'legal'>;
type Field = LegalKey extends `legal.${infer Name}` ? Name : never;

const SECTIONS: { title: 'legal.company' | 'legal.registration' | 'legal.professional'; fields: Field[] }[] =
  [
    { title: 'legal.company', fields: ['companyName', 'address', 'representative', 'contact'] },
    { title: 'legal.registration', fields: ['register', 'vatId'] },
    { title: 'legal.professional', fields: ['profession', 'supervisoryAuthority', 'responsibleForContent'] },
  ];

const fieldOf = (key: LegalKey) => key.slice('legal.'.length) as Field;

/**
 * The legal notice (spec §2 "/legal"): the operator's details as staff wrote them in the CMS. There are no
 * built-in texts (decision 049): what staff have not written is left out, and while the operator's name,
 * address or contact is missing the page says so plainly instead of showing placeholders.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const { text } = usePageContent('legal');
  const missing = missingLegalKeys(text);
  const sections = SECTIONS.map((section) => ({
    ...section,
    fields: section.fields.filter((field) => text(`legal.${field}`).trim() !== ''),
  })).filter((section) => section.fields.length > 0);
  const missingNames = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    missing.map((key) => t(`legal.field.${fieldOf(key)}`)),
  );

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader signIn />
      <article className="mx-auto w-full max-w-2xl px-6 pt-6 pb-16">
        <h1 className="font-display text-4xl font-semibold sm:text-5xl">{t('legal.title')}</h1>
        {missing.length > 0 && (
          <section
            aria-labelledby="legal-incomplete"
            className="mt-8 flex items-start gap-3 rounded-2xl border border-border bg-surface-sunken px-5 py-4"
          >
            <CircleAlert className="mt-0.5 size-5 shrink-0 text-fg-muted" aria-hidden="true" />
            <div>
              <h2 id="legal-incomplete" className="font-semibold">
                {t('legal.incomplete.title')}
              </h2>
              <p className="mt-1 text-fg-muted">{t('legal.incomplete.body', { fields: missingNames })}</p>
            </div>
          </section>
        )}
        {sections.map((section) => (
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
