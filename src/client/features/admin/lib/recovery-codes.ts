/** The text of the recovery codes file: what they are for, then one code a line. */
export function recoveryCodesText(input: {
  heading: string;
  account: string;
  codes: readonly string[];
}): string {
  return [`${input.heading}`, input.account, '', ...input.codes, ''].join('\n');
}

/** `mirror-recovery-codes.txt`. */
export const RECOVERY_CODES_FILE_NAME = 'mirror-recovery-codes.txt';
