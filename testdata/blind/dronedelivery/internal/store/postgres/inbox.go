package postgres

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

type inboxRepo struct{ db DBTX }

func (r inboxRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var seen bool
	err := r.db.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_id = $2)`,
		consumer, messageID).Scan(&seen)
	return seen, mapErr(err)
}

func (r inboxRepo) MarkProcessed(ctx context.Context, consumer, messageID string) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO processed_messages (consumer, message_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, consumer, messageID)
	return mapErr(err)
}

func (r inboxRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO processed_messages (consumer, message_id) VALUES ($1, $2)
		ON CONFLICT (consumer, message_id) DO NOTHING`, consumer, messageID)
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() == 1, nil
}

type idemRepo struct{ db DBTX }

func (r idemRepo) Lookup(ctx context.Context, scope, key string) (*store.StoredResponse, error) {
	var resp store.StoredResponse
	err := r.db.QueryRow(ctx, `
		SELECT response_code, response_body, created_at FROM idempotency_keys
		 WHERE scope = $1 AND key = $2`, scope, key).
		Scan(&resp.StatusCode, &resp.Body, &resp.CreatedAt)
	if err != nil {
		if err = mapErr(err); errors.Is(err, domain.ErrNotFound) {
			return nil, nil
		}
		return nil, err
	}
	return &resp, nil
}

func (r idemRepo) Save(ctx context.Context, scope, key string, resp store.StoredResponse) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, response_code, response_body)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, resp.StatusCode, resp.Body)
	return mapErr(err)
}

type commandLogRepo struct{ db DBTX }

func (r commandLogRepo) Record(ctx context.Context, e store.CommandLogEntry) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO command_log (id, command, subject, outcome, error, duration_ms)
		VALUES ($1, $2, $3, $4, nullif($5, ''), $6)`,
		uuid.New(), e.Command, e.Subject, e.Outcome, e.Error, e.DurationMS)
	return mapErr(err)
}
