package platform

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// IdempotencyRecord remembers the outcome of a request made with a
// caller-supplied Idempotency-Key.
type IdempotencyRecord struct {
	Scope        string `gorm:"primaryKey"`
	Key          string `gorm:"primaryKey"`
	RequestHash  string
	StatusCode   int
	ResponseBody []byte
	CreatedAt    time.Time
	CompletedAt  *time.Time
}

// TableName implements gorm's Tabler.
func (IdempotencyRecord) TableName() string { return "idempotency_keys" }

// ErrKeyReused is returned when a key is presented again with a different body.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// HashRequest fingerprints a request body.
func HashRequest(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

// ClaimKey inserts the key inside tx. When the key was already claimed the
// stored record is returned and the caller should replay its response.
func ClaimKey(tx *gorm.DB, scope, key, requestHash string) (*IdempotencyRecord, error) {
	rec := IdempotencyRecord{Scope: scope, Key: key, RequestHash: requestHash, CreatedAt: time.Now().UTC()}
	res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&rec)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 1 {
		return nil, nil
	}
	var existing IdempotencyRecord
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
		First(&existing, "scope = ? AND key = ?", scope, key).Error; err != nil {
		return nil, err
	}
	if existing.RequestHash != requestHash {
		return nil, ErrKeyReused
	}
	return &existing, nil
}

// CompleteKey stores the response for a claimed key inside tx.
func CompleteKey(tx *gorm.DB, scope, key string, status int, body []byte) error {
	now := time.Now().UTC()
	return tx.Model(&IdempotencyRecord{}).
		Where("scope = ? AND key = ?", scope, key).
		Updates(map[string]any{"status_code": status, "response_body": body, "completed_at": now}).Error
}

// KeyStore is the pool-level view of the same table, used by the HTTP
// middleware for endpoints that keep their own transactions.
type KeyStore struct {
	db *gorm.DB
}

// NewKeyStore builds a KeyStore.
func NewKeyStore(db *gorm.DB) *KeyStore { return &KeyStore{db: db} }

// Lookup returns the completed record for key, or nil.
func (s *KeyStore) Lookup(ctx context.Context, scope, key string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := s.db.WithContext(ctx).
		Where("scope = ? AND key = ? AND completed_at IS NOT NULL", scope, key).
		First(&rec).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

// Save records the response for key.
func (s *KeyStore) Save(ctx context.Context, scope, key, requestHash string, status int, body []byte) error {
	now := time.Now().UTC()
	rec := IdempotencyRecord{
		Scope: scope, Key: key, RequestHash: requestHash,
		StatusCode: status, ResponseBody: body,
		CreatedAt: now, CompletedAt: &now,
	}
	return s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "scope"}, {Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"status_code", "response_body", "completed_at"}),
	}).Create(&rec).Error
}
