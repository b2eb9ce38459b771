-- +goose NO TRANSACTION
-- +goose Up
CREATE UNIQUE INDEX CONCURRENTLY ride_charges_ride_key ON ride_charges (ride_id);

-- +goose Down
DROP INDEX CONCURRENTLY IF EXISTS ride_charges_ride_key;
