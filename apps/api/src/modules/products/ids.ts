import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { AppError } from '../../platform/errors.ts';

export const productNotFound = () => new AppError('NOT_FOUND', CATALOGUE_MSG.productNotFound);
