import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { saveFile } from '@client/lib/save-file';
import { toast } from '@client/lib/toast';
import { Copy, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/browser';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesText } from '../lib/recovery-codes';

/**
 * The ten recovery codes, shown once: copy or download them, confirm they are kept somewhere safe, go on.
 */
export function RecoveryCodes({
  codes,
  account,
  continueLabel,
  onDone,
}: {
  codes: readonly string[];
  account: string;
  continueLabel: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [kept, setKept] = useState(false);
  const keptId = useId();
  const text = recoveryCodesText({ heading: t('admin.twoFactor.codes.fileHeading'), account, codes });
  return (
    <div>
      <p className="text-fg-muted">{t('admin.twoFactor.codes.intro')}</p>
      <ul
        aria-label={t('admin.twoFactor.codes.label')}
        className="mt-4 grid grid-cols-2 gap-2 rounded-2xl bg-surface-sunken p-4 font-mono text-base tabular-nums sm:gap-3"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() =>
            copyText(codes.join('\n')).then(
              () => toast.success(t('admin.twoFactor.codes.copied')),
              () => toast.error(t('admin.toast.copyFailed')),
            )
          }
        >
          <Copy className="size-4" aria-hidden="true" />
          {t('admin.twoFactor.codes.copy')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() =>
            saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE_NAME)
          }
        >
          <Download className="size-4" aria-hidden="true" />
          {t('admin.twoFactor.codes.download')}
        </Button>
      </div>
      <label htmlFor={keptId} className="mt-5 flex items-start gap-3 text-sm">
        <Checkbox
          id={keptId}
          checked={kept}
          onChange={(event) => setKept(event.currentTarget.checked)}
          className="mt-0.5"
        />
        <span>{t('admin.twoFactor.codes.kept')}</span>
      </label>
      <Button type="button" className="mt-5 w-full sm:w-auto" disabled={!kept} onClick={onDone}>
        {continueLabel}
      </Button>
    </div>
  );
}
