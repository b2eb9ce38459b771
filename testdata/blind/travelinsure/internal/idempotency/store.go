// Package idempotency stores the outcome of partner requests sent with an
// Idempotency-Key header so that a repeated request gets the original
// answer.
package idempotency

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/platform/database"
)

// ErrNotFound means no record exists for the key.
var ErrNotFound = errors.New("idempotency: no record")

// ErrMismatch means the key was reused with a different request body.
var ErrMismatch = errors.New("idempotency: key reused with a different request")

// Store reads and writes idempotency records.
type Store interface {
	// Lookup returns the stored record for key.
	Lookup(ctx context.Context, partnerID uuid.UUID, scope, key string) (*models.IdempotencyRecord, error)
	// Save stores a completed response.
	Save(ctx context.Context, rec *models.IdempotencyRecord) error
	// Claim inserts a pending record for key inside tx. It reports false when
	// the key was already claimed, in which case the existing record is
	// returned.
	Claim(ctx context.Context, tx bun.Tx, partnerID uuid.UUID, scope, key, requestHash string) (bool, *models.IdempotencyRecord, error)
	// Complete records the resource created under a claimed key.
	Complete(ctx context.Context, tx bun.Tx, partnerID uuid.UUID, scope, key string, resourceID uuid.UUID, status int) error
}

type store struct {
	db  bun.IDB
	now func() time.Time
}

// NewStore returns a Store on db.
func NewStore(db bun.IDB) Store {
	return &store{db: db, now: time.Now}
}

// HashRequest fingerprints a request body.
func HashRequest(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

func (s *store) Lookup(ctx context.Context, partnerID uuid.UUID, scope, key string) (*models.IdempotencyRecord, error) {
	rec := new(models.IdempotencyRecord)
	err := s.db.NewSelect().Model(rec).
		Where("partner_id = ?", partnerID).
		Where("scope = ?", scope).
		Where("key = ?", key).
		Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("lookup idempotency key: %w", err)
	}
	return rec, nil
}

func (s *store) Save(ctx context.Context, rec *models.IdempotencyRecord) error {
	if rec.CreatedAt.IsZero() {
		rec.CreatedAt = s.now().UTC()
	}
	if _, err := s.db.NewInsert().Model(rec).Exec(ctx); err != nil {
		return fmt.Errorf("save idempotency key: %w", err)
	}
	return nil
}

func (s *store) Claim(ctx context.Context, tx bun.Tx, partnerID uuid.UUID, scope, key, requestHash string) (bool, *models.IdempotencyRecord, error) {
	rec := &models.IdempotencyRecord{
		PartnerID:   partnerID,
		Scope:       scope,
		Key:         key,
		RequestHash: requestHash,
		CreatedAt:   s.now().UTC(),
	}
	res, err := tx.NewInsert().Model(rec).
		On("CONFLICT (partner_id, scope, key) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, nil, fmt.Errorf("claim idempotency key: %w", err)
	}
	if database.Affected(res) == 1 {
		return true, rec, nil
	}

	existing := new(models.IdempotencyRecord)
	if err := tx.NewSelect().Model(existing).
		Where("partner_id = ?", partnerID).
		Where("scope = ?", scope).
		Where("key = ?", key).
		Scan(ctx); err != nil {
		return false, nil, fmt.Errorf("load claimed idempotency key: %w", err)
	}
	if existing.RequestHash != requestHash {
		return false, existing, ErrMismatch
	}
	return false, existing, nil
}

func (s *store) Complete(ctx context.Context, tx bun.Tx, partnerID uuid.UUID, scope, key string, resourceID uuid.UUID, status int) error {
	_, err := tx.NewUpdate().Model((*models.IdempotencyRecord)(nil)).
		Set("resource_id = ?", resourceID).
		Set("response_status = ?", status).
		Where("partner_id = ?", partnerID).
		Where("scope = ?", scope).
		Where("key = ?", key).
		Exec(ctx)
	if err != nil {
		return fmt.Errorf("complete idempotency key: %w", err)
	}
	return nil
}
