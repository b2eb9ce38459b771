package sqlrepo

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/store/uow"
)

type PayRunRepo struct {
	db *sql.DB
}

func NewPayRunRepo(db *sql.DB) *PayRunRepo { return &PayRunRepo{db: db} }

func (r *PayRunRepo) InsertRun(ctx context.Context, run *domain.PayRun) error {
	_, err := uow.Exec(ctx, r.db).ExecContext(ctx, `
		INSERT INTO pay_runs (id, company_id, reference, kind, period_start, period_end, pay_date, status, total_cents, currency)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		run.ID, run.CompanyID, run.Reference, run.Kind, run.PeriodStart, run.PeriodEnd, run.PayDate,
		string(run.Status), run.TotalCents, run.Currency)
	return err
}

func (r *PayRunRepo) InsertPayslips(ctx context.Context, slips []domain.Payslip) error {
	q := uow.Exec(ctx, r.db)
	for _, s := range slips {
		if _, err := q.ExecContext(ctx, `
			INSERT INTO payslips (id, pay_run_id, employee_id, gross_cents, tax_cents, net_cents)
			VALUES ($1, $2, $3, $4, $5, $6)`,
			s.ID, s.PayRunID, s.EmployeeID, s.GrossCents, s.TaxCents, s.NetCents); err != nil {
			return err
		}
	}
	return nil
}

func (r *PayRunRepo) GetRun(ctx context.Context, id string) (*domain.PayRun, error) {
	var (
		run        domain.PayRun
		status     string
		approvedBy sql.NullString
	)
	err := uow.Exec(ctx, r.db).QueryRowContext(ctx, `
		SELECT id, company_id, reference, kind, period_start, period_end, pay_date, status, total_cents, currency,
		       created_at, approved_at, approved_by
		FROM pay_runs WHERE id = $1`, id).
		Scan(&run.ID, &run.CompanyID, &run.Reference, &run.Kind, &run.PeriodStart, &run.PeriodEnd, &run.PayDate,
			&status, &run.TotalCents, &run.Currency, &run.CreatedAt, &run.ApprovedAt, &approvedBy)
	if err != nil {
		return nil, notFound(err)
	}
	run.Status = domain.PayRunStatus(status)
	run.ApprovedBy = approvedBy.String
	return &run, nil
}

func (r *PayRunRepo) ListPayslips(ctx context.Context, runID string) ([]domain.Payslip, error) {
	rows, err := uow.Exec(ctx, r.db).QueryContext(ctx, `
		SELECT id, pay_run_id, employee_id, gross_cents, tax_cents, net_cents, emailed_at
		FROM payslips WHERE pay_run_id = $1 ORDER BY employee_id`, runID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Payslip
	for rows.Next() {
		var s domain.Payslip
		if err := rows.Scan(&s.ID, &s.PayRunID, &s.EmployeeID, &s.GrossCents, &s.TaxCents, &s.NetCents, &s.EmailedAt); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func (r *PayRunRepo) GetPayslip(ctx context.Context, id uuid.UUID) (*domain.Payslip, error) {
	var s domain.Payslip
	err := uow.Exec(ctx, r.db).QueryRowContext(ctx, `
		SELECT id, pay_run_id, employee_id, gross_cents, tax_cents, net_cents, emailed_at
		FROM payslips WHERE id = $1`, id).
		Scan(&s.ID, &s.PayRunID, &s.EmployeeID, &s.GrossCents, &s.TaxCents, &s.NetCents, &s.EmailedAt)
	if err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *PayRunRepo) MarkPayslipEmailed(ctx context.Context, id uuid.UUID) error {
	_, err := uow.Exec(ctx, r.db).ExecContext(ctx,
		`UPDATE payslips SET emailed_at = now() WHERE id = $1 AND emailed_at IS NULL`, id)
	return err
}

// InsertFinalPayRequest links an HR termination to the final pay run created for it.
func (r *PayRunRepo) InsertFinalPayRequest(ctx context.Context, id, terminationID string, employeeID uuid.UUID, runID string) error {
	_, err := uow.Exec(ctx, r.db).ExecContext(ctx, `
		INSERT INTO final_pay_requests (id, termination_id, employee_id, pay_run_id)
		VALUES ($1, $2, $3, $4)`, id, terminationID, employeeID, runID)
	return err
}
