// Package repo holds repositories used outside of Store transactions: simple
// single-statement reads and writes behind interfaces so that services can be
// wired with fakes.
package repo

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/pawsure/premiums/internal/db"
)

var ErrNotFound = db.ErrNotFound

func nf(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// ---- clinics ---------------------------------------------------------------

type ClinicRepository interface {
	Create(ctx context.Context, c db.Clinic) error
	SetStatus(ctx context.Context, clinicCode, status string) error
}

type PGClinics struct{ DB *sql.DB }

func (r *PGClinics) Create(ctx context.Context, c db.Clinic) error {
	_, err := r.DB.ExecContext(ctx,
		`INSERT INTO clinics (id, clinic_code, name, postcode, callback_url, stripe_account, status)
		 VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		c.ID, c.ClinicCode, c.Name, c.Postcode, c.CallbackURL, c.StripeAccount, c.Status)
	return err
}

func (r *PGClinics) SetStatus(ctx context.Context, clinicCode, status string) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE clinics SET status = $2 WHERE clinic_code = $1`, clinicCode, status)
	return err
}

// ---- partner events --------------------------------------------------------

type PartnerEventRepository interface {
	Seen(ctx context.Context, partner, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, partner, eventID, eventType string) error
}

type PGPartnerEvents struct{ DB *sql.DB }

func (r *PGPartnerEvents) Seen(ctx context.Context, partner, eventID string) (bool, error) {
	var exists bool
	err := r.DB.QueryRowContext(ctx,
		`SELECT EXISTS (SELECT 1 FROM partner_events WHERE partner = $1 AND event_id = $2)`,
		partner, eventID).Scan(&exists)
	return exists, err
}

func (r *PGPartnerEvents) MarkProcessed(ctx context.Context, partner, eventID, eventType string) error {
	_, err := r.DB.ExecContext(ctx,
		`INSERT INTO partner_events (partner, event_id, event_type) VALUES ($1, $2, $3)
		 ON CONFLICT (partner, event_id) DO NOTHING`,
		partner, eventID, eventType)
	return err
}

// ---- idempotency (response cache) ------------------------------------------

type StoredResponse struct {
	Status int
	Body   []byte
}

type IdempotencyRepository interface {
	Lookup(ctx context.Context, scope, key string) (*StoredResponse, error)
	Save(ctx context.Context, scope, key string, resp StoredResponse) error
}

type PGIdempotency struct{ DB *sql.DB }

func (r *PGIdempotency) Lookup(ctx context.Context, scope, key string) (*StoredResponse, error) {
	var status sql.NullInt32
	var body []byte
	err := r.DB.QueryRowContext(ctx,
		`SELECT response_status, response_body FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&status, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !status.Valid {
		return nil, nil
	}
	return &StoredResponse{Status: int(status.Int32), Body: body}, nil
}

func (r *PGIdempotency) Save(ctx context.Context, scope, key string, resp StoredResponse) error {
	_, err := r.DB.ExecContext(ctx,
		`INSERT INTO idempotency_keys (scope, key, response_status, response_body) VALUES ($1, $2, $3, $4)
		 ON CONFLICT (scope, key) DO UPDATE SET response_status = EXCLUDED.response_status,
		     response_body = EXCLUDED.response_body`,
		scope, key, resp.Status, resp.Body)
	return err
}

// ---- policies --------------------------------------------------------------

type PolicyRepository interface {
	Get(ctx context.Context, id string) (db.Policy, error)
	MarkCancelled(ctx context.Context, id, reason string, at time.Time) error
}

type PGPolicies struct {
	Q  *db.Queries
	DB *sql.DB
}

func (r *PGPolicies) Get(ctx context.Context, id string) (db.Policy, error) {
	return r.Q.GetPolicy(ctx, id)
}

func (r *PGPolicies) MarkCancelled(ctx context.Context, id, reason string, at time.Time) error {
	_, err := r.DB.ExecContext(ctx,
		`UPDATE policies SET status = 'cancelled', cancelled_at = $2, cancel_reason = $3, updated_at = now()
		 WHERE id = $1`, id, at, reason)
	return err
}

// ---- refunds ---------------------------------------------------------------

type RefundRepository interface {
	Create(ctx context.Context, r db.Refund) error
	Get(ctx context.Context, id string) (db.Refund, error)
	MarkResult(ctx context.Context, id, status, stripeRefundID string) error
}

type PGRefunds struct{ DB *sql.DB }

func (r *PGRefunds) Create(ctx context.Context, rf db.Refund) error {
	_, err := r.DB.ExecContext(ctx,
		`INSERT INTO refunds (id, policy_id, payment_intent_id, amount_cents, currency, status)
		 VALUES ($1, $2, $3, $4, $5, 'pending')`,
		rf.ID, rf.PolicyID, rf.PaymentIntentID, rf.AmountCents, rf.Currency)
	return err
}

func (r *PGRefunds) Get(ctx context.Context, id string) (db.Refund, error) {
	var rf db.Refund
	err := r.DB.QueryRowContext(ctx,
		`SELECT id, policy_id, payment_intent_id, amount_cents, currency, status, stripe_refund_id
		 FROM refunds WHERE id = $1`, id).Scan(
		&rf.ID, &rf.PolicyID, &rf.PaymentIntentID, &rf.AmountCents, &rf.Currency, &rf.Status, &rf.StripeRefundID)
	return rf, nf(err)
}

func (r *PGRefunds) MarkResult(ctx context.Context, id, status, stripeRefundID string) error {
	_, err := r.DB.ExecContext(ctx,
		`UPDATE refunds SET status = $2, stripe_refund_id = $3, updated_at = now() WHERE id = $1`,
		id, status, stripeRefundID)
	return err
}

// ---- payouts (status callbacks) --------------------------------------------

type PayoutRepository interface {
	GetByTransferRef(ctx context.Context, ref string) (db.Payout, error)
	MarkPaid(ctx context.Context, id string) error
	MarkReturned(ctx context.Context, id string) error
}

type PGPayouts struct{ DB *sql.DB }

func (r *PGPayouts) GetByTransferRef(ctx context.Context, ref string) (db.Payout, error) {
	var p db.Payout
	err := r.DB.QueryRowContext(ctx,
		`SELECT id, claim_id, policy_id, payee_kind, amount_cents, currency, status, transfer_ref, attempt
		 FROM payouts WHERE transfer_ref = $1`, ref).Scan(
		&p.ID, &p.ClaimID, &p.PolicyID, &p.PayeeKind, &p.AmountCents, &p.Currency, &p.Status, &p.TransferRef, &p.Attempt)
	return p, nf(err)
}

func (r *PGPayouts) MarkPaid(ctx context.Context, id string) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE payouts SET status = 'paid', updated_at = now() WHERE id = $1`, id)
	return err
}

func (r *PGPayouts) MarkReturned(ctx context.Context, id string) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE payouts SET status = 'returned', updated_at = now() WHERE id = $1`, id)
	return err
}

// ---- claims ----------------------------------------------------------------

type ClaimRepository interface {
	MarkSettled(ctx context.Context, id string) error
}

type PGClaims struct{ DB *sql.DB }

func (r *PGClaims) MarkSettled(ctx context.Context, id string) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE claims SET status = 'settled', updated_at = now() WHERE id = $1`, id)
	return err
}

// ---- ledger ----------------------------------------------------------------

type LedgerRepository interface {
	Append(ctx context.Context, e db.LedgerEntry) error
}

type PGLedger struct{ Q *db.Queries }

func (r *PGLedger) Append(ctx context.Context, e db.LedgerEntry) error {
	return r.Q.InsertLedgerEntry(ctx, e)
}
