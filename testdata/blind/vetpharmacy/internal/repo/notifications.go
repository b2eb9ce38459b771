package repo

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/store"
)

type Notifications struct{ s *store.Store }

func NewNotifications(s *store.Store) *Notifications { return &Notifications{s: s} }

func (r *Notifications) Create(ctx context.Context, p db.InsertNotificationParams) error {
	return r.s.Q(ctx).InsertNotification(ctx, p)
}

func (r *Notifications) Get(ctx context.Context, id string) (db.Notification, error) {
	n, err := r.s.Q(ctx).GetNotification(ctx, id)
	return n, notFound(err, "notification_not_found", "notification not found")
}

func (r *Notifications) MarkSent(ctx context.Context, id, providerRef string) error {
	return r.s.Q(ctx).MarkNotificationSent(ctx, id, providerRef)
}

// IdempotencyKeys stores replayable HTTP responses.
type IdempotencyKeys struct{ s *store.Store }

func NewIdempotencyKeys(s *store.Store) *IdempotencyKeys { return &IdempotencyKeys{s: s} }

func (r *IdempotencyKeys) Lookup(ctx context.Context, scope, key string) (db.IdempotencyRecord, bool, error) {
	rec, err := r.s.Q(ctx).GetIdempotencyRecord(ctx, scope, key)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return db.IdempotencyRecord{}, false, nil
		}
		return db.IdempotencyRecord{}, false, err
	}
	return rec, true, nil
}

func (r *IdempotencyKeys) Save(ctx context.Context, rec db.IdempotencyRecord) error {
	return r.s.Q(ctx).SaveIdempotencyRecord(ctx, rec)
}
