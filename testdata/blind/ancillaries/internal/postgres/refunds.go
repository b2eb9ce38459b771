package postgres

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/skyway-air/ancillaries/internal/domain"
)

const refundColumns = `id, order_id, order_item_id, amount, currency, reason, status,
	stripe_refund_id, created_at, updated_at`

type refundRepo struct{ q sqlx.ExtContext }

func (r refundRepo) Request(ctx context.Context, rf domain.Refund) (domain.Refund, bool, error) {
	rows, err := sqlx.NamedQueryContext(ctx, r.q, `
		INSERT INTO refunds (id, order_id, order_item_id, amount, currency, reason, status)
		VALUES (:id, :order_id, :order_item_id, :amount, :currency, :reason, 'requested')
		ON CONFLICT (order_item_id) DO NOTHING
		RETURNING id`, rf)
	if err != nil {
		return domain.Refund{}, false, fmt.Errorf("refunds: request: %w", err)
	}
	inserted := rows.Next()
	_ = rows.Close()
	var out domain.Refund
	err = sqlx.GetContext(ctx, r.q, &out,
		`SELECT `+refundColumns+` FROM refunds WHERE order_item_id = $1`, rf.OrderItemID)
	return out, inserted, notFound(err)
}

func (r refundRepo) Get(ctx context.Context, id string) (domain.Refund, error) {
	var out domain.Refund
	err := sqlx.GetContext(ctx, r.q, &out, `SELECT `+refundColumns+` FROM refunds WHERE id = $1`, id)
	return out, notFound(err)
}

func (r refundRepo) MarkSubmitted(ctx context.Context, id, stripeRefundID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE refunds SET status = 'submitted', stripe_refund_id = $2, updated_at = now()
		WHERE id = $1 AND status IN ('requested', 'failed')`, id, stripeRefundID)
	return err
}

func (r refundRepo) MarkSucceededByStripeID(ctx context.Context, stripeRefundID string) (domain.Refund, bool, error) {
	var out domain.Refund
	rows, err := r.q.QueryxContext(ctx, `
		UPDATE refunds SET status = 'succeeded', updated_at = now()
		WHERE stripe_refund_id = $1 AND status <> 'succeeded'
		RETURNING `+refundColumns, stripeRefundID)
	if err != nil {
		return out, false, err
	}
	defer rows.Close()
	if !rows.Next() {
		return out, false, rows.Err()
	}
	return out, true, rows.StructScan(&out)
}

func (r refundRepo) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE refunds SET status = 'failed', failure_reason = $2, updated_at = now()
		WHERE id = $1 AND status <> 'succeeded'`, id, reason)
	return err
}

type creditRepo struct{ q sqlx.ExtContext }

func (r creditRepo) Issue(ctx context.Context, c domain.TravelCredit) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO travel_credits (id, pnr, passenger_ref, amount, currency, item_count, expires_at)
		VALUES (:id, :pnr, :passenger_ref, :amount, :currency, :item_count, :expires_at)`, c)
	if err != nil {
		return fmt.Errorf("credits: issue: %w", err)
	}
	return nil
}

type disruptionRepo struct{ q sqlx.ExtContext }

func (r disruptionRepo) Record(ctx context.Context, d domain.FlightDisruption) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO flight_disruptions (event_id, flight_id, kind, item_count)
		VALUES (:event_id, :flight_id, :kind, :item_count)`, d)
	if err != nil {
		return fmt.Errorf("disruptions: record: %w", err)
	}
	return nil
}

type inboxRepo struct{ q sqlx.ExtContext }

func (r inboxRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var seen bool
	err := sqlx.GetContext(ctx, r.q, &seen, `
		SELECT EXISTS (SELECT 1 FROM consumer_inbox WHERE consumer = $1 AND message_id = $2)`,
		consumer, messageID)
	return seen, err
}

func (r inboxRepo) MarkSeen(ctx context.Context, consumer, messageID string) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO consumer_inbox (consumer, message_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, consumer, messageID)
	return err
}

func (r inboxRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	n, err := affected(r.q.ExecContext(ctx, `
		INSERT INTO consumer_inbox (consumer, message_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, consumer, messageID))
	return n == 1, err
}

type notificationRepo struct{ q sqlx.ExtContext }

func (r notificationRepo) Record(ctx context.Context, n domain.Notification) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO notifications (id, order_id, template, channel, recipient, provider_ref)
		VALUES (:id, :order_id, :template, :channel, :recipient, :provider_ref)
		ON CONFLICT (order_id, template, channel) DO UPDATE SET
			provider_ref = EXCLUDED.provider_ref, sent_at = now()`, n)
	return err
}

func (r notificationRepo) Claim(ctx context.Context, n domain.Notification) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO notifications (id, order_id, template, channel, recipient, provider_ref)
		VALUES (:id, :order_id, :template, :channel, :recipient, :provider_ref)
		ON CONFLICT (order_id, template, channel) DO NOTHING`, n)
	c, err := affected(res, err)
	return c == 1, err
}
