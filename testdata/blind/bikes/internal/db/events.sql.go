package db

import (
	"context"
)

const claimEvent = `-- name: ClaimEvent :execrows
INSERT INTO processed_events (consumer, event_id)
VALUES ($1, $2)
ON CONFLICT (consumer, event_id) DO NOTHING`

type ClaimEventParams struct {
	Consumer string
	EventID  string
}

func (q *Queries) ClaimEvent(ctx context.Context, arg ClaimEventParams) (int64, error) {
	result, err := q.db.Exec(ctx, claimEvent, arg.Consumer, arg.EventID)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected(), nil
}

const stripeEventSeen = `-- name: StripeEventSeen :one
SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`

func (q *Queries) StripeEventSeen(ctx context.Context, eventID string) (bool, error) {
	row := q.db.QueryRow(ctx, stripeEventSeen, eventID)
	var exists bool
	err := row.Scan(&exists)
	return exists, err
}

const recordStripeEvent = `-- name: RecordStripeEvent :exec
INSERT INTO stripe_events (event_id, type)
VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING`

type RecordStripeEventParams struct {
	EventID string
	Type    string
}

func (q *Queries) RecordStripeEvent(ctx context.Context, arg RecordStripeEventParams) error {
	_, err := q.db.Exec(ctx, recordStripeEvent, arg.EventID, arg.Type)
	return err
}
