package repository

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type EventRepository interface {
	WithTx(tx *gorm.DB) EventRepository
	// Claim records (source, id) and reports whether this call recorded it.
	Claim(ctx context.Context, source, id string) (bool, error)
	Seen(ctx context.Context, source, id string) (bool, error)
	MarkSeen(ctx context.Context, source, id string) error
}

type eventRepo struct{ db *gorm.DB }

func NewEventRepository(db *gorm.DB) EventRepository { return &eventRepo{db: db} }

func (r *eventRepo) WithTx(tx *gorm.DB) EventRepository { return &eventRepo{db: tx} }

func (r *eventRepo) Claim(ctx context.Context, source, id string) (bool, error) {
	return insertIgnore(ctx, r.db, &domain.ProcessedEvent{Source: source, EventID: id, ProcessedAt: time.Now().UTC()},
		"source", "event_id")
}

func (r *eventRepo) Seen(ctx context.Context, source, id string) (bool, error) {
	_, err := first[domain.ProcessedEvent](ctx, r.db, "source = ? AND event_id = ?", source, id)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

func (r *eventRepo) MarkSeen(ctx context.Context, source, id string) error {
	_, err := insertIgnore(ctx, r.db, &domain.ProcessedEvent{Source: source, EventID: id, ProcessedAt: time.Now().UTC()},
		"source", "event_id")
	return err
}
