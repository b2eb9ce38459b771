package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/db"
)

// ErrKeyReuse is returned when an Idempotency-Key is replayed with a
// different request body.
var ErrKeyReuse = errors.New("store: idempotency key reused with a different request")

// IdempotencyStore claims client Idempotency-Keys. Claim must be called
// inside the unit of work that performs the request's writes so the key
// and the writes commit together.
type IdempotencyStore interface {
	Claim(ctx context.Context, scope, key, requestHash string) (*domain.IdempotencyRecord, bool, error)
	Attach(ctx context.Context, scope, key, resourceID string) error
}

type idempotencyStore struct {
	repo *db.Repository[domain.IdempotencyRecord]
}

// NewIdempotencyStore builds an IdempotencyStore.
func NewIdempotencyStore(g *gorm.DB) *idempotencyStore {
	return &idempotencyStore{repo: db.NewRepository[domain.IdempotencyRecord](g)}
}

// Claim inserts the key. fresh is false when the key was already claimed,
// in which case the stored record is returned.
func (s *idempotencyStore) Claim(ctx context.Context, scope, key, requestHash string) (*domain.IdempotencyRecord, bool, error) {
	if !db.InTx(ctx) {
		return nil, false, fmt.Errorf("idempotency: claim %s outside a transaction", scope)
	}
	rec := &domain.IdempotencyRecord{Scope: scope, Key: key, RequestHash: requestHash, CreatedAt: time.Now().UTC()}
	inserted, err := s.repo.CreateIgnoreConflict(ctx, rec, "scope", "key")
	if err != nil {
		return nil, false, err
	}
	if inserted {
		return rec, true, nil
	}
	existing, err := s.repo.FindOne(ctx, "scope = ? AND key = ?", scope, key)
	if err != nil {
		return nil, false, err
	}
	if existing.RequestHash != requestHash {
		return nil, false, ErrKeyReuse
	}
	return existing, false, nil
}

// Attach records the resource the key produced.
func (s *idempotencyStore) Attach(ctx context.Context, scope, key, resourceID string) error {
	return s.repo.Conn(ctx).Model(&domain.IdempotencyRecord{}).
		Where("scope = ? AND key = ?", scope, key).
		Update("resource_id", resourceID).Error
}

// WebhookEventStore tracks provider webhook events that have been handled.
type WebhookEventStore interface {
	IsProcessed(ctx context.Context, eventID string) (bool, error)
	MarkProcessed(ctx context.Context, provider, eventID, eventType string) error
}

type webhookEventStore struct {
	db *gorm.DB
}

// NewWebhookEventStore builds a WebhookEventStore. Events are bookkeeping
// for the webhook endpoint, so the store writes on its own connection.
func NewWebhookEventStore(g *gorm.DB) *webhookEventStore {
	return &webhookEventStore{db: g}
}

func (s *webhookEventStore) IsProcessed(ctx context.Context, eventID string) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&domain.WebhookEvent{}).Where("event_id = ?", eventID).Count(&n).Error
	return n > 0, err
}

func (s *webhookEventStore) MarkProcessed(ctx context.Context, provider, eventID, eventType string) error {
	ev := &domain.WebhookEvent{EventID: eventID, Provider: provider, Type: eventType, ProcessedAt: time.Now().UTC()}
	err := s.db.WithContext(ctx).Create(ev).Error
	if db.IsUniqueViolation(err) {
		return nil
	}
	return err
}
