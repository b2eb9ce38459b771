package store

import (
	"context"
	"time"

	"gorm.io/gorm/clause"
)

// LedgerRepo is the member account ledger: credits for accepted honey,
// debits for advances and payouts.
type LedgerRepo struct {
	db *DB
}

func NewLedgerRepo(db *DB) *LedgerRepo { return &LedgerRepo{db: db} }

// Append inserts one entry.
func (r *LedgerRepo) Append(ctx context.Context, e *LedgerEntry) error {
	return r.db.Conn(ctx).Create(e).Error
}

// AppendOnce inserts an entry whose ID is derived from its cause; a second
// call with the same ID is a no-op.
func (r *LedgerRepo) AppendOnce(ctx context.Context, e *LedgerEntry) (bool, error) {
	res := r.db.Conn(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoNothing: true}).
		Create(e)
	return res.RowsAffected == 1, res.Error
}

func (r *LedgerRepo) Balance(ctx context.Context, memberID string, until time.Time) (int64, error) {
	var total int64
	err := r.db.Conn(ctx).Model(&LedgerEntry{}).
		Select("COALESCE(SUM(amount_cents), 0)").
		Where("member_id = ? AND created_at < ?", memberID, until).
		Scan(&total).Error
	return total, err
}

// MemberBalance is one row of MembersWithBalance.
type MemberBalance struct {
	MemberID     string
	BalanceCents int64
}

// MembersWithBalance lists members whose ledger sums to a positive amount as
// of until.
func (r *LedgerRepo) MembersWithBalance(ctx context.Context, until time.Time) ([]MemberBalance, error) {
	var out []MemberBalance
	err := r.db.Conn(ctx).Raw(`
		SELECT member_id, SUM(amount_cents) AS balance_cents
		  FROM member_ledger
		 WHERE created_at < ?
		 GROUP BY member_id
		HAVING SUM(amount_cents) > 0
		 ORDER BY member_id`, until).Scan(&out).Error
	return out, err
}
