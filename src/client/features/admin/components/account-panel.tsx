import { PasswordField } from '@client/components/password-field';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog, DANGER_OUTLINE_BUTTON_CLASS } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { STAFF_PASSWORD_MIN_LENGTH } from '@shared/domain/staff';
import type { TAdminSession } from '@shared/schemas/admin';
import type { TStaffSessionInfo } from '@shared/schemas/staff';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, LogOut, MonitorSmartphone, ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import {
  staffAccountQueryOptions,
  staffSessionsQueryOptions,
  useChangeStaffPassword,
  useDisableTwoFactor,
  useEndSessions,
  useRegenerateRecoveryCodes,
} from '../api/staff';
import { describeUserAgent } from '../lib/user-agent';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetup } from './two-factor-setup';

function Block({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border p-4 sm:p-6">
      <h3 id={id} className="flex items-center gap-2 font-display text-xl font-semibold">
        {icon}
        {title}
      </h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A new password, after the current one; every other session of the staff member ends. */
function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangeStaffPassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<{ field: 'current' | 'next' | 'again'; text: string } | null>(null);
  const refs = {
    current: useRef<HTMLInputElement>(null),
    next: useRef<HTMLInputElement>(null),
    again: useRef<HTMLInputElement>(null),
  };

  const show = (field: 'current' | 'next' | 'again', text: string) => {
    setProblem({ field, text });
    refs[field].current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    if (!current) return show('current', t('admin.login.passwordRequired'));
    if (next.length < STAFF_PASSWORD_MIN_LENGTH) {
      return show('next', t('admin.account.password.tooShort', { count: STAFF_PASSWORD_MIN_LENGTH }));
    }
    if (again !== next) return show('again', t('auth.error.passwordsMismatch.title'));
    setProblem(null);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: ({ ended }) => {
          setCurrent('');
          setNext('');
          setAgain('');
          toast.success(t('admin.account.password.changed'), {
            description: t('admin.account.password.endedSessions', { count: ended }),
          });
        },
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          const text = t(errorMessageKey(error));
          if (errorMessageKey(error) === 'errors.wrong_password') show('current', text);
          else show('next', text);
        },
      },
    );
  };

  const errorOf = (field: 'current' | 'next' | 'again') =>
    problem?.field === field ? problem.text : undefined;
  const clear = () => setProblem(null);
  return (
    <form noValidate onSubmit={submit} className="grid gap-5 md:grid-cols-3 md:items-start">
      <PasswordField
        label={t('admin.account.password.current')}
        name="currentPassword"
        autoComplete="current-password"
        value={current}
        onValueChange={(value) => {
          setCurrent(value);
          clear();
        }}
        error={errorOf('current')}
        inputRef={refs.current}
      />
      <PasswordField
        label={t('admin.account.password.new')}
        hint={t('admin.account.password.hint', { count: STAFF_PASSWORD_MIN_LENGTH })}
        name="newPassword"
        autoComplete="new-password"
        value={next}
        onValueChange={(value) => {
          setNext(value);
          clear();
        }}
        error={errorOf('next')}
        inputRef={refs.next}
      />
      <PasswordField
        label={t('admin.account.password.again')}
        name="confirmNewPassword"
        autoComplete="new-password"
        value={again}
        onValueChange={(value) => {
          setAgain(value);
          clear();
        }}
        error={errorOf('again')}
        inputRef={refs.again}
      />
      <div className="md:col-span-3 md:flex md:justify-end">
        <Button type="submit" disabled={change.isPending} aria-busy={change.isPending || undefined}>
          {change.isPending && <Spinner className="size-4" />}
          {t('admin.account.password.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The staff member's sessions: where and since when; every other one can be ended. */
function SessionsList() {
  const { t, i18n } = useTranslation();
  const sessions = useQuery(staffSessionsQueryOptions);
  const end = useEndSessions();
  const dates = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const onError = (error: unknown) => {
    if (isAdminSessionMissing(error)) return;
    toast.error(t('admin.account.sessions.endFailed'), { description: t(errorMessageKey(error)) });
  };
  if (!sessions.data) {
    return sessions.isError ? (
      <p role="alert" className="text-danger">
        {t('admin.account.loadFailed')}
      </p>
    ) : (
      <p role="status" className="flex items-center gap-2 text-fg-muted">
        <Spinner className="size-4 text-accent" />
        {t('admin.list.loading')}
      </p>
    );
  }
  const others = sessions.data.sessions.filter((session) => !session.current);
  const row = (session: TStaffSessionInfo) => (
    <li key={session.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {describeUserAgent(session.userAgent) ?? t('admin.account.sessions.unknownDevice')}
          {session.current && <Badge tone="success">{t('admin.account.sessions.current')}</Badge>}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {t('admin.account.sessions.since', {
            date: dates.format(new Date(session.createdAt)),
            ip: session.ipAddress ?? '–',
          })}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-auto"
          disabled={end.isPending}
          onClick={() =>
            end.mutate(
              { id: session.id },
              { onSuccess: () => toast.success(t('admin.account.sessions.ended', { count: 1 })), onError },
            )
          }
          aria-label={t('admin.account.sessions.endOne', {
            device: describeUserAgent(session.userAgent) ?? '',
          })}
        >
          <LogOut className="size-4" aria-hidden="true" />
          {t('admin.account.sessions.end')}
        </Button>
      )}
    </li>
  );
  return (
    <div>
      <ul className="divide-y divide-border">{sessions.data.sessions.map(row)}</ul>
      {others.length > 0 ? (
        <Button
          variant="secondary"
          className="mt-4"
          disabled={end.isPending}
          onClick={() =>
            end.mutate('others', {
              onSuccess: ({ ended }) => toast.success(t('admin.account.sessions.ended', { count: ended })),
              onError,
            })
          }
        >
          {t('admin.account.sessions.endOthers')}
        </Button>
      ) : (
        <p className="mt-2 text-sm text-fg-muted">{t('admin.account.sessions.onlyThis')}</p>
      )}
    </div>
  );
}

/** A confirmation that asks for the password again (turning two-factor sign-in off, new recovery codes). */
function PasswordConfirm({
  trigger,
  title,
  description,
  confirmLabel,
  tone,
  pending,
  onConfirm,
}: {
  trigger: React.ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  tone: 'danger' | 'default';
  pending: boolean;
  onConfirm: (password: string, done: () => void, fail: (text: string) => void) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ref = useRef<HTMLInputElement>(null);
  return (
    <ConfirmDialog
      trigger={trigger}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setPassword('');
        setProblem(null);
      }}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={t('common.cancel')}
      pendingLabel={t('admin.account.working')}
      pending={pending}
      tone={tone}
      initialFocus={ref}
      onConfirm={() => {
        if (!password) {
          setProblem(t('admin.login.passwordRequired'));
          ref.current?.focus();
          return;
        }
        onConfirm(
          password,
          () => setOpen(false),
          (text) => {
            setProblem(text);
            ref.current?.focus();
          },
        );
      }}
    >
      <PasswordField
        label={t('admin.account.password.current')}
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          setProblem(null);
        }}
        error={problem ?? undefined}
        inputRef={ref}
      />
    </ConfirmDialog>
  );
}

