package storage

import (
	"context"
	"time"

	"github.com/harbourline/marina/internal/domain"
)

type NotificationRepository interface {
	// Enqueue stores n under (Kind, SubjectID). When a notification for that
	// pair exists it is returned instead and created is false.
	Enqueue(ctx context.Context, n *domain.Notification) (stored *domain.Notification, created bool, err error)
	Get(ctx context.Context, id string) (*domain.Notification, error)
	MarkSent(ctx context.Context, id, providerMsgID string) error
	MarkFailed(ctx context.Context, id, reason string) error
	MarkDelivery(ctx context.Context, providerMsgID, status string, at time.Time) (bool, error)
}

type notificationRepo struct{ q Querier }

const notificationCols = `id, kind, subject_id, to_phone, body, status, COALESCE(provider_msg_id, ''), attempts`

func scanNotification(row interface{ Scan(...any) error }) (*domain.Notification, error) {
	var n domain.Notification
	if err := row.Scan(&n.ID, &n.Kind, &n.SubjectID, &n.ToPhone, &n.Body, &n.Status, &n.ProviderMsgID, &n.Attempts); err != nil {
		return nil, notFound(err)
	}
	return &n, nil
}

func (r *notificationRepo) Enqueue(ctx context.Context, n *domain.Notification) (*domain.Notification, bool, error) {
	stored, err := scanNotification(r.q.QueryRow(ctx, `
		INSERT INTO notifications (id, kind, subject_id, to_phone, body)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (kind, subject_id) DO NOTHING
		RETURNING `+notificationCols, n.ID, n.Kind, n.SubjectID, n.ToPhone, n.Body))
	if err == nil {
		return stored, true, nil
	}
	if err != domain.ErrNotFound {
		return nil, false, err
	}
	stored, err = scanNotification(r.q.QueryRow(ctx, `
		SELECT `+notificationCols+` FROM notifications WHERE kind = $1 AND subject_id = $2`, n.Kind, n.SubjectID))
	return stored, false, err
}

func (r *notificationRepo) Get(ctx context.Context, id string) (*domain.Notification, error) {
	return scanNotification(r.q.QueryRow(ctx, `SELECT `+notificationCols+` FROM notifications WHERE id = $1`, id))
}

func (r *notificationRepo) MarkSent(ctx context.Context, id, providerMsgID string) error {
	_, err := r.q.Exec(ctx, `
		UPDATE notifications
		SET status = 'sent', provider_msg_id = $2, sent_at = now(), attempts = attempts + 1, last_error = NULL
		WHERE id = $1`, id, providerMsgID)
	return err
}

func (r *notificationRepo) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := r.q.Exec(ctx, `
		UPDATE notifications SET attempts = attempts + 1, last_error = $2
		WHERE id = $1 AND status = 'pending'`, id, reason)
	return err
}

func (r *notificationRepo) MarkDelivery(ctx context.Context, providerMsgID, status string, at time.Time) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		UPDATE notifications
		SET status = $2, delivered_at = CASE WHEN $2 = 'delivered' THEN $3 ELSE delivered_at END
		WHERE provider_msg_id = $1 AND status IN ('sent', 'pending', 'undelivered')`, providerMsgID, status, at)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() > 0, nil
}

type BroadcastRepository interface {
	Insert(ctx context.Context, b *domain.Broadcast) (*domain.Broadcast, error)
}

type broadcastRepo struct{ q Querier }

func (r *broadcastRepo) Insert(ctx context.Context, b *domain.Broadcast) (*domain.Broadcast, error) {
	return Persist(ctx, r.q, b, func(ctx context.Context, q Querier, b *domain.Broadcast) error {
		_, err := q.Exec(ctx, `
			INSERT INTO broadcasts (id, title, body, audience, recipient_count, provider_batch_id, created_by)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			b.ID, b.Title, b.Body, b.Audience, b.RecipientCount, nullable(b.ProviderBatchID), b.CreatedBy)
		return err
	})
}

type ArrivalRepository interface {
	Record(ctx context.Context, a *domain.Arrival) (*domain.Arrival, error)
}

type arrivalRepo struct{ q Querier }

func (r *arrivalRepo) Record(ctx context.Context, a *domain.Arrival) (*domain.Arrival, error) {
	return Persist(ctx, r.q, a, func(ctx context.Context, q Querier, a *domain.Arrival) error {
		_, err := q.Exec(ctx, `
			INSERT INTO arrivals (id, vessel_registration, berth_id, reservation_id, arrived_at, source)
			VALUES ($1, $2, $3, $4, $5, $6)`,
			a.ID, a.VesselRegistration, nullable(a.BerthID), nullable(a.ReservationID), a.ArrivedAt, a.Source)
		return err
	})
}
