package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/platform/db"
)

// Encounter groups the billable services of one order.
type Encounter struct {
	ID          string
	OrderID     string
	PatientID   uuid.UUID
	PayerID     string
	BillingMode string
	Status      string
	CreatedAt   time.Time
}

// ChargeLine is a billable service captured from a result.
type ChargeLine struct {
	ID          uuid.UUID
	OrderID     string
	ResultID    string
	CPTCode     string
	AmountCents int64
}

// Claim is an insurance claim for an encounter.
type Claim struct {
	ID               string
	EncounterID      string
	ControlNumber    string
	PayerID          string
	TotalCents       int64
	FrequencyCode    string
	Status           string
	ClearinghouseRef string
}

// Invoice is a patient invoice.
type Invoice struct {
	ID           string
	PatientID    uuid.UUID
	OrderID      string
	TotalCents   int64
	BalanceCents int64
	Status       string
	DueAt        time.Time
}

// Billing is the billing repository.
type Billing struct{ db db.DBTX }

// NewBilling returns a Billing repository.
func NewBilling(conn db.DBTX) *Billing { return &Billing{db: conn} }

// WithTx binds the repository to tx.
func (r *Billing) WithTx(tx *sql.Tx) *Billing { return &Billing{db: tx} }

// InsertEncounter inserts an encounter.
func (r *Billing) InsertEncounter(ctx context.Context, e Encounter) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO billing_encounters (id, order_id, patient_id, payer_id, billing_mode)
		VALUES ($1, $2, $3, $4, $5)`,
		e.ID, e.OrderID, e.PatientID, db.NullString(e.PayerID), e.BillingMode)
	return err
}

// Encounter loads an encounter.
func (r *Billing) Encounter(ctx context.Context, id string) (Encounter, error) {
	var e Encounter
	err := r.db.QueryRowContext(ctx, `
		SELECT id, order_id, patient_id, coalesce(payer_id, ''), billing_mode, status, created_at
		FROM billing_encounters WHERE id = $1`, id).
		Scan(&e.ID, &e.OrderID, &e.PatientID, &e.PayerID, &e.BillingMode, &e.Status, &e.CreatedAt)
	return e, noRows(err)
}

// ReadyEncounters lists open insurance encounters whose order is resulted.
func (r *Billing) ReadyEncounters(ctx context.Context, limit int) ([]string, error) {
	rows, err := r.db.QueryContext(ctx, `
		SELECT e.id FROM billing_encounters e
		JOIN orders o ON o.id = e.order_id
		WHERE e.status = 'open' AND e.billing_mode = 'insurance' AND o.status = 'resulted'
		ORDER BY e.created_at LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// SetEncounterStatus moves an encounter from one status to another.
func (r *Billing) SetEncounterStatus(ctx context.Context, id, from, to string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE billing_encounters SET status = $3 WHERE id = $1 AND status = $2`, id, from, to)
	return err
}

// InsertChargeLine inserts a charge line.
func (r *Billing) InsertChargeLine(ctx context.Context, c ChargeLine) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO charge_lines (id, order_id, result_id, cpt_code, amount_cents)
		VALUES ($1, $2, $3, $4, $5)`, c.ID, c.OrderID, c.ResultID, c.CPTCode, c.AmountCents)
	return err
}

