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

/** "04 / 28" → { expMonth: '04', expYear: '28' }; the processor checks them and names what is wrong, as Stripe does. */
export function parseExpiry(value: string): { expMonth: string; expYear: string } {
  const [expMonth = '', expYear = ''] = value.split('/').map((s) => s.trim());
  return { expMonth, expYear };
}
