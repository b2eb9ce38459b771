package sqlrepo

import (
	"context"
	"database/sql"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/store/uow"
)

type OffCycleRepo struct {
	db *sql.DB
}

func NewOffCycleRepo(db *sql.DB) *OffCycleRepo { return &OffCycleRepo{db: db} }

func (r *OffCycleRepo) Insert(ctx context.Context, p *domain.OffCyclePayment) error {
	return uow.Exec(ctx, r.db).QueryRowContext(ctx, `
		INSERT INTO off_cycle_payments (id, company_id, employee_id, amount_cents, currency, memo, provider_transfer_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		RETURNING created_at`,
		p.ID, p.CompanyID, p.EmployeeID, p.AmountCents, p.Currency, p.Memo, p.ProviderTransferID).Scan(&p.CreatedAt)
}
