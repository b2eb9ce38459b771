package store

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/tiedknot/registry/internal/db"
	"github.com/tiedknot/registry/internal/platform/httpx"
)

// EventLedger remembers which Stripe events have been handled.
type EventLedger struct {
	q *db.Queries
}

// NewEventLedger builds an EventLedger on the pool.
func NewEventLedger(s *Store) *EventLedger { return &EventLedger{q: s.Queries()} }

// Seen reports whether the event was already recorded.
func (l *EventLedger) Seen(ctx context.Context, eventID string) (bool, error) {
	ok, err := l.q.ProcessedEventExists(ctx, eventID)
	return ok, mapErr(err, "processed event exists")
}

// Record marks the event as handled.
func (l *EventLedger) Record(ctx context.Context, eventID, eventType string) error {
	_, err := l.q.InsertProcessedEvent(ctx, db.InsertProcessedEventParams{EventID: eventID, EventType: eventType})
	return mapErr(err, "record processed event")
}

// ResponseStore backs the Idempotency-Key middleware.
type ResponseStore struct {
	q *db.Queries
}

var _ httpx.ResponseStore = (*ResponseStore)(nil)

// NewResponseStore builds a ResponseStore on the pool.
func NewResponseStore(s *Store) *ResponseStore { return &ResponseStore{q: s.Queries()} }

// Lookup returns the stored response for (scope, key), if any.
func (r *ResponseStore) Lookup(ctx context.Context, scope, key string) (httpx.CachedResponse, bool, error) {
	row, err := r.q.GetHttpIdempotencyKey(ctx, db.GetHttpIdempotencyKeyParams{Scope: scope, Key: key})
	if errors.Is(err, pgx.ErrNoRows) {
		return httpx.CachedResponse{}, false, nil
	}
	if err != nil {
		return httpx.CachedResponse{}, false, mapErr(err, "lookup idempotency key")
	}
	return httpx.CachedResponse{StatusCode: int(row.StatusCode), Body: row.ResponseBody}, true, nil
}

// Save stores the response for (scope, key). The first response wins.
func (r *ResponseStore) Save(ctx context.Context, scope, key string, resp httpx.CachedResponse) error {
	err := r.q.SaveHttpIdempotencyKey(ctx, db.SaveHttpIdempotencyKeyParams{
		Scope:        scope,
		Key:          key,
		StatusCode:   int32(resp.StatusCode),
		ResponseBody: resp.Body,
	})
	return mapErr(err, "save idempotency key")
}

// PurgeExpired deletes cached responses older than the given number of hours.
