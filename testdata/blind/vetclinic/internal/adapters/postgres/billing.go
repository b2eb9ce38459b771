package postgres

import (
	"context"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/errs"
)

type InvoiceRepo struct{ Store }

func NewInvoiceRepo(s Store) *InvoiceRepo { return &InvoiceRepo{s} }

var (
	invoicesTable = Table[domain.Invoice]{
		Name: "invoices",
		Cols: []string{"id", "appointment_id", "clinic_id", "owner_id", "currency", "subtotal_cents",
			"discount_cents", "loyalty_cents", "deposit_applied_cents", "total_cents", "status", "due_at"},
		Conflict: "ON CONSTRAINT invoices_appointment_key",
	}
	invoiceLinesTable = Table[domain.InvoiceLine]{
		Name: "invoice_lines",
		Cols: []string{"id", "invoice_id", "code", "description", "quantity", "unit_cents"},
	}
	adjustmentsTable = Table[domain.InvoiceAdjustment]{
		Name: "invoice_adjustments",
		Cols: []string{"id", "invoice_id", "kind", "amount_cents", "reason", "created_by"},
	}
)

// Create writes the invoice and its lines. An appointment has at most one
// invoice; when it already has one, that invoice is returned unchanged.
func (r *InvoiceRepo) Create(ctx context.Context, inv domain.Invoice, lines []domain.InvoiceLine) (domain.Invoice, error) {
	const op errs.Op = "invoices.Create"
	q := r.q(ctx)
	created, err := invoicesTable.InsertIgnore(ctx, q, op, inv)
	if err != nil {
		return domain.Invoice{}, err
	}
	if created {
		if err := invoiceLinesTable.InsertMany(ctx, q, op, lines); err != nil {
			return domain.Invoice{}, err
		}
	}
	return r.ByAppointment(ctx, inv.AppointmentID)
}

func (r *InvoiceRepo) Get(ctx context.Context, id string) (domain.Invoice, error) {
	return one[domain.Invoice](ctx, r.q(ctx), "invoices.Get", `SELECT * FROM invoices WHERE id = $1`, id)
}

func (r *InvoiceRepo) GetForUpdate(ctx context.Context, id string) (domain.Invoice, error) {
	return one[domain.Invoice](ctx, r.q(ctx), "invoices.GetForUpdate",
		`SELECT * FROM invoices WHERE id = $1 FOR UPDATE`, id)
}

func (r *InvoiceRepo) ByAppointment(ctx context.Context, appointmentID string) (domain.Invoice, error) {
	return one[domain.Invoice](ctx, r.q(ctx), "invoices.ByAppointment",
		`SELECT * FROM invoices WHERE appointment_id = $1`, appointmentID)
}

func (r *InvoiceRepo) AddAdjustment(ctx context.Context, adj domain.InvoiceAdjustment) (domain.Invoice, error) {
	const op errs.Op = "invoices.AddAdjustment"
	q := r.q(ctx)
	if err := adjustmentsTable.Insert(ctx, q, op, adj); err != nil {
		return domain.Invoice{}, err
	}
	return one[domain.Invoice](ctx, q, op, `
		UPDATE invoices
		   SET discount_cents = discount_cents + $2,
		       total_cents = GREATEST(total_cents - $2, 0),
		       status = CASE WHEN paid_cents >= GREATEST(total_cents - $2, 0) THEN 'paid' ELSE status END,
		       updated_at = now()
		 WHERE id = $1
		RETURNING *`, adj.InvoiceID, adj.AmountCents)
}

func (r *InvoiceRepo) ApplyPayment(ctx context.Context, id string, cents int64) error {
	_, err := exec(ctx, r.q(ctx), "invoices.ApplyPayment", `
		UPDATE invoices
		   SET paid_cents = paid_cents + $2,
		       status = CASE WHEN paid_cents + $2 >= total_cents THEN 'paid' ELSE status END,
		       updated_at = now()
		 WHERE id = $1`, id, cents)
	return err
}

