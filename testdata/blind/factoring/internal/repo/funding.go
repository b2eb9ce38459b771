package repo

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/kestrelfin/factoring/internal/domain"
)

type FundingRepository interface {
	CreateRequest(ctx context.Context, fr *domain.FundingRequest) error
	CreateOffer(ctx context.Context, o *domain.Offer) error
	GetOffer(ctx context.Context, id uuid.UUID) (*domain.Offer, error)
	AcceptOffer(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
}

type fundingRepo struct{ db *gorm.DB }

func (r *fundingRepo) CreateRequest(ctx context.Context, fr *domain.FundingRequest) error {
	return create(ctx, r.db, fr)
}

func (r *fundingRepo) CreateOffer(ctx context.Context, o *domain.Offer) error {
	return create(ctx, r.db, o)
}

func (r *fundingRepo) GetOffer(ctx context.Context, id uuid.UUID) (*domain.Offer, error) {
	return byID[domain.Offer](ctx, r.db, id)
}

// AcceptOffer moves an open, unexpired offer to accepted. It reports false
// when the offer was not open.
func (r *fundingRepo) AcceptOffer(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := updateWhere[domain.Offer](ctx, r.db,
		map[string]any{"status": "accepted", "accepted_at": at},
		"id = ? AND status = 'open' AND expires_at > ?", id, at)
	return n == 1, err
}

type AdvanceRepository interface {
	CreateIfAbsent(ctx context.Context, a *domain.Advance) (*domain.Advance, bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Advance, error)
	GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Advance, error)
	GetByInvoice(ctx context.Context, invoiceID uuid.UUID) (*domain.Advance, error)
	ListActive(ctx context.Context, after uuid.UUID, limit int) ([]domain.Advance, error)
	AddFees(ctx context.Context, id uuid.UUID, amountMinor int64) error
	ApplyRepayment(ctx context.Context, id uuid.UUID, amountMinor int64) (*domain.Advance, error)
	MarkPaidOut(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	MarkClosed(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
}

type advanceRepo struct{ db *gorm.DB }

func (r *advanceRepo) CreateIfAbsent(ctx context.Context, a *domain.Advance) (*domain.Advance, bool, error) {
	created, err := insertIgnore(ctx, r.db, a, "offer_id")
	if err != nil {
		return nil, false, err
	}
	if created {
		return a, true, nil
	}
	existing, err := firstWhere[domain.Advance](ctx, r.db, "offer_id = ?", a.OfferID)
	return existing, false, err
}

func (r *advanceRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Advance, error) {
	return byID[domain.Advance](ctx, r.db, id)
}

func (r *advanceRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Advance, error) {
	return lockedByID[domain.Advance](ctx, r.db, id)
}

func (r *advanceRepo) GetByInvoice(ctx context.Context, invoiceID uuid.UUID) (*domain.Advance, error) {
	return firstWhere[domain.Advance](ctx, r.db, "invoice_id = ?", invoiceID)
}

func (r *advanceRepo) ListActive(ctx context.Context, after uuid.UUID, limit int) ([]domain.Advance, error) {
	var out []domain.Advance
	err := r.db.WithContext(ctx).
		Where("status = ? AND id > ?", domain.AdvanceActive, after).
		Order("id").Limit(limit).Find(&out).Error
	return out, err
}

func (r *advanceRepo) AddFees(ctx context.Context, id uuid.UUID, amountMinor int64) error {
	_, err := updateWhere[domain.Advance](ctx, r.db, map[string]any{
		"fees_accrued_minor": gorm.Expr("fees_accrued_minor + ?", amountMinor),
		"updated_at":         time.Now().UTC(),
	}, "id = ?", id)
	return err
}

func (r *advanceRepo) ApplyRepayment(ctx context.Context, id uuid.UUID, amountMinor int64) (*domain.Advance, error) {
	if _, err := updateWhere[domain.Advance](ctx, r.db, map[string]any{
		"outstanding_minor": gorm.Expr("GREATEST(outstanding_minor - ?, 0)", amountMinor),
		"updated_at":        time.Now().UTC(),
	}, "id = ?", id); err != nil {
		return nil, err
	}
	return byID[domain.Advance](ctx, r.db, id)
}

func (r *advanceRepo) MarkPaidOut(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := updateWhere[domain.Advance](ctx, r.db,
		map[string]any{"status": domain.AdvanceActive, "paid_out_at": at, "updated_at": at},
		"id = ? AND status = ?", id, domain.AdvancePendingPayout)
	return n == 1, err
}

func (r *advanceRepo) MarkClosed(ctx context.Context, id uuid.UUID, at time.Time) (bool, error) {
	n, err := updateWhere[domain.Advance](ctx, r.db,
		map[string]any{"status": domain.AdvanceClosed, "closed_at": at, "updated_at": at},
		"id = ? AND status <> ?", id, domain.AdvanceClosed)
	return n == 1, err
}

type PayoutRepository interface {
	CreateIfAbsent(ctx context.Context, p *domain.Payout) (*domain.Payout, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Payout, error)
	MarkSubmitted(ctx context.Context, id uuid.UUID, providerRef string, at time.Time) error
	Transition(ctx context.Context, providerRef string, to string, reason string, from ...string) (*domain.Payout, bool, error)
}

type payoutRepo struct{ db *gorm.DB }

func (r *payoutRepo) CreateIfAbsent(ctx context.Context, p *domain.Payout) (*domain.Payout, error) {
	if _, err := insertIgnore(ctx, r.db, p, "advance_id", "kind", "request_key"); err != nil {
		return nil, err
	}
	return firstWhere[domain.Payout](ctx, r.db, "advance_id = ? AND kind = ? AND request_key = ?",
		p.AdvanceID, p.Kind, p.RequestKey)
}

func (r *payoutRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Payout, error) {
	return byID[domain.Payout](ctx, r.db, id)
}

func (r *payoutRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, providerRef string, at time.Time) error {
	_, err := updateWhere[domain.Payout](ctx, r.db, map[string]any{
		"status":       domain.PayoutSubmitted,
		"provider_ref": providerRef,
		"submitted_at": at,
		"updated_at":   at,
	}, "id = ? AND status = ?", id, domain.PayoutPending)
	return err
}

// Transition moves the payout identified by the bank's reference to status
// `to` if it is currently in one of `from`. It returns the payout and whether
// this call changed it.
func (r *payoutRepo) Transition(ctx context.Context, providerRef string, to string, reason string, from ...string) (*domain.Payout, bool, error) {
	changes := map[string]any{"status": to, "failure_reason": reason, "updated_at": time.Now().UTC()}
	if to == domain.PayoutPaid {
		changes["settled_at"] = time.Now().UTC()
	}
	n, err := updateWhere[domain.Payout](ctx, r.db, changes, "provider_ref = ? AND status IN ?", providerRef, from)
	if err != nil {
		return nil, false, err
	}
	p, err := firstWhere[domain.Payout](ctx, r.db, "provider_ref = ?", providerRef)
	if err != nil {
		return nil, false, err
	}
	return p, n == 1, nil
}

type RepaymentPlanRepository interface {
	Create(ctx context.Context, plan *domain.RepaymentPlan, installments []domain.RepaymentInstallment) error
}

type planRepo struct{ db *gorm.DB }

func (r *planRepo) Create(ctx context.Context, plan *domain.RepaymentPlan, installments []domain.RepaymentInstallment) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(plan).Error; err != nil {
			return err
		}
		for i := range installments {
			installments[i].PlanID = plan.ID
		}
		return tx.Create(&installments).Error
	})
}

type RebateRepository interface {
	Create(ctx context.Context, r *domain.Rebate) error
	ListForAdvance(ctx context.Context, advanceID uuid.UUID) ([]domain.Rebate, error)
}

type rebateRepo struct{ db *gorm.DB }

func (r *rebateRepo) Create(ctx context.Context, rb *domain.Rebate) error {
	return create(ctx, r.db, rb)
}

func (r *rebateRepo) ListForAdvance(ctx context.Context, advanceID uuid.UUID) ([]domain.Rebate, error) {
	var out []domain.Rebate
	err := r.db.WithContext(ctx).Where("advance_id = ?", advanceID).Order("created_at").Find(&out).Error
	return out, err
}
