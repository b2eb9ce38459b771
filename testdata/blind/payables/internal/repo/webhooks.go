package repo

import (
	"context"
	"database/sql"
	"time"

	"github.com/northwind/payables/internal/domain"
)

// WebhookRepo persists outbound ERP webhook deliveries.
type WebhookRepo interface {
	WithTx(tx *sql.Tx) WebhookRepo
	Enqueue(ctx context.Context, d *domain.WebhookDelivery) (bool, error)
	Due(ctx context.Context, now time.Time, limit uint64) ([]domain.WebhookDelivery, error)
	MarkDelivered(ctx context.Context, id string) error
	MarkFailed(ctx context.Context, id, errMsg string, next time.Time) error
}

type webhookRepo struct{ base }

// NewWebhookRepo returns a WebhookRepo.
func NewWebhookRepo(db *sql.DB) WebhookRepo { return &webhookRepo{base{db}} }

func (r *webhookRepo) WithTx(tx *sql.Tx) WebhookRepo { return &webhookRepo{base{tx}} }

func (r *webhookRepo) Enqueue(ctx context.Context, d *domain.WebhookDelivery) (bool, error) {
	res, err := r.insert("webhook_deliveries").
		Columns("id", "tenant_id", "event_id", "event_type", "payload", "status", "next_attempt_at").
		Values(d.ID, d.TenantID, d.EventID, d.EventType, d.Payload, "pending", nullTime(d.NextAttemptAt)).
		Suffix("ON CONFLICT ON CONSTRAINT webhook_deliveries_event_uq DO NOTHING").
		ExecContext(ctx)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

func (r *webhookRepo) Due(ctx context.Context, now time.Time, limit uint64) ([]domain.WebhookDelivery, error) {
	rows, err := r.sel("id", "tenant_id", "event_id", "event_type", "payload", "status", "attempts", "last_error").
		From("webhook_deliveries").
		Where("status IN ('pending', 'failed') AND attempts < 12").
		Where("(next_attempt_at IS NULL OR next_attempt_at <= ?)", now).
		OrderBy("created_at").Limit(limit).
		QueryContext(ctx)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.WebhookDelivery
	for rows.Next() {
		var d domain.WebhookDelivery
		if err := rows.Scan(&d.ID, &d.TenantID, &d.EventID, &d.EventType, &d.Payload, &d.Status, &d.Attempts, &d.LastError); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

func (r *webhookRepo) MarkDelivered(ctx context.Context, id string) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, last_error = '' WHERE id = $1`, id)
	return err
}

func (r *webhookRepo) MarkFailed(ctx context.Context, id, errMsg string, next time.Time) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE webhook_deliveries
		    SET status = 'failed', attempts = attempts + 1, last_error = $2, next_attempt_at = $3
		  WHERE id = $1`, id, errMsg, next)
	return err
}