// ChargeLines lists an order's charge lines.
func (r *Billing) ChargeLines(ctx context.Context, orderID string) ([]ChargeLine, error) {
	rows, err := r.db.QueryContext(ctx, `
		SELECT id, order_id, result_id, cpt_code, amount_cents FROM charge_lines WHERE order_id = $1`, orderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ChargeLine
	for rows.Next() {
		var c ChargeLine
		if err := rows.Scan(&c.ID, &c.OrderID, &c.ResultID, &c.CPTCode, &c.AmountCents); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

const claimColumns = `id, encounter_id, control_number, payer_id, total_cents, frequency_code, status,
	coalesce(clearinghouse_ref, '')`

func scanClaim(row interface{ Scan(...any) error }) (Claim, error) {
	var c Claim
	err := row.Scan(&c.ID, &c.EncounterID, &c.ControlNumber, &c.PayerID, &c.TotalCents, &c.FrequencyCode,
		&c.Status, &c.ClearinghouseRef)
	return c, noRows(err)
}

// CreateClaim inserts a claim unless the encounter already has one, and
// returns the encounter's claim either way.
func (r *Billing) CreateClaim(ctx context.Context, c Claim) (Claim, bool, error) {
	created, err := scanClaim(r.db.QueryRowContext(ctx, `
		INSERT INTO claims (id, encounter_id, control_number, payer_id, total_cents)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (encounter_id) DO NOTHING
		RETURNING `+claimColumns, c.ID, c.EncounterID, c.ControlNumber, c.PayerID, c.TotalCents))
	if err == nil {
		return created, true, nil
	}
	if !errors.Is(err, db.ErrNotFound) {
		return Claim{}, false, err
	}
	existing, err := scanClaim(r.db.QueryRowContext(ctx,
		`SELECT `+claimColumns+` FROM claims WHERE encounter_id = $1`, c.EncounterID))
	return existing, false, err
}

// Claim loads a claim.
func (r *Billing) Claim(ctx context.Context, id string) (Claim, error) {
	return scanClaim(r.db.QueryRowContext(ctx, `SELECT `+claimColumns+` FROM claims WHERE id = $1`, id))
}

// MarkClaimSubmitted stores the clearinghouse reference of a submission.
func (r *Billing) MarkClaimSubmitted(ctx context.Context, id, ref, frequency string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE claims SET status = 'submitted', clearinghouse_ref = $2, frequency_code = $3,
		       submitted_at = now(), updated_at = now()
		WHERE id = $1`, id, ref, frequency)
	return err
}

// MarkClaimRejected records a front-end rejection.
func (r *Billing) MarkClaimRejected(ctx context.Context, id, ref string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE claims SET status = 'rejected', clearinghouse_ref = $2, updated_at = now() WHERE id = $1`, id, ref)
	return err
}

// InsertClaimSubmission logs a submission.
func (r *Billing) InsertClaimSubmission(ctx context.Context, claimID, frequency, ref, by string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO claim_submissions (id, claim_id, frequency_code, clearinghouse_ref, submitted_by)
		VALUES ($1, $2, $3, $4, $5)`, uuid.New(), claimID, frequency, ref, by)
	return err
}

// Invoice loads an invoice.
func (r *Billing) Invoice(ctx context.Context, id string) (Invoice, error) {
	var inv Invoice
	err := r.db.QueryRowContext(ctx, `
		SELECT id, patient_id, coalesce(order_id, ''), total_cents, balance_cents, status, due_at
		FROM invoices WHERE id = $1`, id).
		Scan(&inv.ID, &inv.PatientID, &inv.OrderID, &inv.TotalCents, &inv.BalanceCents, &inv.Status, &inv.DueAt)
	return inv, noRows(err)
}

// OpenInvoices lists a patient's invoices with a balance.
func (r *Billing) OpenInvoices(ctx context.Context, patientID uuid.UUID) ([]Invoice, error) {
	rows, err := r.db.QueryContext(ctx, `
		SELECT id, patient_id, coalesce(order_id, ''), total_cents, balance_cents, status, due_at
		FROM invoices WHERE patient_id = $1 AND balance_cents > 0 ORDER BY due_at`, patientID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Invoice
	for rows.Next() {
		var inv Invoice
		if err := rows.Scan(&inv.ID, &inv.PatientID, &inv.OrderID, &inv.TotalCents, &inv.BalanceCents,
			&inv.Status, &inv.DueAt); err != nil {
			return nil, err
		}
		out = append(out, inv)
	}
	return out, rows.Err()
}

// ReduceInvoice subtracts cents from an invoice balance, closing it at zero.
func (r *Billing) ReduceInvoice(ctx context.Context, id string, cents int64) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE invoices SET balance_cents = greatest(balance_cents - $2, 0),
		       status = CASE WHEN balance_cents - $2 <= 0 THEN 'paid' ELSE status END,
		       updated_at = now()
		WHERE id = $1`, id, cents)
	return err
}

// InsertAdjustment inserts an invoice adjustment.
func (r *Billing) InsertAdjustment(ctx context.Context, id uuid.UUID, invoiceID, reason string, cents int64, by string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO invoice_adjustments (id, invoice_id, reason, amount_cents, created_by)
		VALUES ($1, $2, $3, $4, $5)`, id, invoiceID, reason, cents, by)
	return err
}

// PaymentExists reports whether a processor payment was recorded.
func (r *Billing) PaymentExists(ctx context.Context, providerPaymentID string) (bool, error) {
	var one int
	err := r.db.QueryRowContext(ctx,
		`SELECT 1 FROM payments WHERE provider_payment_id = $1`, providerPaymentID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// InsertPayment records a processor payment once.
func (r *Billing) InsertPayment(ctx context.Context, providerPaymentID, invoiceID string, cents int64, method string) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		INSERT INTO payments (provider_payment_id, invoice_id, amount_cents, method)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (provider_payment_id) DO NOTHING`, providerPaymentID, invoiceID, cents, method)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Deposit is a self-pay deposit held against an order.
type Deposit struct {
	ID          string
	OrderID     string
	PatientID   uuid.UUID
	AmountCents int64
	Status      string
}

// InsertDeposit records a held deposit for an order once.
func (r *Billing) InsertDeposit(ctx context.Context, d Deposit) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO deposits (id, order_id, patient_id, amount_cents)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (order_id) DO NOTHING`, d.ID, d.OrderID, d.PatientID, d.AmountCents)
	return err
}

// DepositForOrder loads an order's deposit.
func (r *Billing) DepositForOrder(ctx context.Context, orderID string) (Deposit, error) {
	var d Deposit
	err := r.db.QueryRowContext(ctx, `
		SELECT id, order_id, patient_id, amount_cents, status FROM deposits WHERE order_id = $1`, orderID).
		Scan(&d.ID, &d.OrderID, &d.PatientID, &d.AmountCents, &d.Status)
	return d, noRows(err)
}

// SetDepositStatus moves a deposit between statuses.
func (r *Billing) SetDepositStatus(ctx context.Context, id, from, to string) (bool, error) {
	res, err := r.db.ExecContext(ctx, `
		UPDATE deposits SET status = $3, updated_at = now() WHERE id = $1 AND status = $2`, id, from, to)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Statement is a monthly patient statement.
type Statement struct {
	ID            string
	PatientID     uuid.UUID
	StatementDate time.Time
	BalanceCents  int64
	InvoiceCount  int
}

// InsertStatement inserts a statement.
func (r *Billing) InsertStatement(ctx context.Context, s Statement) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO patient_statements (id, patient_id, statement_date, balance_cents, invoice_count)
		VALUES ($1, $2, $3, $4, $5)`, s.ID, s.PatientID, s.StatementDate, s.BalanceCents, s.InvoiceCount)
	return err
}
