import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver whose zod schema (and zod itself) loads on the first validation, not with the
 * page: the public pages' forms (sign-in, register, contact, newsletter) keep zod off their critical path
 * (decision 107). The schema is the same shared one; only when it loads changes.
 */
export function lazyZodResolver<TValues extends FieldValues, TOutput = TValues>(loadSchema: () => Promise<z.ZodType>): Resolver<TValues, unknown, TOutput> {
  let ready: Promise<Resolver<TValues, unknown, TOutput>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as z.ZodType<TOutput, TValues>) as unknown as Resolver<TValues, unknown, TOutput>,
    );
    // A failed chunk load is retried at the next validation.
    ready.catch(() => (ready = undefined));
    return (await ready)(values, context, options);
  };
}
