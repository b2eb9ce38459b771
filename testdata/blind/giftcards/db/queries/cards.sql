-- name: CreateCard :one
INSERT INTO cards (id, code, purchase_id, balance_cents, currency, status, expires_at, recipient_phone, recipient_email)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING *;

-- name: InsertOrderCard :execrows
INSERT INTO cards (id, code, order_id, order_seq, balance_cents, currency, status, expires_at, recipient_phone, recipient_email)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (order_id, order_seq) DO NOTHING;

-- name: GetCard :one
SELECT * FROM cards
WHERE id = $1;

-- name: GetCardByCode :one
SELECT * FROM cards
WHERE code = $1;

-- name: GetCardByCodeForUpdate :one
SELECT * FROM cards
WHERE code = $1
FOR UPDATE;

-- name: DebitCard :one
UPDATE cards
SET balance_cents = balance_cents - $2
WHERE id = $1 AND status = 'active' AND balance_cents >= $2
RETURNING balance_cents;

-- name: CreditCard :one
UPDATE cards
SET balance_cents = balance_cents + $2
WHERE id = $1 AND status IN ('issued', 'active')
RETURNING balance_cents;

-- name: ActivateCard :execrows
UPDATE cards
SET status = 'active', activated_at = now()
WHERE id = $1 AND status = 'issued';

-- name: SetCardRecipient :exec
UPDATE cards
SET recipient_email = $2, recipient_phone = COALESCE($3, recipient_phone)
WHERE id = $1;

-- name: ListExpiringCards :many
SELECT * FROM cards
WHERE status IN ('issued', 'active') AND expires_at <= $1
ORDER BY expires_at
LIMIT $2;

-- name: ExpireCard :one
UPDATE cards c
SET status = 'expired', balance_cents = 0
FROM (SELECT id, balance_cents FROM cards WHERE id = $1 FOR UPDATE) prev
WHERE c.id = prev.id AND c.status <> 'expired'
RETURNING prev.balance_cents;

-- name: ListCardsDueReminder :many
SELECT * FROM cards
WHERE status IN ('issued', 'active')
  AND reminder_sent_at IS NULL
  AND recipient_phone IS NOT NULL
  AND expires_at BETWEEN now() AND $1
ORDER BY expires_at
LIMIT $2;

-- name: MarkReminderSent :exec
UPDATE cards SET reminder_sent_at = now()
WHERE id = $1;

-- name: VoidCard :exec
UPDATE cards SET status = 'void', balance_cents = 0
WHERE id = $1;

-- name: ListCardsByPurchase :many
SELECT * FROM cards
WHERE purchase_id = $1
ORDER BY created_at;

-- name: InsertLedgerEntry :exec
INSERT INTO card_ledger (id, card_id, entry_type, amount_cents, ref)
VALUES ($1, $2, $3, $4, $5);
