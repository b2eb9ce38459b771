package billing

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/nimbusrack/hosting/internal/platform/database"
)

// ErrNotFound is returned when a billing record is missing.
var ErrNotFound = errors.New("billing record not found")

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) || errors.Is(err, database.ErrNotFound) {
		return ErrNotFound
	}
	return err
}

// SubscriptionRepository stores subscriptions.
type SubscriptionRepository struct{ db *gorm.DB }

// NewSubscriptionRepository returns a SubscriptionRepository.
func NewSubscriptionRepository(db *gorm.DB) *SubscriptionRepository {
	return &SubscriptionRepository{db: db}
}

// WithTx binds the repository to tx.
func (r *SubscriptionRepository) WithTx(tx *gorm.DB) *SubscriptionRepository {
	return &SubscriptionRepository{db: tx}
}

// Create inserts a subscription.
func (r *SubscriptionRepository) Create(ctx context.Context, s *Subscription) error {
	return r.db.WithContext(ctx).Create(s).Error
}

// Get loads the subscription of a server.
func (r *SubscriptionRepository) Get(ctx context.Context, serverID uuid.UUID) (*Subscription, error) {
	s, err := database.Find[Subscription](ctx, r.db, "server_id = ?", serverID)
	return s, notFound(err)
}

// End closes a subscription at t if it is still open.
func (r *SubscriptionRepository) End(ctx context.Context, serverID uuid.UUID, t time.Time) (bool, error) {
	res := r.db.WithContext(ctx).Model(&Subscription{}).
		Where("server_id = ? AND ended_at IS NULL", serverID).
		Update("ended_at", t)
	return res.RowsAffected == 1, res.Error
}

// ActiveInPeriod lists a customer's subscriptions that overlap [from, to).
func (r *SubscriptionRepository) ActiveInPeriod(ctx context.Context, customerID uuid.UUID, from, to time.Time) ([]Subscription, error) {
	var out []Subscription
	err := r.db.WithContext(ctx).
		Where("customer_id = ? AND started_at < ? AND (ended_at IS NULL OR ended_at > ?)", customerID, to, from).
		Order("started_at").Find(&out).Error
	return out, err
}

// InvoiceRepository stores invoices and their lines.
type InvoiceRepository struct{ db *gorm.DB }

// NewInvoiceRepository returns an InvoiceRepository.
func NewInvoiceRepository(db *gorm.DB) *InvoiceRepository { return &InvoiceRepository{db: db} }

// WithTx binds the repository to tx.
func (r *InvoiceRepository) WithTx(tx *gorm.DB) *InvoiceRepository { return &InvoiceRepository{db: tx} }

// Get loads an invoice with its lines.
func (r *InvoiceRepository) Get(ctx context.Context, id uuid.UUID) (*Invoice, error) {
	var inv Invoice
	err := r.db.WithContext(ctx).Preload("Lines").Where("id = ?", id).Take(&inv).Error
	return &inv, notFound(err)
}

// GetOwned loads an invoice belonging to customerID.
func (r *InvoiceRepository) GetOwned(ctx context.Context, customerID, id uuid.UUID) (*Invoice, error) {
	inv, err := database.Find[Invoice](ctx, r.db, "id = ? AND customer_id = ?", id, customerID)
	return inv, notFound(err)
}

// LockForUpdate loads an invoice FOR UPDATE.
func (r *InvoiceRepository) LockForUpdate(ctx context.Context, id uuid.UUID) (*Invoice, error) {
	var inv Invoice
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&inv).Error
	return &inv, notFound(err)
}

// CreateForPeriod inserts a draft invoice for (customer, period) unless one
// exists, and returns the stored invoice.
func (r *InvoiceRepository) CreateForPeriod(ctx context.Context, inv *Invoice) (*Invoice, bool, error) {
	created, err := database.InsertIgnore(ctx, r.db, inv, "customer_id", "period")
	if err != nil {
		return nil, false, err
	}
	if created {
		return inv, true, nil
	}
	existing, err := database.Find[Invoice](ctx, r.db, "customer_id = ? AND period = ?", inv.CustomerID, inv.Period)
	return existing, false, notFound(err)
}

// OpenForCustomer returns the customer's current draft invoice.
func (r *InvoiceRepository) OpenForCustomer(ctx context.Context, customerID uuid.UUID, period string) (*Invoice, error) {
	inv, err := database.Find[Invoice](ctx, r.db, "customer_id = ? AND period = ? AND status = ?", customerID, period, InvoiceDraft)
	return inv, notFound(err)
}

