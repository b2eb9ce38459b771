package queries

const (
	ClaimIdempotencyKey = `
INSERT INTO idempotency_keys (merchant_id, key, request_hash)
VALUES ($1, $2, $3)
ON CONFLICT (merchant_id, key) DO NOTHING`

	GetIdempotencyKey = `
SELECT merchant_id, key, request_hash, response_code, response_body, created_at
  FROM idempotency_keys WHERE merchant_id = $1 AND key = $2`

	SaveIdempotentResponse = `
UPDATE idempotency_keys SET response_code = $3, response_body = $4
 WHERE merchant_id = $1 AND key = $2`

	InsertIdempotencyRecord = `
INSERT INTO idempotency_keys (merchant_id, key, request_hash, response_code, response_body)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (merchant_id, key) DO NOTHING`

	IsMessageProcessed = `
SELECT EXISTS (SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_key = $2)`

	MarkMessageProcessed = `
INSERT INTO processed_messages (consumer, message_key) VALUES ($1, $2)
ON CONFLICT DO NOTHING`
)
