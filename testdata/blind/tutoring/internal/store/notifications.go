package store

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/database"
)

// Notifications tracks outbound SMS and e-mail.
type Notifications interface {
	Claim(ctx context.Context, q database.Querier, n domain.Notification) (bool, error)
	Get(ctx context.Context, q database.Querier, id string) (domain.Notification, error)
	MarkSent(ctx context.Context, q database.Querier, id, vendorMessageID string) error
	Upsert(ctx context.Context, q database.Querier, n domain.Notification) error
	UpdateStatusByVendorID(ctx context.Context, q database.Querier, vendorMessageID, status string) error
	AppendEvent(ctx context.Context, q database.Querier, id uuid.UUID, vendorMessageID, status string, payload json.RawMessage) error
}

type pgNotifications struct{}

// NewNotifications returns the Postgres notification repository.
func NewNotifications() *pgNotifications { return &pgNotifications{} }

// Claim inserts a pending notification and reports whether this caller
// created it.
func (r *pgNotifications) Claim(ctx context.Context, q database.Querier, n domain.Notification) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO notifications (id, lesson_id, tutor_id, kind, channel, status)
		VALUES ($1, $2, $3, $4, $5, 'pending')
		ON CONFLICT (id) DO NOTHING`, n.ID, n.LessonID, n.TutorID, n.Kind, n.Channel)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgNotifications) Get(ctx context.Context, q database.Querier, id string) (domain.Notification, error) {
	var n domain.Notification
	err := q.QueryRow(ctx, `
		SELECT id, lesson_id, tutor_id, kind, channel, vendor_message_id, status, created_at
		FROM notifications WHERE id = $1`, id).
		Scan(&n.ID, &n.LessonID, &n.TutorID, &n.Kind, &n.Channel, &n.VendorMessageID, &n.Status, &n.CreatedAt)
	return n, database.NotFound(err)
}

func (r *pgNotifications) MarkSent(ctx context.Context, q database.Querier, id, vendorMessageID string) error {
	_, err := q.Exec(ctx, `
		UPDATE notifications SET status = 'sent', vendor_message_id = $2, sent_at = now()
		WHERE id = $1`, id, vendorMessageID)
	return err
}

// Upsert records a lesson notification, keeping one row per
// (lesson, kind, channel).
func (r *pgNotifications) Upsert(ctx context.Context, q database.Querier, n domain.Notification) error {
	_, err := q.Exec(ctx, `
		INSERT INTO notifications (id, lesson_id, tutor_id, kind, channel, vendor_message_id, status, sent_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, now())
		ON CONFLICT (lesson_id, kind, channel) WHERE lesson_id IS NOT NULL
		DO UPDATE SET vendor_message_id = EXCLUDED.vendor_message_id, status = EXCLUDED.status`,
		n.ID, n.LessonID, n.TutorID, n.Kind, n.Channel, n.VendorMessageID, n.Status)
	return err
}

func (r *pgNotifications) UpdateStatusByVendorID(ctx context.Context, q database.Querier, vendorMessageID, status string) error {
	_, err := q.Exec(ctx, `UPDATE notifications SET status = $2 WHERE vendor_message_id = $1`, vendorMessageID, status)
	return err
}

func (r *pgNotifications) AppendEvent(ctx context.Context, q database.Querier, id uuid.UUID, vendorMessageID, status string, payload json.RawMessage) error {
	_, err := q.Exec(ctx, `
		INSERT INTO notification_events (id, vendor_message_id, status, payload) VALUES ($1, $2, $3, $4)`,
		id, vendorMessageID, status, payload)
	return err
}
