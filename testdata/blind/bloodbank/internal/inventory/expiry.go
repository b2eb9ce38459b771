package inventory

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/platform/database"
)

func fmtColumn(query, column string) string {
	switch column {
	case "order_id", "transfer_id":
		return strings.Replace(query, "%s", column, 1)
	default:
		panic("inventory: unexpected owner column " + column)
	}
}

// ExpirySweeper writes off components past their expiry. It runs on a
// schedule; a run that fails is retried by the queue and simply picks up
// whatever is still due.
type ExpirySweeper struct {
	repo Repository
	tx   database.TxRunner
	now  func() time.Time
}

func NewExpirySweeper(repo Repository, tx database.TxRunner) *ExpirySweeper {
	return &ExpirySweeper{repo: repo, tx: tx, now: time.Now}
}

func (s *ExpirySweeper) Run(ctx context.Context) error {
	asOf := s.now().UTC()
	var expired []uuid.UUID
	err := s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		ids, err := s.repo.ExpireDue(ctx, tx, asOf)
		if err != nil {
			return fmt.Errorf("expire due: %w", err)
		}
		expired = ids
		return s.repo.RecordWriteOffs(ctx, tx, ids, "expired")
	})
	if err != nil {
		return err
	}
	slog.InfoContext(ctx, "expiry sweep finished", "expired", len(expired), "as_of", asOf)
	return nil
}
