package postgres

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/hearthkit/commissary/internal/domain"
)

type chargeRepo struct{ q sqlx.ExtContext }

func (r chargeRepo) Insert(ctx context.Context, c *domain.BookingCharge) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO booking_charges (id, booking_id, kind, amount_cents, currency, provider_charge_id, status)
		VALUES (:id, :booking_id, :kind, :amount_cents, :currency, :provider_charge_id, :status)`, c)
	return mapErr(err)
}

func (r chargeRepo) MarkSucceeded(ctx context.Context, providerChargeID string) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE booking_charges SET status = 'succeeded'
		WHERE provider_charge_id = $1 AND status <> 'succeeded'`, providerChargeID))
}

func (r chargeRepo) ListForBooking(ctx context.Context, bookingID string) ([]domain.BookingCharge, error) {
	var out []domain.BookingCharge
	err := sqlx.SelectContext(ctx, r.q, &out, `
		SELECT id, booking_id, kind, amount_cents, currency, provider_charge_id, status, created_at
		FROM booking_charges WHERE booking_id = $1 ORDER BY created_at`, bookingID)
	return out, mapErr(err)
}

type depositRepo struct{ q sqlx.ExtContext }

const depositColumns = `id, booking_id, amount_cents, captured_cents, currency, status, provider_auth_id,
	release_requested_at, released_at, created_at, updated_at`

func (r depositRepo) Get(ctx context.Context, id string) (*domain.Deposit, error) {
	var d domain.Deposit
	if err := sqlx.GetContext(ctx, r.q, &d, `SELECT `+depositColumns+` FROM deposits WHERE id = $1`, id); err != nil {
		return nil, mapErr(err)
	}
	return &d, nil
}

func (r depositRepo) GetByBooking(ctx context.Context, bookingID string) (*domain.Deposit, error) {
	var d domain.Deposit
	if err := sqlx.GetContext(ctx, r.q, &d, `SELECT `+depositColumns+` FROM deposits WHERE booking_id = $1`, bookingID); err != nil {
		return nil, mapErr(err)
	}
	return &d, nil
}

func (r depositRepo) Insert(ctx context.Context, d *domain.Deposit) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO deposits (id, booking_id, amount_cents, currency, status)
		VALUES (:id, :booking_id, :amount_cents, :currency, :status)`, d)
	return mapErr(err)
}

func (r depositRepo) MarkHeld(ctx context.Context, id, providerAuthID string) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE deposits SET status = 'held', provider_auth_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, providerAuthID))
}

func (r depositRepo) MarkFailed(ctx context.Context, id string) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE deposits SET status = 'failed', updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id))
}

func (r depositRepo) MarkReleaseRequested(ctx context.Context, id string, at time.Time) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE deposits SET release_requested_at = $2, updated_at = now()
		WHERE id = $1 AND status = 'held' AND release_requested_at IS NULL`, id, at))
}

func (r depositRepo) MarkReleased(ctx context.Context, id string, at time.Time) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE deposits SET status = 'released', released_at = $2, updated_at = now()
		WHERE id = $1 AND status = 'held'`, id, at))
}

func (r depositRepo) MarkExpired(ctx context.Context, providerAuthID string) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE deposits SET status = 'expired', updated_at = now()
		WHERE provider_auth_id = $1 AND status = 'held'`, providerAuthID))
}

func (r depositRepo) AddCaptured(ctx context.Context, id string, cents int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE deposits SET captured_cents = captured_cents + $2, updated_at = now()
		WHERE id = $1`, id, cents)
	return mapErr(err)
}

func (r depositRepo) InsertRelease(ctx context.Context, rel *domain.DepositRelease) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO deposit_releases (id, deposit_id, reason, requested_at)
		VALUES (:id, :deposit_id, :reason, :requested_at)
		ON CONFLICT (deposit_id) DO NOTHING`, rel)
	return mapErr(err)
}

type claimRepo struct{ q sqlx.ExtContext }

const claimColumns = `id, booking_id, deposit_id, request_key, amount_cents, description, status,
	provider_capture_id, created_at, updated_at`

func (r claimRepo) Get(ctx context.Context, id string) (*domain.DamageClaim, error) {
	var c domain.DamageClaim
	if err := sqlx.GetContext(ctx, r.q, &c, `SELECT `+claimColumns+` FROM damage_claims WHERE id = $1`, id); err != nil {
		return nil, mapErr(err)
	}
	return &c, nil
}

func (r claimRepo) Create(ctx context.Context, c *domain.DamageClaim) (*domain.DamageClaim, error) {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO damage_claims (id, booking_id, deposit_id, request_key, amount_cents, description, status)
		VALUES (:id, :booking_id, :deposit_id, :request_key, :amount_cents, :description, :status)
		ON CONFLICT (booking_id, request_key) DO NOTHING`, c)
	if err != nil {
		return nil, mapErr(err)
	}
	var stored domain.DamageClaim
	err = sqlx.GetContext(ctx, r.q, &stored, `
		SELECT `+claimColumns+` FROM damage_claims WHERE booking_id = $1 AND request_key = $2`,
		c.BookingID, c.RequestKey)
	if err != nil {
		return nil, mapErr(err)
	}
	return &stored, nil
}

func (r claimRepo) MarkCaptured(ctx context.Context, id, providerCaptureID string) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		UPDATE damage_claims SET status = 'captured', provider_capture_id = $2, updated_at = now()
		WHERE id = $1 AND status = 'filed'`, id, providerCaptureID))
}

func (r claimRepo) SumOpenForDeposit(ctx context.Context, depositID string) (int64, error) {
	var sum int64
	err := sqlx.GetContext(ctx, r.q, &sum, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM damage_claims
		WHERE deposit_id = $1 AND status IN ('filed', 'captured')`, depositID)
	return sum, mapErr(err)
}

type ledgerRepo struct{ q sqlx.ExtContext }

func (r ledgerRepo) Insert(ctx context.Context, e *domain.LedgerEntry) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO ledger_entries (id, booking_id, kind, amount_cents, currency, provider_ref)
		VALUES (:id, :booking_id, :kind, :amount_cents, :currency, :provider_ref)`, e)
	return mapErr(err)
}
