package store

import (
	"context"
	"time"

	"github.com/brindlewood-labs/shelternet/internal/domain"
)

type ApplicationRepo struct{ q DBTX }

func (r *ApplicationRepo) Insert(ctx context.Context, a domain.Application) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO applications (id, animal_id, adopter_name, adopter_email, adopter_phone,
		                          household_note, status, fee_cents, submitted_at)
		VALUES (:id, :animal_id, :adopter_name, :adopter_email, :adopter_phone,
		        :household_note, :status, :fee_cents, :submitted_at)`, a)
	return err
}

func (r *ApplicationRepo) Get(ctx context.Context, id string) (domain.Application, error) {
	var a domain.Application
	err := r.q.GetContext(ctx, &a, `SELECT * FROM applications WHERE id = $1`, id)
	return a, notFound(err)
}

// Approve moves a submitted application to approved. Approving an
// application that is already approved is a no-op; anything else is an
// invalid transition.
func (r *ApplicationRepo) Approve(ctx context.Context, id, reviewer string, at time.Time) error {
	res, err := r.q.ExecContext(ctx, `
		UPDATE applications
		SET status = 'approved', reviewed_by = $2, approved_at = $3
		WHERE id = $1 AND status = 'submitted'`, id, reviewer, at)
	if err != nil {
		return err
	}
	n, err := affected(res)
	if err != nil {
		return err
	}
	if n == 1 {
		return nil
	}
	cur, err := r.Get(ctx, id)
	if err != nil {
		return err
	}
	if cur.Status == domain.ApplicationApproved {
		return nil
	}
	return domain.ErrInvalidState
}

func (r *ApplicationRepo) MarkFeePaid(ctx context.Context, id string, at time.Time) (bool, error) {
	res, err := r.q.ExecContext(ctx, `
		UPDATE applications SET fee_paid_at = $2
		WHERE id = $1 AND fee_paid_at IS NULL`, id, at)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// MarkFinalized closes an approved, paid application.
func (r *ApplicationRepo) MarkFinalized(ctx context.Context, id string, at time.Time) error {
	res, err := r.q.ExecContext(ctx, `
		UPDATE applications SET status = 'finalized', finalized_at = $2
		WHERE id = $1 AND status = 'approved' AND fee_paid_at IS NOT NULL`, id, at)
	if err != nil {
		return err
	}
	n, err := affected(res)
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrInvalidState
	}
	return nil
}

// CloseOthersForAnimal rejects the other open applications for an animal
// once it has been adopted.
func (r *ApplicationRepo) CloseOthersForAnimal(ctx context.Context, animalID, keepID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE applications SET status = 'rejected'
		WHERE animal_id = $1 AND id <> $2 AND status IN ('submitted', 'approved')`, animalID, keepID)
	return err
}

type PaymentRepo struct{ q DBTX }

func (r *PaymentRepo) RecordAttempt(ctx context.Context, a domain.PaymentAttempt) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO payment_attempts (id, application_id, attempted_at, outcome, detail)
		VALUES (:id, :application_id, :attempted_at, :outcome, :detail)`, a)
	return err
}

func (r *PaymentRepo) InsertFeePayment(ctx context.Context, p domain.FeePayment) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO fee_payments (id, application_id, provider_charge, amount_cents, currency, created_at)
		VALUES (:id, :application_id, :provider_charge, :amount_cents, :currency, :created_at)
		ON CONFLICT (application_id) DO NOTHING`, p)
	return err
}

type AdoptionRepo struct{ q DBTX }

func (r *AdoptionRepo) Insert(ctx context.Context, a domain.Adoption) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO adoptions (id, application_id, animal_id, adopter_name, adopter_email, finalized_at)
		VALUES (:id, :application_id, :animal_id, :adopter_name, :adopter_email, :finalized_at)
		ON CONFLICT (application_id) DO NOTHING`, a)
	return err
}
