package financing

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/platform/database"
)

// Repository persists applications, offers and fundings.
type Repository struct {
	db database.DBTX
	tx database.TxManager
}

// NewRepository builds a Repository.
func NewRepository(db database.DBTX, tx database.TxManager) *Repository {
	return &Repository{db: db, tx: tx}
}

// Upsert creates the contract's application or returns the existing one.
func (r *Repository) Upsert(ctx context.Context, a Application) (Application, error) {
	var out Application
	var ref, offer, loan sql.NullString
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		INSERT INTO financing_applications (id, contract_id, product_code, requested_cents, term_months, status)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (contract_id) DO UPDATE SET updated_at = now()
		RETURNING id, contract_id, partner_ref, product_code, requested_cents, term_months, status, accepted_offer_id, loan_ref`,
		a.ID, a.ContractID, a.ProductCode, a.RequestedCents, a.TermMonths, a.Status).Scan(
		&out.ID, &out.ContractID, &ref, &out.ProductCode, &out.RequestedCents, &out.TermMonths, &out.Status, &offer, &loan)
	out.PartnerRef, out.AcceptedOfferID, out.LoanRef = ref.String, offer.String, loan.String
	return out, err
}

// GetWithOffers loads an application and its offers.
func (r *Repository) GetWithOffers(ctx context.Context, id uuid.UUID) (Application, error) {
	q := database.Executor(ctx, r.db)
	var a Application
	var ref, offer, loan sql.NullString
	err := q.QueryRowContext(ctx, `
		SELECT id, contract_id, partner_ref, product_code, requested_cents, term_months, status, accepted_offer_id, loan_ref
		FROM financing_applications WHERE id = $1`, id).Scan(
		&a.ID, &a.ContractID, &ref, &a.ProductCode, &a.RequestedCents, &a.TermMonths, &a.Status, &offer, &loan)
	if err != nil {
		return a, database.NotFound(err)
	}
	a.PartnerRef, a.AcceptedOfferID, a.LoanRef = ref.String, offer.String, loan.String
	rows, err := q.QueryContext(ctx, `
		SELECT offer_id, apr, term_months, monthly_cents FROM financing_offers
		WHERE application_id = $1 ORDER BY apr`, id)
	if err != nil {
		return a, err
	}
	defer rows.Close()
	for rows.Next() {
		var o Offer
		if err := rows.Scan(&o.ID, &o.APR, &o.TermMonths, &o.MonthlyCents); err != nil {
			return a, err
		}
		a.Offers = append(a.Offers, o)
	}
	return a, rows.Err()
}

// ByPartnerRef finds an application by the lender's reference.
func (r *Repository) ByPartnerRef(ctx context.Context, ref string) (Application, error) {
	var id uuid.UUID
	err := database.Executor(ctx, r.db).QueryRowContext(ctx,
		`SELECT id FROM financing_applications WHERE partner_ref = $1`, ref).Scan(&id)
	if err != nil {
		return Application{}, database.NotFound(err)
	}
	return r.GetWithOffers(ctx, id)
}

// SetPartnerRef stores the lender's reference and status after submission.
func (r *Repository) SetPartnerRef(ctx context.Context, id uuid.UUID, ref, status string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE financing_applications SET partner_ref = $2, status = $3, updated_at = now()
		WHERE id = $1`, id, ref, status)
	return err
}

// SaveOffer upserts an offer.
func (r *Repository) SaveOffer(ctx context.Context, appID uuid.UUID, o Offer) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO financing_offers (application_id, offer_id, apr, term_months, monthly_cents)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (application_id, offer_id) DO UPDATE
		SET apr = EXCLUDED.apr, term_months = EXCLUDED.term_months, monthly_cents = EXCLUDED.monthly_cents`,
		appID, o.ID, o.APR, o.TermMonths, o.MonthlyCents)
	return err
}

// MarkAccepted records the accepted offer.
func (r *Repository) MarkAccepted(ctx context.Context, id uuid.UUID, offerID, loanRef string) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE financing_applications
		SET status = 'accepted', accepted_offer_id = $2, loan_ref = $3, updated_at = now()
		WHERE id = $1 AND status IN ('decided', 'accepted')`, id, offerID, loanRef)
	return err
}

// InsertFunding records one disbursement tranche.
func (r *Repository) InsertFunding(ctx context.Context, id, appID uuid.UUID, cents int64, tranche string, at time.Time) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		INSERT INTO loan_fundings (id, application_id, amount_cents, tranche, disbursed_at)
		VALUES ($1, $2, $3, $4, $5)`, id, appID, cents, tranche, at)
	return err
}

// MarkFunded sets the application to funded.
func (r *Repository) MarkFunded(ctx context.Context, id uuid.UUID) error {
	_, err := database.Executor(ctx, r.db).ExecContext(ctx, `
		UPDATE financing_applications SET status = 'funded', updated_at = now() WHERE id = $1`, id)
	return err
}

// ContractAmount implements ContractReader against the contracts/quotes tables.
func (r *Repository) ContractAmount(ctx context.Context, id uuid.UUID) (int64, uuid.UUID, string, float64, error) {
	var (
		total int64
		cust  uuid.UUID
		site  string
		kw    float64
	)
	err := database.Executor(ctx, r.db).QueryRowContext(ctx, `
		SELECT c.total_cents, c.customer_id, q.site_address, q.system_kw
		FROM contracts c JOIN quotes q ON q.id = c.quote_id
		WHERE c.id = $1`, id).Scan(&total, &cust, &site, &kw)
	return total, cust, site, kw, database.NotFound(err)
}
