package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
)

// WebhookRepo stores inbound provider events.
type WebhookRepo struct {
	db *sqlx.DB
}

// NewWebhookRepo returns a WebhookRepo.
func NewWebhookRepo(pool *sqlx.DB) *WebhookRepo { return &WebhookRepo{db: pool} }

// InsertACHEvent stores a payments-provider event.
func (r *WebhookRepo) InsertACHEvent(ctx context.Context, tx *sqlx.Tx, ev *domain.ACHEvent) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO ach_events (provider_event_id, event_type, payment_id, payload, received_at)
		VALUES ($1, $2, $3, $4, $5)`,
		ev.ProviderEventID, ev.EventType, ev.PaymentID, string(ev.Payload), ev.ReceivedAt)
	if err != nil {
		return fmt.Errorf("insert ach event %s: %w", ev.ProviderEventID, err)
	}
	return nil
}

// GetACHEvent loads a stored event.
func (r *WebhookRepo) GetACHEvent(ctx context.Context, q Q, id string) (*domain.ACHEvent, error) {
	var ev domain.ACHEvent
	if err := sqlx.GetContext(ctx, q, &ev, `
		SELECT provider_event_id, event_type, payment_id, payload, received_at, processed_at
		FROM ach_events WHERE provider_event_id = $1`, id); err != nil {
		return nil, notFound(err, "ach event", id)
	}
	return &ev, nil
}

// MarkACHEventProcessed stamps an event as applied.
func (r *WebhookRepo) MarkACHEventProcessed(ctx context.Context, tx *sqlx.Tx, id string, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE ach_events SET processed_at = $2
		WHERE provider_event_id = $1 AND processed_at IS NULL`, id, at)
	if err != nil {
		return fmt.Errorf("mark ach event %s processed: %w", id, err)
	}
	return nil
}

// IsMailEventProcessed reports whether a check-vendor event was handled.
func (r *WebhookRepo) IsMailEventProcessed(ctx context.Context, eventID string) (bool, error) {
	var exists bool
	err := r.db.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM mail_events_processed WHERE event_id = $1)`, eventID)
	if err != nil {
		return false, fmt.Errorf("check mail event %s: %w", eventID, err)
	}
	return exists, nil
}

// MarkMailEventProcessed records that a check-vendor event was handled.
func (r *WebhookRepo) MarkMailEventProcessed(ctx context.Context, eventID, eventType string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO mail_events_processed (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return fmt.Errorf("mark mail event %s processed: %w", eventID, err)
	}
	return nil
}

// InsertEmailEvent records an email-provider event once; it reports false for
// a repeat delivery.
func (r *WebhookRepo) InsertEmailEvent(ctx context.Context, tx *sqlx.Tx, eventID, messageID, eventType string) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		INSERT INTO email_events (event_id, message_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO NOTHING`, eventID, messageID, eventType)
	if err != nil {
		return false, fmt.Errorf("insert email event %s: %w", eventID, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
