package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"github.com/tidewater-yc/clubhouse/internal/domain"
)

type AccountRepo struct{}

// Open creates the house account for a member if it does not exist yet.
func (AccountRepo) Open(ctx context.Context, db bun.IDB, memberID string, at time.Time) error {
	_, err := db.NewInsert().Model(&domain.MemberAccount{MemberID: memberID, UpdatedAt: at, CreditLimit: 250000}).
		On("CONFLICT (member_id) DO NOTHING").
		Exec(ctx)
	return err
}

func (AccountRepo) Get(ctx context.Context, db bun.IDB, memberID string) (*domain.MemberAccount, error) {
	return selectOne[domain.MemberAccount](ctx, db, "member account", "member_id = ?", memberID)
}

// Post appends a transaction to the member's account and moves the running
// balance by the same amount. Both statements run on db, so callers that need
// them atomic pass a bun.Tx.
func (AccountRepo) Post(ctx context.Context, db bun.IDB, t *domain.AccountTransaction) error {
	if _, err := db.NewInsert().Model(t).Exec(ctx); err != nil {
		return err
	}
	_, err := db.NewUpdate().Model((*domain.MemberAccount)(nil)).
		Set("balance_cents = balance_cents + ?", t.AmountCents).
		Set("updated_at = ?", t.PostedAt).
		Where("member_id = ?", t.MemberID).
		Exec(ctx)
	return err
}

// Transactions lists a member's transactions in [from, to).
func (AccountRepo) Transactions(ctx context.Context, db bun.IDB, memberID string, from, to time.Time) ([]domain.AccountTransaction, error) {
	var out []domain.AccountTransaction
	err := db.NewSelect().Model(&out).
		Where("member_id = ?", memberID).
		Where("posted_at >= ? AND posted_at < ?", from, to).
		OrderExpr("posted_at ASC, id ASC").
		Scan(ctx)
	return out, err
}

// BalanceBefore sums every transaction strictly before t.
func (AccountRepo) BalanceBefore(ctx context.Context, db bun.IDB, memberID string, t time.Time) (int64, error) {
	var sum int64
	err := db.NewSelect().Model((*domain.AccountTransaction)(nil)).
		ColumnExpr("COALESCE(SUM(amount_cents), 0)").
		Where("member_id = ?", memberID).
		Where("posted_at < ?", t).
		Scan(ctx, &sum)
	return sum, err
}

type IdempotencyRepo struct{}

func (IdempotencyRepo) Get(ctx context.Context, db bun.IDB, scope, key string) (*domain.IdempotencyRecord, error) {
	return selectOne[domain.IdempotencyRecord](ctx, db, "idempotency key", "scope = ? AND key = ?", scope, key)
}

// Claim inserts a pending record for (scope, key). It returns false when the
// key was already claimed. Under concurrent requests with the same key the
// second insert waits on the first transaction's row lock.
func (IdempotencyRepo) Claim(ctx context.Context, db bun.IDB, scope, key string, at time.Time) (bool, error) {
	res, err := db.NewInsert().Model(&domain.IdempotencyRecord{Scope: scope, Key: key, CreatedAt: at}).
		On("CONFLICT (scope, key) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

// Complete stores the response for a claimed key.
func (IdempotencyRepo) Complete(ctx context.Context, db bun.IDB, scope, key string, resp json.RawMessage, at time.Time) error {
	_, err := db.NewUpdate().Model((*domain.IdempotencyRecord)(nil)).
		Set("response = ?", resp).
		Set("completed_at = ?", at).
		Where("scope = ? AND key = ?", scope, key).
		Exec(ctx)
	return err
}

// Put writes a completed record in one statement.
func (IdempotencyRepo) Put(ctx context.Context, db bun.IDB, rec *domain.IdempotencyRecord) error {
	_, err := db.NewInsert().Model(rec).
		On("CONFLICT (scope, key) DO UPDATE").
		Set("response = EXCLUDED.response").
		Set("completed_at = EXCLUDED.completed_at").
		Exec(ctx)
	return err
}
