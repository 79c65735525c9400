import { useId, useRef, useState, type DragEvent } from 'react';
import { uploadsCopy } from '@shop/shared/copy/uploads';
import { UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES, uploadSrcSet } from '@shop/shared/images';
import { ArrowLeftIcon, ArrowRightIcon, CloseIcon } from '../../../components/ui/icons';
import { useUploadImage } from '../api/upload-image';

const t = uploadsCopy;
const ADDRESS = /^(https:\/\/\S+|\/(?!\/)\S*)$/i;

interface ImageListInputProps {
  /** The picture addresses, main picture first. */
  value: string[];
  onChange(next: string[]): void;
  /** Validation message of the form for this field. */
  error?: string;
  max?: number;
  label?: string;
}

interface Pending {
  key: string;
  name: string;
  preview: string;
}

/**
 * The product's pictures: drop files or pick them (uploaded at once, shown
 * while they upload), reorder with the arrow buttons, remove, or add an https
 * address. The type and size are checked here for a quick answer; the server
 * checks the bytes again.
 */
export function ImageListInput({ value, onChange, error, max = 8, label = t.label }: ImageListInputProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // Uploads finish one after another: each appends to the newest list, not the one it started with.
  const latest = useRef(value);
  latest.current = value;
  const upload = useUploadImage();
  const [pending, setPending] = useState<Pending[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const [dragging, setDragging] = useState(false);
  const [address, setAddress] = useState('');

  const addFiles = async (files: File[]) => {
    const found: string[] = [];
    const room = max - latest.current.length - pending.length;
    if (files.length > room) found.push(t.tooMany(max));
    const accepted = files.slice(0, Math.max(0, room)).filter((file) => {
      if (!(UPLOAD_ACCEPTED_TYPES as readonly string[]).includes(file.type)) found.push(t.wrongType(file.name));
      else if (file.size > UPLOAD_MAX_BYTES) found.push(t.tooLarge(file.name));
      else return true;
      return false;
    });
    setProblems(found);
    await Promise.all(
      accepted.map(async (file) => {
        const item = { key: `${file.name}-${Math.random()}`, name: file.name, preview: URL.createObjectURL(file) };
        setPending((list) => [...list, item]);
        setStatus(t.uploading(file.name));
        try {
          const { url } = await upload.mutateAsync(file);
          onChange([...latest.current, url]);
          setStatus(t.uploaded(file.name));
        } catch (err) {
          setProblems((list) => [...list, `${file.name}: ${err instanceof Error ? err.message : String(err)}`]);
        } finally {
          setPending((list) => list.filter((p) => p.key !== item.key));
          URL.revokeObjectURL(item.preview);
        }
      }),
    );
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void addFiles(Array.from(e.dataTransfer.files));
  };

  const addAddress = () => {
    const url = address.trim();
    if (!ADDRESS.test(url)) return setProblems([t.urlInvalid]);
    if (value.includes(url)) return setProblems([t.duplicate]);
    if (value.length + pending.length >= max) return setProblems([t.tooMany(max)]);
    setProblems([]);
    onChange([...value, url]);
    setAddress('');
  };

  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    onChange(next);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const messages = [...(error ? [error] : []), ...problems];
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={[hintId, messages.length ? errorId : ''].filter(Boolean).join(' ')}>
      <legend className="mb-1 text-sm font-semibold">{label}</legend>
      <p id={hintId} className="text-xs text-base-content/75">
        {t.hint}
      </p>

      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
        className={`flex flex-col items-center justify-center gap-2 rounded-box border-2 border-dashed p-6 text-center transition-colors ${
          dragging ? 'border-primary bg-primary/10' : 'border-base-300 bg-base-200'
        }`}
      >
        <p className="font-semibold">{t.dropHere}</p>
        <p className="text-sm text-base-content/75">{t.or}</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => fileInput.current?.click()}>
          {t.choose}
        </button>
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          accept={UPLOAD_ACCEPTED_TYPES.join(',')}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={t.choose}
          onChange={(e) => {
            void addFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </div>

      {value.length + pending.length === 0 ? (
        <p className="text-sm text-base-content/75">{t.empty}</p>
      ) : (
        <ol aria-label={t.listLabel} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {value.map((url, i) => (
            <li key={url} className="flex flex-col overflow-hidden rounded-box border border-base-300 bg-base-100">
              <div className="relative aspect-square bg-base-200">
                <img
                  src={url}
                  srcSet={uploadSrcSet(url)}
                  sizes="160px"
                  alt={t.pictureAlt(i + 1)}
                  width={160}
                  height={160}
                  className="size-full object-contain p-1"
                />
                {i === 0 && <span className="badge badge-primary badge-sm absolute top-2 left-2 font-semibold">{t.main}</span>}
              </div>
              <div className="flex items-center justify-between gap-1 border-t border-base-300 p-1">
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-square"
                  disabled={i === 0}
                  aria-label={t.moveEarlier(i + 1)}
                  onClick={() => move(i, i - 1)}
                >
                  <ArrowLeftIcon size={16} />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-square"
                  disabled={i === value.length - 1}
                  aria-label={t.moveLater(i + 1)}
                  onClick={() => move(i, i + 1)}
                >
                  <ArrowRightIcon size={16} />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs btn-square text-error"
                  aria-label={t.remove(i + 1)}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  <CloseIcon size={16} />
                </button>
              </div>
            </li>
          ))}
          {pending.map((p) => (
            <li key={p.key} className="flex flex-col overflow-hidden rounded-box border border-dashed border-base-300 bg-base-100" aria-busy="true">
              <div className="relative aspect-square bg-base-200">
                <img src={p.preview} alt="" width={160} height={160} className="size-full object-contain p-1 opacity-50" />
                <span className="loading loading-spinner absolute inset-0 m-auto" aria-hidden="true" />
              </div>
              <p className="truncate p-2 text-xs">{t.uploading(p.name)}</p>
            </li>
          ))}
        </ol>
      )}

      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-url`} className="text-sm font-semibold">
          {t.urlLabel}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            className="input min-w-0 flex-1"
            placeholder={t.urlPlaceholder}
            maxLength={2000}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            onKeyDown={(e) => {
              // Enter adds the address instead of submitting the whole product form.
              if (e.key === 'Enter') {
                e.preventDefault();
                addAddress();
              }
            }}
          />
          <button type="button" className="btn btn-outline" onClick={addAddress}>
            {t.addUrl}
          </button>
        </div>
      </div>

      {messages.length > 0 && (
        <ul id={errorId} role="alert" className="flex flex-col gap-1 text-sm font-medium text-error">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
    </fieldset>
  );
}
