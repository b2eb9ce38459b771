package repository

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/medbridge-health/clearinghouse/internal/domain"
	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
)

// StatementRepo persists patient statements.
type StatementRepo struct{}

func NewStatementRepo() *StatementRepo { return &StatementRepo{} }

const statementColumns = `id, claim_id, patient_account_id, remittance_id, cycle, amount_due_cents, status, due_date, issued_at`

// InsertIfAbsent writes the statement for (claim, cycle) if there is none
// and reports whether it did.
func (r *StatementRepo) InsertIfAbsent(ctx context.Context, q sqlx.ExtContext, s *domain.Statement) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO statements (id, claim_id, patient_account_id, remittance_id, cycle, amount_due_cents, status, due_date, issued_at)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)
		ON CONFLICT (claim_id, cycle) DO NOTHING`,
		s.ID, s.ClaimID, s.PatientAccountID, s.RemittanceID, s.Cycle, s.AmountDueCents, s.Status, s.DueDate, s.IssuedAt)
	if err != nil {
		return false, fmt.Errorf("insert statement: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Get loads a statement.
func (r *StatementRepo) Get(ctx context.Context, q sqlx.ExtContext, id string) (*domain.Statement, error) {
	var s domain.Statement
	err := sqlx.GetContext(ctx, q, &s, `SELECT `+statementColumns+` FROM statements WHERE id = $1`, id)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("statement %s not found", id)
	}
	if err != nil {
		return nil, fmt.Errorf("get statement: %w", err)
	}
	return &s, nil
}

// GetByCycle loads the statement of a claim for a billing cycle.
func (r *StatementRepo) GetByCycle(ctx context.Context, q sqlx.ExtContext, claimID string, cycle int) (*domain.Statement, error) {
	var s domain.Statement
	err := sqlx.GetContext(ctx, q, &s, `SELECT `+statementColumns+` FROM statements
		WHERE claim_id = $1 AND cycle = $2`, claimID, cycle)
	if err == sql.ErrNoRows {
		return nil, apperr.NotFound("statement for claim %s cycle %d not found", claimID, cycle)
	}
	if err != nil {
		return nil, fmt.Errorf("get statement by cycle: %w", err)
	}
	return &s, nil
}

// SetStatus updates a statement's status.
func (r *StatementRepo) SetStatus(ctx context.Context, q sqlx.ExtContext, id, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE statements SET status = $2 WHERE id = $1`, id, status)
	return err
}

// MailingRepo records printed-and-mailed statements.
type MailingRepo struct{}

func NewMailingRepo() *MailingRepo { return &MailingRepo{} }

// Mailing is one physical letter.
type Mailing struct {
	ID               string     `db:"id" json:"id"`
	StatementID      string     `db:"statement_id" json:"statement_id"`
	VendorLetterID   string     `db:"vendor_letter_id" json:"vendor_letter_id"`
	MailClass        string     `db:"mail_class" json:"mail_class"`
	ExpectedDelivery *time.Time `db:"expected_delivery" json:"expected_delivery,omitempty"`
	MailedAt         time.Time  `db:"mailed_at" json:"mailed_at"`
}

// Insert writes a mailing row.
func (r *MailingRepo) Insert(ctx context.Context, q sqlx.ExtContext, m *Mailing) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO statement_mailings (id, statement_id, vendor_letter_id, mail_class, expected_delivery, mailed_at)
		VALUES (:id, :statement_id, :vendor_letter_id, :mail_class, :expected_delivery, :mailed_at)`, m)
	if err != nil {
		return fmt.Errorf("insert mailing: %w", err)
	}
	return nil
}

// NotificationRepo records patient text/email notifications.
type NotificationRepo struct{}

func NewNotificationRepo() *NotificationRepo { return &NotificationRepo{} }

// Insert records the notification sent for a statement on a channel.
func (r *NotificationRepo) Insert(ctx context.Context, q sqlx.ExtContext, id, statementID, channel, vendorMessageID string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO statement_notifications (id, statement_id, channel, vendor_message_id)
		VALUES ($1,$2,$3,$4)
		ON CONFLICT (id) DO UPDATE SET vendor_message_id = EXCLUDED.vendor_message_id`, id, statementID, channel, vendorMessageID)
	if err != nil {
		return fmt.Errorf("insert notification: %w", err)
	}
	return nil
}
