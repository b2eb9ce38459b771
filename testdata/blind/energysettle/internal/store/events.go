package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// EventStore records which inbound events a consumer has applied.
type EventStore struct {
	db *gorm.DB
}

// NewEventStore binds an EventStore to a handle (root or transaction).
func NewEventStore(db *gorm.DB) *EventStore { return &EventStore{db: db} }

// MarkProcessed records (consumer, eventID). It returns false if the event
// had already been recorded.
func (s *EventStore) MarkProcessed(ctx context.Context, consumer, eventID string) (bool, error) {
	res := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(&model.ProcessedEvent{Consumer: consumer, EventID: eventID, ProcessedAt: time.Now().UTC()})
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// IsProcessed reports whether (consumer, eventID) has been recorded.
func (s *EventStore) IsProcessed(ctx context.Context, consumer, eventID string) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&model.ProcessedEvent{}).
		Where("consumer = ? AND event_id = ?", consumer, eventID).
		Count(&n).Error
	return n > 0, err
}
