import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { profileCopy } from '@shop/shared/copy/profile';
import { toastsCopy } from '@shop/shared/copy/toasts';
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
      toastError(toastsCopy.noUser);
      return;
    }
    try {
      await update.mutateAsync(fields);
      toastSuccess(toastsCopy.editSuccess);
      onClose();
    } catch {
      /* the message shows under the form */
    }
  });

  return (
    <Modal open={open} onClose={onClose} title={profileCopy.modalTitle} size="lg" closeLabel={profileCopy.cancel}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={update.isPending}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput id="profile-name" label={profileCopy.name} value={profile.name} readOnly hint={profileCopy.readOnly} className="bg-base-200" />
          <TextInput
            id="profile-email"
            label={profileCopy.email}
            type="email"
            value={profile.email}
            readOnly
            hint={profileCopy.readOnly}
            className="bg-base-200"
          />
          <TextInput id="profile-education" label={profileCopy.education} autoComplete="off" error={errors.education?.message} {...register('education')} />
          <TextInput
            id="profile-location"
            label={profileCopy.location}
            autoComplete="address-level2"
            error={errors.location?.message}
            {...register('location')}
          />
          <TextInput
            id="profile-phone"
            label={profileCopy.phone}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextInput
            id="profile-linkedin"
            label={profileCopy.linkedin}
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
            {profileCopy.cancel}
          </button>
          <button type="submit" className="btn btn-primary min-w-32" disabled={update.isPending}>
            {update.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {profileCopy.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
