package repository

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/aerolounge/loungepass/internal/domain"
)

type NotificationRepo struct {
	db *sqlx.DB
}

func NewNotificationRepo(db *sqlx.DB) *NotificationRepo { return &NotificationRepo{db: db} }

// ListUnnotified returns renewal candidates in the window that have no
// notification of the given kind for their current expiry.
func (r *NotificationRepo) ListUnnotified(ctx context.Context, kind string, from, to time.Time) ([]domain.RenewalCandidate, error) {
	return selectMany[domain.RenewalCandidate](ctx, r.db,
		`SELECT m.id AS membership_id, m.member_id, mb.full_name, mb.email, mb.phone, m.plan_code,
		        m.expires_at, p.price_cents, p.currency, p.period_months, mb.stripe_customer_id,
		        m.default_payment_method
		   FROM memberships m
		   JOIN members mb ON mb.id = m.member_id
		   JOIN plans p ON p.code = m.plan_code
		  WHERE m.status = 'active' AND m.expires_at >= $2 AND m.expires_at < $3
		    AND NOT EXISTS (
		        SELECT 1 FROM notifications n
		         WHERE n.membership_id = m.id AND n.kind = $1
		           AND n.period = to_char(m.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
		  ORDER BY m.expires_at`, kind, from, to)
}

// RecordSent stores sent notifications in one statement; rows already on
// file are left as they are.
func (r *NotificationRepo) RecordSent(ctx context.Context, ns []domain.Notification) error {
	if len(ns) == 0 {
		return nil
	}
	_, err := r.db.NamedExecContext(ctx,
		`INSERT INTO notifications (id, membership_id, kind, period, channel, sent_at)
		 VALUES (:id, :membership_id, :kind, :period, :channel, :sent_at)
		 ON CONFLICT ON CONSTRAINT notifications_once DO NOTHING`, ns)
	return err
}
