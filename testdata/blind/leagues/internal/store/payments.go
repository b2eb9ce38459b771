package store

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// PaymentIntentRepo persists payment intents.
type PaymentIntentRepo interface {
	WithTx(tx *gorm.DB) PaymentIntentRepo
	CreateIfAbsent(ctx context.Context, pi *PaymentIntent) (bool, error)
	Get(ctx context.Context, id string) (*PaymentIntent, error)
	GetForUpdate(ctx context.Context, id string) (*PaymentIntent, error)
	GetByPurpose(ctx context.Context, registrationID, purpose string, installment int) (*PaymentIntent, error)
	LatestCaptured(ctx context.Context, registrationID string) (*PaymentIntent, error)
	SetRequestReference(ctx context.Context, id, ref string) error
	RecordResult(ctx context.Context, id, status string, pspReference *string, lastErr string) error
}

type paymentIntentRepo struct{ db *gorm.DB }

// NewPaymentIntentRepo returns the gorm implementation.
func NewPaymentIntentRepo(db *gorm.DB) PaymentIntentRepo { return &paymentIntentRepo{db: db} }

func (r *paymentIntentRepo) WithTx(tx *gorm.DB) PaymentIntentRepo { return &paymentIntentRepo{db: tx} }

func (r *paymentIntentRepo) CreateIfAbsent(ctx context.Context, pi *PaymentIntent) (bool, error) {
	res := r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(pi)
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *paymentIntentRepo) Get(ctx context.Context, id string) (*PaymentIntent, error) {
	return first[PaymentIntent](ctx, r.db, "id = ?", id)
}

func (r *paymentIntentRepo) GetForUpdate(ctx context.Context, id string) (*PaymentIntent, error) {
	var pi PaymentIntent
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&pi).Error
	if err != nil {
		return nil, mapErr(err)
	}
	return &pi, nil
}

func (r *paymentIntentRepo) GetByPurpose(ctx context.Context, registrationID, purpose string, installment int) (*PaymentIntent, error) {
	return first[PaymentIntent](ctx, r.db, "registration_id = ? AND purpose = ? AND installment_no = ?",
		registrationID, purpose, installment)
}

func (r *paymentIntentRepo) LatestCaptured(ctx context.Context, registrationID string) (*PaymentIntent, error) {
	var pi PaymentIntent
	err := r.db.WithContext(ctx).
		Where("registration_id = ? AND status = ?", registrationID, IntentCaptured).
		Order("created_at DESC").Take(&pi).Error
	if err != nil {
		return nil, mapErr(err)
	}
	return &pi, nil
}

func (r *paymentIntentRepo) SetRequestReference(ctx context.Context, id, ref string) error {
	return mapErr(r.db.WithContext(ctx).Model(&PaymentIntent{}).Where("id = ?", id).
		Updates(map[string]any{"request_reference": ref, "updated_at": gorm.Expr("now()")}).Error)
}

// RecordResult stores the processor's latest view of the intent. A captured
// intent is never moved back to an earlier state.
func (r *paymentIntentRepo) RecordResult(ctx context.Context, id, status string, pspReference *string, lastErr string) error {
	updates := map[string]any{"status": status, "last_error": lastErr, "updated_at": gorm.Expr("now()")}
	if pspReference != nil {
		updates["psp_reference"] = *pspReference
	}
	return mapErr(r.db.WithContext(ctx).Model(&PaymentIntent{}).
		Where("id = ? AND status <> ?", id, IntentCaptured).Updates(updates).Error)
}

// PaymentAttemptRepo appends to the processor call log.
type PaymentAttemptRepo interface {
	Append(ctx context.Context, a *PaymentAttempt) error
}

type paymentAttemptRepo struct{ db *gorm.DB }

// NewPaymentAttemptRepo returns the gorm implementation.
func NewPaymentAttemptRepo(db *gorm.DB) PaymentAttemptRepo { return &paymentAttemptRepo{db: db} }

func (r *paymentAttemptRepo) Append(ctx context.Context, a *PaymentAttempt) error {
	return mapErr(r.db.WithContext(ctx).Create(a).Error)
}

