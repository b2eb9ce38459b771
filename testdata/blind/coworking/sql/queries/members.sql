-- name: CreateMember :one
INSERT INTO members (id, email, full_name, phone, company_id)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (email) DO NOTHING
RETURNING *;

-- name: GetMember :one
SELECT * FROM members
WHERE id = $1;

-- name: GetMemberByEmail :one
SELECT * FROM members
WHERE email = $1;

-- name: SetMemberStripeCustomer :exec
UPDATE members
SET stripe_customer_id = $2
WHERE id = $1;

-- name: DebitCredits :execrows
UPDATE members
SET credit_minutes = credit_minutes - sqlc.arg(minutes)
WHERE id = sqlc.arg(id) AND credit_minutes >= sqlc.arg(minutes);

-- name: AddCredits :exec
UPDATE members
SET credit_minutes = credit_minutes + sqlc.arg(minutes)
WHERE id = sqlc.arg(id);

-- name: InsertCreditLedgerEntry :exec
INSERT INTO credit_ledger (id, member_id, delta_minutes, reason, reference)
VALUES ($1, $2, $3, $4, $5);

-- name: IncrementNoShowCount :exec
UPDATE members
SET no_show_count = no_show_count + 1
WHERE id = $1;

-- name: GetCompany :one
SELECT * FROM companies
WHERE id = $1;

-- name: ListMemberIDs :many
SELECT id FROM members
ORDER BY id;
