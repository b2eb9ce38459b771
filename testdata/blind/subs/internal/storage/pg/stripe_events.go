package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type StripeEventRepo struct{ db sqlx.ExtContext }

func NewStripeEventRepo(db sqlx.ExtContext) *StripeEventRepo { return &StripeEventRepo{db: db} }

func (r *StripeEventRepo) WithTx(tx sqlx.ExtContext) billing.StripeEventRepository {
	return &StripeEventRepo{db: tx}
}

func (r *StripeEventRepo) Record(ctx context.Context, eventID, eventType string) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, mapErr("stripe_events.record", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
