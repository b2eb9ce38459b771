package sqlrepo

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/store/uow"
)

type CompanyRepo struct {
	db *sql.DB
}

func NewCompanyRepo(db *sql.DB) *CompanyRepo { return &CompanyRepo{db: db} }

func (r *CompanyRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Company, error) {
	var c domain.Company
	err := uow.Exec(ctx, r.db).QueryRowContext(ctx, `
		SELECT id, name, currency, payout_account_ref, payout_routing_code, stripe_account_id, payslip_reply_to, settings_updated_at
		FROM companies WHERE id = $1`, id).
		Scan(&c.ID, &c.Name, &c.Currency, &c.PayoutAccountRef, &c.PayoutRoutingCode, &c.StripeAccountID, &c.PayslipReplyTo, &c.SettingsUpdatedAt)
	if err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

type PayoutSettings struct {
	PayoutAccountRef  string `json:"payout_account_ref"`
	PayoutRoutingCode string `json:"payout_routing_code"`
	StripeAccountID   string `json:"stripe_account_id"`
	PayslipReplyTo    string `json:"payslip_reply_to"`
}

// UpdatePayoutSettings overwrites the company's payout settings.
func (r *CompanyRepo) UpdatePayoutSettings(ctx context.Context, id uuid.UUID, s PayoutSettings) error {
	res, err := uow.Exec(ctx, r.db).ExecContext(ctx, `
		UPDATE companies
		   SET payout_account_ref = $2, payout_routing_code = $3, stripe_account_id = $4,
		       payslip_reply_to = $5, settings_updated_at = now()
		 WHERE id = $1`, id, s.PayoutAccountRef, s.PayoutRoutingCode, s.StripeAccountID, s.PayslipReplyTo)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrNotFound
	}
	return nil
}
