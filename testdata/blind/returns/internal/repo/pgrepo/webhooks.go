package pgrepo

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/repo"
)

type Endpoints struct{}

func NewEndpoints() *Endpoints { return &Endpoints{} }

// Register stores an endpoint for (merchant, url). Registering the same URL
// again keeps the original id and signing secret.
func (Endpoints) Register(ctx context.Context, q repo.Q, e domain.WebhookEndpoint) (domain.WebhookEndpoint, error) {
	_, err := q.Exec(ctx, `
		INSERT INTO webhook_endpoints (id, merchant_id, url, secret, event_types)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (merchant_id, url) DO NOTHING`, e.ID, e.MerchantID, e.URL, e.Secret, e.EventTypes)
	if err != nil {
		return e, fmt.Errorf("register endpoint: %w", err)
	}
	var out domain.WebhookEndpoint
	err = q.QueryRow(ctx, `
		SELECT id, merchant_id, url, secret, event_types, disabled, created_at
		FROM webhook_endpoints WHERE merchant_id = $1 AND url = $2`, e.MerchantID, e.URL).
		Scan(&out.ID, &out.MerchantID, &out.URL, &out.Secret, &out.EventTypes, &out.Disabled, &out.CreatedAt)
	return out, err
}

func (Endpoints) ListActive(ctx context.Context, q repo.Q, merchantID, eventType string) ([]domain.WebhookEndpoint, error) {
	rows, err := q.Query(ctx, `
		SELECT id, merchant_id, url, secret, event_types, disabled, created_at
		FROM webhook_endpoints
		WHERE merchant_id = $1 AND NOT disabled
		  AND (cardinality(event_types) = 0 OR $2 = ANY(event_types))`, merchantID, eventType)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.WebhookEndpoint
	for rows.Next() {
		var e domain.WebhookEndpoint
		if err := rows.Scan(&e.ID, &e.MerchantID, &e.URL, &e.Secret, &e.EventTypes, &e.Disabled, &e.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

type Outbox struct{}

func NewOutbox() *Outbox { return &Outbox{} }

func (Outbox) Insert(ctx context.Context, q repo.Q, m domain.OutboxMessage) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO webhook_outbox (id, merchant_id, event_type, payload)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO NOTHING`, m.ID, m.MerchantID, m.EventType, m.Payload)
	if err != nil {
		return false, fmt.Errorf("insert outbox: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (Outbox) Get(ctx context.Context, q repo.Q, id string) (domain.OutboxMessage, error) {
	var m domain.OutboxMessage
	err := q.QueryRow(ctx, `
		SELECT id, merchant_id, event_type, payload, status, attempts, created_at
		FROM webhook_outbox WHERE id = $1`, id).
		Scan(&m.ID, &m.MerchantID, &m.EventType, &m.Payload, &m.Status, &m.Attempts, &m.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return m, domain.ErrNotFound
	}
	return m, err
}

func (Outbox) MarkDelivered(ctx context.Context, q repo.Q, id string) error {
	_, err := q.Exec(ctx, `
		UPDATE webhook_outbox SET status = 'delivered', delivered_at = now() WHERE id = $1`, id)
	return err
}

func (Outbox) IncrementAttempts(ctx context.Context, q repo.Q, id string) error {
	_, err := q.Exec(ctx, `UPDATE webhook_outbox SET attempts = attempts + 1 WHERE id = $1`, id)
	return err
}

type Attempts struct{}

func NewAttempts() *Attempts { return &Attempts{} }

func (Attempts) Append(ctx context.Context, q repo.Q, a domain.WebhookAttempt) error {
	_, err := q.Exec(ctx, `
		INSERT INTO webhook_attempts (id, outbox_id, endpoint_id, status_code, error, duration_ms)
		VALUES ($1, $2, $3, $4, $5, $6)`, a.ID, a.OutboxID, a.EndpointID, a.StatusCode, a.Error, a.DurationMS)
	return err
}
