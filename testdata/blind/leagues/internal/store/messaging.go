package store

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// WebhookInbox records processed webhook deliveries.
type WebhookInbox interface {
	WithTx(tx *gorm.DB) WebhookInbox
	// Seen reports whether the event has been recorded.
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	// MarkSeen records the event; recording it twice is not an error.
	MarkSeen(ctx context.Context, provider, eventID string) error
	// Record records the event, returning ErrDuplicate if it already was.
	Record(ctx context.Context, provider, eventID string) error
	// Claim records the event and reports whether this call recorded it.
	Claim(ctx context.Context, provider, eventID string) (bool, error)
}

type webhookInbox struct{ db *gorm.DB }

// NewWebhookInbox returns the gorm implementation.
func NewWebhookInbox(db *gorm.DB) WebhookInbox { return &webhookInbox{db: db} }

func (r *webhookInbox) WithTx(tx *gorm.DB) WebhookInbox { return &webhookInbox{db: tx} }

func (r *webhookInbox) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&WebhookEvent{}).
		Where("provider = ? AND event_id = ?", provider, eventID).Count(&n).Error
	return n > 0, mapErr(err)
}

func (r *webhookInbox) MarkSeen(ctx context.Context, provider, eventID string) error {
	return mapErr(r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&WebhookEvent{Provider: provider, EventID: eventID}).Error)
}

func (r *webhookInbox) Record(ctx context.Context, provider, eventID string) error {
	return mapErr(r.db.WithContext(ctx).Create(&WebhookEvent{Provider: provider, EventID: eventID}).Error)
}

func (r *webhookInbox) Claim(ctx context.Context, provider, eventID string) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&WebhookEvent{Provider: provider, EventID: eventID})
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

// OutboxRepo persists outbound texts.
type OutboxRepo interface {
	WithTx(tx *gorm.DB) OutboxRepo
	CreateIfAbsent(ctx context.Context, m *SMSOutbox) (bool, error)
	Get(ctx context.Context, id string) (*SMSOutbox, error)
	GetByDedupKey(ctx context.Context, key string) (*SMSOutbox, error)
	MarkSent(ctx context.Context, id, providerMessageID string) error
	MarkAttemptFailed(ctx context.Context, id, errText string) error
	ApplyDeliveryStatus(ctx context.Context, providerMessageID, status string) error
}

type outboxRepo struct{ db *gorm.DB }

// NewOutboxRepo returns the gorm implementation.
func NewOutboxRepo(db *gorm.DB) OutboxRepo { return &outboxRepo{db: db} }

func (r *outboxRepo) WithTx(tx *gorm.DB) OutboxRepo { return &outboxRepo{db: tx} }

func (r *outboxRepo) CreateIfAbsent(ctx context.Context, m *SMSOutbox) (bool, error) {
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "dedup_key"}}, DoNothing: true}).
		Create(m)
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *outboxRepo) Get(ctx context.Context, id string) (*SMSOutbox, error) {
	return first[SMSOutbox](ctx, r.db, "id = ?", id)
}

func (r *outboxRepo) GetByDedupKey(ctx context.Context, key string) (*SMSOutbox, error) {
	return first[SMSOutbox](ctx, r.db, "dedup_key = ?", key)
}

func (r *outboxRepo) MarkSent(ctx context.Context, id, providerMessageID string) error {
	return mapErr(r.db.WithContext(ctx).Model(&SMSOutbox{}).Where("id = ? AND status = 'queued'", id).
		Updates(map[string]any{
			"status":              "sent",
			"provider_message_id": providerMessageID,
			"sent_at":             gorm.Expr("now()"),
			"attempts":            gorm.Expr("attempts + 1"),
			"updated_at":          gorm.Expr("now()"),
		}).Error)
}

func (r *outboxRepo) MarkAttemptFailed(ctx context.Context, id, errText string) error {
	return mapErr(r.db.WithContext(ctx).Model(&SMSOutbox{}).Where("id = ?", id).
		Updates(map[string]any{
			"attempts":   gorm.Expr("attempts + 1"),
			"last_error": errText,
			"updated_at": gorm.Expr("now()"),
		}).Error)
}

// statusRank orders delivery states so late receipts cannot move a message
// backwards.
const statusRank = `CASE status WHEN 'queued' THEN 0 WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'failed' THEN 2 ELSE 0 END`

func (r *outboxRepo) ApplyDeliveryStatus(ctx context.Context, providerMessageID, status string) error {
	rank := 1
	if status == "delivered" || status == "failed" || status == "undelivered" {
		rank = 2
	}
	return mapErr(r.db.WithContext(ctx).Model(&SMSOutbox{}).
		Where("provider_message_id = ? AND "+statusRank+" < ?", providerMessageID, rank).
		Updates(map[string]any{"status": status, "updated_at": gorm.Expr("now()")}).Error)
}

// StatusEventRepo stores delivery receipts.
type StatusEventRepo interface {
	WithTx(tx *gorm.DB) StatusEventRepo
	InsertIgnore(ctx context.Context, e *SMSStatusEvent) (bool, error)
}

type statusEventRepo struct{ db *gorm.DB }

// NewStatusEventRepo returns the gorm implementation.
func NewStatusEventRepo(db *gorm.DB) StatusEventRepo { return &statusEventRepo{db: db} }

func (r *statusEventRepo) WithTx(tx *gorm.DB) StatusEventRepo { return &statusEventRepo{db: tx} }

func (r *statusEventRepo) InsertIgnore(ctx context.Context, e *SMSStatusEvent) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(e)
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

// ReminderLogRepo appends reminder send records.
type ReminderLogRepo interface {
	Append(ctx context.Context, l *ReminderLog) error
}

type reminderLogRepo struct{ db *gorm.DB }

// NewReminderLogRepo returns the gorm implementation.
func NewReminderLogRepo(db *gorm.DB) ReminderLogRepo { return &reminderLogRepo{db: db} }

func (r *reminderLogRepo) Append(ctx context.Context, l *ReminderLog) error {
	return mapErr(r.db.WithContext(ctx).Create(l).Error)
}
