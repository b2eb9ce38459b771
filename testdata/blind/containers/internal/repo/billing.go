package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// Accounts stores shipping line billing accounts.
type Accounts struct {
	*db.Repository[domain.LineAccount]
}

func NewAccounts(g *gorm.DB) *Accounts {
	return &Accounts{Repository: db.NewRepository[domain.LineAccount](g)}
}

func (r *Accounts) Get(ctx context.Context, lineCode string) (*domain.LineAccount, error) {
	return r.FindOne(ctx, "line_code = ?", lineCode)
}

func (r *Accounts) AddBalance(ctx context.Context, lineCode string, delta int64) error {
	_, err := r.UpdateWhere(ctx, map[string]any{"balance_cents": gorm.Expr("balance_cents + ?", delta)},
		"line_code = ?", lineCode)
	return err
}

// Invoices stores demurrage invoices and their lines.
type Invoices struct {
	*db.Repository[domain.Invoice]
	lines *db.Repository[domain.InvoiceLine]
}

func NewInvoices(g *gorm.DB) *Invoices {
	return &Invoices{
		Repository: db.NewRepository[domain.Invoice](g),
		lines:      db.NewRepository[domain.InvoiceLine](g),
	}
}

func (r *Invoices) Get(ctx context.Context, id string) (*domain.Invoice, error) {
	return r.FindByID(ctx, id)
}

func (r *Invoices) ForPeriod(ctx context.Context, lineCode, period string) (*domain.Invoice, error) {
	return r.FindOne(ctx, "line_code = ? AND period = ?", lineCode, period)
}

func (r *Invoices) Insert(ctx context.Context, inv *domain.Invoice, lines []domain.InvoiceLine) error {
	if err := r.Create(ctx, inv); err != nil {
		return err
	}
	if len(lines) == 0 {
		return nil
	}
	return r.lines.DB(ctx).Create(&lines).Error
}

func (r *Invoices) MarkSent(ctx context.Context, id string, at time.Time) error {
	_, err := r.UpdateWhere(ctx, map[string]any{"sent_at": at, "updated_at": at}, "id = ?", id)
	return err
}

func (r *Invoices) SetAutocharge(ctx context.Context, id, status string, paymentIntentID *string) error {
	values := map[string]any{"autocharge_status": status, "updated_at": time.Now()}
	if paymentIntentID != nil {
		values["payment_intent_id"] = *paymentIntentID
	}
	_, err := r.UpdateWhere(ctx, values, "id = ?", id)
	return err
}

func (r *Invoices) MarkPaid(ctx context.Context, id, paymentIntentID string, at time.Time) (bool, error) {
	n, err := r.UpdateWhere(ctx, map[string]any{
		"status": domain.InvoicePaid, "paid_at": at, "payment_intent_id": paymentIntentID, "updated_at": at,
	}, "id = ? AND status = ?", id, domain.InvoiceIssued)
	return n == 1, err
}

// Accruals stores daily demurrage accruals.
type Accruals struct {
	*db.Repository[domain.DemurrageAccrual]
	pool *gorm.DB
}

func NewAccruals(g *gorm.DB) *Accruals {
	return &Accruals{Repository: db.NewRepository[domain.DemurrageAccrual](g), pool: g}
}

// AddDay writes the accrual for one container-day; the nightly job reruns
// over the same days after a failure.
func (r *Accruals) AddDay(ctx context.Context, a *domain.DemurrageAccrual) (bool, error) {
	return r.CreateIgnoreConflict(ctx, a, "container_no", "accrual_date")
}

func (r *Accruals) Uninvoiced(ctx context.Context, lineCode string, from, to time.Time) ([]domain.DemurrageAccrual, error) {
	var out []domain.DemurrageAccrual
	err := r.DB(ctx).
		Where("line_code = ? AND accrual_date >= ? AND accrual_date < ? AND invoice_id IS NULL", lineCode, from, to).
		Order("container_no, accrual_date").Find(&out).Error
	return out, err
}

func (r *Accruals) LinesWithUninvoiced(ctx context.Context, from, to time.Time) ([]string, error) {
	var out []string
	err := r.DB(ctx).Model(&domain.DemurrageAccrual{}).
		Where("accrual_date >= ? AND accrual_date < ? AND invoice_id IS NULL", from, to).
		Distinct().Pluck("line_code", &out).Error
	return out, err
}

// MarkInvoiced links accruals to an invoice. Large months touch tens of
// thousands of rows, so this runs on its own session with a longer
// statement timeout than the request default.
func (r *Accruals) MarkInvoiced(ctx context.Context, ids []int64, invoiceID string) error {
	sess := r.pool.Session(&gorm.Session{Context: ctx, NewDB: true})
	return sess.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("SET LOCAL statement_timeout = '120s'").Error; err != nil {
			return err
		}
		return tx.Model(&domain.DemurrageAccrual{}).
			Where("id IN ? AND invoice_id IS NULL", ids).
			Update("invoice_id", invoiceID).Error
	})
}

// Payments stores card payment attempts.
type Payments struct {
	*db.Repository[domain.Payment]
}

func NewPayments(g *gorm.DB) *Payments {
	return &Payments{Repository: db.NewRepository[domain.Payment](g)}
}

func (r *Payments) Record(ctx context.Context, p *domain.Payment) error {
	_, err := r.CreateIgnoreConflict(ctx, p, "payment_intent_id")
	return err
}

func (r *Payments) SetStatusByIntent(ctx context.Context, paymentIntentID, status string) error {
	_, err := r.UpdateWhere(ctx, map[string]any{"status": status, "updated_at": time.Now()},
		"payment_intent_id = ?", paymentIntentID)
	return err
}

// CreditNotes stores credit notes and their refunds.
type CreditNotes struct {
	*db.Repository[domain.CreditNote]
}

func NewCreditNotes(g *gorm.DB) *CreditNotes {
	return &CreditNotes{Repository: db.NewRepository[domain.CreditNote](g)}
}

// Open stores the credit note for (invoice, request ref) unless it exists,
// Open stores the credit note for (invoice, request ref) unless it exists,
// and returns the stored row either way.
func (r *CreditNotes) Open(ctx context.Context, cn *domain.CreditNote) (*domain.CreditNote, error) {
	if _, err := r.CreateIgnoreConflict(ctx, cn, "invoice_id", "request_ref"); err != nil {
		return nil, err
	}
	return r.FindOne(ctx, "invoice_id = ? AND request_ref = ?", cn.InvoiceID, cn.RequestRef)
}

func (r *CreditNotes) MarkRefunded(ctx context.Context, id, refundID string) error {
	_, err := r.UpdateWhere(ctx, map[string]any{"refund_id": refundID, "status": "refunded", "updated_at": time.Now()},
		"id = ?", id)
	return err
}

// StripeEvents stores processed Stripe webhook events.
type StripeEvents struct {
	*db.Repository[domain.StripeEvent]
}

func NewStripeEvents(g *gorm.DB) *StripeEvents {
	return &StripeEvents{Repository: db.NewRepository[domain.StripeEvent](g)}
}

func (r *StripeEvents) Claim(ctx context.Context, eventID, eventType string) (bool, error) {
	return r.CreateIgnoreConflict(ctx, &domain.StripeEvent{
		EventID: eventID, Type: eventType, ProcessedAt: time.Now(),
	}, "event_id")
}
