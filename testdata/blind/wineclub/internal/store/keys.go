package store

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/idempotency"
)

// Keys claims client idempotency keys inside the caller's transaction.
type Keys struct{}

// NewKeys returns the key repository.
func NewKeys() *Keys { return &Keys{} }

// Claim inserts (scope, key). When the key was already claimed it returns the
// existing row and false.
func (Keys) Claim(tx *gorm.DB, scope, key string) (*models.IdempotencyKey, bool, error) {
	row := models.IdempotencyKey{Scope: scope, Key: key}
	res := tx.Clauses(doNothingOn("scope", "key")).Create(&row)
	if res.Error != nil {
		return nil, false, res.Error
	}
	if res.RowsAffected == 1 {
		return &row, true, nil
	}
	var existing models.IdempotencyKey
	if err := tx.First(&existing, "scope = ? AND key = ?", scope, key).Error; err != nil {
		return nil, false, err
	}
	return &existing, false, nil
}

// Complete attaches the created resource to a claimed key.
func (Keys) Complete(tx *gorm.DB, scope, key, resourceID string) error {
	return tx.Model(&models.IdempotencyKey{}).
		Where("scope = ? AND key = ?", scope, key).
		Update("resource_id", resourceID).Error
}

// ResponseStore backs the HTTP idempotency middleware.
type ResponseStore struct{ db *gorm.DB }

// NewResponseStore returns the middleware store.
func NewResponseStore(db *gorm.DB) *ResponseStore { return &ResponseStore{db: db} }

var _ idempotency.Store = (*ResponseStore)(nil)

// Lookup returns the stored response or nil.
func (s *ResponseStore) Lookup(ctx context.Context, scope, key string) (*idempotency.Record, error) {
	var row models.IdempotencyKey
	err := s.db.WithContext(ctx).First(&row, "scope = ? AND key = ?", scope, key).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rec := &idempotency.Record{Scope: row.Scope, Key: row.Key, Body: row.ResponseBody, CreatedAt: row.CreatedAt}
	if row.StatusCode != nil {
		rec.StatusCode = *row.StatusCode
	}
	return rec, nil
}

// Save stores a response.
func (s *ResponseStore) Save(ctx context.Context, rec idempotency.Record) error {
	code := rec.StatusCode
	row := models.IdempotencyKey{
		Scope:        rec.Scope,
		Key:          rec.Key,
		StatusCode:   &code,
		ResponseBody: rec.Body,
		CreatedAt:    rec.CreatedAt,
	}
	return s.db.WithContext(ctx).Clauses(doNothingOn("scope", "key")).Create(&row).Error
}
