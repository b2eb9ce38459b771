// Package idempotency stores the responses of POST requests that carried an
// Idempotency-Key header, so a client repeating the request gets the first
// response back.
package idempotency

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Record is a stored response.
type Record struct {
	Scope          string `gorm:"primaryKey"`
	Key            string `gorm:"primaryKey"`
	ResponseStatus int
	ResponseBody   []byte
	CreatedAt      time.Time
}

func (Record) TableName() string { return "idempotency_keys" }

// Store looks up and saves responses.
type Store interface {
	Lookup(ctx context.Context, scope, key string) (*Record, error)
	Save(ctx context.Context, rec Record) error
}

type gormStore struct {
	db  *gorm.DB
	ttl time.Duration
}

// NewStore returns a Store that forgets keys after ttl.
func NewStore(db *gorm.DB, ttl time.Duration) Store {
	return &gormStore{db: db, ttl: ttl}
}

func (s *gormStore) Lookup(ctx context.Context, scope, key string) (*Record, error) {
	var rec Record
	err := s.db.WithContext(ctx).
		Where("scope = ? AND key = ? AND created_at > ?", scope, key, time.Now().Add(-s.ttl)).
		Take(&rec).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

func (s *gormStore) Save(ctx context.Context, rec Record) error {
	return s.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "scope"}, {Name: "key"}},
			DoUpdates: clause.AssignmentColumns([]string{"response_status", "response_body", "created_at"}),
		}).
		Create(&rec).Error
}
