package repo

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/domain"
)

// InboxRepository tracks which messages a consumer has already processed.
type InboxRepository interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	Mark(ctx context.Context, consumer, messageID string) error
	// Claim records the message and reports false when it was already there.
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
}

type inboxRepo struct{ table[domain.InboxMessage] }

// NewInbox returns the gorm InboxRepository.
func NewInbox(db *gorm.DB) InboxRepository {
	return &inboxRepo{table[domain.InboxMessage]{db: db}}
}

func (r *inboxRepo) Seen(ctx context.Context, consumer, id string) (bool, error) {
	_, err := r.get(ctx, "consumer = ? AND message_id = ?", consumer, id)
	if errors.Is(err, domain.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

func (r *inboxRepo) Mark(ctx context.Context, consumer, id string) error {
	_, err := r.Claim(ctx, consumer, id)
	return err
}

func (r *inboxRepo) Claim(ctx context.Context, consumer, id string) (bool, error) {
	return r.insertIgnore(ctx, &domain.InboxMessage{
		Consumer: consumer, MessageID: id, ProcessedAt: time.Now().UTC(),
	}, cols("consumer", "message_id")...)
}

// AlertRepository records customer low-balance alerts.
type AlertRepository interface {
	SentOn(ctx context.Context, accountID string, day time.Time) (bool, error)
	Record(ctx context.Context, a *domain.LowBalanceAlert) error
}

type alertRepo struct{ table[domain.LowBalanceAlert] }

// NewAlerts returns the gorm AlertRepository.
func NewAlerts(db *gorm.DB) AlertRepository {
	return &alertRepo{table[domain.LowBalanceAlert]{db: db}}
}

func (r *alertRepo) SentOn(ctx context.Context, accountID string, day time.Time) (bool, error) {
	var n int64
	err := r.conn(ctx).Model(&domain.LowBalanceAlert{}).
		Where("account_id = ? AND alert_date = ?", accountID, day.Format("2006-01-02")).
		Count(&n).Error
	return n > 0, err
}

func (r *alertRepo) Record(ctx context.Context, a *domain.LowBalanceAlert) error {
	_, err := r.insertIgnore(ctx, a, cols("account_id", "alert_date")...)
	return err
}
