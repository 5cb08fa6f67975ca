import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { IMAGE_UPLOAD_RULE, IMAGE_UPLOAD_TYPES, MAX_IMAGE_UPLOAD_BYTES } from '#shared/image-upload-rule.ts';
import { cardImageUrl, parseUploadedImagePath } from '#shared/uploaded-images.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { uploadImage } from '../api/upload-image';

interface ImageUploadProps {
  /** The part's image as the form holds it; previewed when it is an uploaded picture. */
  value: string;
  /** Receives the uploaded picture's address, for the form's image field. */
  onUploaded: (url: string) => void;
  /** Tells the form an upload is under way, so it is not saved with the old image meanwhile. */
  onBusyChange?: (busy: boolean) => void;
}

/** Obvious refusals said at once, before sending megabytes; the server decides on the bytes anyway. */
function refusalOf(file: File): string | null {
  const knownType = (IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type);
  return file.size > MAX_IMAGE_UPLOAD_BYTES || (file.type !== '' && !knownType) ? IMAGE_UPLOAD_RULE : null;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Choose a photo → it is uploaded at once, with its progress shown; on success the form's image field
 * gets its address and a preview appears. A native file input: labelled, reached with Tab, opened
 * with Enter or Space. Choosing another file while one is uploading replaces it.
 */
export function ImageUpload({ value, onUploaded, onBusyChange }: ImageUploadProps) {
  const id = useId();
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    current.current?.abort();
    setError(null);
    const refusal = refusalOf(file);
    if (refusal) {
      setError(refusal);
      input.value = '';
      return;
    }
    const controller = new AbortController();
    current.current = controller;
    setSent(0);
    onBusyChange?.(true);
    try {
      const { url } = await uploadImage(file, { onProgress: setSent, signal: controller.signal });
      onUploaded(url);
    } catch (failure) {
      if (!isAbort(failure)) setError(errorMessage(failure));
    } finally {
      if (current.current === controller) {
        current.current = null;
        setSent(null);
        onBusyChange?.(false);
        // The same file can be chosen again after a failure.
        input.value = '';
      }
    }
  };

  const percent = sent === null ? null : Math.round(sent * 100);
  const preview = parseUploadedImagePath(value) ? cardImageUrl(value) : null;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Upload a photo
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-state`}
        onChange={onChange}
        className={`w-full rounded-field border text-sm file:mr-3 file:cursor-pointer file:border-0 file:bg-base-200 file:px-3 file:py-2 file:font-medium ${error ? 'border-red-700' : 'border-base-300'}`}
      />
      <div id={`${id}-state`} role="status" className="text-xs">
        {percent !== null ? (
          <span className="flex items-center gap-2">
            <progress className="h-2 w-full" value={percent} max={100} aria-label="Upload progress" />
            <span className="shrink-0">Uploading… {percent}%</span>
          </span>
        ) : error ? null : (
          <span className="opacity-80">PNG, JPEG or WebP, up to 5 MB</span>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {preview ? (
        <img
          src={preview}
          alt="Uploaded product preview"
          width="200"
          height="125"
          className="h-[125px] w-[200px] rounded-box bg-base-200 object-contain"
        />
      ) : null}
    </div>
  );
}
