import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { copy } from '@shop/shared/copy';
import { profileUpdateSchema, type Profile } from '@shop/shared/schemas/user';
import { Modal } from '../../../components/ui/modal';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useAuth } from '../../identity/auth-context';
import { TextInput } from '../../identity/components/text-input';
import { FormError } from '../../identity/components/form-error';
import { useUpdateProfile } from '../api/update-profile';

type FormIn = z.input<typeof profileUpdateSchema>;
type FormOut = z.output<typeof profileUpdateSchema>;

interface ProfileUpdateModalProps {
  open: boolean;
  onClose(): void;
  profile: Profile;
}

/** Spec: 'Profile Update' — education, location, phone (numeric) and linkedin required; name and e-mail read-only. */
export function ProfileUpdateModal({ open, onClose, profile }: ProfileUpdateModalProps) {
  const { user } = useAuth();
  const update = useUpdateProfile(profile.email);
  const defaults = { education: profile.education ?? '', location: profile.location ?? '', phone: profile.phone ?? '', linkedin: profile.linkedin ?? '' };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(profileUpdateSchema), defaultValues: defaults });

  // Each opening starts from the saved profile, not from an abandoned edit.
  useEffect(() => {
    if (open) {
      reset({ education: profile.education ?? '', location: profile.location ?? '', phone: profile.phone ?? '', linkedin: profile.linkedin ?? '' });
      update.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, profile]);

  const onSubmit = handleSubmit(async (fields) => {
    if (!user) {
      toastError(copy.toasts.noUser);
      return;
    }
    try {
      await update.mutateAsync(fields);
      toastSuccess(copy.toasts.editSuccess);
      onClose();
    } catch {
      /* the message shows under the form */
    }
  });

  return (
    <Modal open={open} onClose={onClose} title={copy.profile.modalTitle} size="lg" closeLabel={copy.profile.cancel}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={update.isPending}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput id="profile-name" label={copy.profile.name} value={profile.name} readOnly hint={copy.profile.readOnly} className="bg-base-200" />
          <TextInput
            id="profile-email"
            label={copy.profile.email}
            type="email"
            value={profile.email}
            readOnly
            hint={copy.profile.readOnly}
            className="bg-base-200"
          />
          <TextInput id="profile-education" label={copy.profile.education} autoComplete="off" error={errors.education?.message} {...register('education')} />
          <TextInput
            id="profile-location"
            label={copy.profile.location}
            autoComplete="address-level2"
            error={errors.location?.message}
            {...register('location')}
          />
          <TextInput
            id="profile-phone"
            label={copy.profile.phone}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextInput
            id="profile-linkedin"
            label={copy.profile.linkedin}
            type="url"
            autoComplete="url"
            placeholder="https://www.linkedin.com/in/…"
            error={errors.linkedin?.message}
            {...register('linkedin')}
          />
        </div>
        <FormError message={update.error ? update.error.message : null} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {copy.profile.cancel}
          </button>
          <button type="submit" className="btn btn-primary min-w-32" disabled={update.isPending}>
            {update.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {copy.profile.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
