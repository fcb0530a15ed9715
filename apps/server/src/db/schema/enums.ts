import { pgEnum } from 'drizzle-orm/pg-core';
import { PAPER_SIZES, PERMIT_TYPES, PRINT_JOB_STATUSES, SIDES, TEMPLATE_TYPES } from '@mailcraft/shared';

/** Database enums from the shared constants (docs/requirements/projects.md#data), so a bad value cannot be stored. */
export const templateTypeEnum = pgEnum('template_type', TEMPLATE_TYPES);
export const paperSizeEnum = pgEnum('paper_size', PAPER_SIZES as unknown as [string, ...string[]]);
export const sidesEnum = pgEnum('sides', SIDES);
export const permitTypeEnum = pgEnum('permit_type', PERMIT_TYPES);
export const printJobStatusEnum = pgEnum('print_job_status', PRINT_JOB_STATUSES);
