import { MSG } from '@bagshop/shared/messages';
import {
  accountAnswer,
  addressOnlyAnswer,
  addressSavedAnswer,
  addressSchema,
  editAddressSchema,
  messageOf,
  picturesAnswer,
  pictureUploadForm,
  profileUpdatedAnswer,
  updateProfileSchema,
} from '@bagshop/shared/schemas/account';
import { emailChangedAnswer, verifyEmailChangeSchema } from '@bagshop/shared/schemas/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { idAndIndexParams, idParams } from '../../platform/path-params.ts';
import { rateLimited } from '../../platform/rate-limits.ts';
import { errors, guardEveryRoute } from '../../platform/route-contract.ts';
import { addAddress, deleteAddress, getAddress, updateAddress } from './address-service.ts';
import { addPictures, deletePicture, picturesRoom } from './picture-service.ts';
import { getAccount, resendEmailChangeCode, updateProfile, verifyEmailChange } from './profile-service.ts';
import { readImageFiles } from './read-images.ts';

/** The signed-in user's own profile, address book and pictures (docs/product.md §2 Account, §7). */
export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, storage } = deps;
  return async (app) => {
    guardEveryRoute(app, deps.guards.requireUser);
    const tags = ['account'];

    app.get(
      '/account',
      { schema: { tags, summary: 'The signed-in user with their address book', response: { 200: accountAnswer } } },
      async (request) => ({
        user: await getAccount(db, userOf(request).id),
      }),
    );

    app.put(
      '/account/edit',
      {
        schema: {
          tags,
          summary: 'Edit name, email and phone',
          description:
            'A new email needs `currentPassword` (wrong ones count as failed sign-ins; an account without a password ' +
            'gets a second code at its current address, `currentEmailCodeSent`) and is saved only once its code is ' +
            'verified; until then it is `pendingEmail`.',
          body: updateProfileSchema,
          response: { 200: profileUpdatedAnswer, ...errors(409, 429) },
        },
      },
      async (request) => {
        const { mailError, ...answer } = await updateProfile(deps, userOf(request).id, request.body, request.ip);
        if (mailError) request.log.warn({ err: mailError }, 'email change code not mailed');
        return { message: MSG.profileUpdated, ...answer };
      },
    );

    app.post(
      '/account/verify-email-change',
      {
        schema: {
          tags,
          summary: 'Confirm a new email with its code',
          description:
            'An account without a password sends the code mailed to its current address too (`currentEmailOtp`). ' +
            'Every other session of the account ends; the answer carries a new session for this one.',
          body: verifyEmailChangeSchema,
          response: { 200: emailChangedAnswer, ...errors(404, 409, 429) },
        },
        preHandler: rateLimited(db, 'verifyEmailChange'),
      },
      async (request) => {
        const { mailError, ...session } = await verifyEmailChange(deps, userOf(request).id, request.body);
        if (mailError) request.log.warn({ err: mailError }, 'email change notice not mailed to the old address');
        return { message: MSG.emailChanged, ...session };
      },
    );

    app.post(
      '/account/verify-email-change/resend',
      {
        schema: {
          tags,
          summary: 'Mail the new email its code again',
          response: { 200: messageOf(MSG.otpSent), ...errors(404, 409, 429) },
        },
        preHandler: rateLimited(db, 'emailChange'),
      },
      async (request) => {
        await resendEmailChangeCode(deps, userOf(request).id);
        return { message: MSG.otpSent };
      },
    );

    app.post(
      '/account/add-address',
      {
        schema: {
          tags,
          summary: 'Add an address to the address book',
          body: addressSchema,
          response: { 201: addressSavedAnswer },
        },
      },
      async (request, reply) => {
        const address = await addAddress(db, userOf(request).id, request.body);
        return reply.status(201).send({ message: MSG.addressAdded, address });
      },
    );

    app.get(
      '/account/edit-address/:id',
      {
        schema: {
          tags,
          summary: 'One address of the address book',
          params: idParams,
          response: { 200: addressOnlyAnswer },
        },
      },
      async (request) => ({
        address: await getAddress(db, userOf(request).id, request.params.id),
      }),
    );

    app.put(
      '/account/edit-address/:id',
      {
        schema: {
          tags,
          summary: 'Edit an address of the address book',
          params: idParams,
          body: editAddressSchema,
          response: { 200: addressSavedAnswer },
        },
      },
      async (request) => ({
        message: MSG.addressUpdated,
        address: await updateAddress(db, userOf(request).id, request.params.id, request.body),
      }),
    );

    app.delete(
      '/account/delete-address/:id',
      {
        schema: {
          tags,
          summary: 'Delete an address of the address book',
          params: idParams,
          response: { 200: messageOf(MSG.addressDeleted) },
        },
      },
      async (request) => {
        await deleteAddress(db, userOf(request).id, request.params.id);
        return { message: MSG.addressDeleted };
      },
    );

    app.post(
      '/upload/:id',
      {
        config: { multipartBody: pictureUploadForm },
        schema: {
          tags,
          summary: 'Add profile pictures (the id is the signed-in user)',
          description: 'Each image is re-encoded as webp; at most 5 pictures in all.',
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: picturesAnswer },
        },
      },
      async (request) => {
        const userId = userOf(request).id;
        const room = await picturesRoom(db, userId, request.params.id);
        const files = await readImageFiles(request, 'image', room);
        return { message: MSG.pictureSaved, image: await addPictures({ db, storage }, userId, files) };
      },
    );

    app.delete(
      '/:id/:index',
      {
        schema: {
          tags,
          summary: 'Delete a profile picture by its position (the id is the signed-in user)',
          params: idAndIndexParams,
          response: { 200: picturesAnswer },
        },
      },
      async (request) => ({
        message: MSG.pictureDeleted,
        image: await deletePicture({ db, storage }, userOf(request).id, request.params.id, request.params.index),
      }),
    );
  };
}
