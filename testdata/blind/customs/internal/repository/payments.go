package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborline/brokerage/internal/domain"
)

// PaymentRepository persists duty payments, deposits, refunds and methods.
type PaymentRepository interface {
	EnsureDutyPayment(ctx context.Context, p *domain.DutyPayment) (*domain.DutyPayment, error)
	GetDutyPaymentByProviderID(ctx context.Context, providerID string) (*domain.DutyPayment, error)
	SettleDutyPayment(ctx context.Context, id, status string, providerID, failure *string) error
	AppendAttempt(ctx context.Context, a *domain.PaymentAttempt) error

	CreateDeposit(ctx context.Context, d *domain.Deposit) error
	GetDepositByProviderID(ctx context.Context, providerID string) (*domain.Deposit, error)
	SucceededDeposits(ctx context.Context, shipmentID string) ([]domain.Deposit, error)
	SetDepositStatus(ctx context.Context, id, status string) error
	CreateRefund(ctx context.Context, r *domain.Refund) error

	CreatePaymentMethod(ctx context.Context, m *domain.PaymentMethod) error
	DefaultPaymentMethod(ctx context.Context, importerID string) (*domain.PaymentMethod, error)
	ClearDefault(ctx context.Context, importerID string) error

	WithTx(tx *gorm.DB) PaymentRepository
}

type PaymentRepo struct{ db *gorm.DB }

func NewPaymentRepo(db *gorm.DB) *PaymentRepo { return &PaymentRepo{db: db} }

func (r *PaymentRepo) WithTx(tx *gorm.DB) PaymentRepository { return &PaymentRepo{db: tx} }

// EnsureDutyPayment inserts p unless the declaration already has a payment
// intent, and returns the stored row.
func (r *PaymentRepo) EnsureDutyPayment(ctx context.Context, p *domain.DutyPayment) (*domain.DutyPayment, error) {
	db := r.db.WithContext(ctx)
	if err := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "declaration_id"}},
		DoNothing: true,
	}).Create(p).Error; err != nil {
		return nil, err
	}
	var stored domain.DutyPayment
	if err := db.First(&stored, "declaration_id = ?", p.DeclarationID).Error; err != nil {
		return nil, err
	}
	return &stored, nil
}

func (r *PaymentRepo) GetDutyPaymentByProviderID(ctx context.Context, providerID string) (*domain.DutyPayment, error) {
	var p domain.DutyPayment
	if err := r.db.WithContext(ctx).First(&p, "provider_payment_id = ?", providerID).Error; err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

func (r *PaymentRepo) SettleDutyPayment(ctx context.Context, id, status string, providerID, failure *string) error {
	return r.db.WithContext(ctx).Model(&domain.DutyPayment{}).Where("id = ?", id).
		Updates(map[string]any{
			"status": status, "provider_payment_id": providerID,
			"failure_reason": failure, "updated_at": time.Now().UTC(),
		}).Error
}

func (r *PaymentRepo) AppendAttempt(ctx context.Context, a *domain.PaymentAttempt) error {
	return r.db.WithContext(ctx).Create(a).Error
}

func (r *PaymentRepo) CreateDeposit(ctx context.Context, d *domain.Deposit) error {
	return r.db.WithContext(ctx).Create(d).Error
}

func (r *PaymentRepo) GetDepositByProviderID(ctx context.Context, providerID string) (*domain.Deposit, error) {
	var d domain.Deposit
	if err := r.db.WithContext(ctx).First(&d, "provider_payment_id = ?", providerID).Error; err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

func (r *PaymentRepo) SucceededDeposits(ctx context.Context, shipmentID string) ([]domain.Deposit, error) {
	var out []domain.Deposit
	err := r.db.WithContext(ctx).
		Where("shipment_id = ? AND status = ?", shipmentID, domain.PaymentSucceeded).
		Order("created_at").Find(&out).Error
	return out, err
}

func (r *PaymentRepo) SetDepositStatus(ctx context.Context, id, status string) error {
	return r.db.WithContext(ctx).Model(&domain.Deposit{}).Where("id = ?", id).Update("status", status).Error
}

func (r *PaymentRepo) CreateRefund(ctx context.Context, rf *domain.Refund) error {
	return r.db.WithContext(ctx).Create(rf).Error
}

// CreatePaymentMethod stores m; if the provider method is already known only
// its default flag is updated.
func (r *PaymentRepo) CreatePaymentMethod(ctx context.Context, m *domain.PaymentMethod) error {
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "provider_method_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"is_default"}),
	}).Create(m).Error
}

func (r *PaymentRepo) DefaultPaymentMethod(ctx context.Context, importerID string) (*domain.PaymentMethod, error) {
	var m domain.PaymentMethod
	err := r.db.WithContext(ctx).Where("importer_id = ? AND is_default", importerID).First(&m).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &m, nil
}

func (r *PaymentRepo) ClearDefault(ctx context.Context, importerID string) error {
	return r.db.WithContext(ctx).Model(&domain.PaymentMethod{}).
		Where("importer_id = ?", importerID).Update("is_default", false).Error
}