// RefundRepo persists refunds.
type RefundRepo interface {
	WithTx(tx *gorm.DB) RefundRepo
	CreateIfAbsent(ctx context.Context, rf *Refund) (bool, error)
	GetByRegistration(ctx context.Context, registrationID string) (*Refund, error)
	GetByPSPReference(ctx context.Context, psp string) (*Refund, error)
	MarkSubmitted(ctx context.Context, id, psp string) error
	MarkSettled(ctx context.Context, id, status string) error
}

type refundRepo struct{ db *gorm.DB }

// NewRefundRepo returns the gorm implementation.
func NewRefundRepo(db *gorm.DB) RefundRepo { return &refundRepo{db: db} }

func (r *refundRepo) WithTx(tx *gorm.DB) RefundRepo { return &refundRepo{db: tx} }

func (r *refundRepo) CreateIfAbsent(ctx context.Context, rf *Refund) (bool, error) {
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "intent_id"}}, DoNothing: true}).
		Create(rf)
	if res.Error != nil {
		return false, mapErr(res.Error)
	}
	return res.RowsAffected == 1, nil
}

func (r *refundRepo) GetByRegistration(ctx context.Context, registrationID string) (*Refund, error) {
	return first[Refund](ctx, r.db, "registration_id = ?", registrationID)
}

func (r *refundRepo) GetByPSPReference(ctx context.Context, psp string) (*Refund, error) {
	return first[Refund](ctx, r.db, "psp_reference = ?", psp)
}

func (r *refundRepo) MarkSubmitted(ctx context.Context, id, psp string) error {
	return mapErr(r.db.WithContext(ctx).Model(&Refund{}).Where("id = ?", id).
		Updates(map[string]any{"status": "submitted", "psp_reference": psp, "updated_at": gorm.Expr("now()")}).Error)
}

func (r *refundRepo) MarkSettled(ctx context.Context, id, status string) error {
	return mapErr(r.db.WithContext(ctx).Model(&Refund{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": gorm.Expr("now()")}).Error)
}

// LedgerRepo appends ledger entries.
type LedgerRepo interface {
	WithTx(tx *gorm.DB) LedgerRepo
	Append(ctx context.Context, e *LedgerEntry) error
	SumForRegistration(ctx context.Context, registrationID string) (int64, error)
}

type ledgerRepo struct{ db *gorm.DB }

// NewLedgerRepo returns the gorm implementation.
func NewLedgerRepo(db *gorm.DB) LedgerRepo { return &ledgerRepo{db: db} }

func (r *ledgerRepo) WithTx(tx *gorm.DB) LedgerRepo { return &ledgerRepo{db: tx} }

func (r *ledgerRepo) Append(ctx context.Context, e *LedgerEntry) error {
	return mapErr(r.db.WithContext(ctx).Create(e).Error)
}

func (r *ledgerRepo) SumForRegistration(ctx context.Context, registrationID string) (int64, error) {
	var sum int64
	err := r.db.WithContext(ctx).Model(&LedgerEntry{}).
		Where("registration_id = ?", registrationID).
		Select("COALESCE(SUM(amount_cents), 0)").Scan(&sum).Error
	return sum, mapErr(err)
}

// ScholarshipRepo persists scholarship awards.
type ScholarshipRepo interface {
	WithTx(tx *gorm.DB) ScholarshipRepo
	Create(ctx context.Context, a *ScholarshipAward) error
	GetByRegistration(ctx context.Context, registrationID string) (*ScholarshipAward, error)
}

type scholarshipRepo struct{ db *gorm.DB }

// NewScholarshipRepo returns the gorm implementation.
func NewScholarshipRepo(db *gorm.DB) ScholarshipRepo { return &scholarshipRepo{db: db} }

func (r *scholarshipRepo) WithTx(tx *gorm.DB) ScholarshipRepo { return &scholarshipRepo{db: tx} }

func (r *scholarshipRepo) Create(ctx context.Context, a *ScholarshipAward) error {
	return mapErr(r.db.WithContext(ctx).Create(a).Error)
}

func (r *scholarshipRepo) GetByRegistration(ctx context.Context, registrationID string) (*ScholarshipAward, error) {
	return first[ScholarshipAward](ctx, r.db, "registration_id = ?", registrationID)
}
