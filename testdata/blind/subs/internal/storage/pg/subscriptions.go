package pg

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type SubscriptionRepo struct{ db sqlx.ExtContext }

func NewSubscriptionRepo(db sqlx.ExtContext) *SubscriptionRepo { return &SubscriptionRepo{db: db} }

func (r *SubscriptionRepo) WithTx(tx sqlx.ExtContext) billing.SubscriptionRepository {
	return &SubscriptionRepo{db: tx}
}

const subscriptionCols = `id, customer_id, plan_id, status, current_period_start, current_period_end,
	cancel_at_period_end, canceled_at, version, created_at, updated_at`

func (r *SubscriptionRepo) Get(ctx context.Context, id string) (billing.Subscription, error) {
	var s billing.Subscription
	err := sqlx.GetContext(ctx, r.db, &s, `SELECT `+subscriptionCols+` FROM subscriptions WHERE id = $1`, id)
	return s, mapErr("subscriptions.get", err)
}

func (r *SubscriptionRepo) GetForUpdate(ctx context.Context, id string) (billing.Subscription, error) {
	var s billing.Subscription
	err := sqlx.GetContext(ctx, r.db, &s, `SELECT `+subscriptionCols+` FROM subscriptions WHERE id = $1 FOR UPDATE`, id)
	return s, mapErr("subscriptions.get_for_update", err)
}

func (r *SubscriptionRepo) Insert(ctx context.Context, s billing.Subscription) error {
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO subscriptions (id, customer_id, plan_id, status, current_period_start, current_period_end)
		VALUES (:id, :customer_id, :plan_id, :status, :current_period_start, :current_period_end)`, s)
	return mapErr("subscriptions.insert", err)
}

// UpdatePlan moves the subscription to planID using optimistic locking on
// version.
func (r *SubscriptionRepo) UpdatePlan(ctx context.Context, id, planID string, expectedVersion int) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE subscriptions
		   SET plan_id = $2, version = version + 1, updated_at = now()
		 WHERE id = $1 AND version = $3`, id, planID, expectedVersion)
	if err != nil {
		return mapErr("subscriptions.update_plan", err)
	}
	if err := expectOne("subscriptions.update_plan", res); err != nil {
		return fmt.Errorf("%w (concurrent modification)", billing.ErrConflict)
	}
	return nil
}

func (r *SubscriptionRepo) SetStatus(ctx context.Context, id string, status billing.SubscriptionStatus) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE subscriptions SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	if err != nil {
		return mapErr("subscriptions.set_status", err)
	}
	return expectOne("subscriptions.set_status", res)
}

func (r *SubscriptionRepo) Cancel(ctx context.Context, id string, at time.Time, atPeriodEnd bool) error {
	q := `UPDATE subscriptions SET status = 'canceled', canceled_at = $2, updated_at = now() WHERE id = $1`
	if atPeriodEnd {
		q = `UPDATE subscriptions SET cancel_at_period_end = TRUE, updated_at = now() WHERE id = $1 AND $2::timestamptz IS NOT NULL`
	}
	res, err := r.db.ExecContext(ctx, q, id, at)
	if err != nil {
		return mapErr("subscriptions.cancel", err)
	}
	return expectOne("subscriptions.cancel", res)
}