func (r *InvoiceRepo) ApplyRefund(ctx context.Context, id string, cents int64) error {
	_, err := exec(ctx, r.q(ctx), "invoices.ApplyRefund", `
		UPDATE invoices
		   SET refunded_cents = refunded_cents + $2,
		       status = CASE WHEN refunded_cents + $2 >= paid_cents THEN 'refunded'
		                     ELSE 'partially_refunded' END,
		       updated_at = now()
		 WHERE id = $1`, id, cents)
	return err
}

func (r *InvoiceRepo) Overdue(ctx context.Context, asOf time.Time, minDaysLate int) ([]domain.OverdueInvoice, error) {
	return many[domain.OverdueInvoice](ctx, r.q(ctx), "invoices.Overdue", `
		SELECT i.id AS invoice_id, o.email AS owner_email, o.full_name AS owner_name,
		       c.name AS clinic_name, (i.total_cents - i.paid_cents + i.refunded_cents) AS balance_cents,
		       i.currency, i.due_at
		  FROM invoices i
		  JOIN owners o ON o.id = i.owner_id
		  JOIN clinics c ON c.id = i.clinic_id
		 WHERE i.status = 'open'
		   AND i.due_at < $1 - make_interval(days => $2)
		 ORDER BY i.due_at`, asOf, minDaysLate)
}

type PaymentRepo struct{ Store }

func NewPaymentRepo(s Store) *PaymentRepo { return &PaymentRepo{s} }

var (
	paymentsTable = Table[domain.Payment]{
		Name:     "payments",
		Cols:     []string{"id", "invoice_id", "clinic_id", "request_key", "amount_cents", "currency", "status"},
		Conflict: "ON CONSTRAINT payments_request_key",
	}
	paymentRefundsTable = Table[domain.PaymentRefund]{
		Name:     "payment_refunds",
		Cols:     []string{"stripe_refund_id", "payment_id", "invoice_id", "amount_cents"},
		Conflict: "(stripe_refund_id)",
	}
)

func (r *PaymentRepo) CreatePending(ctx context.Context, p domain.Payment) (domain.Payment, error) {
	const op errs.Op = "payments.CreatePending"
	q := r.q(ctx)
	if _, err := paymentsTable.InsertIgnore(ctx, q, op, p); err != nil {
		return domain.Payment{}, err
	}
	return one[domain.Payment](ctx, q, op,
		`SELECT * FROM payments WHERE invoice_id = $1 AND request_key = $2`, p.InvoiceID, p.RequestKey)
}

func (r *PaymentRepo) Get(ctx context.Context, id string) (domain.Payment, error) {
	return one[domain.Payment](ctx, r.q(ctx), "payments.Get", `SELECT * FROM payments WHERE id = $1`, id)
}

func (r *PaymentRepo) ByIntent(ctx context.Context, paymentIntentID string) (domain.Payment, error) {
	return one[domain.Payment](ctx, r.q(ctx), "payments.ByIntent",
		`SELECT * FROM payments WHERE stripe_payment_intent_id = $1`, paymentIntentID)
}

func (r *PaymentRepo) AttachIntent(ctx context.Context, id, paymentIntentID string) error {
	_, err := exec(ctx, r.q(ctx), "payments.AttachIntent",
		`UPDATE payments SET stripe_payment_intent_id = $2, updated_at = now() WHERE id = $1`, id, paymentIntentID)
	return err
}

