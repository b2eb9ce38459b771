package db

import (
	"context"
	"time"
)

const getPolicyholder = `-- name: GetPolicyholder :one
SELECT id, email, phone, full_name, stripe_customer_id, bank_account_token, contact_version
FROM policyholders WHERE id = $1`

func (q *Queries) GetPolicyholder(ctx context.Context, id string) (Policyholder, error) {
	var p Policyholder
	err := q.db.QueryRowContext(ctx, getPolicyholder, id).Scan(
		&p.ID, &p.Email, &p.Phone, &p.FullName, &p.StripeCustomerID, &p.BankAccountToken, &p.ContactVersion,
	)
	return p, notFound(err)
}

const getPet = `-- name: GetPet :one
SELECT id, policyholder_id, name, species, breed, date_of_birth FROM pets WHERE id = $1`

func (q *Queries) GetPet(ctx context.Context, id string) (Pet, error) {
	var p Pet
	err := q.db.QueryRowContext(ctx, getPet, id).Scan(
		&p.ID, &p.PolicyholderID, &p.Name, &p.Species, &p.Breed, &p.DateOfBirth,
	)
	return p, notFound(err)
}

const insertQuoteOnce = `-- name: InsertQuoteOnce :one
INSERT INTO quotes (
    id, reference, idempotency_key, policyholder_id, pet_id, plan_code,
    monthly_premium_cents, annual_limit_cents, excess_cents, currency, expires_at
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING id`

// InsertQuoteOnce inserts the quote unless one already exists for the same
// idempotency key. inserted reports whether this call created the row.
func (q *Queries) InsertQuoteOnce(ctx context.Context, arg Quote) (inserted bool, err error) {
	var id string
	err = q.db.QueryRowContext(ctx, insertQuoteOnce,
		arg.ID, arg.Reference, arg.IdempotencyKey, arg.PolicyholderID, arg.PetID, arg.PlanCode,
		arg.MonthlyPremiumCents, arg.AnnualLimitCents, arg.ExcessCents, arg.Currency, arg.ExpiresAt,
	).Scan(&id)
	if err != nil {
		if notFound(err) == ErrNotFound {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

const quoteColumns = `id, reference, idempotency_key, policyholder_id, pet_id, plan_code,
    monthly_premium_cents, annual_limit_cents, excess_cents, currency, expires_at, created_at`

func scanQuote(row interface{ Scan(...any) error }) (Quote, error) {
	var qt Quote
	err := row.Scan(&qt.ID, &qt.Reference, &qt.IdempotencyKey, &qt.PolicyholderID, &qt.PetID, &qt.PlanCode,
		&qt.MonthlyPremiumCents, &qt.AnnualLimitCents, &qt.ExcessCents, &qt.Currency, &qt.ExpiresAt, &qt.CreatedAt)
	return qt, notFound(err)
}

const getQuoteByIdempotencyKey = `-- name: GetQuoteByIdempotencyKey :one
SELECT ` + quoteColumns + ` FROM quotes WHERE idempotency_key = $1`

func (q *Queries) GetQuoteByIdempotencyKey(ctx context.Context, key string) (Quote, error) {
	return scanQuote(q.db.QueryRowContext(ctx, getQuoteByIdempotencyKey, key))
}

const getQuote = `-- name: GetQuote :one
SELECT ` + quoteColumns + ` FROM quotes WHERE id = $1`

func (q *Queries) GetQuote(ctx context.Context, id string) (Quote, error) {
	return scanQuote(q.db.QueryRowContext(ctx, getQuote, id))
}

const upsertPolicyholderContact = `-- name: UpsertPolicyholderContact :execrows
UPDATE policyholders
SET email = $2, phone = $3, full_name = $4, bank_account_token = COALESCE($5, bank_account_token),
    contact_version = $6, updated_at = now()
WHERE id = $1 AND contact_version < $6`

type UpsertPolicyholderContactParams struct {
	ID               string
	Email            string
	Phone            *string
	FullName         string
	BankAccountToken *string
	Version          int64
}

// UpsertPolicyholderContact applies a contact change only if it is newer than
// what is stored; replays and out-of-order events are no-ops.
func (q *Queries) UpsertPolicyholderContact(ctx context.Context, arg UpsertPolicyholderContactParams) (int64, error) {
	res, err := q.db.ExecContext(ctx, upsertPolicyholderContact,
		arg.ID, arg.Email, arg.Phone, arg.FullName, arg.BankAccountToken, arg.Version)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// QuoteExpiry is how long a quote stays bindable.
const QuoteExpiry = 30 * 24 * time.Hour
