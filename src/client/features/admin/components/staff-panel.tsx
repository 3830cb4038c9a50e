import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { type TLocale, toLocale } from '@shared/domain/locale';
import { STAFF_ROLES, type StaffRole } from '@shared/domain/staff';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import type { TAdminSession } from '@shared/schemas/admin';
import type { TStaffInvitation, TStaffMember } from '@shared/schemas/staff';
import { useQuery } from '@tanstack/react-query';
import { MailPlus, RotateCw, Trash2, UserMinus } from 'lucide-react';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import {
  staffListQueryOptions,
  useChangeStaffRole,
  useInviteStaff,
  useRemoveStaff,
  useStaffInvitationAction,
} from '../api/staff';
import { LanguageRadioGroup } from './language-radio-group';

const selectClass =
  'block h-11 rounded-xl border border-border bg-surface-raised px-3 text-base text-fg disabled:opacity-60';

function useFailure() {
  const { t } = useTranslation();
  return (title: string) => (error: unknown) => {
    if (isAdminSessionMissing(error)) return;
    toast.error(title, { description: t(errorMessageKey(error)) });
  };
}

/** One staff member: role (changeable), two-factor sign-in, last sign-in, and removal. */
function MemberRow({
  member,
  self,
  formatDate,
}: {
  member: TStaffMember;
  self: boolean;
  formatDate: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const changeRole = useChangeStaffRole();
  const remove = useRemoveStaff();
  const failure = useFailure();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const roleId = useId();
  return (
    <li className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-all">
          {member.email}
          {self && <Badge tone="accent">{t('admin.staff.you')}</Badge>}
          <Badge tone={member.twoFactorEnabled ? 'success' : 'neutral'}>
            {t(member.twoFactorEnabled ? 'admin.staff.twoFactorOn' : 'admin.staff.twoFactorOff')}
          </Badge>
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {member.lastLoginAt
            ? t('admin.staff.lastLogin', { date: formatDate(member.lastLoginAt) })
            : t('admin.staff.neverLoggedIn')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          {t('admin.staff.roleOf', { email: member.email })}
        </label>
        <select
          id={roleId}
          className={selectClass}
          value={member.role}
          disabled={changeRole.isPending}
          onChange={(event) => {
            const role = event.target.value as StaffRole;
            changeRole.mutate(
              { id: member.id, role },
              {
                onSuccess: () =>
                  toast.success(
                    t('admin.staff.roleChanged', { email: member.email, role: t(`admin.roles.${role}`) }),
                  ),
                onError: failure(t('admin.staff.roleFailed')),
              },
            );
          }}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`admin.roles.${role}`)}
            </option>
          ))}
        </select>
        <ConfirmDialog
          trigger={
            <button
              type="button"
              className={DANGER_OUTLINE_BUTTON_CLASS}
              aria-label={t('admin.staff.removeOne', { email: member.email })}
            >
              <UserMinus className="size-4" aria-hidden="true" />
              {t('admin.staff.remove')}
            </button>
          }
          open={confirmOpen}
          onOpenChange={setConfirmOpen}
          title={t('admin.staff.removeTitle', { email: member.email })}
          description={t(self ? 'admin.staff.removeSelfBody' : 'admin.staff.removeBody')}
          confirmLabel={t('admin.staff.remove')}
          cancelLabel={t('common.cancel')}
          pendingLabel={t('admin.account.working')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(member.id, {
              onSuccess: () => toast.success(t('admin.staff.removed', { email: member.email })),
              onError: failure(t('admin.staff.removeFailed')),
              onSettled: () => setConfirmOpen(false),
            })
          }
        />
      </div>
    </li>
  );
}

