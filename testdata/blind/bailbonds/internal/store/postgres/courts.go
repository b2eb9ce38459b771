package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/keystonebail/bondline/internal/courts"
	"github.com/keystonebail/bondline/internal/platform/apperr"
	"github.com/keystonebail/bondline/internal/platform/database"
)

// CourtDates implements courts.CourtDateRepository.
type CourtDates struct{}

// ListBetween returns appearances on active bonds in [from, to).
func (CourtDates) ListBetween(ctx context.Context, db sqlx.ExtContext, from, to time.Time) ([]courts.CourtDate, error) {
	var out []courts.CourtDate
	err := sqlx.SelectContext(ctx, db, &out, `
		SELECT cd.id, cd.bond_id, cd.case_number, cd.courtroom, cd.appears_at,
		       a.defendant_name, a.defendant_phone
		  FROM court_dates cd
		  JOIN bonds b ON b.id = cd.bond_id AND b.status = 'active'
		  JOIN bond_applications a ON a.id = b.application_id
		 WHERE cd.appears_at >= $1 AND cd.appears_at < $2
		 ORDER BY cd.appears_at`, from, to)
	return out, err
}

// Reminders implements courts.ReminderRepository.
type Reminders struct{}

// Ensure creates the reminder for (court date, lead days) if there is none
// and loads the stored row into r.
func (Reminders) Ensure(ctx context.Context, db sqlx.ExtContext, r *courts.Reminder) error {
	return sqlx.GetContext(ctx, db, r, `
		INSERT INTO court_reminders (id, court_date_id, lead_days, phone, send_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (court_date_id, lead_days) DO UPDATE
		   SET send_at = CASE WHEN court_reminders.status = 'scheduled' THEN EXCLUDED.send_at
		                      ELSE court_reminders.send_at END
		RETURNING id, court_date_id, lead_days, phone, send_at, status`,
		r.ID, r.CourtDateID, r.LeadDays, r.Phone, r.SendAt)
}

// Get reads a reminder with the court date it is about.
func (Reminders) Get(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*courts.Reminder, error) {
	var r courts.Reminder
	err := sqlx.GetContext(ctx, db, &r, `
		SELECT r.id, r.court_date_id, r.lead_days, r.phone, r.send_at, r.status,
		       cd.appears_at, cd.courtroom, cd.case_number, a.defendant_name
		  FROM court_reminders r
		  JOIN court_dates cd ON cd.id = r.court_date_id
		  JOIN bonds b ON b.id = cd.bond_id
		  JOIN bond_applications a ON a.id = b.application_id
		 WHERE r.id = $1`, id)
	if database.NoRows(err) {
		return nil, apperr.NotFound("reminder %s", id)
	}
	return &r, err
}

// MarkSent records delivery.
func (Reminders) MarkSent(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, providerID string, at time.Time) error {
	_, err := db.ExecContext(ctx, `
		UPDATE court_reminders SET status = 'sent', provider_message_id = $2, sent_at = $3
		 WHERE id = $1`, id, providerID, at)
	return err
}

// LogAttempt appends to the SMS attempt log.
func (Reminders) LogAttempt(ctx context.Context, db sqlx.ExtContext, a courts.Attempt) error {
	_, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO sms_attempts (id, reminder_id, attempted_at, provider_message_id, error)
		VALUES (:id, :reminder_id, :attempted_at, :provider_message_id, :error)`, a)
	return err
}

// Notices implements courts.NoticeRepository.
type Notices struct{}

// Insert writes a received notice.
func (Notices) Insert(ctx context.Context, db sqlx.ExtContext, n *courts.Notice) error {
	_, err := sqlx.NamedExecContext(ctx, db, `
		INSERT INTO forfeiture_notices (id, county, notice_number, case_number, bond_id, forfeited_on, amount_cents, status)
		VALUES (:id, :county, :notice_number, :case_number, :bond_id, :forfeited_on, :amount_cents, :status)`, n)
	return err
}

// Get reads a notice.
func (Notices) Get(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) (*courts.Notice, error) {
	var n courts.Notice
	err := sqlx.GetContext(ctx, db, &n, `
		SELECT id, county, notice_number, case_number, bond_id, forfeited_on, amount_cents, status, surety_claim_no
		  FROM forfeiture_notices WHERE id = $1`, id)
	if database.NoRows(err) {
		return nil, apperr.NotFound("notice %s", id)
	}
	return &n, err
}

// MarkReported records the surety's claim number.
func (Notices) MarkReported(ctx context.Context, db sqlx.ExtContext, id uuid.UUID, claimNo string, at time.Time) error {
	_, err := db.ExecContext(ctx, `
		UPDATE forfeiture_notices SET status = 'reported', surety_claim_no = $2, reported_at = $3
		 WHERE id = $1`, id, claimNo, at)
	return err
}

// MarkUnmatched parks a notice for manual review.
func (Notices) MarkUnmatched(ctx context.Context, db sqlx.ExtContext, id uuid.UUID) error {
	_, err := db.ExecContext(ctx, `UPDATE forfeiture_notices SET status = 'unmatched' WHERE id = $1`, id)
	return err
}
