package repository

import (
	"context"
	"time"

	"github.com/uptrace/bun"

	"github.com/kindredgive/donations/internal/domain"
)

// RecurringRepo persists recurring plans and their installments.
type RecurringRepo interface {
	WithTx(tx bun.IDB) RecurringRepo
	InsertPlan(ctx context.Context, p *domain.RecurringPlan) error
	GetPlan(ctx context.Context, id string) (*domain.RecurringPlan, error)
	SetStoredToken(ctx context.Context, id, token string) error
	Cancel(ctx context.Context, id string, at time.Time) (bool, error)
	ListDue(ctx context.Context, now time.Time, limit int) ([]domain.RecurringPlan, error)
	AdvanceNextCharge(ctx context.Context, id string, next time.Time) error
	InsertInstallment(ctx context.Context, i *domain.Installment) error
}

type recurringRepo struct{ db bun.IDB }

// NewRecurringRepo returns the bun implementation.
func NewRecurringRepo(db *bun.DB) RecurringRepo { return &recurringRepo{db: db} }

func (r *recurringRepo) WithTx(tx bun.IDB) RecurringRepo { return &recurringRepo{db: tx} }

func (r *recurringRepo) InsertPlan(ctx context.Context, p *domain.RecurringPlan) error {
	_, err := r.db.NewInsert().Model(p).Exec(ctx)
	return err
}

func (r *recurringRepo) GetPlan(ctx context.Context, id string) (*domain.RecurringPlan, error) {
	p := new(domain.RecurringPlan)
	if err := r.db.NewSelect().Model(p).Where("rp.id = ?", id).Scan(ctx); err != nil {
		return nil, err
	}
	return p, nil
}

func (r *recurringRepo) SetStoredToken(ctx context.Context, id, token string) error {
	_, err := r.db.NewUpdate().Model((*domain.RecurringPlan)(nil)).
		Set("stored_payment_token = ?", token).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *recurringRepo) Cancel(ctx context.Context, id string, at time.Time) (bool, error) {
	res, err := r.db.NewUpdate().Model((*domain.RecurringPlan)(nil)).
		Set("status = ?", domain.PlanCancelled).
		Set("cancelled_at = ?", at).
		Where("id = ?", id).
		Where("status <> ?", domain.PlanCancelled).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	return affected(res) == 1, nil
}

func (r *recurringRepo) ListDue(ctx context.Context, now time.Time, limit int) ([]domain.RecurringPlan, error) {
	var out []domain.RecurringPlan
	err := r.db.NewSelect().Model(&out).
		Where("rp.status = ?", domain.PlanActive).
		Where("rp.next_charge_at <= ?", now).
		Where("rp.stored_payment_token IS NOT NULL").
		Order("rp.next_charge_at ASC").
		Limit(limit).
		Scan(ctx)
	return out, err
}

func (r *recurringRepo) AdvanceNextCharge(ctx context.Context, id string, next time.Time) error {
	_, err := r.db.NewUpdate().Model((*domain.RecurringPlan)(nil)).
		Set("next_charge_at = ?", next).
		Where("id = ?", id).
		Where("next_charge_at < ?", next).
		Exec(ctx)
	return err
}

func (r *recurringRepo) InsertInstallment(ctx context.Context, i *domain.Installment) error {
	_, err := r.db.NewInsert().Model(i).Exec(ctx)
	return err
}