function InvitationRow({
  invitation,
  formatDate,
}: {
  invitation: TStaffInvitation;
  formatDate: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const act = useStaffInvitationAction();
  const failure = useFailure();
  return (
    <li className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium break-all">
          {invitation.email}
          <Badge tone="info">{t(`admin.roles.${invitation.role}`)}</Badge>
          {invitation.expired && <Badge tone="danger">{t('admin.invitations.state.expired')}</Badge>}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {t(invitation.expired ? 'admin.staff.invitationExpired' : 'admin.staff.invitationOpen', {
            date: formatDate(invitation.invitedAt),
            until: formatDate(invitation.expiresAt),
          })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={act.isPending}
          aria-label={t('admin.staff.resendOne', { email: invitation.email })}
          onClick={() =>
            act.mutate(
              { id: invitation.id, action: 'resend' },
              {
                onSuccess: () => toast.success(t('admin.staff.invited', { email: invitation.email })),
                onError: failure(t('admin.staff.inviteFailed')),
              },
            )
          }
        >
          <RotateCw className="size-4" aria-hidden="true" />
          {t('admin.invitations.resend')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={act.isPending}
          aria-label={t('admin.staff.revokeOne', { email: invitation.email })}
          onClick={() =>
            act.mutate(
              { id: invitation.id, action: 'revoke' },
              {
                onSuccess: () => toast.success(t('admin.staff.revoked', { email: invitation.email })),
                onError: failure(t('admin.staff.inviteFailed')),
              },
            )
          }
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {t('admin.invitations.revoke')}
        </Button>
      </div>
    </li>
  );
}

/** Invites an address to the staff with a role; the e-mail goes out in the chosen language. */
function InviteStaffForm() {
  const { t, i18n } = useTranslation();
  const invite = useInviteStaff();
  const failure = useFailure();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [language, setLanguage] = useState<TLocale>(toLocale(i18n.language));
  const [invalid, setInvalid] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const roleId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    const address = normalizeEmail(email);
    if (!isValidEmail(address)) {
      setInvalid(true);
      emailRef.current?.focus();
      return;
    }
    invite.mutate(
      { email: address, role, language },
      {
        onSuccess: () => {
          setEmail('');
          toast.success(t('admin.staff.invited', { email: address }));
        },
        onError: failure(t('admin.staff.inviteFailed')),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="rounded-2xl bg-surface-sunken p-4 sm:p-5">
      <h3 className="font-display text-lg font-semibold">{t('admin.staff.inviteTitle')}</h3>
      <p className="mt-1 text-sm text-fg-muted">{t('admin.staff.inviteIntro')}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_auto] md:items-start">
        <Field label={t('admin.login.email')} error={invalid ? t('errors.invalid_email') : undefined}>
          {(control) => (
            <Input
              {...control}
              ref={emailRef}
              type="email"
              name="staffEmail"
              autoComplete="off"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setInvalid(false);
              }}
            />
          )}
        </Field>
        <div>
          <label htmlFor={roleId} className="block text-sm font-medium">
            {t('admin.staff.role')}
          </label>
          <select
            id={roleId}
            className={`${selectClass} mt-2 h-12 w-full`}
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
          >
            {STAFF_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.roles.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="mt-2 text-sm text-fg-muted">{t(`admin.staff.roleHint.${role}`)}</p>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <LanguageRadioGroup value={language} onChange={setLanguage} />
        <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
          {invite.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <MailPlus className="size-4" aria-hidden="true" />
          )}
          {t('admin.staff.invite')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The staff, for owners (decision 022): every account with its role and two-factor state, open
 * invitations, and inviting someone new. The last owner can neither lose the role nor be removed (the
 * server refuses it, and says so).
 */
export function StaffPanel({ session }: { session: TAdminSession }) {
  const { t, i18n } = useTranslation();
  const list = useQuery(staffListQueryOptions);
  const formatDate = useMemo(() => {
    const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => dates.format(new Date(iso));
  }, [i18n.language]);

  if (!list.data) {
    return list.isError ? (
      <div role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-5">
        <p>{t('admin.staff.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void list.refetch()}>
          {t('admin.list.retry')}
        </Button>
      </div>
    ) : (
      <p role="status" className="flex items-center gap-3 py-6 text-fg-muted">
        <Spinner className="size-5 text-accent" />
        {t('admin.list.loading')}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-fg-muted">{t('admin.staff.intro')}</p>
      <ul className="divide-y divide-border rounded-2xl border border-border px-4 sm:px-5">
        {list.data.staff.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            self={member.id === session.staff.id}
            formatDate={formatDate}
          />
        ))}
      </ul>
      {list.data.invitations.length > 0 && (
        <section>
          <h3 className="font-display text-lg font-semibold">{t('admin.staff.openInvitations')}</h3>
          <ul className="mt-2 divide-y divide-border rounded-2xl border border-border px-4 sm:px-5">
            {list.data.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} formatDate={formatDate} />
            ))}
          </ul>
        </section>
      )}
      <InviteStaffForm />
    </div>
  );
}
