import { PageHeader } from '@client/components/page-header';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { adminSessionKey, adminSessionQueryOptions } from '@client/features/admin/api/session';
import { AdminPasswordForm } from '@client/features/admin/components/admin-password-form';
import { RecoveryCodes } from '@client/features/admin/components/recovery-codes';
import { SecondFactorForm } from '@client/features/admin/components/second-factor-form';
import { StaffInvitationForm } from '@client/features/admin/components/staff-invitation-form';
import { TwoFactorSetup } from '@client/features/admin/components/two-factor-setup';
import { href } from '@shared/routes';
import type { TAdminSession } from '@shared/schemas/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, ShieldCheck, Smartphone, UserPlus } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';

type Step = 'checking' | 'password' | 'secondFactor' | 'setup' | 'recoveryCodes' | 'staffInvitation' | 'done';

const STEP_ICONS: Record<Step, typeof ShieldCheck> = {
  checking: ShieldCheck,
  password: ShieldCheck,
  secondFactor: Smartphone,
  setup: Smartphone,
  recoveryCodes: KeyRound,
  staffInvitation: UserPlus,
  done: ShieldCheck,
};

/**
 * Staff sign-in (spec §2 "Admin login", §8 admin toasts): e-mail and password, then, where it is set up,
 * the code from the authenticator app (decision 024); where two-factor sign-in is required and not set up,
 * its setup and the recovery codes; then the dashboard. A link from a staff invitation
 * (`?staffInvitation=`) opens the choice of a password instead. A staff member already signed in goes
 * straight on to /list.
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useQuery(adminSessionQueryOptions);
  const [searchParams, setSearchParams] = useSearchParams();
  const [invitation, setInvitation] = useState(() => searchParams.get('staffInvitation'));
  const queryClient = useQueryClient();
  // After a required setup: the codes to show, and the (now full) session to go on with once they are kept.
  const [enabled, setEnabled] = useState<{ recoveryCodes: string[]; session: TAdminSession } | null>(null);

  // The invitation's token leaves the address bar (and the history entry) once read.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (!searchParams.has('staffInvitation')) return;
    setSearchParams(
      (params) => {
        params.delete('staffInvitation');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, []);

  const stage = session.data?.stage;
  let step: Step;
  if (enabled) step = 'recoveryCodes';
  else if (session.data === undefined && session.isPending) step = 'checking';
  else if (stage === 'full') step = 'done';
  else if (stage === 'second_factor') step = 'secondFactor';
  else if (stage === 'setup') step = 'setup';
  else if (invitation) step = 'staffInvitation';
  else step = 'password';

  const sentOn = useRef(false);
  useEffect(() => {
    if (step !== 'done' || sentOn.current) return;
    sentOn.current = true;
    void navigate(href('adminList'), { replace: true });
  }, [step, navigate]);

  let body: ReactNode;
  switch (step) {
    case 'checking':
    case 'done':
      body = (
        <div role="status" className="flex items-center gap-3 py-10 text-fg-muted">
          <Spinner className="size-5 text-accent" />
          {t('admin.login.checking')}
        </div>
      );
      break;
    case 'password':
      body = <AdminPasswordForm />;
      break;
    case 'secondFactor':
      body = <SecondFactorForm />;
      break;
    case 'setup':
      body = (
        <div className="mt-8">
          <TwoFactorSetup onEnabled={setEnabled} />
        </div>
      );
      break;
    case 'recoveryCodes':
      body = (
        <div className="mt-8">
          <RecoveryCodes
            codes={enabled?.recoveryCodes ?? []}
            account={enabled?.session.staff.email ?? ''}
            continueLabel={t('admin.twoFactor.codes.continue')}
            onDone={() => {
              if (enabled) queryClient.setQueryData(adminSessionKey, enabled.session);
              setEnabled(null);
            }}
          />
        </div>
      );
      break;
    case 'staffInvitation':
      body = <StaffInvitationForm token={invitation ?? ''} onDismiss={() => setInvitation(null)} />;
      break;
  }

  const Icon = STEP_ICONS[step];
  const heading = {
    checking: 'admin.login.title',
    done: 'admin.login.title',
    password: 'admin.login.title',
    secondFactor: 'admin.twoFactor.signInTitle',
    setup: 'admin.twoFactor.requiredTitle',
    recoveryCodes: 'admin.twoFactor.codes.title',
    staffInvitation: 'admin.staffInvite.title',
  } as const satisfies Record<Step, string>;
  const subtitle = {
    checking: 'admin.login.subtitle',
    done: 'admin.login.subtitle',
    password: 'admin.login.subtitle',
    secondFactor: 'admin.twoFactor.signInSubtitle',
    setup: 'admin.twoFactor.requiredSubtitle',
    recoveryCodes: 'admin.twoFactor.codes.subtitle',
    staffInvitation: 'admin.staffInvite.subtitle',
  } as const satisfies Record<Step, string>;

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader />
      <div
        className={`mx-auto flex w-full flex-1 flex-col justify-center px-6 pt-4 pb-16 ${step === 'setup' || step === 'recoveryCodes' ? 'max-w-2xl' : 'max-w-lg'}`}
      >
        <div className="rounded-[2rem] border border-border bg-surface-raised p-7 shadow-xl shadow-black/5 sm:p-10">
          <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-5 font-display text-3xl font-semibold text-balance sm:text-4xl">
            {t(heading[step])}
          </h1>
          <p className="mt-3 text-fg-muted">{t(subtitle[step])}</p>
          {body}
        </div>
        <Button asChild variant="ghost" className="mt-6 self-center">
          <Link to={href('home')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('admin.login.back')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
