package repository

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
)

// StoredResponse is a response saved under an idempotency key.
type StoredResponse struct {
	RequestHash string
	StatusCode  int
	Body        []byte
	Complete    bool
}

type Idempotency interface {
	// Claim reserves key in scope. It returns false when the key is already
	// held, together with whatever was stored under it.
	Claim(ctx context.Context, scope, key, requestHash string) (bool, StoredResponse, error)
	Lookup(ctx context.Context, scope, key string) (StoredResponse, bool, error)
	Complete(ctx context.Context, scope, key string, status int, body []byte) error
	Remember(ctx context.Context, scope, key, requestHash string, status int, body []byte) error
	With(q db.Querier) Idempotency
}

type idempotencyRepo struct{ q db.Querier }

func NewIdempotency(q db.Querier) Idempotency { return &idempotencyRepo{q: q} }

func (r *idempotencyRepo) With(q db.Querier) Idempotency { return &idempotencyRepo{q: q} }

func (r *idempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (bool, StoredResponse, error) {
	n, err := r.q.ClaimIdempotencyKey(ctx, db.ClaimIdempotencyKeyParams{Scope: scope, Key: key, RequestHash: requestHash})
	if err != nil {
		return false, StoredResponse{}, err
	}
	if n == 1 {
		return true, StoredResponse{RequestHash: requestHash}, nil
	}
	stored, _, err := r.Lookup(ctx, scope, key)
	return false, stored, err
}

func (r *idempotencyRepo) Lookup(ctx context.Context, scope, key string) (StoredResponse, bool, error) {
	row, err := r.q.GetIdempotencyKey(ctx, db.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if err = notFound(err); err == ErrNotFound {
		return StoredResponse{}, false, nil
	} else if err != nil {
		return StoredResponse{}, false, err
	}
	return StoredResponse{
		RequestHash: row.RequestHash,
		StatusCode:  int(row.StatusCode.Int32),
		Body:        row.Response,
		Complete:    row.StatusCode.Valid,
	}, true, nil
}

func (r *idempotencyRepo) Complete(ctx context.Context, scope, key string, status int, body []byte) error {
	return r.q.SaveIdempotencyResponse(ctx, db.SaveIdempotencyResponseParams{
		Scope:      scope,
		Key:        key,
		StatusCode: pgtype.Int4{Int32: int32(status), Valid: true},
		Response:   body,
	})
}

func (r *idempotencyRepo) Remember(ctx context.Context, scope, key, requestHash string, status int, body []byte) error {
	return r.q.RecordIdempotencyKey(ctx, db.RecordIdempotencyKeyParams{
		Scope:       scope,
		Key:         key,
		RequestHash: requestHash,
		StatusCode:  pgtype.Int4{Int32: int32(status), Valid: true},
		Response:    body,
	})
}

type Events interface {
	// Claim records that consumer handled eventID. It returns false when
	// the event was already recorded.
	Claim(ctx context.Context, consumer, eventID string) (bool, error)
	StripeSeen(ctx context.Context, eventID string) (bool, error)
	RecordStripe(ctx context.Context, eventID, eventType string) error
	With(q db.Querier) Events
}

type eventRepo struct{ q db.Querier }

func NewEvents(q db.Querier) Events { return &eventRepo{q: q} }

func (r *eventRepo) With(q db.Querier) Events { return &eventRepo{q: q} }

func (r *eventRepo) Claim(ctx context.Context, consumer, eventID string) (bool, error) {
	n, err := r.q.ClaimEvent(ctx, db.ClaimEventParams{Consumer: consumer, EventID: eventID})
	return n == 1, err
}

func (r *eventRepo) StripeSeen(ctx context.Context, eventID string) (bool, error) {
	return r.q.StripeEventSeen(ctx, eventID)
}

func (r *eventRepo) RecordStripe(ctx context.Context, eventID, eventType string) error {
	return r.q.RecordStripeEvent(ctx, db.RecordStripeEventParams{EventID: eventID, Type: eventType})
}
