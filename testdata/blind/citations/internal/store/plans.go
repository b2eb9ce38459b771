package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborcity/citeproc/internal/model"
)

type PlanRepository interface {
	// Create inserts the plan and its installments.
	Create(ctx context.Context, p *model.PaymentPlan) error
	Get(ctx context.Context, id string) (*model.PaymentPlan, error)
	ActiveForCitation(ctx context.Context, citationID string) ([]model.PaymentPlan, error)
	// Cancel moves an active plan to cancelled and reports whether it did.
	Cancel(ctx context.Context, id string) (bool, error)
	CancelScheduledInstallments(ctx context.Context, planID string) (int64, error)
	Complete(ctx context.Context, id string) error

	Installment(ctx context.Context, planID string, seq int) (*model.PlanInstallment, error)
	// MarkInstallmentPaid records the charge on a scheduled installment; it
	// reports false when the installment was not in a payable state.
	MarkInstallmentPaid(ctx context.Context, planID string, seq int, chargeID string) (bool, error)
	MarkInstallmentFailed(ctx context.Context, planID string, seq int) error
	IncrementAttempts(ctx context.Context, planID string, seq int) error
	OpenInstallmentCount(ctx context.Context, planID string) (int64, error)
	// DueBetween lists scheduled installments of active plans due in [from, to].
	DueBetween(ctx context.Context, from, to time.Time) ([]model.PlanInstallment, error)

	ReminderSent(ctx context.Context, planID string, seq int, channel string) (bool, error)
	RecordReminder(ctx context.Context, planID string, seq int, channel string) error
}

type planRepo struct {
	db  *gorm.DB
	now func() time.Time
}

func (r *planRepo) Create(ctx context.Context, p *model.PaymentPlan) error {
	p.CreatedAt = r.now()
	return r.db.WithContext(ctx).Create(p).Error
}

func (r *planRepo) Get(ctx context.Context, id string) (*model.PaymentPlan, error) {
	var p model.PaymentPlan
	err := r.db.WithContext(ctx).Preload("Installments", func(db *gorm.DB) *gorm.DB {
		return db.Order("seq")
	}).Take(&p, "id = ?", id).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

func (r *planRepo) ActiveForCitation(ctx context.Context, citationID string) ([]model.PaymentPlan, error) {
	var ps []model.PaymentPlan
	err := r.db.WithContext(ctx).Where("citation_id = ? AND status = ?", citationID, model.PlanActive).Find(&ps).Error
	return ps, err
}

func (r *planRepo) Cancel(ctx context.Context, id string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&model.PaymentPlan{}).
		Where("id = ? AND status = ?", id, model.PlanActive).
		Updates(map[string]any{"status": model.PlanCancelled, "cancelled_at": r.now()})
	return res.RowsAffected == 1, res.Error
}

func (r *planRepo) CancelScheduledInstallments(ctx context.Context, planID string) (int64, error) {
	res := r.db.WithContext(ctx).Model(&model.PlanInstallment{}).
		Where("plan_id = ? AND status = ?", planID, model.InstallmentScheduled).
		Update("status", model.InstallmentCancelled)
	return res.RowsAffected, res.Error
}

func (r *planRepo) Complete(ctx context.Context, id string) error {
	return r.db.WithContext(ctx).Model(&model.PaymentPlan{}).
		Where("id = ? AND status = ?", id, model.PlanActive).
		Update("status", model.PlanCompleted).Error
}

func (r *planRepo) Installment(ctx context.Context, planID string, seq int) (*model.PlanInstallment, error) {
	var in model.PlanInstallment
	if err := r.db.WithContext(ctx).Take(&in, "plan_id = ? AND seq = ?", planID, seq).Error; err != nil {
		return nil, notFound(err)
	}
	return &in, nil
}

func (r *planRepo) MarkInstallmentPaid(ctx context.Context, planID string, seq int, chargeID string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&model.PlanInstallment{}).
		Where("plan_id = ? AND seq = ? AND status IN ?", planID, seq,
			[]string{model.InstallmentScheduled, model.InstallmentFailed}).
		Updates(map[string]any{
			"status":              model.InstallmentPaid,
			"processor_charge_id": chargeID,
			"paid_at":             r.now(),
		})
	return res.RowsAffected == 1, res.Error
}

func (r *planRepo) MarkInstallmentFailed(ctx context.Context, planID string, seq int) error {
	return r.db.WithContext(ctx).Model(&model.PlanInstallment{}).
		Where("plan_id = ? AND seq = ? AND status = ?", planID, seq, model.InstallmentScheduled).
		Update("status", model.InstallmentFailed).Error
}

func (r *planRepo) IncrementAttempts(ctx context.Context, planID string, seq int) error {
	return r.db.WithContext(ctx).Model(&model.PlanInstallment{}).
		Where("plan_id = ? AND seq = ?", planID, seq).
		Update("attempts", gorm.Expr("attempts + 1")).Error
}

func (r *planRepo) OpenInstallmentCount(ctx context.Context, planID string) (int64, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&model.PlanInstallment{}).
		Where("plan_id = ? AND status IN ?", planID, []string{model.InstallmentScheduled, model.InstallmentFailed}).
		Count(&n).Error
	return n, err
}

func (r *planRepo) DueBetween(ctx context.Context, from, to time.Time) ([]model.PlanInstallment, error) {
	var ins []model.PlanInstallment
	err := r.db.WithContext(ctx).
		Joins("JOIN payment_plans p ON p.id = plan_installments.plan_id").
		Where("p.status = ? AND plan_installments.status = ? AND plan_installments.due_date BETWEEN ? AND ?",
			model.PlanActive, model.InstallmentScheduled, from, to).
		Order("plan_installments.due_date").
		Find(&ins).Error
	return ins, err
}

func (r *planRepo) ReminderSent(ctx context.Context, planID string, seq int, channel string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&model.PlanReminder{}).
		Where("plan_id = ? AND seq = ? AND channel = ?", planID, seq, channel).Count(&n).Error
	return n > 0, err
}

func (r *planRepo) RecordReminder(ctx context.Context, planID string, seq int, channel string) error {
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&model.PlanReminder{
		PlanID:  planID,
		Seq:     seq,
		Channel: channel,
		SentAt:  r.now(),
	}).Error
}
