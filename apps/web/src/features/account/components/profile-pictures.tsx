import { MAX_PROFILE_PICTURES } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import type { UserDto } from '@bagshop/shared/types';
import { type ChangeEvent, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import { FiUpload, FiUser, FiX } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { useDeletePictureMutation } from '../../../api/account-api.ts';
import { api } from '../../../api/api.ts';
import { errorMessage } from '../../../api/errors.ts';
import { useUploadWithProgress } from '../../../api/upload-with-progress.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ImageCropper } from '../../../components/image-cropper.tsx';
import { useAppDispatch } from '../../../store/store.ts';

/** What the crop dialog is working on: a new file (its object URL is ours to free) or a copy of a saved picture. */
type CropTarget = { src: string; ownsSrc: boolean };

/**
 * docs/product.md §2/§4 profile pictures: add, crop (webp) and save in one step with 'Crop & Save' (progress in the
 * dialog, docs/decisions/059-screen-edges.md), delete by index.
 */
export function ProfilePictures({ user }: { user: UserDto }) {
  const dispatch = useAppDispatch();
  const upload = useUploadWithProgress();
  const [deletePicture, { isLoading: deleting }] = useDeletePictureMutation();
  const [target, setTarget] = useState<CropTarget | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [askDelete, setAskDelete] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const pictures = user.image;
  const room = MAX_PROFILE_PICTURES - pictures.length;

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(MSG.imageInvalid);
      return;
    }
    setTarget({ src: URL.createObjectURL(file), ownsSrc: true });
  }

  function closeCropper() {
    if (target?.ownsSrc) URL.revokeObjectURL(target.src);
    setTarget(null);
  }

  /** Saves the cropped picture; a failure is answered to the dialog, which stays open to try again. */
  async function saveCropped(blob: Blob): Promise<string | undefined> {
    const form = new FormData();
    form.append('image', blob, 'picture.webp');
    setProgress(0);
    try {
      const answer = await upload({
        method: 'POST',
        url: `/api/user/upload/${user._id}`,
        form,
        onProgress: setProgress,
      });
      if (answer.error) return errorMessage(answer.error, MSG.pictureSaveFailed);
      // The account is fetched again, with the new picture in it.
      dispatch(api.util.invalidateTags(['User']));
      toast.success((answer.data as { message?: string } | null)?.message || MSG.pictureSaved);
      closeCropper();
      return undefined;
    } catch (error) {
      return errorMessage(error, MSG.pictureSaveFailed);
    } finally {
      setProgress(null);
    }
  }

  function openPicture(index: number) {
    // Cropping a saved picture saves a new copy; the saved one stays until deleted.
    if (room <= 0) {
      toast.info(MSG.tooManyPictures);
      return;
    }
    setTarget({ src: pictures[index], ownsSrc: false });
  }

  async function remove(index: number) {
    try {
      const answer = await deletePicture({ userId: user._id, index }).unwrap();
      toast.success(answer.message || MSG.pictureDeleted);
    } catch (error) {
      toast.error(errorMessage(error, MSG.pictureDeleteFailed));
    }
    setAskDelete(null);
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
          pictures.map((url, index) => (
            <div key={url} className="profile-pic-frame">
              <button
                type="button"
                className="profile-pic-button"
                onClick={() => openPicture(index)}
                aria-label={`Crop picture ${index + 1}`}
              >
                <img src={url} alt={`Profile ${index + 1}`} className="profile-pic" />
              </button>
              <button
                type="button"
                className="profile-pic-delete btn btn-light btn-sm rounded-circle"
                onClick={() => setAskDelete(index)}
                aria-label={`Delete picture ${index + 1}`}
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
          <Button variant="outline-brand" size="sm" onClick={() => fileInput.current?.click()}>
            <FiUpload aria-hidden="true" className="me-1" />
            {pictures.length === 0 ? 'Upload Image' : 'Add picture'}
          </Button>
        ) : null}
      </div>
      {room <= 0 ? <p className="small text-muted mt-2 mb-0">{MSG.tooManyPictures}</p> : null}

      <ImageCropper
        image={target?.src ?? null}
        title="Crop your picture"
        onCancel={closeCropper}
        onCropped={saveCropped}
        progress={progress}
      />
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
