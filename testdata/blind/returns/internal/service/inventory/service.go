// Package inventory puts returned units back into sellable stock.
package inventory

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/platform/tx"
	"github.com/northwind-retail/rma/internal/repo"
)

type Line struct {
	OrderLineID string
	Quantity    int
}

type Service struct {
	pool      *pgxpool.Pool
	items     repo.Items
	inventory repo.Inventory
	log       *slog.Logger
}

func New(pool *pgxpool.Pool, items repo.Items, inv repo.Inventory, log *slog.Logger) *Service {
	return &Service{pool: pool, items: items, inventory: inv, log: log}
}

// Restock adds the given return lines back to on-hand stock at warehouseID.
// Each return item is restocked at most once: the ledger row and the stock
// increment are written together and the increment only happens when the
// ledger row is new.
func (s *Service) Restock(ctx context.Context, eventID, returnID, warehouseID string, lines []Line) (int, error) {
	return tx.Do(ctx, s.pool, func(t pgx.Tx) (int, error) {
		restocked := 0
		for _, l := range lines {
			item, err := s.items.GetByLine(ctx, t, returnID, l.OrderLineID)
			if errors.Is(err, domain.ErrNotFound) {
				s.log.WarnContext(ctx, "restock for unknown line", "return_id", returnID, "line", l.OrderLineID)
				continue
			}
			if err != nil {
				return 0, err
			}
			qty := l.Quantity
			if qty <= 0 || qty > item.Quantity {
				qty = item.Quantity
			}
			inserted, err := s.inventory.RecordRestock(ctx, t, domain.RestockEntry{
				ReturnItemID: item.ID,
				SKU:          item.SKU,
				WarehouseID:  warehouseID,
				Quantity:     qty,
				EventID:      eventID,
			})
			if err != nil {
				return 0, err
			}
			if !inserted {
				continue
			}
			if err := s.inventory.Adjust(ctx, t, item.SKU, warehouseID, qty); err != nil {
				return 0, fmt.Errorf("restock %s: %w", item.SKU, err)
			}
			if err := s.items.MarkRestocked(ctx, t, item.ID); err != nil {
				return 0, err
			}
			restocked++
		}
		return restocked, nil
	})
}
