import { Button } from '@client/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { StaffPage } from '@client/features/admin/components/staff-page';
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
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = videoTabFromSearch(searchParams);
  const chooseTab = (next: VideoTab) =>
    setSearchParams((current) => searchWithVideoTab(current, next), {
      replace: true,
      preventScrollReset: true,
    });

  return (
    <StaffPage signOutLabel={t('admin.videos.logout')} signingOutLabel={t('admin.videos.loggingOut')}>
      {() => (
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
      )}
    </StaffPage>
  );
}
