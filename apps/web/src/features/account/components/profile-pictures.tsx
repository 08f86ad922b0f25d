import { MAX_PROFILE_PICTURES } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { UserDto } from '@bagshop/shared/types';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Button, ProgressBar } from 'react-bootstrap';
import { FiCheck, FiUpload, FiUser, FiX } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useDeletePictureMutation } from '../../../api/account-api.ts';
import { api } from '../../../api/api.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useUploadWithProgress } from '../../../api/upload-with-progress.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ImageCropper } from '../../../components/image-cropper.tsx';
import { useAppDispatch } from '../../../store/store.ts';

/** A cropped picture kept in the browser until 'Set as Profile pic'. */
interface LocalPicture {
  key: number;
  blob: Blob;
  url: string;
}

/** What the crop dialog is working on: a new file, a local picture to re-crop, or a copy of a saved one. */
type CropTarget = { src: string; replaces: number | null; ownsSrc: boolean };

let nextKey = 1;

/** docs/product.md §2/§4 profile pictures: add, crop (webp), keep locally, upload with progress, delete by index. */
export function ProfilePictures({ user }: { user: UserDto }) {
  const dispatch = useAppDispatch();
  const upload = useUploadWithProgress();
  const [deletePicture, { isLoading: deleting }] = useDeletePictureMutation();
  const [local, setLocal] = useState<LocalPicture[]>([]);
  const [target, setTarget] = useState<CropTarget | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [askDelete, setAskDelete] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const saved = user.image;
  const pictures = [...saved.map((url) => ({ url, saved: true })), ...local.map((p) => ({ url: p.url, saved: false }))];
  const room = MAX_PROFILE_PICTURES - pictures.length;

  // Object URLs of local pictures live until they are dropped or the page closes.
  const localRef = useRef(local);
  useEffect(() => {
    localRef.current = local;
  }, [local]);
  useEffect(
    () => () => {
      for (const p of localRef.current) URL.revokeObjectURL(p.url);
    },
    [],
  );

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(MSG.imageInvalid);
      return;
    }
    setTarget({ src: URL.createObjectURL(file), replaces: null, ownsSrc: true });
  }

  function closeCropper() {
    if (target?.ownsSrc) URL.revokeObjectURL(target.src);
    setTarget(null);
  }

  function cropped(blob: Blob) {
    const picture = { key: nextKey++, blob, url: URL.createObjectURL(blob) };
    const replaces = target?.replaces ?? null;
    setLocal((current) => {
      if (replaces === null) return [...current, picture];
      return current.map((p) => {
        if (p.key !== replaces) return p;
        URL.revokeObjectURL(p.url);
        return picture;
      });
    });
    closeCropper();
  }

  function openPicture(index: number) {
    if (index < saved.length) {
      // Cropping a saved picture makes a new local copy; the saved one stays until deleted.
      if (room <= 0) {
        toast.info(MSG.tooManyPictures);
        return;
      }
      setTarget({ src: saved[index], replaces: null, ownsSrc: false });
    } else {
      const picture = local[index - saved.length];
      setTarget({ src: picture.url, replaces: picture.key, ownsSrc: false });
    }
  }

  async function uploadPictures() {
    if (local.length === 0) return;
    const form = new FormData();
    for (const p of local) form.append('image', p.blob, `picture-${p.key}.webp`);
    setUploading(true);
    setProgress(0);
    try {
      const answer = await upload({
        method: 'POST',
        url: `/api/user/upload/${user._id}`,
        form,
        onProgress: setProgress,
      });
      if (answer.error) throw answer.error;
      dispatch(api.util.invalidateTags(['User']));
      for (const p of local) URL.revokeObjectURL(p.url);
      setLocal([]);
      toast.success((answer.data as { message?: string } | null)?.message || MSG.pictureSaved);
    } catch (error) {
      toast.error(errorMessage(error, MSG.pictureSaveFailed));
    } finally {
      setUploading(false);
      setProgress(null);
    }
  }

  async function remove(index: number) {
    if (index < saved.length) {
      try {
        const answer = await deletePicture({ userId: user._id, index }).unwrap();
        toast.success(answer.message || MSG.pictureDeleted);
      } catch (error) {
        toast.error(errorMessage(error, MSG.pictureDeleteFailed));
      }
      setAskDelete(null);
      return;
    }
    const key = local[index - saved.length]?.key;
    setLocal((current) =>
      current.filter((p) => {
        if (p.key !== key) return true;
        URL.revokeObjectURL(p.url);
        return false;
      }),
    );
  }

  return (
    <section aria-label="Profile pictures" className="text-center">
      <div className="d-flex flex-wrap justify-content-center gap-3 mb-3">
        {pictures.length === 0 ? (
          <div className="profile-pic profile-pic-empty d-flex align-items-center justify-content-center">
            <FiUser size={44} aria-hidden="true" />
            <span className="visually-hidden">No profile picture yet</span>
          </div>
        ) : (
          pictures.map((picture, index) => (
            <div key={picture.url} className="profile-pic-frame">
              <button
                type="button"
                className="profile-pic-button"
                onClick={() => openPicture(index)}
                aria-label={`Crop picture ${index + 1}`}
                disabled={uploading}
              >
                <img src={picture.url} alt={`Profile ${index + 1}`} className="profile-pic" />
              </button>
              {picture.saved ? null : <span className="profile-pic-badge badge bg-warning text-dark">Not saved</span>}
              <button
                type="button"
                className="profile-pic-delete btn btn-light btn-sm rounded-circle"
                onClick={() => (picture.saved ? setAskDelete(index) : remove(index))}
                aria-label={`Delete picture ${index + 1}`}
                disabled={uploading}
              >
                <FiX aria-hidden="true" />
              </button>
            </div>
          ))
        )}
      </div>

      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="d-none"
        onChange={chooseFile}
        aria-label="Choose a picture"
        data-testid="picture-file"
      />
      <div className="d-flex flex-wrap justify-content-center gap-2">
        {room > 0 ? (
          <Button variant="outline-brand" size="sm" onClick={() => fileInput.current?.click()} disabled={uploading}>
            <FiUpload aria-hidden="true" className="me-1" />
            {pictures.length === 0 ? 'Upload Image' : 'Add picture'}
          </Button>
        ) : null}
        {local.length > 0 ? (
          <Button variant="brand" size="sm" onClick={uploadPictures} disabled={uploading}>
            <FiCheck aria-hidden="true" className="me-1" />
            Set as Profile pic
          </Button>
        ) : null}
      </div>
      {room <= 0 ? <p className="small text-muted mt-2 mb-0">{MSG.tooManyPictures}</p> : null}
      {uploading ? (
        <ProgressBar
          className="mt-3"
          animated
          striped={progress === null}
          now={progress ?? 100}
          label={progress === null ? 'Uploading…' : `${progress}%`}
          aria-label="Upload progress"
        />
      ) : null}

      <ImageCropper image={target?.src ?? null} title="Crop your picture" onCancel={closeCropper} onCropped={cropped} />
      <ConfirmDialog
        show={askDelete !== null}
        busy={deleting}
        onCancel={() => setAskDelete(null)}
        onConfirm={() => askDelete !== null && remove(askDelete)}
      >
        This picture will be removed from your profile.
      </ConfirmDialog>
    </section>
  );
}
