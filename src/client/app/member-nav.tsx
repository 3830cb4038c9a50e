import { PageHeader } from '@client/components/page-header';
import { useSignOut } from '@client/features/accounts/api/account';
import { SignOutButton } from '@client/features/accounts/components/sign-out-button';
import { useLeaveSignedOut } from '@client/features/accounts/hooks/use-leave-signed-out';
import { errorMessageKey } from '@client/lib/api-client';
import { cn } from '@client/lib/cn';
import { useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { href } from '@shared/routes';
import { CircleDot, History, LayoutDashboard, LogOut, Menu, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';

const LINKS = [
  { to: href('dashboard'), label: 'nav.dashboard', Icon: LayoutDashboard },
  { to: href('profile'), label: 'nav.profile', Icon: CircleDot },
  { to: href('history'), label: 'nav.history', Icon: History },
  { to: href('settings'), label: 'nav.settings', Icon: Settings },
] as const;

function useSignOutAndLeave() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const leave = useLeaveSignedOut();
  const run = () =>
    signOut.mutate(undefined, {
      onSuccess: leave,
      onError: (error) => toast.error(t('settings.signOutError'), { description: t(errorMessageKey(error)) }),
    });
  return { run, pending: signOut.isPending };
}

const itemClass =
  'inline-flex h-9 items-center gap-2 rounded-full px-3 text-sm font-medium text-fg-muted transition hover:bg-surface-sunken hover:text-fg';

/** Wide screens: the links in a row, the current page marked. */
function InlineNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')} className="max-lg:hidden">
      <ul className="flex items-center gap-1">
        {LINKS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) => cn(itemClass, isActive && 'bg-surface-sunken text-fg')}
            >
              <Icon className="size-4" aria-hidden="true" />
              {t(label)}
            </NavLink>
          </li>
        ))}
        <li>
          <SignOutButton />
        </li>
      </ul>
    </nav>
  );
}

/** Phones: one "Menu" button opening the same links (Radix: arrow keys, Escape, focus return). */
function MenuNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOutAndLeave();
  const menuItem =
    'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-base text-fg outline-none data-[highlighted]:bg-surface-sunken';
  return (
    <nav aria-label={t('nav.label')} className="lg:hidden">
      {/* Not modal: the rest of the page stays in the accessibility tree (no aria-hidden around focus). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="inline-flex h-9 items-center gap-2 rounded-full border border-border bg-surface-raised px-3 text-sm font-medium text-fg">
          <Menu className="size-4" aria-hidden="true" />
          {t('nav.menu')}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 min-w-56 rounded-2xl border border-border bg-surface-raised p-1.5 text-fg shadow-lg"
          >
            {LINKS.map(({ to, label, Icon }) => (
              <DropdownMenu.Item key={to} className={menuItem} onSelect={() => void navigate(to)}>
                <Icon className="size-4 text-fg-muted" aria-hidden="true" />
                {t(label)}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={menuItem} disabled={signOut.pending} onSelect={signOut.run}>
              <LogOut className="size-4 text-fg-muted" aria-hidden="true" />
              {t('common.signOut')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </nav>
  );
}

/**
 * The header of signed-in pages (issue 15): the logo leads to the dashboard, and the dashboard, bubble
 * profile, history, settings and sign-out are one click away; on phones they sit in a menu. Pages that
 * anonymous visitors also use (/app, /profile from the test home) show the plain header until a session is
 * known.
 */
export function MemberHeader({ actions }: { actions?: ReactNode }) {
  const session = useSession();
  if (!session.data?.user) return <PageHeader actions={actions} />;
  return (
    <PageHeader
      home="dashboard"
      actions={
        <>
          {actions}
          <InlineNav />
          <MenuNav />
        </>
      }
    />
  );
}
