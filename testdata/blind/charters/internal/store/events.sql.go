package store

import (
	"context"
	"time"
)

const eventProcessed = `-- name: EventProcessed :one
SELECT EXISTS (SELECT 1 FROM processed_events WHERE event_id = $1)`

func (q *Queries) EventProcessed(ctx context.Context, eventID string) (bool, error) {
	var ok bool
	err := q.db.QueryRow(ctx, eventProcessed, eventID).Scan(&ok)
	return ok, err
}

const markEventProcessed = `-- name: MarkEventProcessed :exec
INSERT INTO processed_events (event_id, handler) VALUES ($1, $2)
ON CONFLICT (event_id) DO NOTHING`

func (q *Queries) MarkEventProcessed(ctx context.Context, eventID, handler string) error {
	_, err := q.db.Exec(ctx, markEventProcessed, eventID, handler)
	return err
}

// ClaimEvent inserts the processed marker and reports whether this caller
// won it. Run inside the transaction that applies the event.
func (q *Queries) ClaimEvent(ctx context.Context, eventID, handler string) (bool, error) {
	tag, err := q.db.Exec(ctx, markEventProcessed, eventID, handler)
	return tag.RowsAffected() == 1, err
}

const insertWeatherAlert = `-- name: InsertWeatherAlert :exec
INSERT INTO weather_alerts (alert_id, severity, marina_ids, starts_at, ends_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (alert_id) DO NOTHING`

type InsertWeatherAlertParams struct {
	AlertID   string
	Severity  string
	MarinaIDs []string
	StartsAt  time.Time
	EndsAt    time.Time
}

func (q *Queries) InsertWeatherAlert(ctx context.Context, arg InsertWeatherAlertParams) error {
	_, err := q.db.Exec(ctx, insertWeatherAlert, arg.AlertID, arg.Severity, arg.MarinaIDs, arg.StartsAt, arg.EndsAt)
	return err
}

const getWeatherAlert = `-- name: GetWeatherAlert :one
SELECT alert_id, severity, marina_ids, starts_at, ends_at, created_at FROM weather_alerts WHERE alert_id = $1`

func (q *Queries) GetWeatherAlert(ctx context.Context, alertID string) (WeatherAlert, error) {
	var i WeatherAlert
	err := q.db.QueryRow(ctx, getWeatherAlert, alertID).Scan(&i.AlertID, &i.Severity, &i.MarinaIDs, &i.StartsAt, &i.EndsAt, &i.CreatedAt)
	return i, err
}

const insertAlertLift = `-- name: InsertAlertLift :exec
INSERT INTO weather_alert_lifts (alert_id, lifted_at) VALUES ($1, $2)`

func (q *Queries) InsertAlertLift(ctx context.Context, alertID string, liftedAt time.Time) error {
	_, err := q.db.Exec(ctx, insertAlertLift, alertID, liftedAt)
	return err
}

const enqueueOutbox = `-- name: EnqueueOutbox :exec
INSERT INTO outbox (topic, payload) VALUES ($1, $2)`

func (q *Queries) EnqueueOutbox(ctx context.Context, topic string, payload []byte) error {
	_, err := q.db.Exec(ctx, enqueueOutbox, topic, payload)
	return err
}

const listUnsentOutbox = `-- name: ListUnsentOutbox :many
SELECT id, topic, payload, created_at FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT $1`

func (q *Queries) ListUnsentOutbox(ctx context.Context, limit int32) ([]OutboxMessage, error) {
	rows, err := q.db.Query(ctx, listUnsentOutbox, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []OutboxMessage
	for rows.Next() {
		var i OutboxMessage
		if err := rows.Scan(&i.ID, &i.Topic, &i.Payload, &i.CreatedAt); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const markOutboxSent = `-- name: MarkOutboxSent :exec
UPDATE outbox SET sent_at = now() WHERE id = $1 AND sent_at IS NULL`

func (q *Queries) MarkOutboxSent(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, markOutboxSent, id)
	return err
}

const getReplay = `-- name: GetReplay :one
SELECT response FROM rpc_replays WHERE method = $1 AND request_key = $2`

func (q *Queries) GetReplay(ctx context.Context, method, requestKey string) ([]byte, error) {
	var resp []byte
	err := q.db.QueryRow(ctx, getReplay, method, requestKey).Scan(&resp)
	return resp, err
}

const saveReplay = `-- name: SaveReplay :exec
INSERT INTO rpc_replays (method, request_key, response) VALUES ($1, $2, $3)
ON CONFLICT (method, request_key) DO NOTHING`

func (q *Queries) SaveReplay(ctx context.Context, method, requestKey string, response []byte) error {
	_, err := q.db.Exec(ctx, saveReplay, method, requestKey, response)
	return err
}
