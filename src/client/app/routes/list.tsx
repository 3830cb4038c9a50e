import { browserQueryClient } from '@client/app/providers';
import { Button } from '@client/components/ui/button';
import { directInvitationsQueryOptions } from '@client/features/admin/api/invitations';
import { adminSessionQueryOptions, canDo } from '@client/features/admin/api/session';
import { waitlistPageQueryOptions } from '@client/features/admin/api/waitlist';
import { AccountPanel } from '@client/features/admin/components/account-panel';
import { AdminSection } from '@client/features/admin/components/admin-section';
import { ApiSettingsPanel } from '@client/features/admin/components/api-settings-panel';
import { AuditLogPanel } from '@client/features/admin/components/audit-log-panel';
import { ContentManagementPanel } from '@client/features/admin/components/content-management-panel';
import { EmailRoutingPanel } from '@client/features/admin/components/email-routing-panel';
import { EmailSystemTestPanel } from '@client/features/admin/components/email-system-test-panel';
import { GdprEmailPanel } from '@client/features/admin/components/gdpr-email-panel';
import { IdGeneratorPanel } from '@client/features/admin/components/id-generator-panel';
import {
  LegalNoticeWarning,
  legalTextsQueryOptions,
} from '@client/features/admin/components/legal-notice-warning';
import { ManualGdprSenderPanel } from '@client/features/admin/components/manual-gdpr-sender-panel';
import { NewsletterComposerPanel } from '@client/features/admin/components/newsletter-composer-panel';
import { PeoplePanel } from '@client/features/admin/components/people-panel';
import { SeoManagementPanel } from '@client/features/admin/components/seo-management-panel';
import { StaffPage } from '@client/features/admin/components/staff-page';
import { StaffPanel } from '@client/features/admin/components/staff-panel';
import { SuppressionPanel } from '@client/features/admin/components/suppression-panel';
import { WaitlistPanel } from '@client/features/admin/components/waitlist-panel';
import { openSectionsCookie, readOpenSections } from '@client/features/admin/lib/open-sections';
import { ADMIN_SECTIONS, type AdminSection as AdminSectionId, knownSections } from '@shared/domain/admin';
import type { CmsPage } from '@shared/domain/cms';
import { LOCALES } from '@shared/domain/locale';
import { SECTION_PERMISSIONS } from '@shared/domain/staff';
import { FIRST_WAITLIST_PAGE } from '@shared/domain/waitlist-list';
import { href } from '@shared/routes';
import type { TAdminSession } from '@shared/schemas/admin';
import { ChevronsDownUp, ChevronsUpDown, ExternalLink } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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

function SectionBody({
  section,
  session,
  cmsPage,
}: {
  section: AdminSectionId;
  session: TAdminSession;
  cmsPage: { page: CmsPage; onPageChange: (page: CmsPage) => void };
}) {
  switch (section) {
    case 'contentManagement':
      return <ContentManagementPanel {...cmsPage} />;
    case 'seoManagement':
      return <SeoManagementPanel />;
    case 'newsletterComposer':
      return <NewsletterComposerPanel />;
    case 'newsletterList':
      return <WaitlistPanel />;
    case 'people':
      return <PeoplePanel />;
    case 'gdprEmail':
      return <GdprEmailPanel />;
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
    case 'suppressionList':
      return <SuppressionPanel canLift={canDo(session, 'mailSettings')} />;
    case 'emailSystemTest':
      return <EmailSystemTestPanel staffEmail={session.staff.email} />;
    case 'staffAccounts':
      return <StaffPanel session={session} />;
    case 'auditLog':
      return <AuditLogPanel />;
    case 'account':
      return <AccountPanel session={session} />;
  }
}

/** How long /list waits for its first answers before it renders with spinners instead. */
const FIRST_RENDER_WAIT_MS = 1500;

/**
 * Before /list first renders (decisions 058, 060): the staff session, the legal notice's texts behind the
 * warning at the top (staff with the `content` permission) and, when the newsletter list was left open, its
 * first page. The server started all of them with the page. The page then appears whole in one render,
 * instead of a spinner, then the sections, then the rows, with the warning pushing everything down last. The
 * list's direct invitations, shown below the list, are asked for at once but not waited for. Failures are
 * left to the page, which reports them; slow answers are not waited for beyond FIRST_RENDER_WAIT_MS.
 */
