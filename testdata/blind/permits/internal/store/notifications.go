package store

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/civicworks/permits/internal/permits"
	"github.com/civicworks/permits/internal/shared/dbx"
)

// NotificationRepo persists outbound notifications.
type NotificationRepo interface {
	// Ensure stores n under n.Ref unless a notification with that ref exists,
	// and returns the stored row.
	Ensure(ctx context.Context, q dbx.Querier, n *permits.Notification) (*permits.Notification, error)
	MarkSent(ctx context.Context, q dbx.Querier, id uuid.UUID, providerMessageID string) error
	RecordAttempt(ctx context.Context, q dbx.Querier, id uuid.UUID) error
	UpdateDeliveryStatus(ctx context.Context, q dbx.Querier, providerMessageID, status string) (int64, error)
}

// ResidentRepo persists residents and their contact preferences.
type ResidentRepo interface {
	Get(ctx context.Context, q dbx.Querier, id uuid.UUID) (*permits.Resident, error)
	UpsertContact(ctx context.Context, q dbx.Querier, r *permits.Resident) error
}

type notificationRepo struct{}

// NewNotificationRepo returns the Postgres NotificationRepo.
func NewNotificationRepo() NotificationRepo { return notificationRepo{} }

const notificationColumns = `id, ref, resident_id, coalesce(application_id, ''), channel, template, status,
	coalesce(provider_message_id, ''), attempts, sent_at`

func scanNotification(row pgx.Row) (*permits.Notification, error) {
	var n permits.Notification
	if err := row.Scan(&n.ID, &n.Ref, &n.ResidentID, &n.ApplicationID, &n.Channel, &n.Template, &n.Status,
		&n.ProviderMessageID, &n.Attempts, &n.SentAt); err != nil {
		return nil, dbx.NotFound(err)
	}
	return &n, nil
}

func (notificationRepo) Ensure(ctx context.Context, q dbx.Querier, n *permits.Notification) (*permits.Notification, error) {
	if n.ID == uuid.Nil {
		n.ID = uuid.New()
	}
	out, err := scanNotification(q.QueryRow(ctx, `
		INSERT INTO notifications (id, ref, resident_id, application_id, channel, template)
		VALUES ($1, $2, $3, nullif($4, ''), $5, $6)
		ON CONFLICT ON CONSTRAINT notifications_ref_key DO NOTHING
		RETURNING `+notificationColumns,
		n.ID, n.Ref, n.ResidentID, n.ApplicationID, n.Channel, n.Template))
	if err == nil {
		return out, nil
	}
	if err != dbx.ErrNotFound {
		return nil, fmt.Errorf("ensure notification: %w", err)
	}
	return scanNotification(q.QueryRow(ctx, `SELECT `+notificationColumns+` FROM notifications WHERE ref = $1`, n.Ref))
}

func (notificationRepo) MarkSent(ctx context.Context, q dbx.Querier, id uuid.UUID, providerMessageID string) error {
	_, err := q.Exec(ctx, `
		UPDATE notifications
		   SET status = 'sent', provider_message_id = $2, sent_at = now(), updated_at = now()
		 WHERE id = $1`, id, providerMessageID)
	if err != nil {
		return fmt.Errorf("mark notification sent: %w", err)
	}
	return nil
}

func (notificationRepo) RecordAttempt(ctx context.Context, q dbx.Querier, id uuid.UUID) error {
	_, err := q.Exec(ctx, `UPDATE notifications SET attempts = attempts + 1, updated_at = now() WHERE id = $1`, id)
	if err != nil {
		return fmt.Errorf("record notification attempt: %w", err)
	}
	return nil
}

func (notificationRepo) UpdateDeliveryStatus(ctx context.Context, q dbx.Querier, providerMessageID, status string) (int64, error) {
	tag, err := q.Exec(ctx, `
		UPDATE notifications SET delivery_status = $2, updated_at = now()
		 WHERE provider_message_id = $1`, providerMessageID, status)
	if err != nil {
		return 0, fmt.Errorf("update delivery status: %w", err)
	}
	return tag.RowsAffected(), nil
}

type residentRepo struct{}

// NewResidentRepo returns the Postgres ResidentRepo.
func NewResidentRepo() ResidentRepo { return residentRepo{} }

func (residentRepo) Get(ctx context.Context, q dbx.Querier, id uuid.UUID) (*permits.Resident, error) {
	var r permits.Resident
	err := q.QueryRow(ctx, `
		SELECT id, full_name, email, coalesce(phone_e164, ''), sms_opt_in, email_opt_in, locale, updated_at
		  FROM residents WHERE id = $1`, id).
		Scan(&r.ID, &r.FullName, &r.Email, &r.PhoneE164, &r.SMSOptIn, &r.EmailOptIn, &r.Locale, &r.UpdatedAt)
	if err != nil {
		return nil, dbx.NotFound(err)
	}
	return &r, nil
}

func (residentRepo) UpsertContact(ctx context.Context, q dbx.Querier, r *permits.Resident) error {
	err := q.QueryRow(ctx, `
		INSERT INTO residents (id, full_name, email, phone_e164, sms_opt_in, email_opt_in, locale)
		VALUES ($1, $2, $3, nullif($4, ''), $5, $6, $7)
		ON CONFLICT (id) DO UPDATE
		   SET full_name = EXCLUDED.full_name, email = EXCLUDED.email, phone_e164 = EXCLUDED.phone_e164,
		       sms_opt_in = EXCLUDED.sms_opt_in, email_opt_in = EXCLUDED.email_opt_in,
		       locale = EXCLUDED.locale, updated_at = now()
		RETURNING updated_at`,
		r.ID, r.FullName, r.Email, r.PhoneE164, r.SMSOptIn, r.EmailOptIn, r.Locale).Scan(&r.UpdatedAt)
	if err != nil {
		return fmt.Errorf("upsert resident contact: %w", err)
	}
	return nil
}
