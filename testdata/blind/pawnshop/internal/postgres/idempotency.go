package postgres

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"github.com/ironvault/pawnline/internal/domain"
)

// IdempotencyRepo stores client Idempotency-Key values and the response that
// went back for them. The HTTP middleware uses Lookup/Save; services that
// want the key inside their own transaction use Claim/Complete.
type IdempotencyRepo struct{ base }

func NewIdempotencyRepo(db *sqlx.DB) *IdempotencyRepo { return &IdempotencyRepo{base{db}} }

// Lookup returns the stored response for a completed key.
func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) (domain.StoredResponse, bool, error) {
	var resp domain.StoredResponse
	err := r.q(ctx).GetContext(ctx, &resp, `
		SELECT status_code, response_body FROM idempotency_keys
		WHERE scope = $1 AND key = $2 AND completed_at IS NOT NULL`, scope, key)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.StoredResponse{}, false, nil
	}
	if err != nil {
		return domain.StoredResponse{}, false, err
	}
	return resp, true, nil
}

// Save stores the response for a key; the first response saved wins.
func (r *IdempotencyRepo) Save(ctx context.Context, scope, key string, resp domain.StoredResponse) error {
	_, err := r.q(ctx).ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, status_code, response_body, completed_at)
		VALUES ($1, $2, $3, $4, now())
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, resp.Status, resp.Body)
	return mapErr(err)
}

// Claim inserts the key for this caller. When the key already exists it
// returns the stored response (Body is nil while the first caller's
// transaction has not completed it) and false.
func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key string) (domain.StoredResponse, bool, error) {
	res, err := r.q(ctx).ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key)
	if err != nil {
		return domain.StoredResponse{}, false, mapErr(err)
	}
	if ok, err := affected(res); err != nil || ok {
		return domain.StoredResponse{}, ok, err
	}
	var stored struct {
		Status *int   `db:"status_code"`
		Body   []byte `db:"response_body"`
	}
	if err := r.q(ctx).GetContext(ctx, &stored, `
		SELECT status_code, response_body FROM idempotency_keys WHERE scope = $1 AND key = $2`,
		scope, key); err != nil {
		return domain.StoredResponse{}, false, mapErr(err)
	}
	resp := domain.StoredResponse{Body: stored.Body}
	if stored.Status != nil {
		resp.Status = *stored.Status
	}
	return resp, false, nil
}

func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key string, resp domain.StoredResponse) error {
	return mustAffect(r.q(ctx).ExecContext(ctx, `
		UPDATE idempotency_keys SET status_code = $3, response_body = $4, completed_at = now()
		WHERE scope = $1 AND key = $2`, scope, key, resp.Status, resp.Body))
}

// WebhookEventRepo remembers which provider events have been handled.
type WebhookEventRepo struct{ base }

func NewWebhookEventRepo(db *sqlx.DB) *WebhookEventRepo { return &WebhookEventRepo{base{db}} }

func (r *WebhookEventRepo) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var seen bool
	err := r.q(ctx).GetContext(ctx, &seen, `
		SELECT EXISTS (SELECT 1 FROM webhook_events WHERE provider = $1 AND event_id = $2)`,
		provider, eventID)
	return seen, mapErr(err)
}

func (r *WebhookEventRepo) MarkProcessed(ctx context.Context, provider, eventID, eventType string) error {
	_, err := r.q(ctx).ExecContext(ctx, `
		INSERT INTO webhook_events (provider, event_id, event_type)
		VALUES ($1, $2, $3)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, eventType)
	return mapErr(err)
}
