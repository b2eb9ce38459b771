package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborlight-symphony/encore/internal/domain"
)

// Pledges is the development office's repository.
type Pledges struct {
	db *gorm.DB
}

func NewPledges(db *gorm.DB) *Pledges { return &Pledges{db: db} }

func (r *Pledges) Create(ctx context.Context, p *domain.Pledge) error {
	return r.db.WithContext(ctx).Create(p).Error
}

func (r *Pledges) Get(ctx context.Context, id string) (*domain.Pledge, error) {
	return first[domain.Pledge](ctx, r.db, domain.ErrNotFound, "id = ?", id)
}

func (r *Pledges) Donor(ctx context.Context, id string) (*domain.Patron, error) {
	return first[domain.Patron](ctx, r.db, domain.ErrNotFound, "id = ?", id)
}

func (r *Pledges) CampaignExists(ctx context.Context, code string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&domain.Campaign{}).Where("code = ?", code).Count(&n).Error
	return n > 0, err
}

// RecordCardPayment stores a card payment against a pledge and credits the
// pledge and its campaign. The payment intent id is unique, so recording
// the same intent twice credits once.
func (r *Pledges) RecordCardPayment(ctx context.Context, pay *domain.PledgePayment) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{
			Columns:     []clause.Column{{Name: "payment_intent_id"}},
			TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "payment_intent_id IS NOT NULL"}}},
			DoNothing:   true,
		}).Create(pay)
		if res.Error != nil {
			return fmt.Errorf("insert pledge payment: %w", res.Error)
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return creditPledge(tx, pay.PledgeID, pay.AmountCents)
	})
}

// creditPledge adds amount to the pledge's paid total and to its campaign.
func creditPledge(tx *gorm.DB, pledgeID string, amount int64) error {
	if err := tx.Exec(`
		UPDATE pledges
		   SET paid_cents = paid_cents + ?,
		       status = CASE WHEN paid_cents + ? >= amount_cents THEN 'fulfilled' ELSE status END
		 WHERE id = ?`, amount, amount, pledgeID).Error; err != nil {
		return err
	}
	return tx.Exec(`
		UPDATE campaigns c SET raised_cents = raised_cents + ?
		  FROM pledges p WHERE p.id = ? AND c.code = p.campaign_code`, amount, pledgeID).Error
}

// ApplyBoxOfficePayment records a gift taken at the box office counter.
func (r *Pledges) ApplyBoxOfficePayment(ctx context.Context, tx *gorm.DB, pay *domain.PledgePayment) error {
	if err := tx.WithContext(ctx).Create(pay).Error; err != nil {
		return fmt.Errorf("insert pledge payment: %w", err)
	}
	return creditPledge(tx, pay.PledgeID, pay.AmountCents)
}

// AddMatched credits an employer match to the pledge.
func (r *Pledges) AddMatched(ctx context.Context, pledgeID string, cents int64) error {
	return r.db.WithContext(ctx).Exec(`
		UPDATE pledges SET matched_cents = matched_cents + ? WHERE id = ?`, cents, pledgeID).Error
}

// Claims is the repository for employer matching-gift claims.
type Claims struct {
	db *gorm.DB
}

func NewClaims(db *gorm.DB) *Claims { return &Claims{db: db} }

func (r *Claims) ForPledge(ctx context.Context, pledgeID string) (*domain.MatchingClaim, error) {
	return first[domain.MatchingClaim](ctx, r.db, domain.ErrNotFound, "pledge_id = ?", pledgeID)
}

// Insert stores a claim; a claim already on file for the pledge wins.
func (r *Claims) Insert(ctx context.Context, c *domain.MatchingClaim) error {
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "pledge_id"}},
		DoNothing: true,
	}).Create(c).Error
}

// MarkPaid records the employer's payment on a claim. It reports false when
// the claim was already marked paid.
func (r *Claims) MarkPaid(ctx context.Context, pledgeID string, paidCents int64) (bool, error) {
	res := r.db.WithContext(ctx).Exec(`
		UPDATE matching_claims
		   SET status = 'paid', paid_cents = ?, updated_at = now()
		 WHERE pledge_id = ? AND status <> 'paid'`, paidCents, pledgeID)
	return res.RowsAffected == 1, res.Error
}
