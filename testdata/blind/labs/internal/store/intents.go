package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/platform/db"
)

// ChargeIntent is the durable record of a self-pay charge, created before
// the processor is called. Its ID is the processor idempotency key.
type ChargeIntent struct {
	ID               string
	PatientID        uuid.UUID
	InvoiceID        string
	IdempotencyKey   string
	AmountCents      int64
	Status           string
	ProviderChargeID string
	FailureCode      string
}

const intentColumns = `id, patient_id, coalesce(invoice_id, ''), idempotency_key, amount_cents, status,
	coalesce(provider_charge_id, ''), coalesce(failure_code, '')`

func scanIntent(row interface{ Scan(...any) error }) (ChargeIntent, error) {
	var ci ChargeIntent
	err := row.Scan(&ci.ID, &ci.PatientID, &ci.InvoiceID, &ci.IdempotencyKey, &ci.AmountCents, &ci.Status,
		&ci.ProviderChargeID, &ci.FailureCode)
	return ci, noRows(err)
}

// ClaimChargeIntent inserts the intent for (patient, key) or returns the
// one already there.
func (r *Billing) ClaimChargeIntent(ctx context.Context, ci ChargeIntent) (ChargeIntent, bool, error) {
	created, err := scanIntent(r.db.QueryRowContext(ctx, `
		INSERT INTO charge_intents (id, patient_id, invoice_id, idempotency_key, amount_cents)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (patient_id, idempotency_key) DO NOTHING
		RETURNING `+intentColumns,
		ci.ID, ci.PatientID, db.NullString(ci.InvoiceID), ci.IdempotencyKey, ci.AmountCents))
	if err == nil {
		return created, true, nil
	}
	if !errors.Is(err, db.ErrNotFound) {
		return ChargeIntent{}, false, err
	}
	existing, err := scanIntent(r.db.QueryRowContext(ctx,
		`SELECT `+intentColumns+` FROM charge_intents WHERE patient_id = $1 AND idempotency_key = $2`,
		ci.PatientID, ci.IdempotencyKey))
	return existing, false, err
}

// SettleChargeIntent moves a pending intent to succeeded or failed. It
// reports whether this call made the transition.
func (r *Billing) SettleChargeIntent(ctx context.Context, id, status, chargeID, failure string) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		UPDATE charge_intents SET status = $2, provider_charge_id = $3, failure_code = $4, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, status, db.NullString(chargeID), db.NullString(failure))
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// IdempotencyKeys implements httpx.ResponseStore on idempotency_keys.
type IdempotencyKeys struct{ db db.DBTX }

// NewIdempotencyKeys returns the store.
func NewIdempotencyKeys(conn db.DBTX) *IdempotencyKeys { return &IdempotencyKeys{db: conn} }

// StoredResponse mirrors httpx.StoredResponse to keep store free of httpx.
type StoredResponse struct {
	RequestHash string
	StatusCode  int
	Body        []byte
}

// Lookup returns a stored response or sql.ErrNoRows.
func (s *IdempotencyKeys) Lookup(ctx context.Context, scope, key string) (StoredResponse, error) {
	var r StoredResponse
	err := s.db.QueryRowContext(ctx, `
		SELECT request_hash, status_code, response_body FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&r.RequestHash, &r.StatusCode, &r.Body)
	if errors.Is(err, sql.ErrNoRows) {
		return r, sql.ErrNoRows
	}
	return r, err
}

// Save stores a response for (scope, key).
func (s *IdempotencyKeys) Save(ctx context.Context, scope, key string, r StoredResponse) error {
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, r.RequestHash, r.StatusCode, r.Body)
	return err
}
