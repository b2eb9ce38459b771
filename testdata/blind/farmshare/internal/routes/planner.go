package routes

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/events"
	"github.com/harvestloop/farmshare/internal/platform/httpx"
	"github.com/harvestloop/farmshare/internal/platform/ids"
)

// TxRunner runs a function in a transaction.
type TxRunner interface {
	WithTx(ctx context.Context, fn func(tx *sqlx.Tx) error) error
}

// EventWriter appends a domain event to the outbox on q.
type EventWriter interface {
	Enqueue(ctx context.Context, q database.Queryer, topic, key string, payload any) error
}

// Planner builds the weekly routes.
type Planner struct {
	db     *sqlx.DB
	tx     TxRunner
	store  *Store
	events EventWriter
	log    *slog.Logger
	now    func() time.Time
}

// NewPlanner wires a Planner.
func NewPlanner(db *sqlx.DB, tx TxRunner, store *Store, ev EventWriter, log *slog.Logger, now func() time.Time) *Planner {
	return &Planner{db: db, tx: tx, store: store, events: ev, log: log, now: now}
}

// PlanNextWeek creates one route per pickup point for next week's boxes.
func (p *Planner) PlanNextWeek(ctx context.Context) error {
	week := httpx.WeekStart(p.now()).AddDate(0, 0, 7)
	loads, err := p.store.Loads(ctx, p.db, week)
	if err != nil {
		return fmt.Errorf("route loads: %w", err)
	}
	for _, l := range loads {
		err := p.tx.WithTx(ctx, func(tx *sqlx.Tx) error {
			r := &Route{
				ID:            ids.New(),
				PickupPointID: l.PickupPointID,
				WeekStart:     week,
				Status:        StatusPlanned,
				BoxCount:      l.Boxes,
				CreatedAt:     p.now(),
				UpdatedAt:     p.now(),
			}
			isNew, err := p.store.ClaimRoute(ctx, tx, r)
			if err != nil || !isNew {
				return err
			}
			if err := p.store.AddStops(ctx, tx, r.ID, l.PickupPointID, week); err != nil {
				return err
			}
			return p.events.Enqueue(ctx, tx, events.TopicRoutePlanned, r.ID, events.RoutePlanned{
				RouteID: r.ID, PickupPointID: l.PickupPointID, WeekStart: week,
			})
		})
		if err != nil {
			p.log.Error("plan route", "pickup_point", l.PickupPointID, "err", err)
		}
	}
	p.log.Info("routes planned", "week", week.Format("2006-01-02"), "points", len(loads))
	return nil
}
