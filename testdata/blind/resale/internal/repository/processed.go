package repository

import (
	"context"

	"gorm.io/gorm"
)

// ProcessedEventRepository remembers which inbound events (webhooks,
// promoter messages) have been handled.
type ProcessedEventRepository interface {
	Exists(ctx context.Context, source, eventID string) (bool, error)
	Record(ctx context.Context, source, eventID string) error
	// Claim records the event and reports whether this call was the one
	// that recorded it.
	Claim(ctx context.Context, source, eventID string) (bool, error)
}

type processedEventRepo struct {
	db *gorm.DB
}

func NewProcessedEventRepository(db *gorm.DB) ProcessedEventRepository {
	return &processedEventRepo{db: db}
}

func (r *processedEventRepo) Exists(ctx context.Context, source, eventID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Raw(
		`SELECT count(*) FROM processed_events WHERE source = ? AND event_id = ?`, source, eventID).Scan(&n).Error
	return n > 0, err
}

func (r *processedEventRepo) Record(ctx context.Context, source, eventID string) error {
	return r.db.WithContext(ctx).Exec(`
		INSERT INTO processed_events (source, event_id) VALUES (?, ?)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID).Error
}

func (r *processedEventRepo) Claim(ctx context.Context, source, eventID string) (bool, error) {
	res := r.db.WithContext(ctx).Exec(`
		INSERT INTO processed_events (source, event_id) VALUES (?, ?)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID)
	return res.RowsAffected == 1, res.Error
}
