package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type NotificationRepository interface {
	WithTx(tx *gorm.DB) NotificationRepository
	// Enqueue stores n unless its dedup key is already present and returns
	// the stored notification.
	Enqueue(ctx context.Context, n *domain.Notification) (*domain.Notification, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Notification, error)
	ClaimForSend(ctx context.Context, id uuid.UUID) (bool, error)
	MarkSent(ctx context.Context, id uuid.UUID, providerID string) error
	MarkFailed(ctx context.Context, id uuid.UUID) error
	SetDeliveryStatus(ctx context.Context, providerID string, status domain.NotificationStatus) (int64, error)
	Pending(ctx context.Context, olderThan time.Time, limit int) ([]*domain.Notification, error)

	InsertReceipt(ctx context.Context, r *domain.SmsReceipt) error

	CreateMessage(ctx context.Context, m *domain.BookingMessage) (*domain.BookingMessage, error)
	MessageSent(ctx context.Context, id uuid.UUID, providerID string) error
}

type notificationRepo struct{ db *gorm.DB }

func NewNotificationRepository(db *gorm.DB) NotificationRepository {
	return &notificationRepo{db: db}
}

func (r *notificationRepo) WithTx(tx *gorm.DB) NotificationRepository {
	return &notificationRepo{db: tx}
}

func (r *notificationRepo) Enqueue(ctx context.Context, n *domain.Notification) (*domain.Notification, bool, error) {
	created, err := insertIgnore(ctx, r.db, n, "dedup_key")
	if err != nil {
		return nil, false, err
	}
	if created {
		return n, true, nil
	}
	existing, err := first[domain.Notification](ctx, r.db, "dedup_key = ?", n.DedupKey)
	return existing, false, err
}

func (r *notificationRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Notification, error) {
	return first[domain.Notification](ctx, r.db, "id = ?", id)
}

// ClaimForSend moves a pending notification to sending. It reports false when
// another attempt already claimed it.
func (r *notificationRepo) ClaimForSend(ctx context.Context, id uuid.UUID) (bool, error) {
	res := r.db.WithContext(ctx).Model(&domain.Notification{}).
		Where("id = ? AND status = ?", id, domain.NotificationPending).
		Updates(map[string]any{"status": domain.NotificationSending, "attempts": gorm.Expr("attempts + 1")})
	return res.RowsAffected == 1, res.Error
}

func (r *notificationRepo) MarkSent(ctx context.Context, id uuid.UUID, providerID string) error {
	return r.db.WithContext(ctx).Model(&domain.Notification{}).Where("id = ?", id).
		Updates(map[string]any{
			"status":              domain.NotificationSent,
			"provider_message_id": providerID,
			"sent_at":             time.Now().UTC(),
		}).Error
}

func (r *notificationRepo) MarkFailed(ctx context.Context, id uuid.UUID) error {
	return r.db.WithContext(ctx).Model(&domain.Notification{}).Where("id = ?", id).
		Update("status", domain.NotificationFailed).Error
}

func (r *notificationRepo) SetDeliveryStatus(ctx context.Context, providerID string, status domain.NotificationStatus) (int64, error) {
	res := r.db.WithContext(ctx).Model(&domain.Notification{}).
		Where("provider_message_id = ?", providerID).
		Update("status", status)
	return res.RowsAffected, res.Error
}

func (r *notificationRepo) Pending(ctx context.Context, olderThan time.Time, limit int) ([]*domain.Notification, error) {
	var out []*domain.Notification
	err := r.db.WithContext(ctx).
		Where("status = ? AND created_at < ?", domain.NotificationPending, olderThan).
		Order("created_at").Limit(limit).Find(&out).Error
	return out, err
}

func (r *notificationRepo) InsertReceipt(ctx context.Context, rec *domain.SmsReceipt) error {
	return r.db.WithContext(ctx).Create(rec).Error
}

func (r *notificationRepo) CreateMessage(ctx context.Context, m *domain.BookingMessage) (*domain.BookingMessage, error) {
	if _, err := insertIgnore(ctx, r.db, m, "booking_id", "client_message_id"); err != nil {
		return nil, err
	}
	return first[domain.BookingMessage](ctx, r.db,
		"booking_id = ? AND client_message_id = ?", m.BookingID, m.ClientMessageID)
}

func (r *notificationRepo) MessageSent(ctx context.Context, id uuid.UUID, providerID string) error {
	return r.db.WithContext(ctx).Model(&domain.BookingMessage{}).Where("id = ?", id).
		Updates(map[string]any{"status": domain.NotificationSent, "provider_message_id": providerID}).Error
}
