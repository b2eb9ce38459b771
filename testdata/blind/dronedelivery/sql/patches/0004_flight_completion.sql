ALTER TABLE flight_plans ADD COLUMN completed_at timestamptz;
ALTER TABLE flight_plans ADD COLUMN landed_depot_id text REFERENCES depots (id);
