// Package idempotency stores callers' Idempotency-Key values together with
// the response that was returned for them.
package idempotency

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/quaymile/dispatch/internal/platform/database"
)

// Record is a stored key.
type Record struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	RequestHash  string
	ResponseCode int
	ResponseBody []byte `gorm:"type:jsonb"`
	CreatedAt    time.Time
	CompletedAt  *time.Time
}

// TableName pins the table name.
func (Record) TableName() string { return "idempotency_keys" }

// Completed reports whether a response has been stored.
func (r *Record) Completed() bool { return r.CompletedAt != nil }

var (
	// ErrMismatch means the key was reused with a different body.
	ErrMismatch = errors.New("idempotency key reused with a different request")
	// ErrInFlight means a request with this key has not completed yet.
	ErrInFlight = errors.New("a request with this idempotency key is in progress")
)

// Store persists idempotency keys. All methods join the transaction carried
// by ctx when there is one.
type Store interface {
	// Reserve inserts the key if it is new and returns (record, true). If the
	// key exists it locks and returns the existing record and false.
	Reserve(ctx context.Context, scope, key, requestHash string) (*Record, bool, error)
	// Complete stores the response for a reserved key.
	Complete(ctx context.Context, scope, key string, code int, body []byte) error
	// Lookup returns a completed record or nil.
	Lookup(ctx context.Context, scope, key string) (*Record, error)
	// Save writes a completed record in one step.
	Save(ctx context.Context, scope, key, requestHash string, code int, body []byte) error
}

type gormStore struct {
	db *gorm.DB
}

// NewStore builds a Store.
func NewStore(db *gorm.DB) Store {
	return &gormStore{db: db}
}

func (s *gormStore) Reserve(ctx context.Context, scope, key, requestHash string) (*Record, bool, error) {
	conn := database.Conn(ctx, s.db)
	rec := &Record{Scope: scope, Key: key, RequestHash: requestHash, CreatedAt: time.Now().UTC()}
	res := conn.Clauses(clause.OnConflict{DoNothing: true}).Create(rec)
	if res.Error != nil {
		return nil, false, res.Error
	}
	if res.RowsAffected == 1 {
		return rec, true, nil
	}
	var existing Record
	if err := conn.Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("scope = ? AND key = ?", scope, key).
		Take(&existing).Error; err != nil {
		return nil, false, err
	}
	if existing.RequestHash != requestHash {
		return &existing, false, ErrMismatch
	}
	return &existing, false, nil
}

func (s *gormStore) Complete(ctx context.Context, scope, key string, code int, body []byte) error {
	now := time.Now().UTC()
	return database.Conn(ctx, s.db).Model(&Record{}).
		Where("scope = ? AND key = ?", scope, key).
		Updates(map[string]any{"response_code": code, "response_body": body, "completed_at": now}).Error
}

func (s *gormStore) Lookup(ctx context.Context, scope, key string) (*Record, error) {
	var rec Record
	err := database.Conn(ctx, s.db).Where("scope = ? AND key = ? AND completed_at IS NOT NULL", scope, key).Take(&rec).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

func (s *gormStore) Save(ctx context.Context, scope, key, requestHash string, code int, body []byte) error {
	now := time.Now().UTC()
	rec := &Record{Scope: scope, Key: key, RequestHash: requestHash, ResponseCode: code, ResponseBody: body, CreatedAt: now, CompletedAt: &now}
	return database.Conn(ctx, s.db).Clauses(clause.OnConflict{DoNothing: true}).Create(rec).Error
}
