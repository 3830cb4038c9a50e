import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessageKey } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { type TLocale, toLocale } from '@shared/domain/locale';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdminSessionMissing } from '../api/admin-request';
import { useSendGdprConfirmation } from '../api/mail';
import { checkAddress, gdprResultLine } from '../lib/mail-forms';
import { LanguageRadioGroup } from './language-radio-group';
import { SendResult, type SendResultLine } from './send-result';

/**
 * The manual GDPR sender (spec §2, §7 send-gdpr-confirmation): the consent confirmation for one address in
 * one language. An address on the list gets its real link; any other a test copy with inert links.
 */
export function ManualGdprSenderPanel() {
  const { t, i18n } = useTranslation();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [language, setLanguage] = useState<TLocale>(toLocale(i18n.language));
  const [invalid, setInvalid] = useState(false);
  const [result, setResult] = useState<SendResultLine | null>(null);
  const send = useSendGdprConfirmation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const check = checkAddress(email);
    if (!check.ok) {
      setInvalid(true);
      emailRef.current?.focus();
      return;
    }
    setResult(null);
    send.mutate(
      { email: check.address, language },
      {
        onSuccess: (sent) => {
          const line = gdprResultLine(sent, check.address);
          setResult({ tone: line.tone, text: t(line.key, line.params) });
          if (sent.outcome === 'failed') {
            toast.error(t('admin.gdprSender.failed'), { description: sent.error ?? undefined });
          }
        },
        onError: (error) => {
          if (isAdminSessionMissing(error)) return;
          if (error instanceof ApiError && error.code === 'invalid_email') {
            setInvalid(true);
            emailRef.current?.focus();
            return;
          }
          // 409 unsubscribed_address and the rest: the translated reason, inline and in a toast.
          const message = t(errorMessageKey(error));
          setResult({ tone: 'danger', text: message });
          toast.error(t('admin.gdprSender.failed'), { description: message });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <p className="text-fg-muted">{t('admin.gdprSender.intro')}</p>
      <div className="mt-5 grid gap-5 sm:grid-cols-[1fr_auto] sm:items-start">
        <Field
          label={t('admin.gdprSender.emailLabel')}
          error={invalid ? t('admin.gdprSender.invalid') : undefined}
        >
          {(control) => (
            <Input
              {...control}
              ref={emailRef}
              type="email"
              name="gdprRecipient"
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
        <LanguageRadioGroup value={language} onChange={setLanguage} />
      </div>
      <div className="mt-5 flex justify-end">
        <Button type="submit" disabled={send.isPending} aria-busy={send.isPending || undefined}>
          {send.isPending && <Spinner className="size-4" />}
          {send.isPending ? t('admin.gdprSender.sending') : t('admin.gdprSender.send')}
        </Button>
      </div>
      <SendResult result={result} />
    </form>
  );
}
