import { idParamSchema, pageQuerySchema } from '@airlink/domain';
import { z } from 'zod';

/** `params` of a route on `/:id`. */
export const idParams = z.object({ id: idParamSchema });

/** `querystring` of a list that is only paged (no sort, filters or search). */
export const pageOnlyQuery = pageQuerySchema.pick({ page: true, pageSize: true });
