// Package idem stores client-supplied idempotency keys and the results of
// the requests that claimed them.
package idem

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northgate/tolls/internal/domain"
)

// ErrKeyReused is returned when a key is presented with a different request.
var ErrKeyReused = errors.New("idempotency key reused with a different request")

// Store is the idempotency_keys table.
type Store struct {
	db *gorm.DB
}

// NewStore returns a Store on db.
func NewStore(db *gorm.DB) *Store { return &Store{db: db} }

// Claim is the outcome of claiming a key inside a transaction.
type Claim struct {
	// Fresh is true when this transaction inserted the key.
	Fresh bool
	// Record is the stored row; for a replay it carries the earlier result.
	Record domain.IdempotencyRecord
}

// Hash fingerprints a request body so a reused key can be detected.
func Hash(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// ClaimTx inserts (scope, key) in tx. When another request already claimed
// the key, ClaimTx returns its record; the caller replays it instead of
// repeating the work. Because the claim shares tx with the work, a rollback
// releases the key.
func (s *Store) ClaimTx(tx *gorm.DB, scope, key, requestHash string) (*Claim, error) {
	rec := domain.IdempotencyRecord{
		Scope: scope, Key: key, RequestHash: requestHash, CreatedAt: time.Now().UTC(),
	}
	res := tx.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "scope"}, {Name: "key"}},
		DoNothing: true,
	}).Create(&rec)
	if res.Error != nil {
		return nil, fmt.Errorf("idem: claim %s/%s: %w", scope, key, res.Error)
	}
	if res.RowsAffected == 1 {
		return &Claim{Fresh: true, Record: rec}, nil
	}
	var existing domain.IdempotencyRecord
	if err := tx.Clauses(clause.Locking{Strength: "SHARE"}).
		First(&existing, "scope = ? AND key = ?", scope, key).Error; err != nil {
		return nil, fmt.Errorf("idem: load %s/%s: %w", scope, key, err)
	}
	if requestHash != "" && existing.RequestHash != "" && existing.RequestHash != requestHash {
		return nil, ErrKeyReused
	}
	return &Claim{Fresh: false, Record: existing}, nil
}

// CompleteTx stores the result of the request that claimed the key.
func (s *Store) CompleteTx(tx *gorm.DB, scope, key, resourceID string, code int, body []byte) error {
	return tx.Model(&domain.IdempotencyRecord{}).
		Where("scope = ? AND key = ?", scope, key).
		Updates(map[string]any{"resource_id": resourceID, "response_code": code, "response_body": body}).Error
}

// Lookup returns the stored record for (scope, key), or nil.
func (s *Store) Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyRecord, error) {
	var rec domain.IdempotencyRecord
	err := s.db.WithContext(ctx).First(&rec, "scope = ? AND key = ?", scope, key).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

// Remember stores a completed result for (scope, key).
func (s *Store) Remember(ctx context.Context, rec *domain.IdempotencyRecord) error {
	if rec.CreatedAt.IsZero() {
		rec.CreatedAt = time.Now().UTC()
	}
	return s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "scope"}, {Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"resource_id", "response_code", "response_body"}),
	}).Create(rec).Error
}