func (r *PaymentRepo) MarkSucceeded(ctx context.Context, id string) (bool, error) {
	n, err := exec(ctx, r.q(ctx), "payments.MarkSucceeded", `
		UPDATE payments SET status = 'succeeded', failure_reason = NULL, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id)
	return n == 1, err
}

func (r *PaymentRepo) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := exec(ctx, r.q(ctx), "payments.MarkFailed", `
		UPDATE payments SET status = 'failed', failure_reason = $2, updated_at = now()
		 WHERE id = $1 AND status = 'pending'`, id, reason)
	return err
}

func (r *PaymentRepo) RefundRecorded(ctx context.Context, stripeRefundID string) (bool, error) {
	var ok bool
	err := r.q(ctx).GetContext(ctx, &ok,
		`SELECT EXISTS (SELECT 1 FROM payment_refunds WHERE stripe_refund_id = $1)`, stripeRefundID)
	if err != nil {
		return false, errs.E(errs.Op("payments.RefundRecorded"), errs.Internal, err)
	}
	return ok, nil
}

func (r *PaymentRepo) RecordRefund(ctx context.Context, ref domain.PaymentRefund) error {
	const op errs.Op = "payments.RecordRefund"
	q := r.q(ctx)
	if _, err := paymentRefundsTable.InsertIgnore(ctx, q, op, ref); err != nil {
		return err
	}
	_, err := exec(ctx, q, op, `
		UPDATE payments SET status = 'refunded', updated_at = now()
		 WHERE id = $1 AND amount_cents <= (SELECT COALESCE(SUM(amount_cents), 0)
		                                       FROM payment_refunds WHERE payment_id = $1)`, ref.PaymentID)
	return err
}

func (r *PaymentRepo) SettlementTotals(ctx context.Context, clinicID string, day time.Time) (domain.SettlementTotals, error) {
	return one[domain.SettlementTotals](ctx, r.q(ctx), "payments.SettlementTotals", `
		SELECT c.id AS clinic_id,
		       COALESCE(MAX(p.currency), 'usd') AS currency,
		       COALESCE(SUM(p.amount_cents), 0) AS amount_cents,
		       COUNT(p.id) AS payment_count
		  FROM clinics c
		  LEFT JOIN payments p
		    ON p.clinic_id = c.id
		   AND p.status IN ('succeeded', 'refunded')
		   AND p.settlement_id IS NULL
		   AND (p.updated_at AT TIME ZONE c.timezone)::date = $2::date
		 WHERE c.id = $1
		 GROUP BY c.id`, clinicID, day)
}

func (r *PaymentRepo) MarkSettled(ctx context.Context, clinicID string, day time.Time, settlementID string) (int64, error) {
	return exec(ctx, r.q(ctx), "payments.MarkSettled", `
		UPDATE payments p
		   SET settlement_id = $3, settled_at = now()
		  FROM clinics c
		 WHERE c.id = p.clinic_id
		   AND p.clinic_id = $1
		   AND p.status IN ('succeeded', 'refunded')
		   AND p.settlement_id IS NULL
		   AND (p.updated_at AT TIME ZONE c.timezone)::date = $2::date`, clinicID, day, settlementID)
}

type SettlementRepo struct{ Store }

func NewSettlementRepo(s Store) *SettlementRepo { return &SettlementRepo{s} }

var settlementsTable = Table[domain.Settlement]{
	Name:     "settlements",
	Cols:     []string{"id", "clinic_id", "business_date", "amount_cents", "currency", "payment_count", "status"},
	Conflict: "ON CONSTRAINT settlements_clinic_day_key",
}

func (r *SettlementRepo) Ensure(ctx context.Context, s domain.Settlement) (domain.Settlement, error) {
	const op errs.Op = "settlements.Ensure"
	q := r.q(ctx)
	if _, err := settlementsTable.InsertIgnore(ctx, q, op, s); err != nil {
		return domain.Settlement{}, err
	}
	return one[domain.Settlement](ctx, q, op,
		`SELECT * FROM settlements WHERE clinic_id = $1 AND business_date = $2::date`, s.ClinicID, s.BusinessDate)
}

func (r *SettlementRepo) MarkSent(ctx context.Context, id, transferID string, at time.Time) error {
	_, err := exec(ctx, r.q(ctx), "settlements.MarkSent", `
		UPDATE settlements SET status = 'sent', bank_transfer_id = $2, sent_at = $3
		 WHERE id = $1`, id, transferID, at)
	return err
}
