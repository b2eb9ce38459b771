-- name: InsertSmsMessage :exec
INSERT INTO sms_messages (id, client_ref, provider_message_id, to_phone, purpose)
VALUES ($1, $2, $3, $4, $5);

-- name: InsertSmsReceipt :execrows
INSERT INTO sms_delivery_receipts (provider_message_id, status, error_code, reported_at)
VALUES ($1, $2, $3, $4)
ON CONFLICT (provider_message_id, status) DO NOTHING;

-- name: UpdateSmsMessageStatus :exec
UPDATE sms_messages
SET last_status = $2, updated_at = now()
WHERE provider_message_id = $1;
