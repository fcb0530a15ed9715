-- Print progress names its phase (preparing, rendering, merging, preflight, storing): see docs/requirements/print.md#progress.
ALTER TABLE "print_jobs" ADD COLUMN "phase" text;
