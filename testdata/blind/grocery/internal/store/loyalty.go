package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type LoyaltyRepo struct{ db *bun.DB }

func NewLoyaltyRepo(db *bun.DB) *LoyaltyRepo { return &LoyaltyRepo{db: db} }

// Enrol creates the customer's account if it does not exist and returns
// the stored account.
func (r *LoyaltyRepo) Enrol(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, bool, error) {
	acct := &domain.LoyaltyAccount{CustomerID: customerID, Tier: "green"}
	res, err := idb(ctx, r.db).NewInsert().Model(acct).
		On("CONFLICT (customer_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return nil, false, err
	}
	n, err := affected(res)
	if err != nil {
		return nil, false, err
	}
	stored, err := r.Account(ctx, customerID)
	return stored, n == 1, err
}

func (r *LoyaltyRepo) Account(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, error) {
	a := new(domain.LoyaltyAccount)
	err := idb(ctx, r.db).NewSelect().Model(a).Where("la.customer_id = ?", customerID).Scan(ctx)
	return a, notFound(err)
}

func (r *LoyaltyRepo) LockAccount(ctx context.Context, customerID uuid.UUID) (*domain.LoyaltyAccount, error) {
	a := new(domain.LoyaltyAccount)
	err := idb(ctx, r.db).NewSelect().Model(a).
		Where("la.customer_id = ?", customerID).
		For("UPDATE").
		Scan(ctx)
	return a, notFound(err)
}

// AddPoints moves the balance by delta. Positive deltas also count towards
// lifetime points, which drive the tier.
func (r *LoyaltyRepo) AddPoints(ctx context.Context, customerID uuid.UUID, delta int64) error {
	q := idb(ctx, r.db).NewUpdate().
		Model((*domain.LoyaltyAccount)(nil)).
		Set("points_balance = points_balance + ?", delta).
		Set("updated_at = now()").
		Where("customer_id = ?", customerID)
	if delta > 0 {
		q = q.Set("lifetime_points = lifetime_points + ?", delta)
	}
	_, err := q.Exec(ctx)
	return err
}

func (r *LoyaltyRepo) AppendLedger(ctx context.Context, e *domain.LoyaltyLedgerEntry) error {
	_, err := idb(ctx, r.db).NewInsert().Model(e).Exec(ctx)
	return err
}

// AppendLedgerOnce inserts e unless an entry with the same reference
// exists, and reports whether it inserted.
func (r *LoyaltyRepo) AppendLedgerOnce(ctx context.Context, e *domain.LoyaltyLedgerEntry) (bool, error) {
	res, err := idb(ctx, r.db).NewInsert().Model(e).
		On("CONFLICT (reference) WHERE reference IS NOT NULL DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *LoyaltyRepo) AddRedemption(ctx context.Context, red *domain.LoyaltyRedemption) error {
	_, err := idb(ctx, r.db).NewInsert().Model(red).Exec(ctx)
	return err
}

func (r *LoyaltyRepo) RedemptionForBasket(ctx context.Context, basketID uuid.UUID) (*domain.LoyaltyRedemption, error) {
	red := new(domain.LoyaltyRedemption)
	err := idb(ctx, r.db).NewSelect().Model(red).
		Where("lr.basket_id = ?", basketID).
		Where("lr.status = 'applied'").
		Scan(ctx)
	return red, notFound(err)
}

func (r *LoyaltyRepo) CancelRedemption(ctx context.Context, id uuid.UUID) (bool, error) {
	res, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.LoyaltyRedemption)(nil)).
		Set("status = 'cancelled'").
		Where("id = ?", id).
		Where("status = 'applied'").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *LoyaltyRepo) LedgerEntry(ctx context.Context, id uuid.UUID) (*domain.LoyaltyLedgerEntry, error) {
	e := new(domain.LoyaltyLedgerEntry)
	err := idb(ctx, r.db).NewSelect().Model(e).Where("ll.id = ?", id).Scan(ctx)
	return e, notFound(err)
}
