// Package idempotency stores client-supplied Idempotency-Key values.
package idempotency

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/acme/clinic/internal/platform/db"
)

var (
	ErrKeyReused  = errors.New("idempotency key reused with a different request")
	ErrMissingKey = errors.New("Idempotency-Key header is required")
)

// Hash fingerprints a request body so a key cannot be replayed for a
// different request.
func Hash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// TxStore claims keys inside the caller's db.Transactor transaction, so the key
// and the effect it guards commit (or roll back) together.
type TxStore struct {
	pool *sql.DB
}

func NewTxStore(pool *sql.DB) *TxStore { return &TxStore{pool: pool} }

// Claim inserts (scope,key). fresh is true when this call created the row;
// otherwise prior is the response stored by the call that did.
func (s *TxStore) Claim(ctx context.Context, scope, key, hash string) (prior []byte, fresh bool, err error) {
	if !db.InTx(ctx) {
		return nil, false, errors.New("idempotency: Claim must run inside a transaction")
	}
	q := db.Conn(ctx, s.pool)
	res, err := q.ExecContext(ctx,
		`INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
		 ON CONFLICT (scope, key) DO NOTHING`, scope, key, hash)
	if err != nil {
		return nil, false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil, true, nil
	}
	var storedHash string
	var body []byte
	if err := q.QueryRowContext(ctx,
		`SELECT request_hash, response_body FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&storedHash, &body); err != nil {
		return nil, false, err
	}
	if storedHash != hash {
		return nil, false, ErrKeyReused
	}
	return body, false, nil
}

// Complete stores the response for a claimed key.
func (s *TxStore) Complete(ctx context.Context, scope, key string, response any) error {
	body, err := json.Marshal(response)
	if err != nil {
		return err
	}
	_, err = db.Conn(ctx, s.pool).ExecContext(ctx,
		`UPDATE idempotency_keys SET response_body = $3 WHERE scope = $1 AND key = $2`,
		scope, key, body)
	return err
}

// record is the gorm model of idempotency_keys.
type record struct {
	Scope       string `gorm:"primaryKey"`
	Key         string `gorm:"primaryKey"`
	RequestHash string
	CreatedAt   time.Time
}

func (record) TableName() string { return "idempotency_keys" }

// GormStore is a lightweight seen/remember store used by endpoints that only
// need to drop replays and do not replay the stored response.
type GormStore struct {
	db *gorm.DB
}

func NewGormStore(db *gorm.DB) *GormStore { return &GormStore{db: db} }

func (s *GormStore) Seen(ctx context.Context, scope, key string) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&record{}).
		Where("scope = ? AND key = ?", scope, key).Count(&n).Error
	return n > 0, err
}

func (s *GormStore) Remember(ctx context.Context, scope, key string) error {
	return s.db.WithContext(ctx).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(&record{Scope: scope, Key: key}).Error
}
