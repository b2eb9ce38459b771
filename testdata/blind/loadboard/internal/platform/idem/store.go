// Package idem stores responses to client requests that carried an
// Idempotency-Key header so that a replayed request can be answered from the
// stored response.
package idem

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrKeyReused is returned when a key is replayed with a different request body.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// Record is a stored response.
type Record struct {
	Scope       string    `gorm:"column:scope;primaryKey"`
	Key         string    `gorm:"column:key;primaryKey"`
	RequestHash string    `gorm:"column:request_hash"`
	StatusCode  int       `gorm:"column:status_code"`
	Response    []byte    `gorm:"column:response;type:jsonb"`
	CreatedAt   time.Time `gorm:"column:created_at"`
}

func (Record) TableName() string { return "idempotency_keys" }

// Store reads and writes idempotency records.
type Store struct {
	db  *gorm.DB
	ttl time.Duration
	now func() time.Time
}

// NewStore returns a Store keeping records for ttl.
func NewStore(db *gorm.DB, ttl time.Duration) *Store {
	return &Store{db: db, ttl: ttl, now: time.Now}
}

// Hash returns the fingerprint stored alongside a key.
func Hash(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write(p)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Lookup returns the stored record for (scope, key), or nil when there is
// none or it has expired. A record whose request hash differs from
// requestHash yields ErrKeyReused.
func (s *Store) Lookup(ctx context.Context, scope, key, requestHash string) (*Record, error) {
	var rec Record
	err := s.db.WithContext(ctx).
		Where("scope = ? AND key = ?", scope, key).
		Take(&rec).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("idem lookup: %w", err)
	}
	if s.ttl > 0 && s.now().Sub(rec.CreatedAt) > s.ttl {
		return nil, nil
	}
	if rec.RequestHash != "" && requestHash != "" && rec.RequestHash != requestHash {
		return nil, ErrKeyReused
	}
	return &rec, nil
}

// Save stores the response for (scope, key). The first response wins.
func (s *Store) Save(ctx context.Context, rec Record) error {
	if rec.CreatedAt.IsZero() {
		rec.CreatedAt = s.now().UTC()
	}
	err := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(&rec).Error
	if err != nil {
		return fmt.Errorf("idem save: %w", err)
	}
	return nil
}

// Purge deletes records older than the TTL. Run from the maintenance job.
func (s *Store) Purge(ctx context.Context) (int64, error) {
	res := s.db.WithContext(ctx).
		Where("created_at < ?", s.now().Add(-s.ttl)).
		Delete(&Record{})
	return res.RowsAffected, res.Error
}
