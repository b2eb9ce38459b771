-- +goose NO TRANSACTION
-- +goose Up
CREATE UNIQUE INDEX CONCURRENTLY refund_requests_charge_key ON refund_requests (charge_id);

-- +goose Down
DROP INDEX CONCURRENTLY IF EXISTS refund_requests_charge_key;
