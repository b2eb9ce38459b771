package orders

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/inventory"
	"github.com/hemolink-systems/bloodbank/internal/jobs"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
	"github.com/hemolink-systems/bloodbank/internal/platform/events"
)

// Allocator reserves stock for pending orders. It runs as the
// orders:allocate task.
type Allocator struct {
	repo   Repository
	stock  inventory.Repository
	tx     database.TxRunner
	events events.Publisher
}

func NewAllocator(repo Repository, stock inventory.Repository, tx database.TxRunner, pub events.Publisher) *Allocator {
	return &Allocator{repo: repo, stock: stock, tx: tx, events: pub}
}

func (a *Allocator) Allocate(ctx context.Context, p jobs.AllocateOrderPayload) error {
	order, err := a.repo.GetOrder(ctx, p.OrderID)
	if err != nil {
		return err
	}
	if order.Status != "pending" {
		slog.InfoContext(ctx, "order no longer pending, skipping allocation", "order", order.ID, "status", order.Status)
		return nil
	}

	// Pick units line by line. Each line's reservation commits on its own so
	// a long emergency order does not hold row locks on the whole stock
	// table while later lines are searched.
	var allocs []Allocation
	for _, line := range order.Lines {
		var reserved []uuid.UUID
		err := a.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
			ids, err := a.stock.ReserveForOrder(ctx, tx, order.ID, line.Kind, line.BloodGroup, line.Quantity)
			reserved = ids
			return err
		})
		if err != nil {
			return fmt.Errorf("reserve line %d: %w", line.LineNo, err)
		}
		if len(reserved) < line.Quantity {
			return fmt.Errorf("line %d: %d of %d %s %s: %w",
				line.LineNo, len(reserved), line.Quantity, line.BloodGroup, line.Kind, domain.ErrInsufficient)
		}
		for _, id := range reserved {
			allocs = append(allocs, Allocation{OrderID: order.ID, ComponentID: id, LineNo: line.LineNo})
		}
	}

	err = a.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		if err := a.repo.InsertAllocations(ctx, tx, allocs); err != nil {
			return err
		}
		_, err := a.repo.SetStatus(ctx, tx, order.ID, []string{"pending"}, "allocated")
		return err
	})
	if err != nil {
		return fmt.Errorf("record allocation: %w", err)
	}

	return a.events.Publish(ctx, events.TopicOrderAllocated, "order-allocated:"+order.ID.String(),
		events.OrderAllocated{
			OrderID:    order.ID.String(),
			HospitalID: order.HospitalID.String(),
			Units:      len(allocs),
			Priority:   order.Priority,
		})
}
