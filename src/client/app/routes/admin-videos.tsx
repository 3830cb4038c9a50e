import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useRequireStaff } from '@client/features/admin/api/session';
import { AdminSignOutButton } from '@client/features/admin/components/admin-sign-out-button';
import { VideoManageList } from '@client/features/admin/components/video-manage-list';
import { VideoStoragePanel } from '@client/features/admin/components/video-storage-panel';
import { VideoUploadForm } from '@client/features/admin/components/video-upload-form';
import {
  isVideoTab,
  searchWithVideoTab,
  VIDEO_TABS,
  type VideoTab,
  videoTabFromSearch,
} from '@client/features/admin/lib/video-tabs';
import { href } from '@shared/routes';
import { ArrowLeft, HardDrive, ListVideo, Upload } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

const TAB_ICONS = { storage: HardDrive, upload: Upload, manage: ListVideo } satisfies Record<
  VideoTab,
  unknown
>;

/**
 * Video management (spec §2 "/admin/videos"), for staff only: the tabs Storage, Upload and Manage, the way
 * back to the dashboard and signing out. The chosen tab is kept in the address (`?tab=`), so a reload or a
 * shared link opens it again.
 */
export function Component() {
  const { t } = useTranslation();
  const [signingOut, setSigningOut] = useState(false);
  const { staff, isError, retry } = useRequireStaff({ signingOut });
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = videoTabFromSearch(searchParams);
  const chooseTab = (next: VideoTab) =>
    setSearchParams((current) => searchWithVideoTab(current, next), {
      replace: true,
      preventScrollReset: true,
    });

  let body: ReactNode;
  if (staff) {
    body = (
      <>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to={href('adminList')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('admin.videos.back')}
          </Link>
        </Button>
        <h1 className="mt-3 font-display text-4xl font-semibold text-balance sm:text-5xl">
          {t('admin.videos.title')}
        </h1>
        <p className="mt-3 text-fg-muted">{t('admin.videos.intro')}</p>
        <Tabs value={tab} onValueChange={(value) => isVideoTab(value) && chooseTab(value)} className="mt-8">
          <TabsList aria-label={t('admin.videos.tabs.label')}>
            {VIDEO_TABS.map((value) => {
              const Icon = TAB_ICONS[value];
              return (
                <TabsTrigger key={value} value={value}>
                  <Icon className="hidden size-4 sm:block" aria-hidden="true" />
                  {t(`admin.videos.tabs.${value}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <TabsContent value="storage">
            <VideoStoragePanel />
          </TabsContent>
          {/* Kept mounted while hidden: switching tabs must not cancel an upload or lose the form. */}
          <TabsContent value="upload" forceMount className="data-[state=inactive]:hidden">
            <VideoUploadForm onUploaded={() => chooseTab('manage')} />
          </TabsContent>
          <TabsContent value="manage">
            <VideoManageList onStartUpload={() => chooseTab('upload')} />
          </TabsContent>
        </Tabs>
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
              label={t('admin.videos.logout')}
              pendingLabel={t('admin.videos.loggingOut')}
              onSigningOut={setSigningOut}
            />
          ) : null
        }
      />
      <div className="mx-auto w-full max-w-5xl px-5 pt-4 pb-16 sm:px-8">{body}</div>
    </div>
  );
}
