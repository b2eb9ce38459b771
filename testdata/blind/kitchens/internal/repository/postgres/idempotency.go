package postgres

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/repository"
)

type idempotencyRepo struct{ q sqlx.ExtContext }

func (r idempotencyRepo) Claim(ctx context.Context, scope, key, resourceID string) (string, bool, error) {
	var id string
	err := sqlx.GetContext(ctx, r.q, &id, `
		INSERT INTO idempotency_keys (scope, key, resource_id)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING
		RETURNING resource_id`, scope, key, resourceID)
	if err == nil {
		return id, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", false, mapErr(err)
	}
	err = sqlx.GetContext(ctx, r.q, &id, `SELECT resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	if err != nil {
		return "", false, mapErr(err)
	}
	return id, false, nil
}

func (r idempotencyRepo) Lookup(ctx context.Context, scope, key string) (*repository.StoredResponse, error) {
	var sr repository.StoredResponse
	err := sqlx.GetContext(ctx, r.q, &sr, `
		SELECT resource_id, response FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, mapErr(err)
	}
	return &sr, nil
}

func (r idempotencyRepo) Save(ctx context.Context, scope, key, resourceID string, response []byte) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, resource_id, response)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (scope, key) DO UPDATE SET response = EXCLUDED.response`, scope, key, resourceID, response)
	return mapErr(err)
}

type webhookEventRepo struct{ q sqlx.ExtContext }

func (r webhookEventRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	var seen bool
	err := sqlx.GetContext(ctx, r.q, &seen, `SELECT EXISTS (SELECT 1 FROM processed_webhook_events WHERE event_id = $1)`, eventID)
	return seen, mapErr(err)
}

func (r webhookEventRepo) MarkProcessed(ctx context.Context, eventID, eventType string) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO processed_webhook_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return mapErr(err)
}

type messageRepo struct{ q sqlx.ExtContext }

func (r messageRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	return affected(r.q.ExecContext(ctx, `
		INSERT INTO processed_messages (consumer, message_id) VALUES ($1, $2)
		ON CONFLICT (consumer, message_id) DO NOTHING`, consumer, messageID))
}

type taskAttemptRepo struct{ q sqlx.ExtContext }

func (r taskAttemptRepo) Insert(ctx context.Context, a *domain.TaskAttempt) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO task_attempts (id, task_type, task_id, retry, error, duration_ms, started_at)
		VALUES (:id, :task_type, :task_id, :retry, :error, :duration_ms, :started_at)`, a)
	return mapErr(err)
}
