package store

import (
	"context"
	"time"

	"github.com/tenantlens/screening/internal/domain"
)

// UpsertSubscription registers a landlord endpoint. Registering the same URL
// again updates its event types rather than adding a second row.
func (s *Store) UpsertSubscription(ctx context.Context, sub domain.WebhookSubscription) (domain.WebhookSubscription, bool, error) {
	var created bool
	err := s.db.QueryRowContext(ctx, `
		INSERT INTO webhook_subscriptions (id, manager_id, url, secret, event_types, active)
		VALUES ($1, $2, $3, $4, $5, true)
		ON CONFLICT (manager_id, url) DO UPDATE
		   SET event_types = EXCLUDED.event_types, active = true, updated_at = now()
		RETURNING id, secret, created_at, (xmax = 0)`,
		sub.ID, sub.ManagerID, sub.URL, sub.Secret, sub.EventTypes).
		Scan(&sub.ID, &sub.Secret, &sub.CreatedAt, &created)
	if err != nil {
		return domain.WebhookSubscription{}, false, err
	}
	sub.Active = true
	return sub, created, nil
}

// DeactivateSubscription turns off deliveries to an endpoint.
func (s *Store) DeactivateSubscription(ctx context.Context, managerID, id string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `
		UPDATE webhook_subscriptions SET active = false, updated_at = now()
		WHERE manager_id = $1 AND id = $2`, managerID, id)
	if err != nil {
		return false, err
	}
	n, err := rowsAffected(res)
	return n == 1, err
}

// SubscriptionsFor lists the active endpoints of a manager interested in an
// event type.
func (s *Store) SubscriptionsFor(ctx context.Context, q Queryer, managerID, eventType string) ([]domain.WebhookSubscription, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT id, manager_id, url, secret, event_types, active, created_at
		FROM webhook_subscriptions
		WHERE manager_id = $1 AND active AND $2 = ANY(event_types)`, managerID, eventType)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.WebhookSubscription
	for rows.Next() {
		var sub domain.WebhookSubscription
		if err := rows.Scan(&sub.ID, &sub.ManagerID, &sub.URL, &sub.Secret, textArray(&sub.EventTypes),
			&sub.Active, &sub.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, sub)
	}
	return out, rows.Err()
}

// EnqueueDelivery queues a webhook for delivery. The id is derived from the
// event and subscription by the caller, so enqueueing twice is a no-op.
func (s *Store) EnqueueDelivery(ctx context.Context, q Queryer, id, subscriptionID, eventType string, payload []byte) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO webhook_deliveries (id, subscription_id, event_type, payload)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO NOTHING`, id, subscriptionID, eventType, payload)
	return err
}

// ClaimDueDeliveries leases due deliveries for the dispatcher.
func (s *Store) ClaimDueDeliveries(ctx context.Context, limit int, lease time.Duration) ([]domain.WebhookDelivery, error) {
	rows, err := s.db.QueryContext(ctx, `
		WITH due AS (
			SELECT id FROM webhook_deliveries
			WHERE status = 'pending' AND next_attempt_at <= now()
			ORDER BY next_attempt_at
			LIMIT $1
			FOR UPDATE SKIP LOCKED)
		UPDATE webhook_deliveries d
		   SET next_attempt_at = now() + make_interval(secs => $2), attempts = d.attempts + 1
		  FROM due, webhook_subscriptions s
		 WHERE d.id = due.id AND s.id = d.subscription_id
		RETURNING d.id, d.subscription_id, s.url, s.secret, d.event_type, d.payload, d.attempts`,
		limit, lease.Seconds())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.WebhookDelivery
	for rows.Next() {
		var d domain.WebhookDelivery
		if err := rows.Scan(&d.ID, &d.SubscriptionID, &d.URL, &d.Secret, &d.EventType, &d.Payload, &d.Attempts); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// LogWebhookAttempt appends to the delivery attempt log.
func (s *Store) LogWebhookAttempt(ctx context.Context, deliveryID string, statusCode int, errMsg string, dur time.Duration) error {
	_, err := s.db.ExecContext(ctx, `
		INSERT INTO webhook_attempts (id, delivery_id, status_code, error, duration_ms)
		VALUES ($1, $2, $3, $4, $5)`, s.newID(), deliveryID, statusCode, nullString(errMsg), dur.Milliseconds())
	return err
}

func (s *Store) MarkDelivered(ctx context.Context, id string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `
		UPDATE webhook_deliveries SET status = 'delivered', delivered_at = $2, last_error = NULL
		WHERE id = $1`, id, at)
	return err
}

// RescheduleDelivery records a failed attempt; after maxAttempts the
// delivery is parked as dead.
func (s *Store) RescheduleDelivery(ctx context.Context, id, reason string, next time.Time, maxAttempts int) error {
	_, err := s.db.ExecContext(ctx, `
		UPDATE webhook_deliveries
		   SET status = CASE WHEN attempts >= $4 THEN 'dead' ELSE 'pending' END,
		       last_error = $2, next_attempt_at = $3
		 WHERE id = $1`, id, reason, next, maxAttempts)
	return err
}
