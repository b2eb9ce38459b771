// Package inbox tracks which domain events each consumer has handled.
package inbox

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/soundledger/artistpay/internal/models"
)

// Inbox records processed message IDs per consumer.
type Inbox struct {
	db *gorm.DB
}

// New returns an inbox over db.
func New(db *gorm.DB) *Inbox { return &Inbox{db: db} }

// Claim records msgID for consumer inside tx. It returns false when the
// message was already recorded.
func (i *Inbox) Claim(tx *gorm.DB, consumer, msgID string) (bool, error) {
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&models.ProcessedMessage{
		Consumer:    consumer,
		MessageID:   msgID,
		ProcessedAt: time.Now().UTC(),
	})
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// Seen reports whether consumer already handled msgID.
func (i *Inbox) Seen(ctx context.Context, consumer, msgID string) (bool, error) {
	var n int64
	err := i.db.WithContext(ctx).Model(&models.ProcessedMessage{}).
		Where("consumer = ? AND message_id = ?", consumer, msgID).
		Count(&n).Error
	return n > 0, err
}

// Mark records msgID as handled by consumer.
func (i *Inbox) Mark(ctx context.Context, consumer, msgID string) error {
	return i.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&models.ProcessedMessage{
		Consumer:    consumer,
		MessageID:   msgID,
		ProcessedAt: time.Now().UTC(),
	}).Error
}
