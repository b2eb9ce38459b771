package repo

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/carelift-health/nemt/internal/models"
	"github.com/carelift-health/nemt/internal/platform/database"
)

type OutboxRepo struct{ db *bun.DB }

func NewOutboxRepo(db *bun.DB) *OutboxRepo { return &OutboxRepo{db: db} }

// Add queues an event for the relay. The row id becomes the Nats-Msg-Id.
func (r *OutboxRepo) Add(ctx context.Context, subject string, payload any) error {
	raw, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = database.Conn(ctx, r.db).NewInsert().
		Model(&models.OutboxMessage{ID: uuid.New(), Subject: subject, Payload: raw}).
		Exec(ctx)
	return err
}

// ClaimBatch locks up to limit unpublished rows for the caller's transaction.
func (r *OutboxRepo) ClaimBatch(ctx context.Context, limit int) ([]models.OutboxMessage, error) {
	var rows []models.OutboxMessage
	err := database.Conn(ctx, r.db).NewSelect().
		Model(&rows).
		Where("o.published_at IS NULL").
		OrderExpr("o.created_at ASC").
		Limit(int64(limit)).
		For("UPDATE SKIP LOCKED").
		Scan(ctx)
	return rows, err
}

func (r *OutboxRepo) MarkPublished(ctx context.Context, ids []uuid.UUID, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := database.Conn(ctx, r.db).NewUpdate().
		Model((*models.OutboxMessage)(nil)).
		Set("published_at = ?", at).
		Where("id IN (?)", bun.In(ids)).
		Exec(ctx)
	return err
}

type NotificationRepo struct{ db *bun.DB }

func NewNotificationRepo(db *bun.DB) *NotificationRepo { return &NotificationRepo{db: db} }

func (r *NotificationRepo) Insert(ctx context.Context, n *models.ClinicNotification) error {
	_, err := database.Conn(ctx, r.db).NewInsert().Model(n).Exec(ctx)
	return err
}

// ProcessedRepo is the consumer bookkeeping table. It writes straight to the
// pool so that bookkeeping never holds locks in a handler's transaction.
type ProcessedRepo struct{ db *bun.DB }

func NewProcessedRepo(db *bun.DB) *ProcessedRepo { return &ProcessedRepo{db: db} }

func (r *ProcessedRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	return r.db.NewSelect().
		Table("processed_messages").
		Where("consumer = ?", consumer).
		Where("message_id = ?", messageID).
		Exists(ctx)
}

func (r *ProcessedRepo) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	_, err := r.db.NewRaw(
		"INSERT INTO processed_messages (consumer, message_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
		consumer, messageID,
	).Exec(ctx)
	return err
}

// InboxRepo claims partner callback ids in the caller's transaction.
type InboxRepo struct{ db *bun.DB }

func NewInboxRepo(db *bun.DB) *InboxRepo { return &InboxRepo{db: db} }

// Claim reports true the first time a callback id is seen.
func (r *InboxRepo) Claim(ctx context.Context, callbackID, kind string) (bool, error) {
	res, err := database.Conn(ctx, r.db).NewRaw(
		"INSERT INTO insurer_callbacks (callback_id, kind) VALUES (?, ?) ON CONFLICT (callback_id) DO NOTHING",
		callbackID, kind,
	).Exec(ctx)
	return affected(res, err)
}

type StripeEventRepo struct{ db *bun.DB }

func NewStripeEventRepo(db *bun.DB) *StripeEventRepo { return &StripeEventRepo{db: db} }

func (r *StripeEventRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	return r.db.NewSelect().Table("stripe_events").Where("event_id = ?", eventID).Exists(ctx)
}

func (r *StripeEventRepo) Record(ctx context.Context, eventID, eventType string) error {
	_, err := r.db.NewRaw(
		"INSERT INTO stripe_events (event_id, type) VALUES (?, ?) ON CONFLICT DO NOTHING",
		eventID, eventType,
	).Exec(ctx)
	return err
}

type CallLogRepo struct{ db *bun.DB }

func NewCallLogRepo(db *bun.DB) *CallLogRepo { return &CallLogRepo{db: db} }

// Append writes one row per outbound attempt; the table is an audit trail
// of everything sent to a partner, retries included.
func (r *CallLogRepo) Append(ctx context.Context, partner, method, path string, attempt, status int) error {
	_, err := r.db.NewRaw(
		"INSERT INTO partner_call_log (id, partner, method, path, attempt, status_code) VALUES (?, ?, ?, ?, ?, ?)",
		uuid.New(), partner, method, path, attempt, status,
	).Exec(ctx)
	return err
}
