import 'i18next';
import type en from '@shared/i18n/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    keySeparator: false;
    nsSeparator: false;
    resources: { translation: typeof en };
  }
}
