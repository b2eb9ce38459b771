package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/vendgrid/fleetops/internal/app"
)

type OutboxRepo struct{ db Conn }

func NewOutboxRepo(db Conn) *OutboxRepo { return &OutboxRepo{db: db} }

// Enqueue writes a message to the outbox. Call it inside the transaction
// whose commit should publish the message.
func (r *OutboxRepo) Enqueue(ctx context.Context, topic, key string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("marshal outbox payload: %w", err)
	}
	_, err = r.db.From(ctx).Exec(ctx, `
		INSERT INTO outbox (topic, msg_key, payload) VALUES ($1, $2, $3)`, topic, key, b)
	return err
}

func (r *OutboxRepo) ListUnpublished(ctx context.Context, limit int) ([]app.OutboxMessage, error) {
	rows, err := r.db.From(ctx).Query(ctx, `
		SELECT id, topic, msg_key, payload FROM outbox
		 WHERE published_at IS NULL ORDER BY id LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (app.OutboxMessage, error) {
		var m app.OutboxMessage
		err := row.Scan(&m.ID, &m.Topic, &m.Key, &m.Payload)
		return m, err
	})
}

func (r *OutboxRepo) MarkPublished(ctx context.Context, ids []int64) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		UPDATE outbox SET published_at = now() WHERE id = ANY($1) AND published_at IS NULL`, ids)
	return err
}

type WebhookRepo struct {
	db       Conn
	provider string
}

func NewWebhookRepo(db Conn) *WebhookRepo { return &WebhookRepo{db: db, provider: "cardpay"} }

func (r *WebhookRepo) LogDelivery(ctx context.Context, d app.WebhookDelivery) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO webhook_deliveries (id, provider, event_id, event_type, signature_ok, received_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		d.ID, r.provider, d.EventID, d.EventType, d.SignatureOK, d.ReceivedAt)
	return err
}

func (r *WebhookRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	var one int
	err := r.db.From(ctx).QueryRow(ctx, `SELECT 1 FROM processed_webhooks WHERE event_id = $1`, eventID).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (r *WebhookRepo) MarkSeen(ctx context.Context, eventID string) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO processed_webhooks (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING`, eventID)
	return err
}

func (r *WebhookRepo) AppendLedger(ctx context.Context, e app.LedgerEntry) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO settlement_ledger (id, payment_id, kind, amount_cents, fee_cents, provider_event_id, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		e.ID, e.PaymentID, e.Kind, e.AmountCents, e.FeeCents, e.ProviderEventID, e.CreatedAt)
	return err
}

// SavedResponse is a stored HTTP response replayed for a repeated
// Idempotency-Key.
type SavedResponse struct {
	StatusCode int
	Body       []byte
}

// IdempotencyStore keeps responses of idempotent HTTP requests.
type IdempotencyStore struct{ db Conn }

func NewIdempotencyStore(db Conn) *IdempotencyStore { return &IdempotencyStore{db: db} }

// Lookup returns the saved response, or nil if none was stored.
func (s *IdempotencyStore) Lookup(ctx context.Context, scope, key string) (*SavedResponse, error) {
	var r SavedResponse
	err := s.db.From(ctx).QueryRow(ctx, `
		SELECT status_code, body FROM http_idempotency WHERE scope = $1 AND idem_key = $2`,
		scope, key).Scan(&r.StatusCode, &r.Body)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// Save stores the response. The first stored response wins.
func (s *IdempotencyStore) Save(ctx context.Context, scope, key string, r SavedResponse) error {
	_, err := s.db.From(ctx).Exec(ctx, `
		INSERT INTO http_idempotency (scope, idem_key, status_code, body)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (scope, idem_key) DO NOTHING`, scope, key, r.StatusCode, r.Body)
	return err
}
