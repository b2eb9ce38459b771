package store

import (
	"context"
	"fmt"
)

func (r *Repo) InsertRefund(ctx context.Context, rf Refund) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO refunds (id, enrolment_id, instalment_id, amount_cents, currency, reason, status, requested_by)
		VALUES ($1, $2, nullif($3, ''), $4, $5, $6, $7, $8)`,
		rf.ID, rf.EnrolmentID, rf.InstalmentID, rf.AmountCents, rf.Currency, rf.Reason, rf.Status, rf.RequestedBy)
	return err
}

func (r *Repo) GetRefund(ctx context.Context, id string) (Refund, error) {
	var rf Refund
	err := r.db.QueryRow(ctx, `
		SELECT id, enrolment_id, coalesce(instalment_id, ''), amount_cents, currency, reason,
		       status, requested_by, coalesce(stripe_refund_id, ''), created_at
		FROM refunds WHERE id = $1`, id).Scan(
		&rf.ID, &rf.EnrolmentID, &rf.InstalmentID, &rf.AmountCents, &rf.Currency, &rf.Reason,
		&rf.Status, &rf.RequestedBy, &rf.StripeRefundID, &rf.CreatedAt)
	return rf, notFound(err)
}

func (r *Repo) MarkRefundIssued(ctx context.Context, id, stripeRefundID string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE refunds SET status = 'issued', stripe_refund_id = $2, updated_at = now()
		WHERE id = $1`, id, stripeRefundID)
	return err
}

func (r *Repo) MarkRefundStatusByStripeID(ctx context.Context, stripeRefundID, status string) error {
	_, err := r.db.Exec(ctx, `
		UPDATE refunds SET status = $2, updated_at = now() WHERE stripe_refund_id = $1`,
		stripeRefundID, status)
	return err
}

func (r *Repo) NextCreditNoteNumber(ctx context.Context) (string, error) {
	var n int64
	if err := r.db.QueryRow(ctx, `SELECT nextval('credit_note_numbers')`).Scan(&n); err != nil {
		return "", err
	}
	return fmt.Sprintf("CN-%06d", n), nil
}

func (r *Repo) InsertCreditNote(ctx context.Context, cn CreditNote) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO credit_notes (id, number, student_id, refund_id, amount_cents, currency, reason, issued_by)
		VALUES ($1, $2, $3, nullif($4, ''), $5, $6, $7, $8)`,
		cn.ID, cn.Number, cn.StudentID, cn.RefundID, cn.AmountCents, cn.Currency, cn.Reason, cn.IssuedBy)
	return err
}
