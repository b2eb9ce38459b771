// Package idem tracks inbound events (webhooks, feed messages) that have
// already been handled, using the processed_events table.
package idem

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborcity/citeproc/internal/model"
)

// Store reads and writes processed-event markers on its own handle.
type Store struct {
	db  *gorm.DB
	now func() time.Time
}

func NewStore(db *gorm.DB) *Store {
	return &Store{db: db, now: time.Now}
}

// Seen reports whether the event has a marker.
func (s *Store) Seen(ctx context.Context, source, eventID string) (bool, error) {
	var ev model.ProcessedEvent
	err := s.db.WithContext(ctx).
		Where("source = ? AND event_id = ?", source, eventID).
		Take(&ev).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("idem: lookup %s/%s: %w", source, eventID, err)
	}
	return true, nil
}

// Record writes a marker for the event. Recording an event twice is a no-op.
func (s *Store) Record(ctx context.Context, source, eventID string) error {
	_, err := insertMarker(s.db.WithContext(ctx), source, eventID, s.now())
	return err
}

// Claim writes the marker and reports whether this caller was the first to
// do so. Callers that get false should treat the event as already handled.
func (s *Store) Claim(ctx context.Context, source, eventID string) (bool, error) {
	return insertMarker(s.db.WithContext(ctx), source, eventID, s.now())
}

// ClaimTx is Claim on a caller-supplied handle, normally the transaction
// that applies the event, so the marker commits or rolls back with it.
func ClaimTx(tx *gorm.DB, source, eventID string, at time.Time) (bool, error) {
	return insertMarker(tx, source, eventID, at)
}

func insertMarker(db *gorm.DB, source, eventID string, at time.Time) (bool, error) {
	res := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&model.ProcessedEvent{
		Source:      source,
		EventID:     eventID,
		ProcessedAt: at,
	})
	if res.Error != nil {
		return false, fmt.Errorf("idem: record %s/%s: %w", source, eventID, res.Error)
	}
	return res.RowsAffected == 1, nil
}
