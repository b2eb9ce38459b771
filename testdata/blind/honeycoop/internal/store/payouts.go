package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// PayoutRepo holds payout runs, member payouts, cash advances and the log of
// calls made to the bank partner.
type PayoutRepo struct {
	db *DB
}

func NewPayoutRepo(db *DB) *PayoutRepo { return &PayoutRepo{db: db} }

// EnsureRun returns the run of a period, creating it on first use.
func (r *PayoutRepo) EnsureRun(ctx context.Context, run *PayoutRun) error {
	err := r.db.Conn(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "period"}}, DoNothing: true}).
		Create(run).Error
	if err != nil {
		return fmt.Errorf("insert payout run: %w", err)
	}
	return r.db.Conn(ctx).Where("period = ?", run.Period).Take(run).Error
}

// EnsurePayout returns the payout of a member in a run, creating it on first
// use. The stored amount wins over the one passed in.
func (r *PayoutRepo) EnsurePayout(ctx context.Context, p *Payout) error {
	err := r.db.Conn(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "run_id"}, {Name: "member_id"}},
			DoNothing: true,
		}).
		Create(p).Error
	if err != nil {
		return fmt.Errorf("insert payout: %w", err)
	}
	return r.db.Conn(ctx).Where("run_id = ? AND member_id = ?", p.RunID, p.MemberID).Take(p).Error
}

func (r *PayoutRepo) MarkSubmitted(ctx context.Context, id, providerRef string) error {
	return r.db.Conn(ctx).Model(&Payout{}).Where("id = ?", id).
		Updates(map[string]any{"status": "submitted", "provider_ref": providerRef, "updated_at": gorm.Expr("now()")}).Error
}

// MarkSettled moves a submitted payout to settled. It reports whether a row
// changed.
func (r *PayoutRepo) MarkSettled(ctx context.Context, providerRef string) (bool, error) {
	res := r.db.Conn(ctx).Model(&Payout{}).
		Where("provider_ref = ? AND status = ?", providerRef, "submitted").
		Updates(map[string]any{"status": "settled", "updated_at": gorm.Expr("now()")})
	return res.RowsAffected == 1, res.Error
}

func (r *PayoutRepo) MarkReturned(ctx context.Context, id string) error {
	return r.db.Conn(ctx).Model(&Payout{}).Where("id = ?", id).
		Updates(map[string]any{"status": "returned", "updated_at": gorm.Expr("now()")}).Error
}

func (r *PayoutRepo) GetByProviderRef(ctx context.Context, ref string) (*Payout, error) {
	var p Payout
	if err := r.db.Conn(ctx).Where("provider_ref = ?", ref).Take(&p).Error; err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

func (r *PayoutRepo) CreateAdvance(ctx context.Context, a *Advance) error {
	return r.db.Conn(ctx).Create(a).Error
}

func (r *PayoutRepo) GetAdvance(ctx context.Context, id string) (*Advance, error) {
	var a Advance
	if err := r.db.Conn(ctx).Where("id = ?", id).Take(&a).Error; err != nil {
		return nil, notFound(err)
	}
	return &a, nil
}

func (r *PayoutRepo) MarkAdvancePaid(ctx context.Context, id, providerRef string) error {
	return r.db.Conn(ctx).Model(&Advance{}).Where("id = ? AND status <> ?", id, "paid").
		Updates(map[string]any{"status": "paid", "provider_ref": providerRef}).Error
}

// RecordAttempt appends one row to the partner call log.
func (r *PayoutRepo) RecordAttempt(ctx context.Context, a *PayoutAttempt) error {
	return r.db.Gorm().WithContext(ctx).Create(a).Error
}
