-- +goose Up
-- Message and offset tables for the watermill-sql outbox (DefaultPostgreSQLSchema
-- layout). Publishers write inside application transactions, so the tables
-- must exist before the first publish.
-- +goose StatementBegin
DO $$
DECLARE t TEXT;
BEGIN
    FOREACH t IN ARRAY ARRAY[
        'ancillary_payment_succeeded'
        , 'ancillary_refund_requested'
        , 'ancillary_refund_completed'
        , 'ancillary_emd_issued'
        , 'loyalty_accrual_requested'
        , 'loyalty_accrual_posted'
    ] LOOP
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I (
            "offset" BIGSERIAL,
            "uuid" VARCHAR(36) NOT NULL,
            "created_at" TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
            "payload" JSON DEFAULT NULL,
            "metadata" JSON DEFAULT NULL,
            "transaction_id" xid8 NOT NULL,
            PRIMARY KEY ("transaction_id", "offset"))', 'watermill_' || t);
        EXECUTE format('CREATE TABLE IF NOT EXISTS %I (
            consumer_group VARCHAR(255) NOT NULL,
            offset_acked BIGINT,
            last_processed_transaction_id xid8 NOT NULL,
            PRIMARY KEY (consumer_group))', 'watermill_offsets_' || t);
    END LOOP;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
DO $$
DECLARE t TEXT;
BEGIN
    FOR t IN SELECT tablename FROM pg_tables WHERE tablename LIKE 'watermill\_%' LOOP
        EXECUTE format('DROP TABLE IF EXISTS %I', t);
    END LOOP;
END
$$;
-- +goose StatementEnd