// AddLine inserts a line; lines with a SourceRef are added at most once.
func (r *InvoiceRepository) AddLine(ctx context.Context, l *InvoiceLine) error {
	if l.SourceRef == nil {
		return r.db.WithContext(ctx).Create(l).Error
	}
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:     []clause.Column{{Name: "invoice_id"}, {Name: "source_ref"}},
		TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "source_ref IS NOT NULL"}}},
		DoNothing:   true,
	}).Create(l).Error
}

// Recalculate recomputes subtotal and total from the lines.
func (r *InvoiceRepository) Recalculate(ctx context.Context, id uuid.UUID) error {
	return r.db.WithContext(ctx).Exec(`
		UPDATE invoices SET
			subtotal_cents = COALESCE((SELECT SUM(amount_cents) FROM invoice_lines WHERE invoice_id = ?), 0),
			total_cents = GREATEST(COALESCE((SELECT SUM(amount_cents) FROM invoice_lines WHERE invoice_id = ?), 0) - credit_applied_cents, 0)
		WHERE id = ?`, id, id, id).Error
}

// ApplyCredit records credit applied to an invoice.
func (r *InvoiceRepository) ApplyCredit(ctx context.Context, id uuid.UUID, cents int64) error {
	return r.db.WithContext(ctx).Model(&Invoice{}).Where("id = ?", id).
		Update("credit_applied_cents", gorm.Expr("credit_applied_cents + ?", cents)).Error
}

// Finalize moves a draft invoice to open.
func (r *InvoiceRepository) Finalize(ctx context.Context, id uuid.UUID, due time.Time) (bool, error) {
	now := time.Now().UTC()
	res := r.db.WithContext(ctx).Model(&Invoice{}).
		Where("id = ? AND status = ?", id, InvoiceDraft).
		Updates(map[string]any{"status": InvoiceOpen, "finalized_at": now, "due_at": due})
	return res.RowsAffected == 1, res.Error
}

// RecordPayment adds a settled amount to the invoice and marks it paid once covered.
func (r *InvoiceRepository) RecordPayment(ctx context.Context, id uuid.UUID, cents int64) error {
	return r.db.WithContext(ctx).Exec(`
		UPDATE invoices SET
			amount_paid_cents = amount_paid_cents + ?,
			status = CASE WHEN amount_paid_cents + ? >= total_cents THEN 'paid' ELSE status END
		WHERE id = ?`, cents, cents, id).Error
}

// SetStatus sets the invoice status.
func (r *InvoiceRepository) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.db.WithContext(ctx).Model(&Invoice{}).Where("id = ?", id).Update("status", status).Error
}

// PastDue lists invoices whose collection failed and may be retried.
func (r *InvoiceRepository) PastDue(ctx context.Context, limit int) ([]Invoice, error) {
	var out []Invoice
	err := r.db.WithContext(ctx).Where("status = ?", InvoicePastDue).Order("due_at").Limit(limit).Find(&out).Error
	return out, err
}

// ListByCustomer pages through invoices, newest period first.
func (r *InvoiceRepository) ListByCustomer(ctx context.Context, customerID uuid.UUID, beforePeriod string, limit int) ([]Invoice, error) {
	q := r.db.WithContext(ctx).Where("customer_id = ?", customerID)
	if beforePeriod != "" {
		q = q.Where("period < ?", beforePeriod)
	}
	var out []Invoice
	err := q.Order("period DESC").Limit(limit + 1).Find(&out).Error
	return out, err
}

// PaymentRepository stores payment attempts and refunds.
type PaymentRepository struct{ db *gorm.DB }

// NewPaymentRepository returns a PaymentRepository.
func NewPaymentRepository(db *gorm.DB) *PaymentRepository { return &PaymentRepository{db: db} }

// WithTx binds the repository to tx.
func (r *PaymentRepository) WithTx(tx *gorm.DB) *PaymentRepository { return &PaymentRepository{db: tx} }

// Get loads a payment.
func (r *PaymentRepository) Get(ctx context.Context, id uuid.UUID) (*Payment, error) {
	p, err := database.Find[Payment](ctx, r.db, "id = ?", id)
	return p, notFound(err)
}

// ByProviderRef loads a payment by Stripe PaymentIntent id.
func (r *PaymentRepository) ByProviderRef(ctx context.Context, ref string) (*Payment, error) {
	p, err := database.Find[Payment](ctx, r.db, "provider_ref = ?", ref)
	return p, notFound(err)
}

// ClaimAttempt inserts attempt n for an invoice unless it exists and returns
// the stored attempt.
func (r *PaymentRepository) ClaimAttempt(ctx context.Context, p *Payment) (*Payment, error) {
	if _, err := database.InsertIgnore(ctx, r.db, p, "invoice_id", "attempt"); err != nil {
		return nil, err
	}
	stored, err := database.Find[Payment](ctx, r.db, "invoice_id = ? AND attempt = ?", p.InvoiceID, p.Attempt)
	return stored, notFound(err)
}

