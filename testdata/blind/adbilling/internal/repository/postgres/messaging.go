package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/repository"
)

type GatewayEventRepo struct {
	pool *pgxpool.Pool
}

func NewGatewayEventRepo(pool *pgxpool.Pool) repository.GatewayEvents {
	return &GatewayEventRepo{pool: pool}
}

func (r *GatewayEventRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	var ok bool
	err := db.Conn(ctx, r.pool).QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM gateway_webhook_events WHERE event_id = $1)`, eventID).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("gateway event seen: %w", err)
	}
	return ok, nil
}

func (r *GatewayEventRepo) Record(ctx context.Context, eventID, eventType string) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx,
		`INSERT INTO gateway_webhook_events (event_id, event_type) VALUES ($1, $2)
		 ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return fmt.Errorf("record gateway event: %w", err)
	}
	return nil
}

type ProcessedMessageRepo struct {
	pool *pgxpool.Pool
}

func NewProcessedMessageRepo(pool *pgxpool.Pool) repository.ProcessedMessages {
	return &ProcessedMessageRepo{pool: pool}
}

func (r *ProcessedMessageRepo) IsProcessed(ctx context.Context, consumer, messageID string) (bool, error) {
	var ok bool
	err := db.Conn(ctx, r.pool).QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_id = $2)`,
		consumer, messageID).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("is processed: %w", err)
	}
	return ok, nil
}

func (r *ProcessedMessageRepo) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx,
		`INSERT INTO processed_messages (consumer, message_id) VALUES ($1, $2)
		 ON CONFLICT DO NOTHING`, consumer, messageID)
	if err != nil {
		return fmt.Errorf("mark processed: %w", err)
	}
	return nil
}

type NotificationRepo struct {
	pool *pgxpool.Pool
}

func NewNotificationRepo(pool *pgxpool.Pool) repository.Notifications {
	return &NotificationRepo{pool: pool}
}

func (r *NotificationRepo) Claim(ctx context.Context, kind, ref string) (bool, error) {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx,
		`INSERT INTO notifications (kind, ref) VALUES ($1, $2) ON CONFLICT (kind, ref) DO NOTHING`, kind, ref)
	if err != nil {
		return false, fmt.Errorf("claim notification: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (r *NotificationRepo) MarkSent(ctx context.Context, kind, ref, providerMessageID string) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		UPDATE notifications SET status = 'sent', provider_message_id = $3, updated_at = now()
		 WHERE kind = $1 AND ref = $2`, kind, ref, providerMessageID)
	if err != nil {
		return fmt.Errorf("mark notification sent: %w", err)
	}
	return nil
}

func (r *NotificationRepo) MarkFailed(ctx context.Context, kind, ref, detail string) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		UPDATE notifications SET status = 'failed', detail = $3, updated_at = now()
		 WHERE kind = $1 AND ref = $2`, kind, ref, detail)
	if err != nil {
		return fmt.Errorf("mark notification failed: %w", err)
	}
	return nil
}

type WebhookDeliveryRepo struct {
	pool *pgxpool.Pool
}

func NewWebhookDeliveryRepo(pool *pgxpool.Pool) repository.WebhookDeliveries {
	return &WebhookDeliveryRepo{pool: pool}
}

// Ensure inserts the delivery if it does not exist and returns the stored row.
func (r *WebhookDeliveryRepo) Ensure(ctx context.Context, d domain.WebhookDelivery) (domain.WebhookDelivery, error) {
	q := db.Conn(ctx, r.pool)
	if _, err := q.Exec(ctx, `
		INSERT INTO webhook_deliveries (id, partner_id, event_type, payload)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO NOTHING`, d.ID, d.PartnerID, d.EventType, d.Payload); err != nil {
		return d, fmt.Errorf("insert webhook delivery: %w", err)
	}
	var out domain.WebhookDelivery
	err := q.QueryRow(ctx, `
		SELECT id, partner_id, event_type, payload, status, attempts
		  FROM webhook_deliveries WHERE id = $1`, d.ID).
		Scan(&out.ID, &out.PartnerID, &out.EventType, &out.Payload, &out.Status, &out.Attempts)
	if err != nil {
		return d, fmt.Errorf("load webhook delivery: %w", err)
	}
	return out, nil
}

func (r *WebhookDeliveryRepo) RecordAttempt(ctx context.Context, id string, lastErr string) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		UPDATE webhook_deliveries SET attempts = attempts + 1, last_error = NULLIF($2, '')
		 WHERE id = $1`, id, lastErr)
	if err != nil {
		return fmt.Errorf("record webhook attempt: %w", err)
	}
	return nil
}

func (r *WebhookDeliveryRepo) MarkDelivered(ctx context.Context, id string, at time.Time) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx,
		`UPDATE webhook_deliveries SET status = 'delivered', delivered_at = $2 WHERE id = $1`, id, at)
	if err != nil {
		return fmt.Errorf("mark webhook delivered: %w", err)
	}
	return nil
}
