-- +goose NO TRANSACTION
-- +goose Up
CREATE UNIQUE INDEX CONCURRENTLY rides_one_open_per_rider
    ON rides (rider_id) WHERE status IN ('unlocking', 'active');

CREATE UNIQUE INDEX CONCURRENTLY rides_one_open_per_bike
    ON rides (bike_id) WHERE status IN ('unlocking', 'active');

-- +goose Down
DROP INDEX CONCURRENTLY IF EXISTS rides_one_open_per_bike;
DROP INDEX CONCURRENTLY IF EXISTS rides_one_open_per_rider;
