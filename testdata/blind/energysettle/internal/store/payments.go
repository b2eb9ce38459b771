package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// PaymentStore persists mandates, payments, refunds, provider events and
// payouts.
type PaymentStore struct {
	db *gorm.DB
}

// NewPaymentStore binds a PaymentStore to a handle.
func NewPaymentStore(db *gorm.DB) *PaymentStore { return &PaymentStore{db: db} }

// ActiveMandateForAccount returns the account's usable mandate.
func (s *PaymentStore) ActiveMandateForAccount(ctx context.Context, accountID string) (*model.Mandate, error) {
	var m model.Mandate
	err := s.db.WithContext(ctx).
		Where("account_id = ? AND status IN ?", accountID, []string{"pending_submission", "submitted", "active"}).
		Order("created_at DESC").
		Take(&m).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

// GetMandate loads a mandate.
func (s *PaymentStore) GetMandate(ctx context.Context, id string) (*model.Mandate, error) {
	var m model.Mandate
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&m).Error; err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

// InsertMandate stores a mandate created at the provider.
func (s *PaymentStore) InsertMandate(ctx context.Context, m *model.Mandate) error {
	return s.db.WithContext(ctx).Create(m).Error
}

// UpdateMandateStatusByProviderID applies a provider mandate status.
func (s *PaymentStore) UpdateMandateStatusByProviderID(ctx context.Context, providerID, status string) (int64, error) {
	res := s.db.WithContext(ctx).Model(&model.Mandate{}).
		Where("provider_mandate_id = ?", providerID).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()})
	return res.RowsAffected, res.Error
}

// FindPayment loads the payment for (invoice, attempt).
func (s *PaymentStore) FindPayment(ctx context.Context, invoiceID string, attemptNo int) (*model.Payment, error) {
	var p model.Payment
	err := s.db.WithContext(ctx).
		Where("invoice_id = ? AND attempt_no = ?", invoiceID, attemptNo).
		Take(&p).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// GetPayment loads a payment.
func (s *PaymentStore) GetPayment(ctx context.Context, id string) (*model.Payment, error) {
	var p model.Payment
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&p).Error; err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// GetPaymentByProviderID loads a payment by the provider's ID.
func (s *PaymentStore) GetPaymentByProviderID(ctx context.Context, providerID string) (*model.Payment, error) {
	var p model.Payment
	if err := s.db.WithContext(ctx).Where("provider_payment_id = ?", providerID).Take(&p).Error; err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// InsertPayment records a collection attempt unless (invoice, attempt)
// already exists, and reports whether this call created it.
func (s *PaymentStore) InsertPayment(ctx context.Context, p *model.Payment) (bool, error) {
	res := s.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "invoice_id"}, {Name: "attempt_no"}},
			DoNothing: true,
		}).
		Create(p)
	return res.RowsAffected == 1, res.Error
}

// MarkPaymentSubmitted stores the provider's payment ID and charge date.
func (s *PaymentStore) MarkPaymentSubmitted(ctx context.Context, id, providerID string, chargeDate *time.Time) error {
	return s.db.WithContext(ctx).Model(&model.Payment{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"provider_payment_id": providerID,
			"charge_date":         chargeDate,
			"status":              model.PaymentSubmitted,
			"updated_at":          time.Now().UTC(),
		}).Error
}

// SetPaymentStatus sets a payment status by local ID.
func (s *PaymentStore) SetPaymentStatus(ctx context.Context, id, status, reason string) error {
	return s.db.WithContext(ctx).Model(&model.Payment{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": status, "failure_reason": reason, "updated_at": time.Now().UTC()}).Error
}

// SetPaymentStatusByProviderID sets a payment status by the provider's ID.
func (s *PaymentStore) SetPaymentStatusByProviderID(ctx context.Context, providerID, status, reason string) (int64, error) {
	res := s.db.WithContext(ctx).Model(&model.Payment{}).
		Where("provider_payment_id = ?", providerID).
		Updates(map[string]any{"status": status, "failure_reason": reason, "updated_at": time.Now().UTC()})
	return res.RowsAffected, res.Error
}

// GetRefundRequest loads a refund request.
func (s *PaymentStore) GetRefundRequest(ctx context.Context, id string) (*model.RefundRequest, error) {
	var r model.RefundRequest
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&r).Error; err != nil {
		return nil, notFound(err)
	}
	return &r, nil
}

// MarkRefundSubmitted stores the provider's refund ID.
func (s *PaymentStore) MarkRefundSubmitted(ctx context.Context, id, providerRefundID string, at time.Time) error {
	return s.db.WithContext(ctx).Model(&model.RefundRequest{}).
		Where("id = ?", id).
		Updates(map[string]any{"provider_refund_id": providerRefundID, "status": "submitted", "submitted_at": at}).Error
}

// InsertPaymentEvent records a provider event as applied, reporting false
// if it had been applied before.
func (s *PaymentStore) InsertPaymentEvent(ctx context.Context, e *model.PaymentEvent) (bool, error) {
	res := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(e)
	return res.RowsAffected == 1, res.Error
}

// AppendEventLog stores a raw delivery in the support log.
func (s *PaymentStore) AppendEventLog(ctx context.Context, l *model.PaymentEventLog) error {
	return s.db.WithContext(ctx).Create(l).Error
}

// InsertPayout records a payout, reporting false if it was known.
func (s *PaymentStore) InsertPayout(ctx context.Context, p *model.Payout) (bool, error) {
	res := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(p)
	return res.RowsAffected == 1, res.Error
}

// InsertPayoutItems links payments to a payout.
func (s *PaymentStore) InsertPayoutItems(ctx context.Context, items []model.PayoutItem) error {
	if len(items) == 0 {
		return nil
	}
	return s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&items).Error
}

// MarkPaidOut moves the listed provider payments to paid_out.
func (s *PaymentStore) MarkPaidOut(ctx context.Context, providerPaymentIDs []string) (int64, error) {
	if len(providerPaymentIDs) == 0 {
		return 0, nil
	}
	res := s.db.WithContext(ctx).Model(&model.Payment{}).
		Where("provider_payment_id IN ? AND status <> ?", providerPaymentIDs, model.PaymentPaidOut).
		Updates(map[string]any{"status": model.PaymentPaidOut, "updated_at": time.Now().UTC()})
	return res.RowsAffected, res.Error
}

// LatestAttempt returns the highest-numbered attempt for an invoice.
func (s *PaymentStore) LatestAttempt(ctx context.Context, invoiceID string) (*model.Payment, error) {
	var p model.Payment
	err := s.db.WithContext(ctx).Where("invoice_id = ?", invoiceID).Order("attempt_no DESC").Take(&p).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// CollectionTx is the repository set for collection operations: payments
// plus the invoice they collect.
type CollectionTx struct {
	*PaymentStore
	*BillingStore
}

// NewCollectionTx binds a CollectionTx to a handle.
func NewCollectionTx(db *gorm.DB) *CollectionTx {
	return &CollectionTx{PaymentStore: NewPaymentStore(db), BillingStore: NewBillingStore(db)}
}
