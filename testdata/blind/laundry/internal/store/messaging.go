package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Notifications struct {
	Sent   func(ctx context.Context, orderID uuid.UUID, kind string) (bool, error)
	Record func(ctx context.Context, n *Notification) error
}

func NewNotifications(db *gorm.DB) Notifications {
	return Notifications{
		Sent: func(ctx context.Context, orderID uuid.UUID, kind string) (bool, error) {
			var n int64
			err := db.WithContext(ctx).Model(&Notification{}).
				Where("order_id = ? AND kind = ?", orderID, kind).Count(&n).Error
			return n > 0, err
		},
		Record: func(ctx context.Context, n *Notification) error {
			if n.SentAt.IsZero() {
				n.SentAt = time.Now()
			}
			return db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(n).Error
		},
	}
}

// Inbox remembers which events a consumer has already handled.
type Inbox struct {
	Seen func(ctx context.Context, consumer, eventID string) (bool, error)
	Mark func(ctx context.Context, consumer, eventID string) error
}

func NewInbox(db *gorm.DB) Inbox {
	return Inbox{
		Seen: func(ctx context.Context, consumer, eventID string) (bool, error) {
			var n int64
			err := db.WithContext(ctx).Model(&ProcessedEvent{}).
				Where("consumer = ? AND event_id = ?", consumer, eventID).Count(&n).Error
			return n > 0, err
		},
		Mark: func(ctx context.Context, consumer, eventID string) error {
			return db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).
				Create(&ProcessedEvent{Consumer: consumer, EventID: eventID, ProcessedAt: time.Now()}).Error
		},
	}
}

type DriverTips struct {
	ForOrder func(ctx context.Context, orderID uuid.UUID) (*DriverTip, error)
	Upsert   func(ctx context.Context, t *DriverTip) error
	MarkPaid func(ctx context.Context, orderID uuid.UUID, payoutRef string, at time.Time) error
}

func NewDriverTips(db *gorm.DB) DriverTips {
	return DriverTips{
		ForOrder: func(ctx context.Context, orderID uuid.UUID) (*DriverTip, error) {
			var t DriverTip
			err := db.WithContext(ctx).First(&t, "order_id = ?", orderID).Error
			return &t, translate(err)
		},
		Upsert: func(ctx context.Context, t *DriverTip) error {
			return db.WithContext(ctx).Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "order_id"}},
				DoUpdates: clause.AssignmentColumns([]string{"driver_id", "amount_cents"}),
			}).Create(t).Error
		},
		MarkPaid: func(ctx context.Context, orderID uuid.UUID, payoutRef string, at time.Time) error {
			return db.WithContext(ctx).Model(&DriverTip{}).Where("order_id = ?", orderID).
				Updates(map[string]any{"paid_out_at": at, "payout_ref": payoutRef}).Error
		},
	}
}