/** Two-factor sign-in: its state, its setup, new recovery codes, turning it off (unless required). */
function TwoFactorBlock({ session }: { session: TAdminSession }) {
  const { t, i18n } = useTranslation();
  const account = useQuery(staffAccountQueryOptions);
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        account={session.staff.email}
        continueLabel={t('admin.twoFactor.codes.done')}
        onDone={() => setCodes(null)}
      />
    );
  }
  if (settingUp) {
    return (
      <TwoFactorSetup
        onCancel={() => setSettingUp(false)}
        onEnabled={({ recoveryCodes }) => {
          setSettingUp(false);
          setCodes(recoveryCodes);
          toast.success(t('admin.twoFactor.enabled'));
        }}
      />
    );
  }
  if (!account.data) {
    return account.isError ? (
      <p role="alert" className="text-danger">
        {t('admin.account.loadFailed')}
      </p>
    ) : (
      <p role="status" className="flex items-center gap-2 text-fg-muted">
        <Spinner className="size-4 text-accent" />
        {t('admin.list.loading')}
      </p>
    );
  }
  const { twoFactor, twoFactorRequired } = account.data;
  const wrongPassword = (fail: (text: string) => void) => (error: unknown) => {
    if (isAdminSessionMissing(error)) return;
    fail(t(errorMessageKey(error)));
  };

  if (!twoFactor.enabled) {
    return (
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-fg-muted">
          {t(twoFactorRequired ? 'admin.twoFactor.offRequired' : 'admin.twoFactor.off')}
        </p>
        <Button className="shrink-0 self-start sm:self-auto" onClick={() => setSettingUp(true)}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          {t('admin.twoFactor.setUp')}
        </Button>
      </div>
    );
  }
  const since = twoFactor.enabledAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(twoFactor.enabledAt))
    : '';
  return (
    <div>
      <p>
        <Badge tone="success">{t('admin.twoFactor.onBadge')}</Badge>{' '}
        <span className="text-fg-muted">{t('admin.twoFactor.on', { date: since })}</span>
      </p>
      <p className="mt-2 text-sm text-fg-muted">
        {t('admin.twoFactor.codesLeft', { count: twoFactor.recoveryCodesLeft })}
        {twoFactorRequired && ` ${t('admin.twoFactor.requiredNote')}`}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <PasswordConfirm
          trigger={
            <Button variant="secondary">
              <KeyRound className="size-4" aria-hidden="true" />
              {t('admin.twoFactor.newCodes')}
            </Button>
          }
          title={t('admin.twoFactor.newCodesTitle')}
          description={t('admin.twoFactor.newCodesBody')}
          confirmLabel={t('admin.twoFactor.newCodes')}
          tone="default"
          pending={regenerate.isPending}
          onConfirm={(password, done, fail) =>
            regenerate.mutate(password, {
              onSuccess: ({ recoveryCodes }) => {
                done();
                setCodes(recoveryCodes);
              },
              onError: wrongPassword(fail),
            })
          }
        />
        {!twoFactorRequired && (
          <PasswordConfirm
            trigger={
              <button type="button" className={DANGER_OUTLINE_BUTTON_CLASS}>
                <ShieldOff className="size-4" aria-hidden="true" />
                {t('admin.twoFactor.turnOff')}
              </button>
            }
            title={t('admin.twoFactor.turnOffTitle')}
            description={t('admin.twoFactor.turnOffBody')}
            confirmLabel={t('admin.twoFactor.turnOff')}
            tone="danger"
            pending={disable.isPending}
            onConfirm={(password, done, fail) =>
              disable.mutate(password, {
                onSuccess: () => {
                  done();
                  toast.success(t('admin.twoFactor.turnedOff'));
                },
                onError: wrongPassword(fail),
              })
            }
          />
        )}
      </div>
    </div>
  );
}

/**
 * One's own staff account (decision 022, 024): a new password, the sessions (ending the others), and
 * two-factor sign-in.
 */
export function AccountPanel({ session }: { session: TAdminSession }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <Block
        title={t('admin.twoFactor.title')}
        icon={<ShieldCheck className="size-5 text-accent" aria-hidden="true" />}
      >
        <TwoFactorBlock session={session} />
      </Block>
      <Block
        title={t('admin.account.password.title')}
        icon={<KeyRound className="size-5 text-accent" aria-hidden="true" />}
      >
        <PasswordForm />
      </Block>
      <Block
        title={t('admin.account.sessions.title')}
        icon={<MonitorSmartphone className="size-5 text-accent" aria-hidden="true" />}
      >
        <SessionsList />
      </Block>
    </div>
  );
}
