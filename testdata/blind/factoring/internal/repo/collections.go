package repo

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/kestrelfin/factoring/internal/domain"
)

type CollectionRepository interface {
	CreateIfAbsent(ctx context.Context, c *domain.Collection) (*domain.Collection, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Collection, error)
	GetByProviderPayment(ctx context.Context, providerPaymentID string) (*domain.Collection, error)
	MarkInitiated(ctx context.Context, id uuid.UUID, providerPaymentID string) error
	RecordAttempt(ctx context.Context, id uuid.UUID, providerPaymentID string) error
	SetStatus(ctx context.Context, id uuid.UUID, status, failure string) error
}

type collectionRepo struct{ db *gorm.DB }

func (r *collectionRepo) CreateIfAbsent(ctx context.Context, c *domain.Collection) (*domain.Collection, error) {
	if _, err := insertIgnore(ctx, r.db, c, "invoice_id", "installment"); err != nil {
		return nil, err
	}
	return firstWhere[domain.Collection](ctx, r.db, "invoice_id = ? AND installment = ?", c.InvoiceID, c.Installment)
}

func (r *collectionRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Collection, error) {
	return byID[domain.Collection](ctx, r.db, id)
}

func (r *collectionRepo) GetByProviderPayment(ctx context.Context, providerPaymentID string) (*domain.Collection, error) {
	return firstWhere[domain.Collection](ctx, r.db, "provider_payment_id = ?", providerPaymentID)
}

func (r *collectionRepo) MarkInitiated(ctx context.Context, id uuid.UUID, providerPaymentID string) error {
	_, err := updateWhere[domain.Collection](ctx, r.db, map[string]any{
		"status":              domain.CollectionInitiated,
		"provider_payment_id": providerPaymentID,
		"attempts":            gorm.Expr("attempts + 1"),
		"updated_at":          time.Now().UTC(),
	}, "id = ?", id)
	return err
}

func (r *collectionRepo) RecordAttempt(ctx context.Context, id uuid.UUID, providerPaymentID string) error {
	_, err := updateWhere[domain.Collection](ctx, r.db, map[string]any{
		"status":              domain.CollectionInitiated,
		"provider_payment_id": providerPaymentID,
		"attempts":            gorm.Expr("attempts + 1"),
		"last_failure":        "",
		"updated_at":          time.Now().UTC(),
	}, "id = ?", id)
	return err
}

func (r *collectionRepo) SetStatus(ctx context.Context, id uuid.UUID, status, failure string) error {
	_, err := updateWhere[domain.Collection](ctx, r.db, map[string]any{
		"status":       status,
		"last_failure": failure,
		"updated_at":   time.Now().UTC(),
	}, "id = ?", id)
	return err
}

type PaymentEventRepository interface {
	Insert(ctx context.Context, ev *domain.PaymentEvent) error
}

type paymentEventRepo struct{ db *gorm.DB }

func (r *paymentEventRepo) Insert(ctx context.Context, ev *domain.PaymentEvent) error {
	return r.db.WithContext(ctx).Create(ev).Error
}

type StatementRepository interface {
	InsertIfAbsent(ctx context.Context, l *domain.StatementLine) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.StatementLine, error)
	MarkMatched(ctx context.Context, id uuid.UUID, invoiceID uuid.UUID) error
	MarkApplied(ctx context.Context, id uuid.UUID) error
}

type statementRepo struct{ db *gorm.DB }

func (r *statementRepo) InsertIfAbsent(ctx context.Context, l *domain.StatementLine) (bool, error) {
	return insertIgnore(ctx, r.db, l, "account_id", "bank_txn_id")
}

func (r *statementRepo) Get(ctx context.Context, id uuid.UUID) (*domain.StatementLine, error) {
	return byID[domain.StatementLine](ctx, r.db, id)
}

func (r *statementRepo) MarkMatched(ctx context.Context, id uuid.UUID, invoiceID uuid.UUID) error {
	_, err := updateWhere[domain.StatementLine](ctx, r.db,
		map[string]any{"status": domain.LineMatched, "matched_invoice_id": invoiceID}, "id = ?", id)
	return err
}

func (r *statementRepo) MarkApplied(ctx context.Context, id uuid.UUID) error {
	_, err := updateWhere[domain.StatementLine](ctx, r.db,
		map[string]any{"status": domain.LineApplied}, "id = ?", id)
	return err
}

type FeeRepository interface {
	Insert(ctx context.Context, f *domain.FeeAccrual) error
	TotalForAdvance(ctx context.Context, advanceID uuid.UUID) (int64, error)
}

type feeRepo struct{ db *gorm.DB }

func (r *feeRepo) Insert(ctx context.Context, f *domain.FeeAccrual) error {
	return r.db.WithContext(ctx).Create(f).Error
}

func (r *feeRepo) TotalForAdvance(ctx context.Context, advanceID uuid.UUID) (int64, error) {
	var total int64
	err := r.db.WithContext(ctx).Model(&domain.FeeAccrual{}).
		Select("COALESCE(SUM(amount_minor), 0)").Where("advance_id = ?", advanceID).Scan(&total).Error
	return total, err
}

type LedgerRepository interface {
	Post(ctx context.Context, entries ...*domain.LedgerEntry) error
}

type ledgerRepo struct{ db *gorm.DB }

func (r *ledgerRepo) Post(ctx context.Context, entries ...*domain.LedgerEntry) error {
	if len(entries) == 0 {
		return nil
	}
	for _, e := range entries {
		if e.ID == uuid.Nil {
			e.ID = uuid.New()
		}
	}
	return r.db.WithContext(ctx).Create(entries).Error
}
