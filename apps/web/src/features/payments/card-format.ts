/** Card inputs as people type them: "4242 4242 4242 4242", "04 / 28", "123". */

export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function formatExpiry(input: string, previous = ''): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  // "4" means April: pad so the customer need not type the zero.
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the separator should delete the month's last digit, not get stuck.
  if (previous.endsWith(' / ') && input.length < previous.length) return digits.slice(0, 1);
  if (digits.length >= 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  return digits;
}

export function formatCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

/** "04 / 28" → { expMonth: 4, expYear: 2028 }; incomplete input gives 0s and the processor names the problem. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } {
  const [mm = '', yy = ''] = value.split('/').map((s) => s.trim());
  const expMonth = /^\d{1,2}$/.test(mm) ? Number(mm) : 0;
  const expYear = /^\d{2}$/.test(yy) ? 2000 + Number(yy) : /^\d{4}$/.test(yy) ? Number(yy) : 0;
  return { expMonth, expYear };
}
