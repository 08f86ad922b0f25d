import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { AppError } from '../../platform/errors.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths that are not UUIDs can match nothing; checking first keeps them from reaching PostgreSQL. */
export const isUuid = (value: string) => UUID_PATTERN.test(value);

export const productNotFound = () => new AppError('NOT_FOUND', CATALOGUE_MSG.productNotFound);