// LatestAttempt returns the highest attempt for an invoice, or nil.
func (r *PaymentRepository) LatestAttempt(ctx context.Context, invoiceID uuid.UUID) (*Payment, error) {
	var p Payment
	err := r.db.WithContext(ctx).Where("invoice_id = ?", invoiceID).Order("attempt DESC").Take(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &p, err
}

// Settle records the provider's outcome for an attempt.
func (r *PaymentRepository) Settle(ctx context.Context, id uuid.UUID, status string, providerRef, failureCode *string) error {
	updates := map[string]any{"status": status, "updated_at": time.Now().UTC()}
	if providerRef != nil {
		updates["provider_ref"] = *providerRef
	}
	if failureCode != nil {
		updates["failure_code"] = *failureCode
	}
	return r.db.WithContext(ctx).Model(&Payment{}).Where("id = ?", id).Updates(updates).Error
}

// MarkSucceeded flips a pending payment to succeeded; false if it already was.
func (r *PaymentRepository) MarkSucceeded(ctx context.Context, id uuid.UUID) (bool, error) {
	res := r.db.WithContext(ctx).Model(&Payment{}).
		Where("id = ? AND status <> ?", id, PaymentSucceeded).
		Updates(map[string]any{"status": PaymentSucceeded, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

// CreateRefund inserts a refund.
func (r *PaymentRepository) CreateRefund(ctx context.Context, rf *Refund) error {
	return r.db.WithContext(ctx).Create(rf).Error
}

// RefundedTotal sums refunds already issued for a payment.
func (r *PaymentRepository) RefundedTotal(ctx context.Context, paymentID uuid.UUID) (int64, error) {
	var total int64
	err := r.db.WithContext(ctx).Model(&Refund{}).Where("payment_id = ?", paymentID).
		Select("COALESCE(SUM(amount_cents), 0)").Scan(&total).Error
	return total, err
}

// LatestSucceededForCustomer returns the customer's most recent settled payment.
func (r *PaymentRepository) LatestSucceededForCustomer(ctx context.Context, customerID uuid.UUID) (*Payment, error) {
	var p Payment
	err := r.db.WithContext(ctx).Where("customer_id = ? AND status = ?", customerID, PaymentSucceeded).
		Order("created_at DESC").Take(&p).Error
	return &p, notFound(err)
}

// CreditRepository stores credit grants and coupons.
type CreditRepository struct{ db *gorm.DB }

// NewCreditRepository returns a CreditRepository.
func NewCreditRepository(db *gorm.DB) *CreditRepository { return &CreditRepository{db: db} }

// WithTx binds the repository to tx.
func (r *CreditRepository) WithTx(tx *gorm.DB) *CreditRepository { return &CreditRepository{db: tx} }

// Create inserts a credit grant.
func (r *CreditRepository) Create(ctx context.Context, c *Credit) error {
	return database.Insert(ctx, r.db, c)
}

// ListByCustomer pages through grants, newest first.
func (r *CreditRepository) ListByCustomer(ctx context.Context, customerID uuid.UUID, beforeID string, limit int) ([]Credit, error) {
	q := r.db.WithContext(ctx).Where("customer_id = ?", customerID)
	if beforeID != "" {
		q = q.Where("id < ?", beforeID)
	}
	var out []Credit
	err := q.Order("id DESC").Limit(limit + 1).Find(&out).Error
	return out, err
}

// LockCoupon loads a coupon FOR UPDATE.
func (r *CreditRepository) LockCoupon(ctx context.Context, code string) (*Coupon, error) {
	var c Coupon
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("code = ?", code).Take(&c).Error
	return &c, notFound(err)
}

// ClaimRedemption inserts a redemption unless the customer already used the
// coupon. It reports whether this call claimed it.
func (r *CreditRepository) ClaimRedemption(ctx context.Context, red *CouponRedemption) (bool, error) {
	return database.InsertIgnore(ctx, r.db, red, "coupon_code", "customer_id")
}

// Redemption loads an existing redemption.
func (r *CreditRepository) Redemption(ctx context.Context, code string, customerID uuid.UUID) (*CouponRedemption, error) {
	red, err := database.Find[CouponRedemption](ctx, r.db, "coupon_code = ? AND customer_id = ?", code, customerID)
	return red, notFound(err)
}

// IncrementRedeemed bumps a coupon's redemption counter.
func (r *CreditRepository) IncrementRedeemed(ctx context.Context, code string) error {
	return r.db.WithContext(ctx).Model(&Coupon{}).Where("code = ?", code).
		Update("redeemed_count", gorm.Expr("redeemed_count + 1")).Error
}
