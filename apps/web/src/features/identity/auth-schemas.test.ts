import { describe, expect, it } from 'vitest';
import { loginFormSchema, registerFormSchema, resetPasswordFormSchema } from './auth-schemas';

const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
};

describe('login and register rules (spec §5)', () => {
  it('answers the spec messages for empty fields', () => {
    expect(firstMessages(registerFormSchema.safeParse({ name: ' ', email: '', password: '' }))).toEqual({
      name: 'Name is Required',
      email: 'Email is Required',
      password: 'Password is Required',
    });
  });

  it('answers the spec messages for a bad e-mail and a short password', () => {
    expect(firstMessages(loginFormSchema.safeParse({ email: 'rider@nowhere', password: '12345' }))).toEqual({
      email: 'Provide a valid Email',
      password: 'Must be 6 characters or longer',
    });
  });

  it('accepts the spec pattern and real addresses it misses (hyphen or digit in the domain, capitals)', () => {
    for (const email of ['rider42@shop.com', 'admin@torque-throttle.example', 'a@1und1.de', 'Sam.Rider@Example.com', '  rider@shop.com ']) {
      expect(loginFormSchema.safeParse({ email, password: 'secret1' }).success, email).toBe(true);
    }
  });

  it('requires both reset passwords to match', () => {
    expect(firstMessages(resetPasswordFormSchema.safeParse({ password: 'secret-1', confirm: 'secret-2' }))).toEqual({ confirm: 'Passwords do not match' });
    expect(resetPasswordFormSchema.safeParse({ password: 'secret-1', confirm: 'secret-1' }).success).toBe(true);
  });
});
