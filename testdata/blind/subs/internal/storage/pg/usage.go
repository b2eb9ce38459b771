package pg

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type UsageRepo struct{ db sqlx.ExtContext }

func NewUsageRepo(db sqlx.ExtContext) *UsageRepo { return &UsageRepo{db: db} }

func (r *UsageRepo) WithTx(tx sqlx.ExtContext) billing.UsageRepository { return &UsageRepo{db: tx} }

func (r *UsageRepo) Insert(ctx context.Context, rec billing.UsageRecord) error {
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO usage_records (id, subscription_id, metric, quantity, source, dedup_key, occurred_at)
		VALUES (:id, :subscription_id, :metric, :quantity, :source, :dedup_key, :occurred_at)`, rec)
	return mapErr("usage.insert", err)
}

// InsertDedup inserts rec unless (subscription_id, dedup_key) already
// exists. It reports whether a row was written.
func (r *UsageRepo) InsertDedup(ctx context.Context, rec billing.UsageRecord) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO usage_records (id, subscription_id, metric, quantity, source, dedup_key, occurred_at)
		VALUES (:id, :subscription_id, :metric, :quantity, :source, :dedup_key, :occurred_at)
		ON CONFLICT (subscription_id, dedup_key) WHERE dedup_key IS NOT NULL DO NOTHING`, rec)
	if err != nil {
		return false, mapErr("usage.insert_dedup", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *UsageRepo) SumForPeriod(ctx context.Context, subscriptionID, metric string, from, to time.Time) (int64, error) {
	var total int64
	err := sqlx.GetContext(ctx, r.db, &total, `
		SELECT COALESCE(SUM(quantity), 0) FROM usage_records
		 WHERE subscription_id = $1 AND metric = $2 AND occurred_at >= $3 AND occurred_at < $4`,
		subscriptionID, metric, from, to)
	return total, mapErr("usage.sum", err)
}

func (r *UsageRepo) AlertSent(ctx context.Context, subscriptionID, metric string, periodStart time.Time, pct int) (bool, error) {
	var exists bool
	err := sqlx.GetContext(ctx, r.db, &exists, `
		SELECT EXISTS (SELECT 1 FROM usage_alerts
		                WHERE subscription_id = $1 AND metric = $2 AND period_start = $3 AND threshold_pct = $4)`,
		subscriptionID, metric, periodStart, pct)
	return exists, mapErr("usage.alert_sent", err)
}

func (r *UsageRepo) RecordAlert(ctx context.Context, subscriptionID, metric string, periodStart time.Time, pct int) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO usage_alerts (subscription_id, metric, period_start, threshold_pct)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT DO NOTHING`, subscriptionID, metric, periodStart, pct)
	return mapErr("usage.record_alert", err)
}
