package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type IdempotencyRepo struct{ db *bun.DB }

func NewIdempotencyRepo(db *bun.DB) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

// Claim records a caller-supplied idempotency key. If the key was already
// recorded it returns the stored record and claimed=false; the caller
// decides whether to replay it. Call it inside the transaction that
// performs the work, so the key and the work commit together.
func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (*domain.IdempotencyKey, bool, error) {
	rec := &domain.IdempotencyKey{Scope: scope, Key: key, RequestHash: requestHash}
	res, err := idb(ctx, r.db).NewInsert().Model(rec).
		On("CONFLICT (scope, key) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return nil, false, err
	}
	n, err := affected(res)
	if err != nil {
		return nil, false, err
	}
	if n == 1 {
		return rec, true, nil
	}
	stored := new(domain.IdempotencyKey)
	err = idb(ctx, r.db).NewSelect().Model(stored).
		Where("ik.scope = ?", scope).
		Where("ik.key = ?", key).
		For("UPDATE").
		Scan(ctx)
	if err != nil {
		return nil, false, notFound(err)
	}
	if stored.RequestHash != requestHash {
		return stored, false, domain.ErrIdempotencyReuse
	}
	return stored, false, nil
}

func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key, resourceID string, status int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	_, err = idb(ctx, r.db).NewUpdate().
		Model((*domain.IdempotencyKey)(nil)).
		Set("resource_id = ?", resourceID).
		Set("response_status = ?", status).
		Set("response_body = ?", string(raw)).
		Set("completed_at = ?", now).
		Where("scope = ?", scope).
		Where("key = ?", key).
		Exec(ctx)
	return err
}

type InboxRepo struct{ db *bun.DB }

func NewInboxRepo(db *bun.DB) *InboxRepo { return &InboxRepo{db: db} }

// Claim marks a message as processed by consumer. It reports false if the
// message was seen before. Use it in the same transaction as the
// message's effects.
func (r *InboxRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	res, err := idb(ctx, r.db).NewInsert().
		Model(&domain.ProcessedMessage{Consumer: consumer, MessageID: messageID}).
		On("CONFLICT (consumer, message_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

type WebhookRepo struct{ db *bun.DB }

func NewWebhookRepo(db *bun.DB) *WebhookRepo { return &WebhookRepo{db: db} }

func (r *WebhookRepo) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	return idb(ctx, r.db).NewSelect().
		Model((*domain.WebhookEvent)(nil)).
		Where("we.provider = ?", provider).
		Where("we.event_id = ?", eventID).
		Exists(ctx)
}

func (r *WebhookRepo) Record(ctx context.Context, provider, eventID, eventType string) error {
	_, err := idb(ctx, r.db).NewInsert().
		Model(&domain.WebhookEvent{Provider: provider, EventID: eventID, EventType: eventType}).
		On("CONFLICT (provider, event_id) DO NOTHING").
		Exec(ctx)
	return err
}
