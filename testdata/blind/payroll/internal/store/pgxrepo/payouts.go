package pgxrepo

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/acme/payroll/internal/domain"
)

type PayoutRepo struct {
	pool *pgxpool.Pool
}

func NewPayoutRepo(pool *pgxpool.Pool) *PayoutRepo { return &PayoutRepo{pool: pool} }

// ApproveRun moves a submitted run to approved, creates one pending payout per
// payslip and calls within(tx) so the caller can enqueue work atomically.
// changed is false when the run was not in the submitted state; run then
// holds its current state.
func (r *PayoutRepo) ApproveRun(ctx context.Context, runID, approver string, within func(ctx context.Context, tx pgx.Tx) error) (run *domain.PayRun, changed bool, err error) {
	err = pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		var status string
		run = &domain.PayRun{}
		err := tx.QueryRow(ctx, `
			UPDATE pay_runs SET status = 'approved', approved_at = now(), approved_by = $2
			 WHERE id = $1 AND status = 'submitted'
			RETURNING id, company_id, reference, status, total_cents, currency, approved_at`, runID, approver).
			Scan(&run.ID, &run.CompanyID, &run.Reference, &status, &run.TotalCents, &run.Currency, &run.ApprovedAt)
		if errors.Is(err, pgx.ErrNoRows) {
			err = tx.QueryRow(ctx, `
				SELECT id, company_id, reference, status, total_cents, currency, approved_at
				  FROM pay_runs WHERE id = $1`, runID).
				Scan(&run.ID, &run.CompanyID, &run.Reference, &status, &run.TotalCents, &run.Currency, &run.ApprovedAt)
			run.Status = domain.PayRunStatus(status)
			if err != nil {
				return mapErr(err)
			}
			return errStop
		}
		if err != nil {
			return err
		}
		run.Status = domain.PayRunStatus(status)
		changed = true

		if _, err := tx.Exec(ctx, `
			INSERT INTO payouts (id, payslip_id, pay_run_id, employee_id, amount_cents, currency, status)
			SELECT gen_random_uuid(), s.id, s.pay_run_id, s.employee_id, s.net_cents, r.currency, 'pending'
			  FROM payslips s JOIN pay_runs r ON r.id = s.pay_run_id
			 WHERE s.pay_run_id = $1 AND s.net_cents > 0
			ON CONFLICT (payslip_id) DO NOTHING`, runID); err != nil {
			return err
		}
		if within != nil {
			return within(ctx, tx)
		}
		return nil
	})
	if errors.Is(err, errStop) {
		err = nil
	}
	return run, changed, err
}

func (r *PayoutRepo) ListForRun(ctx context.Context, runID string, statuses ...domain.PayoutStatus) ([]domain.Payout, error) {
	st := make([]string, len(statuses))
	for i, s := range statuses {
		st[i] = string(s)
	}
	rows, err := r.pool.Query(ctx, `
		SELECT id, payslip_id, pay_run_id, employee_id, amount_cents, currency, status,
		       coalesce(provider_transfer_id, ''), created_at, updated_at
		  FROM payouts WHERE pay_run_id = $1 AND status = ANY($2) ORDER BY created_at, id`, runID, st)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Payout, error) {
		var p domain.Payout
		var status string
		err := row.Scan(&p.ID, &p.PayslipID, &p.PayRunID, &p.EmployeeID, &p.AmountCents, &p.Currency, &status,
			&p.ProviderTransferID, &p.CreatedAt, &p.UpdatedAt)
		p.Status = domain.PayoutStatus(status)
		return p, err
	})
}

// Transition is a compare-and-set on payout status.
func (r *PayoutRepo) Transition(ctx context.Context, id uuid.UUID, from, to domain.PayoutStatus) (bool, error) {
	tag, err := r.pool.Exec(ctx, `
		UPDATE payouts SET status = $3, updated_at = now() WHERE id = $1 AND status = $2`,
		id, string(from), string(to))
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *PayoutRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, transferID string) error {
	_, err := r.pool.Exec(ctx, `
		UPDATE payouts SET status = 'submitted', provider_transfer_id = $2, updated_at = now()
		 WHERE id = $1 AND status = 'submitting'`, id, transferID)
	return err
}
