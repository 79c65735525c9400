import { URI, type TOTP } from 'otpauth';

/** The authenticator app's side: the current 6-digit code for an otpauth:// URI from /two-factor/enable. */
export function totpCode(totpURI: string, offsetPeriods = 0): string {
  const otp = URI.parse(totpURI) as TOTP;
  return otp.generate({ timestamp: Date.now() + offsetPeriods * otp.period * 1000 });
}

/** A code from the authenticator that is certainly wrong now (the current one with its first digit changed). */
export function wrongCode(totpURI: string): string {
  const right = totpCode(totpURI);
  return `${(Number(right[0]) + 5) % 10}${right.slice(1)}`;
}
