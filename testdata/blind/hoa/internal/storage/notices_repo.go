package storage

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/larchway/hoaops/internal/notices"
)

// NoticeRepo persists notices and their deliveries.
type NoticeRepo struct{ db *sqlx.DB }

// NewNoticeRepo builds a NoticeRepo.
func NewNoticeRepo(db *sqlx.DB) *NoticeRepo { return &NoticeRepo{db: db} }

type upsertedNotice struct {
	notices.Notice
	Inserted bool `db:"inserted"`
}

// UpsertNotice stores the notice or returns the one with the same source key.
func (r *NoticeRepo) UpsertNotice(ctx context.Context, n notices.Notice) (notices.Notice, bool, error) {
	var out upsertedNotice
	err := conn(ctx, r.db).GetContext(ctx, &out, qNoticeUpsert,
		n.ID, n.AccountID, n.Template, n.Subject, n.Body, n.Channels, n.SourceKey)
	if err != nil {
		return notices.Notice{}, false, translate(err, "upsert notice")
	}
	return out.Notice, out.Inserted, nil
}

// GetNotice loads one notice.
func (r *NoticeRepo) GetNotice(ctx context.Context, id uuid.UUID) (notices.Notice, error) {
	var n notices.Notice
	err := conn(ctx, r.db).GetContext(ctx, &n, qNoticeGet, id)
	return n, translate(err, "notice "+id.String())
}

// ClaimDelivery returns the channel's delivery row, creating it on first
// use.
func (r *NoticeRepo) ClaimDelivery(ctx context.Context, d notices.Delivery) (notices.Delivery, error) {
	var out notices.Delivery
	err := conn(ctx, r.db).GetContext(ctx, &out, qDeliveryClaim, d.ID, d.NoticeID, d.Channel, d.Status)
	return out, translate(err, "claim delivery")
}

// DeliveryStatus returns the channel's delivery status, or "" if none.
func (r *NoticeRepo) DeliveryStatus(ctx context.Context, noticeID uuid.UUID, channel string) (string, error) {
	var status string
	err := conn(ctx, r.db).GetContext(ctx, &status, qDeliveryStatus, noticeID, channel)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return status, translate(err, "delivery status")
}

// MarkDelivered records a successful send on the channel.
func (r *NoticeRepo) MarkDelivered(ctx context.Context, noticeID uuid.UUID, channel, providerRef string) error {
	_, err := conn(ctx, r.db).ExecContext(ctx, qDeliveryMarkDelivered, uuid.New(), noticeID, channel, providerRef)
	return translate(err, "mark delivered")
}

// MarkDeliveryFailed records a failed send.
func (r *NoticeRepo) MarkDeliveryFailed(ctx context.Context, id uuid.UUID, reason string) error {
	_, err := conn(ctx, r.db).ExecContext(ctx, qDeliveryMarkFailed, id, reason)
	return translate(err, "mark delivery failed")
}
