import { MAX_PROFILE_PICTURES } from '@bagshop/shared/limits';
import { MSG } from '@bagshop/shared/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { toWebp } from '../../platform/images.ts';
import type { ImageStorage } from '../../platform/storage.ts';

const PICTURE_MAX_SIDE = 512;
const FOLDER = 'users';

const tooMany = () => validationError({ image: MSG.tooManyPictures });

/** Pictures belong to their owner only: another user's id is a 404. Answers how many more may be added. */
export async function picturesRoom(db: Db, userId: string, targetId: string): Promise<number> {
  if (targetId !== userId) throw notFound();
  const [user] = await db
    .select({ images: users.images })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound();
  const room = MAX_PROFILE_PICTURES - user.images.length;
  if (room <= 0) throw tooMany();
  return room;
}

/** Re-encodes every upload first (one bad file refuses them all), stores them, then appends the URLs. */
export async function addPictures(
  deps: { db: Db; storage: ImageStorage },
  userId: string,
  uploads: Buffer[],
): Promise<string[]> {
  const webps: Buffer[] = [];
  for (const upload of uploads) webps.push(await toWebp(upload, PICTURE_MAX_SIDE));
  const urls: string[] = [];
  for (const webp of webps) urls.push(await deps.storage.save(FOLDER, webp));
  try {
    return await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ images: users.images })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for('update');
      if (!user) throw notFound();
      // Checked again under the row lock: two uploads at once cannot pass the limit together.
      if (user.images.length + urls.length > MAX_PROFILE_PICTURES) throw tooMany();
      const images = [...user.images, ...urls];
      await tx.update(users).set({ images, updatedAt: new Date() }).where(eq(users.id, userId));
      return images;
    });
  } catch (error) {
    await Promise.all(urls.map((url) => deps.storage.remove(url)));
    throw error;
  }
}

export async function deletePicture(
  deps: { db: Db; storage: ImageStorage },
  userId: string,
  targetId: string,
  indexText: string,
): Promise<string[]> {
  if (targetId !== userId || !/^\d{1,3}$/.test(indexText)) throw notFound();
  const index = Number(indexText);
  const { images, removed } = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ images: users.images })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user || index >= user.images.length) throw notFound();
    const images = user.images.filter((_, i) => i !== index);
    await tx.update(users).set({ images, updatedAt: new Date() }).where(eq(users.id, userId));
    return { images, removed: user.images[index] };
  });
  await deps.storage.remove(removed);
  return images;
}
