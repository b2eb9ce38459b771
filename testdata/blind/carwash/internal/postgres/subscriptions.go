package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/platform"
)

const subscriptionCols = `id, customer_id, plan_code, vehicle_plate, status, price_cents,
	current_period_start, current_period_end, cancelled_at, created_at`

// SubscriptionRepo stores memberships.
type SubscriptionRepo struct{}

// NewSubscriptionRepo returns a SubscriptionRepo.
func NewSubscriptionRepo() *SubscriptionRepo { return &SubscriptionRepo{} }

// Insert creates a subscription.
func (r *SubscriptionRepo) Insert(ctx context.Context, q sqlx.ExtContext, s *domain.Subscription) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO subscriptions (id, customer_id, plan_code, vehicle_plate, status, price_cents,
			current_period_start, current_period_end)
		VALUES (:id, :customer_id, :plan_code, :vehicle_plate, :status, :price_cents,
			:current_period_start, :current_period_end)`, s)
	if platform.IsUniqueViolation(err) {
		return fmt.Errorf("%w: vehicle %s already has a membership", domain.ErrConflict, s.VehiclePlate)
	}
	return err
}

// Get loads a subscription.
func (r *SubscriptionRepo) Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (*domain.Subscription, error) {
	return get[domain.Subscription](ctx, q, `SELECT `+subscriptionCols+` FROM subscriptions WHERE id = $1`, id)
}

// ActiveForCustomer returns the customer's live subscription for a vehicle,
// or the most recent live one when plate is empty.
func (r *SubscriptionRepo) ActiveForCustomer(ctx context.Context, q sqlx.ExtContext, customerID uuid.UUID, plate string) (*domain.Subscription, error) {
	return get[domain.Subscription](ctx, q, `
		SELECT `+subscriptionCols+` FROM subscriptions
		WHERE customer_id = $1 AND status = 'active' AND ($2 = '' OR vehicle_plate = $2)
		ORDER BY created_at DESC LIMIT 1`, customerID, plate)
}

// ListDue pages through active subscriptions whose period has ended, in
// (current_period_end, id) order.
func (r *SubscriptionRepo) ListDue(ctx context.Context, q sqlx.ExtContext, asOf time.Time, after uuid.UUID, limit int) ([]domain.Subscription, error) {
	var out []domain.Subscription
	err := sqlx.SelectContext(ctx, q, &out, `
		SELECT `+subscriptionCols+` FROM subscriptions
		WHERE status = 'active' AND current_period_end <= $1 AND id > $2
		ORDER BY id
		LIMIT $3`, asOf, after, limit)
	return out, err
}

// Cancel cancels a live subscription owned by customerID. It reports false if
// the subscription was not live.
func (r *SubscriptionRepo) Cancel(ctx context.Context, q sqlx.ExtContext, id, customerID uuid.UUID, at time.Time) (bool, error) {
	return affected(ctx, q, `
		UPDATE subscriptions SET status = 'cancelled', cancelled_at = $3, updated_at = now()
		WHERE id = $1 AND customer_id = $2 AND status IN ('active', 'past_due')`, id, customerID, at)
}

// AdvancePeriod moves the subscription to the billed period.
func (r *SubscriptionRepo) AdvancePeriod(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, start, end time.Time) error {
	_, err := q.ExecContext(ctx, `
		UPDATE subscriptions
		SET current_period_start = $2, current_period_end = $3, status = 'active', updated_at = now()
		WHERE id = $1 AND status <> 'cancelled'`, id, start, end)
	return err
}

// MarkPastDue flags an active subscription whose renewal failed.
func (r *SubscriptionRepo) MarkPastDue(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (bool, error) {
	return affected(ctx, q, `
		UPDATE subscriptions SET status = 'past_due', updated_at = now()
		WHERE id = $1 AND status = 'active'`, id)
}

const chargeCols = `id, subscription_id, period_start, period_end, amount_cents, status,
	processor_charge_id, failure_reason, created_at`

// ChargeRepo stores subscription billing attempts.
type ChargeRepo struct{}

// NewChargeRepo returns a ChargeRepo.
func NewChargeRepo() *ChargeRepo { return &ChargeRepo{} }

// Insert creates a charge row.
func (r *ChargeRepo) Insert(ctx context.Context, q sqlx.ExtContext, c *domain.SubscriptionCharge) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO subscription_charges (id, subscription_id, period_start, period_end, amount_cents,
			status, processor_charge_id)
		VALUES (:id, :subscription_id, :period_start, :period_end, :amount_cents, :status, :processor_charge_id)`, c)
	return err
}

// Get loads a charge.
func (r *ChargeRepo) Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (*domain.SubscriptionCharge, error) {
	return get[domain.SubscriptionCharge](ctx, q, `SELECT `+chargeCols+` FROM subscription_charges WHERE id = $1`, id)
}

// MarkSucceeded records a successful charge.
func (r *ChargeRepo) MarkSucceeded(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, processorChargeID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE subscription_charges
		SET status = 'succeeded', processor_charge_id = $2, updated_at = now()
		WHERE id = $1`, id, processorChargeID)
	return err
}

// MarkProcessing records a charge the processor is still settling.
func (r *ChargeRepo) MarkProcessing(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, processorChargeID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE subscription_charges
		SET status = 'processing', processor_charge_id = $2, updated_at = now()
		WHERE id = $1 AND status IN ('pending', 'processing')`, id, processorChargeID)
	return err
}

// MarkFailed records a declined charge.
func (r *ChargeRepo) MarkFailed(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, reason string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE subscription_charges SET status = 'failed', failure_reason = $2, updated_at = now()
		WHERE id = $1 AND status IN ('pending', 'processing')`, id, reason)
	return err
}

// MarkVoid abandons a charge for a subscription that was cancelled.
func (r *ChargeRepo) MarkVoid(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) error {
	_, err := q.ExecContext(ctx, `
		UPDATE subscription_charges SET status = 'void', updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id)
	return err
}

// SettleByProcessorID moves a processing charge to its final status and
// returns it. ok is false when no charge was waiting on that processor ID.
func (r *ChargeRepo) SettleByProcessorID(ctx context.Context, q sqlx.ExtContext, processorChargeID string, to domain.ChargeStatus, reason string) (*domain.SubscriptionCharge, bool, error) {
	var c domain.SubscriptionCharge
	rows, err := sqlx.NamedQueryContext(ctx, q, `
		UPDATE subscription_charges
		SET status = :to, failure_reason = NULLIF(:reason, ''), updated_at = now()
		WHERE processor_charge_id = :pid AND status IN ('pending', 'processing')
		RETURNING `+chargeCols, map[string]any{"to": to, "reason": reason, "pid": processorChargeID})
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	if !rows.Next() {
		return nil, false, rows.Err()
	}
	if err := rows.StructScan(&c); err != nil {
		return nil, false, err
	}
	return &c, true, nil
}
