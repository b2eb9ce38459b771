package store

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
)

// InsertRebate records a fleet's rebate for a period. It returns the id of
// the row for (fleet, period) and whether this call created it.
func (q *Queries) InsertRebate(ctx context.Context, r domain.Rebate) (uuid.UUID, bool, error) {
	var id uuid.UUID
	err := q.db.QueryRow(ctx, `
		INSERT INTO rebates (id, fleet_id, period, gallons_milli, amount_cents, method)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (fleet_id, period) DO NOTHING
		RETURNING id`,
		r.ID, r.FleetID, r.Period, r.GallonsMilli, r.AmountCents, r.Method).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, false, nil
	}
	return id, err == nil, err
}

// AddRebateAccrued adjusts a fleet's accrued-but-unpaid rebate balance.
func (q *Queries) AddRebateAccrued(ctx context.Context, fleetID uuid.UUID, delta int64) error {
	_, err := q.db.Exec(ctx, `
		UPDATE fleets SET rebate_accrued_cents = rebate_accrued_cents + $2 WHERE id = $1`,
		fleetID, delta)
	return err
}

// RebateByID loads a rebate.
func (q *Queries) RebateByID(ctx context.Context, id uuid.UUID) (domain.Rebate, error) {
	var r domain.Rebate
	err := q.db.QueryRow(ctx, `
		SELECT id, fleet_id, period, gallons_milli, amount_cents, method, status
		FROM rebates WHERE id = $1`, id).
		Scan(&r.ID, &r.FleetID, &r.Period, &r.GallonsMilli, &r.AmountCents, &r.Method, &r.Status)
	return r, notFound(err, "rebate")
}

// AdvanceRebate moves a rebate from one status to another.
func (q *Queries) AdvanceRebate(ctx context.Context, id uuid.UUID, from, to domain.RebateStatus) (bool, error) {
	tag, err := q.db.Exec(ctx, `
		UPDATE rebates SET status = $3, updated_at = now() WHERE id = $1 AND status = $2`,
		id, from, to)
	return tag.RowsAffected() == 1, err
}

// InsertPayoutAttempt opens an audit row for a payout attempt.
func (q *Queries) InsertPayoutAttempt(ctx context.Context, a domain.PayoutAttempt) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO payout_attempts (id, rebate_id, job_attempt) VALUES ($1, $2, $3)`,
		a.ID, a.RebateID, a.JobAttempt)
	return err
}

// FinishPayoutAttempt closes an audit row.
func (q *Queries) FinishPayoutAttempt(ctx context.Context, id uuid.UUID, outcome, errMsg string) error {
	_, err := q.db.Exec(ctx, `
		UPDATE payout_attempts SET outcome = $2, error = NULLIF($3, ''), finished_at = now()
		WHERE id = $1`, id, outcome, errMsg)
	return err
}

// InsertRebatePayout records the bank transfer that paid a rebate.
func (q *Queries) InsertRebatePayout(ctx context.Context, rebateID uuid.UUID, transferID string, amount int64) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO rebate_payouts (id, rebate_id, bank_transfer_id, amount_cents)
		VALUES ($1, $2, $3, $4)`, uuid.New(), rebateID, transferID, amount)
	return err
}

// InsertRebateCredit records the network credit that settled a rebate.
func (q *Queries) InsertRebateCredit(ctx context.Context, rebateID uuid.UUID, creditID string, amount int64) error {
	_, err := q.db.Exec(ctx, `
		INSERT INTO rebate_credits (rebate_id, network_credit_id, amount_cents)
		VALUES ($1, $2, $3)
		ON CONFLICT (rebate_id) DO NOTHING`, rebateID, creditID, amount)
	return err
}
