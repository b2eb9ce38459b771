package queries

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/quillsign/esign/internal/domain"
)

// CreditBalance returns the account's prepaid envelope credits.
func CreditBalance(ctx context.Context, db DBTX, accountID string) (int, error) {
	var n int
	err := db.QueryRow(ctx,
		`SELECT coalesce(sum(delta), 0) FROM envelope_credits WHERE account_id = $1`,
		accountID).Scan(&n)
	return n, err
}

// LockAccountCredits serialises credit consumption for one account.
func LockAccountCredits(ctx context.Context, db DBTX, accountID string) error {
	_, err := db.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('credits:' || $1))`, accountID)
	return err
}

// InsertCharge records a Stripe payment; a repeat for the same payment
// intent is ignored.
func InsertCharge(ctx context.Context, db DBTX, c domain.Charge) error {
	_, err := db.Exec(ctx, `
		INSERT INTO charges (id, account_id, purpose, envelope_id, invoice_id, amount_cents,
			currency, stripe_payment_intent_id, status, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (stripe_payment_intent_id) DO NOTHING`,
		c.ID, c.AccountID, c.Purpose, c.EnvelopeID, c.InvoiceID, c.AmountCents,
		c.Currency, c.StripePaymentIntentID, c.Status, c.CreatedAt)
	return err
}

// GetChargeByPaymentIntent loads the charge for a Stripe payment intent.
func GetChargeByPaymentIntent(ctx context.Context, db DBTX, paymentIntentID string) (domain.Charge, error) {
	rows, err := db.Query(ctx, `
		SELECT id, account_id, purpose, envelope_id, invoice_id, amount_cents, currency,
		       stripe_payment_intent_id, status, refunded_cents, created_at
		  FROM charges WHERE stripe_payment_intent_id = $1`, paymentIntentID)
	return collectOne[domain.Charge](rows, err)
}

// SetChargeStatus moves a charge to a terminal status unless it is already there.
func SetChargeStatus(ctx context.Context, db DBTX, paymentIntentID, status string) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE charges SET status = $2
		 WHERE stripe_payment_intent_id = $1 AND status <> $2`, paymentIntentID, status)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// AddChargeRefund adds a refunded amount to the charge.
func AddChargeRefund(ctx context.Context, db DBTX, chargeID string, cents int64) error {
	_, err := db.Exec(ctx,
		`UPDATE charges SET refunded_cents = refunded_cents + $2 WHERE id = $1`, chargeID, cents)
	return err
}

const accountColumns = `id, name, billing_mode, billing_email, currency, per_envelope_cents,
	stripe_customer_id, stripe_payment_method_id, created_at`

// GetAccount loads an account by id.
func GetAccount(ctx context.Context, db DBTX, id string) (domain.Account, error) {
	rows, err := db.Query(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = $1`, id)
	return collectOne[domain.Account](rows, err)
}

// AccountIDForAPIKey resolves the account of an unrevoked API key hash.
func AccountIDForAPIKey(ctx context.Context, db DBTX, keyHash []byte) (string, error) {
	var id string
	err := db.QueryRow(ctx,
		`SELECT account_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`,
		keyHash).Scan(&id)
	return id, notFound(err)
}

// ListInvoiceAccountIDs returns the ids of accounts billed monthly.
func ListInvoiceAccountIDs(ctx context.Context, db DBTX) ([]string, error) {
	rows, err := db.Query(ctx,
		`SELECT id FROM accounts WHERE billing_mode = 'invoice' ORDER BY id`)
	if err != nil {
		return nil, err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// StripeEventProcessed reports whether a Stripe event was already handled.
func StripeEventProcessed(ctx context.Context, db DBTX, eventID string) (bool, error) {
	var ok bool
	err := db.QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`, eventID).Scan(&ok)
	return ok, err
}

// InsertStripeEvent marks a Stripe event handled.
func InsertStripeEvent(ctx context.Context, db DBTX, eventID, eventType string) error {
	_, err := db.Exec(ctx, `
		INSERT INTO stripe_events (event_id, type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return err
}

// StoredResponse is the response saved for an idempotent API request.
type StoredResponse struct {
	Route  string
	Status int
	Body   []byte
}

// GetStoredResponse returns the response saved under an Idempotency-Key.
func GetStoredResponse(ctx context.Context, db DBTX, accountID, key string) (*StoredResponse, error) {
	var r StoredResponse
	err := db.QueryRow(ctx, `
		SELECT route, response_status, response_body FROM api_idempotency_keys
		 WHERE account_id = $1 AND key = $2`, accountID, key).Scan(&r.Route, &r.Status, &r.Body)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// SaveStoredResponse saves the response for an Idempotency-Key.
func SaveStoredResponse(ctx context.Context, db DBTX, accountID, key string, r StoredResponse) error {
	_, err := db.Exec(ctx, `
		INSERT INTO api_idempotency_keys (account_id, key, route, response_status, response_body)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (account_id, key) DO NOTHING`,
		accountID, key, r.Route, r.Status, r.Body)
	return err
}
