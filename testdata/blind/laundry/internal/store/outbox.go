package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type OutboxRepository interface {
	Add(ctx context.Context, e *OutboxEvent) error
	ClaimBatch(ctx context.Context, limit int) ([]OutboxEvent, error)
	MarkPublished(ctx context.Context, ids []string, at time.Time) error
}

type gormOutbox struct{ db *gorm.DB }

func (r *gormOutbox) Add(ctx context.Context, e *OutboxEvent) error {
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(e).Error
}

// ClaimBatch must run inside a transaction; rows stay locked until it ends.
func (r *gormOutbox) ClaimBatch(ctx context.Context, limit int) ([]OutboxEvent, error) {
	var out []OutboxEvent
	err := r.db.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("published_at IS NULL").Order("created_at").Limit(limit).Find(&out).Error
	return out, err
}

func (r *gormOutbox) MarkPublished(ctx context.Context, ids []string, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	return r.db.WithContext(ctx).Model(&OutboxEvent{}).
		Where("event_id IN ?", ids).Update("published_at", at).Error
}

// OutboxFrom builds an outbox row for an envelope-shaped event.
func OutboxFrom(topic, key string, env interface {
	EventID() string
	EventType() string
	JSON() ([]byte, error)
}) *OutboxEvent {
	payload, _ := env.JSON()
	return &OutboxEvent{
		EventID:   env.EventID(),
		Topic:     topic,
		EventKey:  key,
		EventType: env.EventType(),
		Payload:   payload,
		CreatedAt: time.Now(),
	}
}
