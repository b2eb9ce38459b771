-- name: InsertDuesLine :exec
INSERT INTO dues_lines (id, job_id, agent_id, kind, description, amount_cents)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: InsertDuesLineOnce :execrows
INSERT INTO dues_lines (id, job_id, agent_id, kind, description, amount_cents)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (id) DO NOTHING;

-- name: ListUninvoicedLines :many
SELECT * FROM dues_lines
WHERE invoice_id IS NULL AND created_at < $1
ORDER BY agent_id, created_at;

-- name: CreateInvoice :one
INSERT INTO invoices (id, agent_id, number, period_start, period_end, total_cents)
VALUES (
    $1, $2, 'PLT-' || lpad(nextval('invoice_number_seq')::text, 7, '0'), $3, $4, $5
)
RETURNING *;

-- name: AttachLinesToInvoice :execrows
UPDATE dues_lines
SET invoice_id = sqlc.arg(invoice_id)
WHERE id = ANY(sqlc.arg(line_ids)::text[]) AND invoice_id IS NULL;

-- name: ListUnsentInvoices :many
SELECT * FROM invoices
WHERE status = 'issued' AND sent_at IS NULL
ORDER BY created_at
LIMIT $1;

-- name: MarkInvoiceSent :exec
UPDATE invoices SET sent_at = now() WHERE id = $1;

-- name: GetInvoiceByNumber :one
SELECT * FROM invoices WHERE number = $1;

-- name: ApplyPayment :exec
UPDATE invoices
SET paid_cents = paid_cents + sqlc.arg(amount_cents),
    status = CASE WHEN paid_cents + sqlc.arg(amount_cents) >= total_cents THEN 'paid' ELSE status END
WHERE id = sqlc.arg(id);

-- name: InsertPayment :exec
INSERT INTO payments (id, invoice_id, amount_cents, bank_reference, source, received_at)
VALUES ($1, $2, $3, $4, $5, $6);

-- name: BankNotificationExists :one
SELECT EXISTS (SELECT 1 FROM bank_notifications WHERE notification_id = $1);

-- name: InsertBankNotification :exec
INSERT INTO bank_notifications (notification_id) VALUES ($1)
ON CONFLICT (notification_id) DO NOTHING;

-- name: ClaimStatementLine :execrows
INSERT INTO bank_statement_lines (line_ref) VALUES ($1)
ON CONFLICT (line_ref) DO NOTHING;
