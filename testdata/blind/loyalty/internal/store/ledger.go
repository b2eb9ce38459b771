package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/platform/ids"
	"github.com/tidewater/loyalty/internal/platform/txn"
)

// Ledger posts point movements together with the member balance update.
type Ledger struct {
	pool *pgxpool.Pool
}

func NewLedger(pool *pgxpool.Pool) *Ledger {
	return &Ledger{pool: pool}
}

// Post writes one ledger entry keyed by ref and applies delta to the member's
// balance, in its own transaction. A ref that was already posted is a no-op.
func (l *Ledger) Post(ctx context.Context, memberID uuid.UUID, delta int64, kind, ref, note string) (bool, error) {
	return txn.WithTx(ctx, l.pool, func(q *db.Queries) (bool, error) {
		n, err := q.InsertLedgerEntryOnce(ctx, db.InsertLedgerEntryParams{
			ID:       ids.Prefixed("led"),
			MemberID: memberID,
			Delta:    delta,
			Kind:     kind,
			Ref:      pgtype.Text{String: ref, Valid: ref != ""},
			Note:     note,
		})
		if err != nil || n == 0 {
			return false, err
		}
		if _, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: memberID, Delta: delta}); err != nil {
			return false, err
		}
		return true, nil
	})
}
