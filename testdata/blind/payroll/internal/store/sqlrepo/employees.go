package sqlrepo

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/store/uow"
)

type EmployeeRepo struct {
	db *sql.DB
}

func NewEmployeeRepo(db *sql.DB) *EmployeeRepo { return &EmployeeRepo{db: db} }

const employeeCols = `id, company_id, employee_number, full_name, email, bank_account_ref, stripe_account_id, email_bounced, created_at`

func scanEmployee(row interface{ Scan(...any) error }) (*domain.Employee, error) {
	var e domain.Employee
	if err := row.Scan(&e.ID, &e.CompanyID, &e.EmployeeNumber, &e.FullName, &e.Email,
		&e.BankAccountRef, &e.StripeAccountID, &e.EmailBounced, &e.CreatedAt); err != nil {
		return nil, notFound(err)
	}
	return &e, nil
}

// Create inserts the employee unless one with the same employee number
// already exists in the company, in which case e is filled from the stored row
// and created is false.
func (r *EmployeeRepo) Create(ctx context.Context, e *domain.Employee) (created bool, err error) {
	q := uow.Exec(ctx, r.db)
	err = q.QueryRowContext(ctx, `
		INSERT INTO employees (id, company_id, employee_number, full_name, email, bank_account_ref, stripe_account_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (company_id, employee_number) DO NOTHING
		RETURNING created_at`,
		e.ID, e.CompanyID, e.EmployeeNumber, e.FullName, strings.ToLower(e.Email), e.BankAccountRef, e.StripeAccountID,
	).Scan(&e.CreatedAt)
	if err == nil {
		return true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return false, err
	}
	existing, err := scanEmployee(q.QueryRowContext(ctx,
		`SELECT `+employeeCols+` FROM employees WHERE company_id = $1 AND employee_number = $2`,
		e.CompanyID, e.EmployeeNumber))
	if err != nil {
		return false, err
	}
	*e = *existing
	return false, nil
}

func (r *EmployeeRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Employee, error) {
	return scanEmployee(uow.Exec(ctx, r.db).QueryRowContext(ctx,
		`SELECT `+employeeCols+` FROM employees WHERE id = $1`, id))
}

func (r *EmployeeRepo) MarkEmailBounced(ctx context.Context, email string) (int64, error) {
	res, err := uow.Exec(ctx, r.db).ExecContext(ctx,
		`UPDATE employees SET email_bounced = true WHERE email = $1 AND NOT email_bounced`, strings.ToLower(email))
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
