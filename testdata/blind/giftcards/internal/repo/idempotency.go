package repo

import (
	"context"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/store"
)

type PgIdempotency struct{ st *store.Store }

func NewIdempotency(st *store.Store) *PgIdempotency { return &PgIdempotency{st: st} }

func (r *PgIdempotency) Lookup(ctx context.Context, scope, key string) (*IdempotencyRecord, error) {
	row, err := r.st.Q().GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if store.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rec := &IdempotencyRecord{RequestHash: row.RequestHash, Body: row.Response}
	if row.StatusCode != nil {
		rec.StatusCode = int(*row.StatusCode)
		rec.Completed = true
	}
	return rec, nil
}

func (r *PgIdempotency) Store(ctx context.Context, scope, key, requestHash string, status int, body []byte) error {
	code := int32(status)
	return r.st.Q().PutIdempotencyRecord(ctx, db.PutIdempotencyRecordParams{
		Scope:       scope,
		Key:         key,
		RequestHash: requestHash,
		StatusCode:  &code,
		Response:    body,
	})
}

type PgEventLog struct{ st *store.Store }

func NewEventLog(st *store.Store) *PgEventLog { return &PgEventLog{st: st} }

func (r *PgEventLog) Seen(ctx context.Context, consumer, eventID string) (bool, error) {
	return r.st.Q().IsEventProcessed(ctx, db.IsEventProcessedParams{Consumer: consumer, EventID: eventID})
}

func (r *PgEventLog) MarkProcessed(ctx context.Context, consumer, eventID string) error {
	return r.st.Q().MarkEventProcessed(ctx, db.MarkEventProcessedParams{Consumer: consumer, EventID: eventID})
}
