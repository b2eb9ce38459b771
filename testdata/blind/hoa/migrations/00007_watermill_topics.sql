-- +goose Up
-- Message tables for the watermill SQL pub/sub, in the layout of watermill's
-- DefaultPostgreSQLSchema. They are created here rather than by the
-- publisher because the API publishes inside application transactions, where
-- watermill refuses to run DDL.
CREATE TABLE "watermill_payment_charge_settled" (
    "offset"         BIGSERIAL,
    "uuid"           VARCHAR(36) NOT NULL,
    "created_at"     TIMESTAMP   NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "payload"        JSON DEFAULT NULL,
    "metadata"       JSON DEFAULT NULL,
    "transaction_id" xid8        NOT NULL,
    PRIMARY KEY ("transaction_id", "offset")
);

CREATE TABLE "watermill_payment_charge_failed" (LIKE "watermill_payment_charge_settled" INCLUDING ALL);
CREATE TABLE "watermill_vendor_work_order_completed" (LIKE "watermill_payment_charge_settled" INCLUDING ALL);
CREATE TABLE "watermill_maintenance_request_created" (LIKE "watermill_payment_charge_settled" INCLUDING ALL);
CREATE TABLE "watermill_amenity_reservation_confirmed" (LIKE "watermill_payment_charge_settled" INCLUDING ALL);
CREATE TABLE "watermill_notice_requested" (LIKE "watermill_payment_charge_settled" INCLUDING ALL);

-- +goose Down
DROP TABLE "watermill_notice_requested";
DROP TABLE "watermill_amenity_reservation_confirmed";
DROP TABLE "watermill_maintenance_request_created";
DROP TABLE "watermill_vendor_work_order_completed";
DROP TABLE "watermill_payment_charge_failed";
DROP TABLE "watermill_payment_charge_settled";