export async function loader() {
  const queryClient = browserQueryClient();
  const listOpen = readOpenSections(document.cookie).includes('newsletterList');
  const afterSession = queryClient
    .fetchQuery(adminSessionQueryOptions)
    .catch(() => null)
    .then((session) => {
      if (session?.stage !== 'full') return null;
      if (listOpen && canDo(session, 'waitlist'))
        void queryClient.prefetchQuery(directInvitationsQueryOptions);
      return canDo(session, 'content')
        ? Promise.all(LOCALES.map((locale) => queryClient.prefetchQuery(legalTextsQueryOptions(locale))))
        : null;
    });
  const needed = Promise.all([
    afterSession,
    listOpen ? queryClient.prefetchQuery(waitlistPageQueryOptions(FIRST_WAITLIST_PAGE)) : null,
  ]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = new Promise((resolve) => {
    timer = setTimeout(resolve, FIRST_RENDER_WAIT_MS);
  });
  // The page's first Intl formatter makes the browser load its locale data (25–45 ms measured in Chromium),
  // which the first render (the list's dates) would pay: paid now instead, while the answers are on their way.
  new Intl.DateTimeFormat(document.documentElement.lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format();
  await Promise.race([needed, later]);
  clearTimeout(timer);
  return null;
}

/** Where "Edit the legal notice" scrolls to: the top of the content management section's body. */
const LEGAL_TAB_ANCHOR = 'content-management-body';

/** The open sections, remembered in this browser (spec §2, decision 050). */
function useOpenSections() {
  const [open, setOpen] = useState<AdminSectionId[]>(() => readOpenSections(document.cookie));
  const change = (next: string[]) => {
    setOpen(knownSections(next));
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser yet
    document.cookie = openSectionsCookie(next);
  };
  return [open, change] as const;
}

/** The sections the session's role may use (the others are not shown; the server refuses them anyway). */
function sectionsFor(session: TAdminSession): AdminSectionId[] {
  return ADMIN_SECTIONS.filter((section) => canDo(session, SECTION_PERMISSIONS[section]));
}

/**
 * The admin dashboard (spec §2 "/list"): the staff member's tools in expandable sections, in the order of
 * ADMIN_SECTIONS, those their role allows (decision 022). Without a staff session it sends the visitor to
 * /admin-login.
 */
export function Component() {
  const { t } = useTranslation();
  const [open, setOpen] = useOpenSections();
  const [cmsPage, setCmsPage] = useState<CmsPage>('home');
  const editLegalNotice = () => {
    setCmsPage('legal');
    if (!open.includes('contentManagement')) setOpen([...open, 'contentManagement']);
    // Once the section has opened, bring it into view.
    requestAnimationFrame(() =>
      document.getElementById(LEGAL_TAB_ANCHOR)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  };

  return (
    <StaffPage signOutLabel={t('admin.list.signOut')} signingOutLabel={t('admin.list.signingOut')}>
      {(session) => (
        <>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0">
              <h1 className="font-display text-4xl font-semibold text-balance sm:text-5xl">
                {t('admin.list.title')}
              </h1>
              <p className="mt-3 text-fg-muted wrap-anywhere">
                {t('admin.list.signedInAsRole', {
                  email: session.staff.email,
                  role: t(`admin.roles.${session.staff.role}`),
                })}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => setOpen(sectionsFor(session))}>
                <ChevronsUpDown className="size-4" aria-hidden="true" />
                {t('admin.list.expandAll')}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setOpen([])}>
                <ChevronsDownUp className="size-4" aria-hidden="true" />
                {t('admin.list.collapseAll')}
              </Button>
            </div>
          </div>
          {canDo(session, 'content') && <LegalNoticeWarning onEdit={editLegalNotice} />}
          <Accordion.Root type="multiple" value={open} onValueChange={setOpen} className="mt-10 space-y-4">
            {sectionsFor(session).map((section) => (
              <AdminSection key={section} section={section}>
                {section === 'contentManagement' && <span id={LEGAL_TAB_ANCHOR} />}
                <SectionBody
                  section={section}
                  session={session}
                  cmsPage={{ page: cmsPage, onPageChange: setCmsPage }}
                />
              </AdminSection>
            ))}
          </Accordion.Root>
        </>
      )}
    </StaffPage>
  );
}
