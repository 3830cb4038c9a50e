/** The wait before "Resend e-mail" works again, as the page shows it: `0:45`, `1:00`, `12:05`. */
export function resendCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
