package repository

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/cyclegrid/bikeshare/internal/db"
)

type Notifications interface {
	// Claim stores a pending notification under dedupKey, or returns the
	// one already stored under it.
	Claim(ctx context.Context, arg db.ClaimNotificationParams) (db.Notification, error)
	ByDedupKey(ctx context.Context, dedupKey string) (db.Notification, error)
	RecordSent(ctx context.Context, arg db.RecordSentNotificationParams) error
	MarkSent(ctx context.Context, id uuid.UUID, providerMessageID string) error
}

type notificationRepo struct{ q db.Querier }

func NewNotifications(q db.Querier) Notifications { return &notificationRepo{q: q} }

func (r *notificationRepo) Claim(ctx context.Context, arg db.ClaimNotificationParams) (db.Notification, error) {
	return r.q.ClaimNotification(ctx, arg)
}

func (r *notificationRepo) ByDedupKey(ctx context.Context, dedupKey string) (db.Notification, error) {
	n, err := r.q.GetNotificationByDedupKey(ctx, pgtype.Text{String: dedupKey, Valid: true})
	return n, notFound(err)
}

func (r *notificationRepo) RecordSent(ctx context.Context, arg db.RecordSentNotificationParams) error {
	return r.q.RecordSentNotification(ctx, arg)
}

func (r *notificationRepo) MarkSent(ctx context.Context, id uuid.UUID, providerMessageID string) error {
	return r.q.MarkNotificationSent(ctx, db.MarkNotificationSentParams{ID: id, ProviderMessageID: text(providerMessageID)})
}
