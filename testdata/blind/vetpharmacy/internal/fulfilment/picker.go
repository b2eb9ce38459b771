// Package fulfilment covers the pharmacy floor: picking paid orders and the
// pharmacist's final check and dispense.
package fulfilment

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/ids"
	"github.com/kestrelvet/refillrx/internal/orders"
	"github.com/kestrelvet/refillrx/internal/repo"
	"github.com/kestrelvet/refillrx/internal/store"
)

type OrderStore interface {
	Get(ctx context.Context, id string) (db.Order, error)
	Lines(ctx context.Context, orderID string) ([]db.OrderLine, error)
	Transition(ctx context.Context, id, from, to string) (bool, error)
	Product(ctx context.Context, id string) (db.Product, error)
	MarkDispensed(ctx context.Context, id string) (bool, error)
	Consume(ctx context.Context, productID string, qty int32) error
}

type PickStore interface {
	CreatePickList(ctx context.Context, id, orderID, route string, lines []repo.PickLine) error
}

// BinLocator maps a SKU to its shelf bin. The default reads the aisle from
// the SKU prefix; the warehouse team can swap in a table-driven one.
type BinLocator func(sku string) string

func PrefixBins(sku string) string {
	if i := strings.IndexByte(sku, '-'); i > 0 {
		return "A" + sku[:i]
	}
	return "A00"
}

type Picker struct {
	tx     store.Transactor
	orders OrderStore
	picks  PickStore
	binFor BinLocator
	log    *slog.Logger
}

func NewPicker(tx store.Transactor, o OrderStore, p PickStore, log *slog.Logger) *Picker {
	return &Picker{tx: tx, orders: o, picks: p, binFor: PrefixBins, log: log}
}

// Pick builds the pick list for a paid order and moves it to picking.
func (p *Picker) Pick(ctx context.Context, orderID string) error {
	order, err := p.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	switch order.Status {
	case orders.StatusPaid, orders.StatusPicking:
		// picking: an earlier attempt got part of the way.
	default:
		p.log.InfoContext(ctx, "order not pickable, skipping", "order_id", order.ID, "status", order.Status)
		return nil
	}
	lines, err := p.orders.Lines(ctx, order.ID)
	if err != nil {
		return err
	}
	pickLines := make([]repo.PickLine, 0, len(lines))
	for _, l := range lines {
		prod, err := p.orders.Product(ctx, l.ProductID)
		if err != nil {
			return err
		}
		pickLines = append(pickLines, repo.PickLine{ProductID: l.ProductID, Quantity: l.Quantity, Bin: p.binFor(prod.Sku)})
	}
	sort.Slice(pickLines, func(i, j int) bool { return pickLines[i].Bin < pickLines[j].Bin })
	route := routeOf(pickLines)

	return p.tx.InTx(ctx, func(ctx context.Context) error {
		if err := p.picks.CreatePickList(ctx, ids.New(ids.PickList), order.ID, route, pickLines); err != nil {
			return fmt.Errorf("create pick list: %w", err)
		}
		if _, err := p.orders.Transition(ctx, order.ID, orders.StatusPaid, orders.StatusPicking); err != nil {
			return err
		}
		return nil
	})
}

func routeOf(lines []repo.PickLine) string {
	bins := make([]string, 0, len(lines))
	for _, l := range lines {
		if len(bins) == 0 || bins[len(bins)-1] != l.Bin {
			bins = append(bins, l.Bin)
		}
	}
	return strings.Join(bins, ">")
}
