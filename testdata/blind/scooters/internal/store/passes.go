package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
)

type Passes struct{ db *pgstore.DB }

func (p *Passes) Plan(ctx context.Context, code string) (*domain.PassPlan, error) {
	var pl domain.PassPlan
	err := p.db.Q(ctx).QueryRow(ctx, `
		SELECT code, name, price_cents, minutes, validity_days
		FROM pass_plans WHERE code = $1 AND active`, code).
		Scan(&pl.Code, &pl.Name, &pl.PriceCents, &pl.Minutes, &pl.ValidityDays)
	if err != nil {
		return nil, pgstore.NotFound(err)
	}
	return &pl, nil
}

// Insert stores a purchased pass. A pass is tied to the payment that bought
// it, so a second insert for the same payment intent is ignored.
func (p *Passes) Insert(ctx context.Context, pass *domain.Pass) error {
	_, err := p.db.Q(ctx).Exec(ctx, `
		INSERT INTO ride_passes (id, rider_id, plan_code, minutes_total, minutes_remaining,
		                         status, payment_intent_id, purchased_at, expires_at)
		VALUES ($1, $2, $3, $4, $4, 'active', $5, $6, $7)
		ON CONFLICT (payment_intent_id) DO NOTHING`,
		pass.ID, pass.RiderID, pass.PlanCode, pass.MinutesTotal, pass.PaymentIntentID,
		pass.PurchasedAt, pass.ExpiresAt)
	return err
}

func (p *Passes) Get(ctx context.Context, id uuid.UUID) (*domain.Pass, error) {
	var ps domain.Pass
	var pi *string
	err := p.db.Q(ctx).QueryRow(ctx, `
		SELECT id, rider_id, plan_code, minutes_total, minutes_remaining, status,
		       payment_intent_id, purchased_at, expires_at
		FROM ride_passes WHERE id = $1`, id).
		Scan(&ps.ID, &ps.RiderID, &ps.PlanCode, &ps.MinutesTotal, &ps.MinutesRemaining,
			&ps.Status, &pi, &ps.PurchasedAt, &ps.ExpiresAt)
	if err != nil {
		return nil, pgstore.NotFound(err)
	}
	ps.PaymentIntentID = deref(pi)
	return &ps, nil
}

// AddMinutes tops up an active pass.
func (p *Passes) AddMinutes(ctx context.Context, id uuid.UUID, minutes int) error {
	tag, err := p.db.Q(ctx).Exec(ctx, `
		UPDATE ride_passes
		SET minutes_total = minutes_total + $2, minutes_remaining = minutes_remaining + $2
		WHERE id = $1 AND status = 'active'`, id, minutes)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrInvalidTransition
	}
	return nil
}

// ConsumeMinutes takes up to want minutes from the rider's active pass that
// expires first and returns how many it took.
func (p *Passes) ConsumeMinutes(ctx context.Context, riderID uuid.UUID, want int, at time.Time) (int, error) {
	if want <= 0 {
		return 0, nil
	}
	var used int
	err := p.db.Q(ctx).QueryRow(ctx, `
		WITH p AS (
			SELECT id, minutes_remaining FROM ride_passes
			WHERE rider_id = $1 AND status = 'active' AND expires_at > $3 AND minutes_remaining > 0
			ORDER BY expires_at
			LIMIT 1
			FOR UPDATE
		)
		UPDATE ride_passes rp
		SET minutes_remaining = rp.minutes_remaining - LEAST(p.minutes_remaining, $2)
		FROM p WHERE rp.id = p.id
		RETURNING LEAST(p.minutes_remaining, $2)`, riderID, want, at).Scan(&used)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return used, err
}
