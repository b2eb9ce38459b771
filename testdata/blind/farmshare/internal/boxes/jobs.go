package boxes

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/ids"
)

// Generator creates next week's boxes from plan templates.
type Generator struct {
	db    *sqlx.DB
	tx    TxRunner
	store *Store
	log   *slog.Logger
	now   func() time.Time
}

// NewGenerator wires a Generator.
func NewGenerator(db *sqlx.DB, tx TxRunner, store *Store, log *slog.Logger, now func() time.Time) *Generator {
	return &Generator{db: db, tx: tx, store: store, log: log, now: now}
}

// GenerateNextWeek creates a box for each due subscription. Boxes that
// already exist are left untouched.
func (g *Generator) GenerateNextWeek(ctx context.Context) error {
	week := httpx.WeekStart(g.now()).AddDate(0, 0, 7)
	due, err := g.store.DueForWeek(ctx, g.db, week)
	if err != nil {
		return fmt.Errorf("list due subscriptions: %w", err)
	}
	created := 0
	for _, d := range due {
		err := g.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
			b := &Box{
				ID:             ids.New(),
				SubscriptionID: d.SubscriptionID,
				WeekStart:      week,
				Status:         StatusOpen,
				CreatedAt:      g.now(),
			}
			isNew, err := g.store.InsertBox(ctx, tx, b)
			if err != nil || !isNew {
				return err
			}
			created++
			return g.store.FillFromTemplate(ctx, tx, b.ID, d.PlanID)
		})
		if err != nil {
			g.log.Error("generate box", "subscription", d.SubscriptionID, "err", err)
		}
	}
	g.log.Info("boxes generated", "week", week.Format("2006-01-02"), "due", len(due), "created", created)
	return nil
}

// LockCurrentWeek closes customisation for boxes being packed this week.
func (g *Generator) LockCurrentWeek(ctx context.Context) error {
	week := httpx.WeekStart(g.now()).AddDate(0, 0, 7)
	n, err := g.store.LockWeek(ctx, g.db, week)
	if err != nil {
		return err
	}
	g.log.Info("boxes locked", "week", week.Format("2006-01-02"), "count", n)
	return nil
}
