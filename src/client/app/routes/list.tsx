import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useRequireStaff } from '@client/features/admin/api/session';
import { AdminSection } from '@client/features/admin/components/admin-section';
import { AdminSignOutButton } from '@client/features/admin/components/admin-sign-out-button';
import { ApiSettingsPanel } from '@client/features/admin/components/api-settings-panel';
import { ContentManagementPanel } from '@client/features/admin/components/content-management-panel';
import { EmailRoutingPanel } from '@client/features/admin/components/email-routing-panel';
import { EmailSystemTestPanel } from '@client/features/admin/components/email-system-test-panel';
import { IdGeneratorPanel } from '@client/features/admin/components/id-generator-panel';
import { ManualGdprSenderPanel } from '@client/features/admin/components/manual-gdpr-sender-panel';
import { SeoManagementPanel } from '@client/features/admin/components/seo-management-panel';
import { WaitlistPanel } from '@client/features/admin/components/waitlist-panel';
import { readStored, writeStored } from '@client/features/admin/lib/browser';
import {
  knownSections,
  parseOpenSections,
  serializeOpenSections,
} from '@client/features/admin/lib/open-sections';
import {
  ADMIN_SECTIONS,
  ADMIN_STORAGE_KEYS,
  type AdminSection as AdminSectionId,
} from '@shared/domain/admin';
import { href } from '@shared/routes';
import { ChevronsDownUp, ChevronsUpDown, Clock, ExternalLink } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A section whose tools arrive with later work: says so plainly instead of showing a form that does nothing. */
function PendingNote({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-3 rounded-2xl bg-surface-sunken px-5 py-4">
      <Clock className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <div>
        <p className="text-sm font-semibold text-accent">{t('admin.pending.badge')}</p>
        <p className="mt-1 text-fg-muted">{text}</p>
      </div>
    </div>
  );
}

function VideoUploadNote() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-fg-muted">{t('admin.videoUpload.body')}</p>
      <Button asChild variant="secondary" className="shrink-0 self-start sm:self-auto">
        <Link to={href('adminVideos')}>
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('admin.videoUpload.link')}
        </Link>
      </Button>
    </div>
  );
}

function SectionBody({ section, staffEmail }: { section: AdminSectionId; staffEmail: string }) {
  const { t } = useTranslation();
  switch (section) {
    case 'contentManagement':
      return <ContentManagementPanel />;
    case 'seoManagement':
      return <SeoManagementPanel />;
    case 'newsletterComposer':
      return <PendingNote text={t('admin.pending.newsletterComposer')} />;
    case 'newsletterList':
      return <WaitlistPanel />;
    case 'gdprEmail':
      return <PendingNote text={t('admin.pending.gdprEmail')} />;
    case 'manualGdprSender':
      return <ManualGdprSenderPanel />;
    case 'apiSettings':
      return <ApiSettingsPanel />;
    case 'videoUpload':
      return <VideoUploadNote />;
    case 'idGenerator':
      return <IdGeneratorPanel />;
    case 'emailRouting':
      return <EmailRoutingPanel />;
    case 'emailSystemTest':
      return <EmailSystemTestPanel staffEmail={staffEmail} />;
  }
}

/** The open sections, remembered in this browser (spec §2). */
function useOpenSections() {
  const [open, setOpen] = useState<AdminSectionId[]>(() =>
    parseOpenSections(readStored(ADMIN_STORAGE_KEYS.openSections)),
  );
  const change = (next: string[]) => {
    setOpen(knownSections(next));
    writeStored(ADMIN_STORAGE_KEYS.openSections, serializeOpenSections(next));
  };
  return [open, change] as const;
}

/**
 * The admin dashboard (spec §2 "/list"): the staff member's tools in expandable sections, in the order of
 * ADMIN_SECTIONS. Without a staff session it sends the visitor to /admin-login.
 */
export function Component() {
  const { t } = useTranslation();
  const [signingOut, setSigningOut] = useState(false);
  const { staff, isError, retry } = useRequireStaff({ signingOut });
  const [open, setOpen] = useOpenSections();

  let body: ReactNode;
  if (staff) {
    body = (
      <>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="font-display text-4xl font-semibold text-balance sm:text-5xl">
              {t('admin.list.title')}
            </h1>
            <p className="mt-3 break-all text-fg-muted">
              {t('admin.list.signedInAs', { email: staff.email })}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setOpen([...ADMIN_SECTIONS])}>
              <ChevronsUpDown className="size-4" aria-hidden="true" />
              {t('admin.list.expandAll')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setOpen([])}>
              <ChevronsDownUp className="size-4" aria-hidden="true" />
              {t('admin.list.collapseAll')}
            </Button>
          </div>
        </div>
        <Accordion.Root type="multiple" value={open} onValueChange={setOpen} className="mt-10 space-y-4">
          {ADMIN_SECTIONS.map((section) => (
            <AdminSection key={section} section={section}>
              <SectionBody section={section} staffEmail={staff.email} />
            </AdminSection>
          ))}
        </Accordion.Root>
      </>
    );
  } else if (isError) {
    body = (
      <div role="alert" className="rounded-2xl bg-surface-sunken p-5">
        <p>{t('admin.list.loadError')}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={retry}>
          {t('admin.list.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div role="status" className="flex items-center gap-3 py-16 text-fg-muted">
        <Spinner className="size-5 text-accent" />
        {t('admin.list.loading')}
      </div>
    );
  }

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        actions={
          staff ? (
            <AdminSignOutButton
              label={t('admin.list.signOut')}
              pendingLabel={t('admin.list.signingOut')}
              onSigningOut={setSigningOut}
            />
          ) : null
        }
      />
      <div className="mx-auto w-full max-w-5xl px-5 pt-4 pb-16 sm:px-8">{body}</div>
    </div>
  );
}
