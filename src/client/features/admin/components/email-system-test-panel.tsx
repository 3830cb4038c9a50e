import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { type TLocale, toLocale } from '@shared/domain/locale';
import type { TMailSendResult } from '@shared/schemas/admin';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { testMailStatusQueryOptions, useSendTestMail } from '../api/mail';
import { checkAddress, testMailResultLine } from '../lib/mail-forms';
import { LanguageRadioGroup } from './language-radio-group';
import { SendResult, type SendResultLine } from './send-result';

/**
 * The e-mail system test (spec §2): sends a test e-mail to an address (the signed-in staff member's by
 * default) and says what really happened (decision 047): sent only when the server accepted it; queued for
 * a retry, followed until it goes out or is given up; or failed, with the reason. It ignores the auto-send
 * switch.
 */
export function EmailSystemTestPanel({ staffEmail }: { staffEmail: string }) {
  const { t, i18n } = useTranslation();
  const toRef = useRef<HTMLInputElement>(null);
  const [to, setTo] = useState(staffEmail);
  const [locale, setLocale] = useState<TLocale>(toLocale(i18n.language));
  const [invalid, setInvalid] = useState(false);
  const [result, setResult] = useState<SendResultLine | null>(null);
  // A test e-mail waiting in the outbox for its retry, followed until it is sent or given up.
  const [following, setFollowing] = useState<{ outboxId: string; to: string } | null>(null);
  const send = useSendTestMail();
  const followUp = useQuery({
    ...testMailStatusQueryOptions(following?.outboxId ?? ''),
    enabled: following !== null,
  });

  const lineOf = (sent: TMailSendResult, to: string): SendResultLine => {
    const line = testMailResultLine(sent, to);
    return { tone: line.tone, text: t(line.key, line.params) };
  };

  // Once the followed e-mail is sent or given up, that is what the panel says.
  const settled = following && followUp.data?.outcome !== 'retrying' ? followUp.data : undefined;
  const shown: SendResultLine | null =
    following && settled
      ? settled.outcome === 'sent'
        ? {
            tone: 'success',
            text: t('admin.emailTest.sentOnRetry', {
              time: new Date(settled.sentAt ?? Date.now()).toLocaleTimeString(i18n.language),
              to: following.to,
            }),
          }
        : lineOf(settled, following.to)
      : result;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const check = checkAddress(to);
    if (!check.ok) {
      setInvalid(true);
      toRef.current?.focus();
      return;
    }
    setResult(null);
    setFollowing(null);
    send.mutate(
      { to: check.address, locale },
      {
        onSuccess: (sent) => {
          setResult(lineOf(sent, check.address));
          if (sent.outcome === 'retrying') {
            if (sent.outboxId) setFollowing({ outboxId: sent.outboxId, to: check.address });
            toast.info(t('admin.emailTest.queued'), { description: sent.error ?? undefined });
          } else if (sent.outcome !== 'sent') {
            toast.error(t('admin.emailTest.failed'), { description: sent.error ?? undefined });
          }
        },
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          const message = t(errorMessageKey(error));
          setResult({ tone: 'danger', text: t('admin.emailTest.failedResult', { error: message }) });
          toast.error(t('admin.emailTest.failed'), { description: message });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <p className="text-fg-muted">{t('admin.emailTest.intro')}</p>
      <div className="mt-5 grid gap-5 sm:grid-cols-[1fr_auto] sm:items-start">
        <Field
          label={t('admin.emailTest.toLabel')}
          error={invalid ? t('admin.emailTest.invalid') : undefined}
        >
          {(control) => (
            <Input
              {...control}
              ref={toRef}
              type="email"
              name="testRecipient"
              autoComplete="email"
              spellCheck={false}
              value={to}
              onChange={(event) => {
                setTo(event.target.value);
                setInvalid(false);
              }}
            />
          )}
        </Field>
        <LanguageRadioGroup value={locale} onChange={setLocale} />
      </div>
      <div className="mt-5 flex justify-end">
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending && <Spinner className="size-4" />}
          {send.isPending ? t('admin.emailTest.sending') : t('admin.emailTest.send')}
        </Button>
      </div>
      <SendResult result={shown} />
    </form>
  );
}
