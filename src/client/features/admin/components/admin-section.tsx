import type { AdminSection as AdminSectionId } from '@shared/domain/admin';
import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One expandable section of /list: a heading whose button opens and closes it, and its body. Radix mounts
 * the body only while the section is open, so a closed section loads nothing.
 */
export function AdminSection({ section, children }: { section: AdminSectionId; children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Accordion.Item
      value={section}
      className="rounded-3xl border border-border bg-surface-raised shadow-lg shadow-black/[0.03]"
    >
      <Accordion.Header asChild>
        <h2>
          <Accordion.Trigger
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-description`}
            className="group flex w-full items-center gap-4 rounded-3xl px-5 data-[state=open]:rounded-b-none py-4 text-left transition hover:bg-surface-sunken/60 sm:px-7 sm:py-5"
          >
            <span className="min-w-0 flex-1">
              <span id={`${id}-title`} className="block font-display text-xl font-semibold sm:text-2xl">
                {t(`admin.sections.${section}.title`)}
              </span>
              <span id={`${id}-description`} className="mt-0.5 block text-sm text-fg-muted">
                {t(`admin.sections.${section}.description`)}
              </span>
            </span>
            <ChevronDown
              className="size-5 shrink-0 text-fg-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
              aria-hidden="true"
            />
          </Accordion.Trigger>
        </h2>
      </Accordion.Header>
      <Accordion.Content className="border-t border-border px-5 py-6 sm:px-7">{children}</Accordion.Content>
    </Accordion.Item>
  );
}
