import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { type TLocale, toLocale } from '@shared/domain/locale';
import { isValidEmail, normalizeEmail } from '@shared/domain/waitlist';
import { useQuery } from '@tanstack/react-query';
import { MailPlus } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { directInvitationsQueryOptions, useInviteAddress } from '../api/invitations';
import { InvitationDialog } from './invitation-badge';
import { LanguageRadioGroup } from './language-radio-group';

/**
 * Inviting an address that need not be on the list (a friend of the team), in the language of its e-mail,
 * and the invitations sent that way, each with its state, to resend or revoke.
 */
export function InviteAddress({
  formatDate,
  formatDay,
}: {
  formatDate: (iso: string) => string;
  formatDay: (iso: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const invite = useInviteAddress();
  const direct = useQuery(directInvitationsQueryOptions);
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<TLocale>(toLocale(i18n.language));
  const [problem, setProblem] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    const address = normalizeEmail(email);
    if (!isValidEmail(address)) {
      setProblem(t('errors.invalid_email'));
      emailRef.current?.focus();
      return;
    }
    invite.mutate(
      { email: address, language },
      {
        onSuccess: () => {
          setEmail('');
          toast.success(t('admin.invitations.invitedAddress', { email: address }));
        },
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          setProblem(t(errorMessageKey(error)));
          emailRef.current?.focus();
        },
      },
    );
  };

  const invitations = direct.data?.invitations ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border p-4 sm:p-6">
      <h3 id={headingId} className="font-display text-xl font-semibold">
        {t('admin.invitations.addressTitle')}
      </h3>
      <p className="mt-1 text-sm text-fg-muted">{t('admin.invitations.addressIntro')}</p>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4 md:grid-cols-[1fr_auto] md:items-end">
        <Field label={t('admin.login.email')} error={problem ?? undefined}>
          {(control) => (
            <Input
              {...control}
              ref={emailRef}
              type="email"
              name="inviteEmail"
              autoComplete="off"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setProblem(null);
              }}
            />
          )}
        </Field>
        <LanguageRadioGroup value={language} onChange={setLanguage} />
        <div className="md:col-span-2 md:flex md:justify-end">
          <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending || undefined}>
            {invite.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <MailPlus className="size-4" aria-hidden="true" />
            )}
            {t('admin.invitations.inviteAddress')}
          </Button>
        </div>
      </form>
      {invitations.length > 0 && (
        <div className="mt-6">
          <h4 className="text-sm font-semibold">{t('admin.invitations.directTitle')}</h4>
          <ul className="mt-2 divide-y divide-border">
            {invitations.map((row) => (
              <li key={row.invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-all">
                  {row.email}
                  <span className="ml-2 text-sm text-fg-muted">{t(`language.${row.language}`)}</span>
                </span>
                <InvitationDialog
                  email={row.email}
                  invitation={row.invitation}
                  formatDate={formatDate}
                  formatDay={formatDay}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
