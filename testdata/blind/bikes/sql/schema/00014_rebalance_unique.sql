-- +goose NO TRANSACTION
-- +goose Up
CREATE UNIQUE INDEX CONCURRENTLY rebalance_jobs_station_slot_key
    ON rebalance_jobs (station_id, slot, direction);

-- +goose Down
DROP INDEX CONCURRENTLY IF EXISTS rebalance_jobs_station_slot_key;
