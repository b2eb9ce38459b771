ALTER TABLE sponsorships ADD COLUMN IF NOT EXISTS signage_job_id text;
ALTER TABLE sponsorships ADD COLUMN IF NOT EXISTS signage_ordered_at timestamptz;
