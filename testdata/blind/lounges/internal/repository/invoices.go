package repository

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/aerolounge/loungepass/internal/domain"
)

type InvoiceRepo struct {
	db *sqlx.DB
}

func NewInvoiceRepo(db *sqlx.DB) *InvoiceRepo { return &InvoiceRepo{db: db} }

// EnsureDraft returns the airline's invoice for the period, creating a draft
// the first time.
func (r *InvoiceRepo) EnsureDraft(ctx context.Context, id uuid.UUID, airline, period, currency string) (domain.PartnerInvoice, error) {
	row, _, err := insertOrGet[domain.PartnerInvoice](ctx, r.db,
		`INSERT INTO partner_invoices (id, airline_code, period, status, currency)
		 VALUES ($1, $2, $3, 'draft', $4)
		 ON CONFLICT ON CONSTRAINT partner_invoices_period DO NOTHING
		 RETURNING *`,
		[]any{id, airline, period, currency},
		`SELECT * FROM partner_invoices WHERE airline_code = $1 AND period = $2`, airline, period)
	return row, err
}

func (r *InvoiceRepo) Get(ctx context.Context, id uuid.UUID) (domain.PartnerInvoice, error) {
	return getOne[domain.PartnerInvoice](ctx, r.db, `SELECT * FROM partner_invoices WHERE id = $1`, id)
}

func (r *InvoiceRepo) GetForAirline(ctx context.Context, airline string, id uuid.UUID) (domain.PartnerInvoice, error) {
	return getOne[domain.PartnerInvoice](ctx, r.db,
		`SELECT * FROM partner_invoices WHERE id = $1 AND airline_code = $2`, id, airline)
}

// AddLines appends lines to a draft invoice.
func (r *InvoiceRepo) AddLines(ctx context.Context, lines []domain.InvoiceLine) error {
	if len(lines) == 0 {
		return nil
	}
	return inTx(ctx, r.db, func(tx *sqlx.Tx) error {
		_, err := tx.NamedExecContext(ctx,
			`INSERT INTO partner_invoice_lines (id, invoice_id, visit_id, description, quantity, amount_cents)
			 VALUES (:id, :invoice_id, :visit_id, :description, :quantity, :amount_cents)`, lines)
		return err
	})
}

func (r *InvoiceRepo) Lines(ctx context.Context, invoiceID uuid.UUID) ([]domain.InvoiceLine, error) {
	return selectMany[domain.InvoiceLine](ctx, r.db,
		`SELECT * FROM partner_invoice_lines WHERE invoice_id = $1 ORDER BY id`, invoiceID)
}

// Finalize totals the invoice from its lines and closes it for edits.
func (r *InvoiceRepo) Finalize(ctx context.Context, id uuid.UUID, at time.Time) (domain.PartnerInvoice, error) {
	return getOne[domain.PartnerInvoice](ctx, r.db,
		`UPDATE partner_invoices
		    SET status = 'finalized', finalized_at = $2,
		        total_cents = (SELECT COALESCE(SUM(amount_cents), 0) FROM partner_invoice_lines WHERE invoice_id = $1)
		  WHERE id = $1 AND status = 'draft'
		RETURNING *`, id, at)
}

func (r *InvoiceRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, externalRef string, at time.Time) error {
	_, err := r.db.ExecContext(ctx,
		`UPDATE partner_invoices SET status = 'submitted', external_ref = $2, submitted_at = $3
		  WHERE id = $1 AND status = 'finalized'`, id, externalRef, at)
	return err
}

// InsertDispute records a partner's dispute against an invoice and flags the
// invoice as disputed.
func (r *InvoiceRepo) InsertDispute(ctx context.Context, d domain.InvoiceDispute) (domain.InvoiceDispute, error) {
	return withTx(ctx, r.db, func(tx *sqlx.Tx) (domain.InvoiceDispute, error) {
		row, err := getOne[domain.InvoiceDispute](ctx, tx,
			`INSERT INTO invoice_disputes (id, invoice_id, partner_dispute_ref, line_ids, reason, amount_cents, status)
			 VALUES ($1, $2, $3, $4, $5, $6, 'open')
			 RETURNING *`,
			d.ID, d.InvoiceID, d.PartnerDisputeRef, d.LineIDs, d.Reason, d.AmountCents)
		if err != nil {
			return row, err
		}
		_, err = tx.ExecContext(ctx,
			`UPDATE partner_invoices SET status = 'disputed' WHERE id = $1 AND status IN ('finalized', 'submitted')`, d.InvoiceID)
		return row, err
	})
}

type PartnerRepo struct {
	db *sqlx.DB
}

func NewPartnerRepo(db *sqlx.DB) *PartnerRepo { return &PartnerRepo{db: db} }

func (r *PartnerRepo) Get(ctx context.Context, code string) (domain.AirlinePartner, error) {
	return getOne[domain.AirlinePartner](ctx, r.db, `SELECT * FROM airline_partners WHERE code = $1`, code)
}

func (r *PartnerRepo) ListActive(ctx context.Context) ([]domain.AirlinePartner, error) {
	return selectMany[domain.AirlinePartner](ctx, r.db, `SELECT * FROM airline_partners WHERE active ORDER BY code`)
}

// UpsertEligibility stores boarding-pass entitlements. Records already on file
// for the same passenger and flight date are skipped; inserted counts the new
// ones.
func (r *PartnerRepo) UpsertEligibility(ctx context.Context, recs []domain.EligibilityRecord) (inserted int64, err error) {
	return withTx(ctx, r.db, func(tx *sqlx.Tx) (int64, error) {
		var total int64
		for _, e := range recs {
			n, err := execAffected(ctx, tx,
				`INSERT INTO airline_eligibility (airline_code, pnr, passenger_seq, passenger_name, flight_number,
				                                  flight_date, cabin, guests_allowed)
				 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
				 ON CONFLICT ON CONSTRAINT airline_eligibility_passenger DO NOTHING`,
				e.AirlineCode, e.PNR, e.PassengerSeq, e.PassengerName, e.FlightNumber, e.FlightDate, e.Cabin, e.GuestsAllowed)
			if err != nil {
				return 0, err
			}
			total += n
		}
		return total, nil
	})
}

func (r *PartnerRepo) FindEligibility(ctx context.Context, airline, pnr string, flightDate time.Time, seq int) (domain.EligibilityRecord, error) {
	return getOne[domain.EligibilityRecord](ctx, r.db,
		`SELECT * FROM airline_eligibility
		  WHERE airline_code = $1 AND pnr = $2 AND flight_date = $3 AND passenger_seq = $4`,
		airline, pnr, flightDate, seq)
}
