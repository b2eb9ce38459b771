package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/lingua/academy/internal/platform/idempotency"
)

const getStudentSQL = `
SELECT id, full_name, email, coalesce(phone, ''), coalesce(nationality, ''),
       coalesce(passport_number, ''), coalesce(cefr_level, ''),
       coalesce(stripe_customer_id, ''), coalesce(default_payment_method, ''), created_at
FROM students WHERE id = $1`

func (r *Repo) GetStudent(ctx context.Context, id string) (Student, error) {
	var s Student
	err := r.db.QueryRow(ctx, getStudentSQL, id).Scan(
		&s.ID, &s.FullName, &s.Email, &s.Phone, &s.Nationality,
		&s.PassportNumber, &s.CEFRLevel, &s.StripeCustomerID, &s.DefaultPaymentMethod, &s.CreatedAt)
	return s, notFound(err)
}

func (r *Repo) GetCourse(ctx context.Context, id string) (Course, error) {
	var c Course
	err := r.db.QueryRow(ctx, `
		SELECT id, title, language, cefr_level, campus, starts_on, ends_on,
		       weekly_hours, price_cents, currency, capacity, active
		FROM courses WHERE id = $1`, id).Scan(
		&c.ID, &c.Title, &c.Language, &c.CEFRLevel, &c.Campus, &c.StartsOn, &c.EndsOn,
		&c.WeeklyHours, &c.PriceCents, &c.Currency, &c.Capacity, &c.Active)
	return c, notFound(err)
}

func (r *Repo) SetStudentLevel(ctx context.Context, studentID, level string) error {
	_, err := r.db.Exec(ctx, `UPDATE students SET cefr_level = $2 WHERE id = $1`, studentID, level)
	return err
}

func (r *Repo) AddAccountCredit(ctx context.Context, studentID string, cents int64) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO student_accounts (student_id, credit_cents) VALUES ($1, $2)
		ON CONFLICT (student_id) DO UPDATE
		SET credit_cents = student_accounts.credit_cents + EXCLUDED.credit_cents,
		    updated_at = now()`, studentID, cents)
	return err
}

func (r *Repo) ClaimIdempotencyKey(ctx context.Context, scope, key, requestHash string) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *Repo) GetIdempotencyKey(ctx context.Context, scope, key string) (IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := r.db.QueryRow(ctx, `
		SELECT scope, key, request_hash, coalesce(resource_id, ''), created_at
		FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).Scan(
		&rec.Scope, &rec.Key, &rec.RequestHash, &rec.ResourceID, &rec.CreatedAt)
	return rec, notFound(err)
}

func (r *Repo) CompleteIdempotencyKey(ctx context.Context, scope, key, resourceID string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2`,
		scope, key, resourceID)
	return err
}

func (r *Repo) LookupResponse(ctx context.Context, key string) (*idempotency.StoredResponse, error) {
	var s idempotency.StoredResponse
	err := r.db.QueryRow(ctx, `
		SELECT key, method, path, status_code, body, created_at
		FROM api_idempotency WHERE key = $1`, key).Scan(
		&s.Key, &s.Method, &s.Path, &s.StatusCode, &s.Body, &s.CreatedAt)
	if err == pgx.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &s, nil
}

func (r *Repo) SaveResponse(ctx context.Context, s idempotency.StoredResponse) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO api_idempotency (key, method, path, status_code, body)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (key) DO NOTHING`, s.Key, s.Method, s.Path, s.StatusCode, s.Body)
	return err
}

func (r *Repo) ClaimStripeEvent(ctx context.Context, eventID, eventType string) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO stripe_events (event_id, type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *Repo) WebhookEventSeen(ctx context.Context, provider, eventID string) (bool, error) {
	var seen bool
	err := r.db.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM webhook_events WHERE provider = $1 AND event_id = $2)`,
		provider, eventID).Scan(&seen)
	return seen, err
}

func (r *Repo) RecordWebhookEvent(ctx context.Context, provider, eventID, eventType string) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO webhook_events (provider, event_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, eventType)
	return err
}

func (r *Repo) ClaimInboxMessage(ctx context.Context, source, messageID string) (bool, error) {
	tag, err := r.db.Exec(ctx, `
		INSERT INTO inbox_messages (source, message_id) VALUES ($1, $2)
		ON CONFLICT (source, message_id) DO NOTHING`, source, messageID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *Repo) ClaimNotification(ctx context.Context, n Notification) (Notification, bool, error) {
	var out Notification
	err := r.db.QueryRow(ctx, `
		INSERT INTO notifications (id, channel, template, dedup_key, recipient)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (dedup_key) DO NOTHING
		RETURNING id, channel, template, dedup_key, recipient, status, coalesce(provider_ref, ''), created_at, sent_at`,
		n.ID, n.Channel, n.Template, n.DedupKey, n.Recipient).Scan(
		&out.ID, &out.Channel, &out.Template, &out.DedupKey, &out.Recipient,
		&out.Status, &out.ProviderRef, &out.CreatedAt, &out.SentAt)
	if err == nil {
		return out, true, nil
	}
	if err != pgx.ErrNoRows {
		return out, false, err
	}
	err = r.db.QueryRow(ctx, `
		SELECT id, channel, template, dedup_key, recipient, status, coalesce(provider_ref, ''), created_at, sent_at
		FROM notifications WHERE dedup_key = $1`, n.DedupKey).Scan(
		&out.ID, &out.Channel, &out.Template, &out.DedupKey, &out.Recipient,
		&out.Status, &out.ProviderRef, &out.CreatedAt, &out.SentAt)
	return out, false, notFound(err)
}

func (r *Repo) MarkNotificationSent(ctx context.Context, id, providerRef string, at time.Time) error {
	_, err := r.db.Exec(ctx, `
		UPDATE notifications SET status = 'sent', provider_ref = $2, sent_at = $3, error = NULL
		WHERE id = $1`, id, providerRef, at)
	return err
}

func (r *Repo) MarkNotificationFailed(ctx context.Context, id, reason string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE notifications SET status = 'failed', error = $2 WHERE id = $1 AND status <> 'sent'`,
		id, reason)
	return err
}

func (r *Repo) UpdateDeliveryStatus(ctx context.Context, providerRef, status string, at time.Time) (int64, error) {
	tag, err := r.db.Exec(ctx, `
		UPDATE notifications
		SET status = $2,
		    delivered_at = CASE WHEN $2 = 'delivered' THEN coalesce(delivered_at, $3) ELSE delivered_at END
		WHERE provider_ref = $1`, providerRef, status, at)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}
