package postgres

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
)

// IdempotencyRepo stores client Idempotency-Key claims made by services.
type IdempotencyRepo struct{}

// NewIdempotencyRepo returns an IdempotencyRepo.
func NewIdempotencyRepo() *IdempotencyRepo { return &IdempotencyRepo{} }

// Claim records (scope, key) for owner. When the key was claimed before it
// returns claimed=false and the earlier record. Call it inside the
// transaction that performs the guarded work.
func (r *IdempotencyRepo) Claim(ctx context.Context, q sqlx.ExtContext, scope, key string, owner uuid.UUID) (bool, *domain.IdempotencyRecord, error) {
	ok, err := affected(ctx, q, `
		INSERT INTO idempotency_keys (scope, key, owner_id) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, owner)
	if err != nil || ok {
		return ok, nil, err
	}
	rec, err := get[domain.IdempotencyRecord](ctx, q, `
		SELECT scope, key, owner_id, resource_id, created_at FROM idempotency_keys
		WHERE scope = $1 AND key = $2`, scope, key)
	return false, rec, err
}

// Complete attaches the created resource to a claimed key.
func (r *IdempotencyRepo) Complete(ctx context.Context, q sqlx.ExtContext, scope, key string, resourceID uuid.UUID) error {
	_, err := q.ExecContext(ctx, `
		UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2`, scope, key, resourceID)
	return err
}

// StoredResponse is an HTTP response kept for Idempotency-Key replay.
type StoredResponse struct {
	Scope       string `db:"scope"`
	Key         string `db:"key"`
	StatusCode  int    `db:"status_code"`
	ContentType string `db:"content_type"`
	Body        []byte `db:"body"`
}

// ResponseStore keeps API responses for the idempotency middleware.
type ResponseStore struct {
	db *sqlx.DB
}

// NewResponseStore returns a ResponseStore.
func NewResponseStore(db *sqlx.DB) *ResponseStore { return &ResponseStore{db: db} }

// Lookup returns the stored response for (scope, key), or nil.
func (s *ResponseStore) Lookup(ctx context.Context, scope, key string) (*StoredResponse, error) {
	var out StoredResponse
	err := s.db.GetContext(ctx, &out, `
		SELECT scope, key, status_code, content_type, body FROM api_idempotent_responses
		WHERE scope = $1 AND key = $2`, scope, key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Save stores a response. A response already stored for the key is kept.
func (s *ResponseStore) Save(ctx context.Context, resp StoredResponse) error {
	_, err := s.db.NamedExecContext(ctx, `
		INSERT INTO api_idempotent_responses (scope, key, status_code, content_type, body)
		VALUES (:scope, :key, :status_code, :content_type, :body)
		ON CONFLICT (scope, key) DO NOTHING`, resp)
	return err
}

// EventRepo records processed webhook deliveries and claimed kiosk events.
type EventRepo struct{}

// NewEventRepo returns an EventRepo.
func NewEventRepo() *EventRepo { return &EventRepo{} }

// WebhookProcessed reports whether a provider's event was already applied.
func (r *EventRepo) WebhookProcessed(ctx context.Context, q sqlx.ExtContext, provider, eventID string) (bool, error) {
	var ok bool
	err := sqlx.GetContext(ctx, q, &ok, `
		SELECT EXISTS (SELECT 1 FROM processed_webhook_events WHERE provider = $1 AND event_id = $2)`,
		provider, eventID)
	return ok, err
}

// MarkWebhookProcessed records that a provider's event was applied.
func (r *EventRepo) MarkWebhookProcessed(ctx context.Context, q sqlx.ExtContext, provider, eventID, eventType string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO processed_webhook_events (provider, event_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, eventType)
	return err
}

// ClaimKioskEvent records a kiosk event as handled. It reports false if the
// event was claimed before.
func (r *EventRepo) ClaimKioskEvent(ctx context.Context, q sqlx.ExtContext, eventID, eventType, kioskID string) (bool, error) {
	return affected(ctx, q, `
		INSERT INTO kiosk_events (event_id, event_type, kiosk_id) VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType, kioskID)
}
