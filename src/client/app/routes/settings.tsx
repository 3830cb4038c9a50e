import { MemberHeader } from '@client/app/member-nav';
import { BackToDashboard } from '@client/components/back-to-dashboard';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { DeleteAccountDialog } from '@client/features/accounts/components/delete-account-dialog';
import {
  ExportDataButton,
  ExportReflectionsButton,
} from '@client/features/accounts/components/export-data-button';
import { SignOutOthersButton } from '@client/features/accounts/components/sign-out-others-button';
import { settingsQueryOptions } from '@client/features/settings/api/settings';
import { DeleteDataDialog } from '@client/features/settings/components/delete-data-dialog';
import { PreferencesForm } from '@client/features/settings/components/preferences-form';
import { useRequireUser, useSession } from '@client/lib/session';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

function Section({ title, tone, children }: { title: string; tone?: 'danger'; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card asChild className={tone === 'danger' ? 'border-danger/30 p-6 sm:p-8' : 'p-6 sm:p-8'}>
      <section aria-labelledby={headingId}>
        <h2
          id={headingId}
          className={
            tone === 'danger'
              ? 'font-display text-2xl font-semibold text-danger'
              : 'font-display text-2xl font-semibold'
          }
        >
          {title}
        </h2>
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}

/** One action with a line about it: the text beside the button on wide screens, above it on narrow ones. */
function ActionRow({ text, action }: { text: ReactNode; action: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between sm:gap-8">
      <p className="text-fg-muted">{text}</p>
      <div className="shrink-0">{action}</div>
    </div>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-6 text-fg-muted">
      <Spinner className="size-5 text-accent" />
      {label}
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-2xl bg-surface-sunken p-5">
      <p>{t('settings.loadError')}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        {t('settings.retry')}
      </Button>
    </div>
  );
}

/** The preferences card's body: the saved settings (rendered once the user is known). */
function Preferences() {
  const { t } = useTranslation();
  const settings = useQuery(settingsQueryOptions);
  if (settings.isError) return <LoadError onRetry={() => void settings.refetch()} />;
  if (!settings.isSuccess) return <Loading label={t('settings.loading')} />;
  return <PreferencesForm saved={settings.data} />;
}

/**
 * Settings (spec §2 "/settings"): the read-only e-mail, AI insights and the reminder (saved together),
 * signing out elsewhere, the data export, and deleting the data or the whole account. Signed-out visitors are
 * sent to /auth.
 */
export function Component() {
  const { t } = useTranslation();
  const session = useSession();
  const { user, isError } = useRequireUser();

  let body: ReactNode;
  if (isError) {
    body = <LoadError onRetry={() => void session.refetch()} />;
  } else if (!user) {
    body = <Loading label={t('settings.loading')} />;
  } else {
    body = (
      <div className="space-y-6">
        <Section title={t('settings.account.title')}>
          <Field label={t('settings.email.label')} hint={t('settings.email.hint')}>
            {(control) => <Input {...control} type="email" readOnly value={user.email} />}
          </Field>
        </Section>

        <Section title={t('settings.preferences.title')}>
          <Preferences />
        </Section>

        <Section title={t('settings.sessions.title')}>
          <ActionRow text={t('settings.sessions.body')} action={<SignOutOthersButton />} />
        </Section>

        <Section title={t('settings.export.title')}>
          <div className="space-y-6">
            <ActionRow text={t('settings.export.body')} action={<ExportDataButton />} />
            <div className="border-t border-border" />
            <ActionRow text={t('settings.exportMarkdown.body')} action={<ExportReflectionsButton />} />
          </div>
        </Section>

        <Section title={t('settings.danger.title')} tone="danger">
          <div className="space-y-6">
            <ActionRow text={t('settings.deleteData.body')} action={<DeleteDataDialog />} />
            <div className="border-t border-border" />
            <ActionRow text={t('settings.deleteAccount.body')} action={<DeleteAccountDialog />} />
          </div>
        </Section>
      </div>
    );
  }

  return (
    <div className="flex flex-1 flex-col">
      <MemberHeader />
      <div className="mx-auto w-full max-w-2xl px-5 pt-2 pb-16 sm:px-6">
        <BackToDashboard label={t('settings.back')} />
        <h1 className="mt-4 font-display text-4xl font-semibold sm:text-5xl">{t('settings.title')}</h1>
        <p className="mt-3 text-lg text-fg-muted">{t('settings.subtitle')}</p>
        <div className="mt-10">{body}</div>
      </div>
    </div>
  );
}
