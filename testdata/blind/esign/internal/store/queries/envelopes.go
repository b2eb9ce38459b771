package queries

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/quillsign/esign/internal/domain"
)

const envelopeColumns = `id, account_id, idempotency_key, subject, message, document_url,
	document_sha256, sender_email, status, reminder_interval_hours, reminders_sent,
	next_reminder_at, void_reason, billed_at, created_at, sent_at, completed_at, voided_at`

// InsertEnvelopeIdempotent inserts e unless the account already has an
// envelope with the same idempotency key. It returns the id of the envelope
// that now holds the key and whether it was created by this call.
func InsertEnvelopeIdempotent(ctx context.Context, db DBTX, e domain.Envelope) (string, bool, error) {
	var id string
	err := db.QueryRow(ctx, `
		INSERT INTO envelopes (id, account_id, idempotency_key, subject, message, document_url,
			document_sha256, sender_email, status, reminder_interval_hours, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'draft', $9, $10)
		ON CONFLICT (account_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
		RETURNING id`,
		e.ID, e.AccountID, e.IdempotencyKey, e.Subject, e.Message, e.DocumentURL,
		e.DocumentSHA256, e.SenderEmail, e.ReminderIntervalHours, e.CreatedAt,
	).Scan(&id)
	if err == nil {
		return id, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return "", false, err
	}
	err = db.QueryRow(ctx,
		`SELECT id FROM envelopes WHERE account_id = $1 AND idempotency_key = $2`,
		e.AccountID, e.IdempotencyKey).Scan(&id)
	return id, false, err
}

// GetEnvelope loads an envelope owned by accountID.
func GetEnvelope(ctx context.Context, db DBTX, accountID, id string) (domain.Envelope, error) {
	rows, err := db.Query(ctx,
		`SELECT `+envelopeColumns+` FROM envelopes WHERE id = $1 AND account_id = $2`, id, accountID)
	return collectOne[domain.Envelope](rows, err)
}

// GetEnvelopeByID loads an envelope without an ownership check (workers).
func GetEnvelopeByID(ctx context.Context, db DBTX, id string) (domain.Envelope, error) {
	rows, err := db.Query(ctx, `SELECT `+envelopeColumns+` FROM envelopes WHERE id = $1`, id)
	return collectOne[domain.Envelope](rows, err)
}

// LockEnvelope loads an envelope FOR UPDATE.
func LockEnvelope(ctx context.Context, db DBTX, accountID, id string) (domain.Envelope, error) {
	rows, err := db.Query(ctx,
		`SELECT `+envelopeColumns+` FROM envelopes WHERE id = $1 AND account_id = $2 FOR UPDATE`,
		id, accountID)
	return collectOne[domain.Envelope](rows, err)
}

// MarkEnvelopeSent moves a draft envelope to sent and schedules the first
// reminder. It reports whether the envelope was a draft.
func MarkEnvelopeSent(ctx context.Context, db DBTX, id string, now time.Time) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE envelopes
		   SET status = 'sent', sent_at = $2,
		       next_reminder_at = $2 + make_interval(hours => reminder_interval_hours)
		 WHERE id = $1 AND status = 'draft'`, id, now)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// CompleteEnvelope marks a sent envelope completed.
func CompleteEnvelope(ctx context.Context, db DBTX, id string, now time.Time) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE envelopes SET status = 'completed', completed_at = $2, next_reminder_at = NULL
		 WHERE id = $1 AND status = 'sent'`, id, now)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// VoidEnvelope voids a draft or sent envelope.
func VoidEnvelope(ctx context.Context, db DBTX, accountID, id, reason string, now time.Time) (bool, error) {
	tag, err := db.Exec(ctx, `
		UPDATE envelopes SET status = 'voided', voided_at = $3, void_reason = $4, next_reminder_at = NULL
		 WHERE id = $1 AND account_id = $2 AND status IN ('draft', 'sent')`, id, accountID, now, reason)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// MarkEnvelopeBilled records that the envelope's usage has been billed.
func MarkEnvelopeBilled(ctx context.Context, db DBTX, id string, now time.Time) error {
	_, err := db.Exec(ctx,
		`UPDATE envelopes SET billed_at = $2 WHERE id = $1 AND billed_at IS NULL`, id, now)
	return err
}

// DueReminder is an envelope whose next reminder is due.
type DueReminder struct {
	EnvelopeID    string `db:"id"`
	RemindersSent int    `db:"reminders_sent"`
	IntervalHours int    `db:"reminder_interval_hours"`
}

// EnvelopesDueForReminder lists sent envelopes whose reminder time has passed.
func EnvelopesDueForReminder(ctx context.Context, db DBTX, now time.Time, maxReminders, limit int) ([]DueReminder, error) {
	rows, err := db.Query(ctx, `
		SELECT id, reminders_sent, reminder_interval_hours
		  FROM envelopes
		 WHERE status = 'sent' AND next_reminder_at <= $1 AND reminders_sent < $2
		 ORDER BY next_reminder_at
		 LIMIT $3`, now, maxReminders, limit)
	return collectAll[DueReminder](rows, err)
}

// AdvanceReminder bumps the reminder counter and schedules the next one.
func AdvanceReminder(ctx context.Context, db DBTX, id string, now time.Time) error {
	_, err := db.Exec(ctx, `
		UPDATE envelopes
		   SET reminders_sent = reminders_sent + 1,
		       next_reminder_at = $2 + make_interval(hours => reminder_interval_hours)
		 WHERE id = $1 AND status = 'sent'`, id, now)
	return err
}

// InsertEnvelopeEvent appends to the audit trail.
func InsertEnvelopeEvent(ctx context.Context, db DBTX, ev domain.EnvelopeEvent) error {
	_, err := db.Exec(ctx, `
		INSERT INTO envelope_events (id, envelope_id, signer_id, kind, detail, occurred_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		ev.ID, ev.EnvelopeID, ev.SignerID, ev.Kind, ev.Detail, ev.OccurredAt)
	return err
}
