// Package orders takes retail orders for drums and jars of honey and
// confirms them against stock.
package orders

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/service/apperr"
	"github.com/amberfield-labs/honeycoop/internal/store"
)

type OrderStore interface {
	CreateOrder(ctx context.Context, o *store.RetailOrder) error
	GetOrder(ctx context.Context, id string) (*store.RetailOrder, error)
	MarkConfirmed(ctx context.Context, id string) (bool, error)
	InsertAllocations(ctx context.Context, allocs []store.OrderAllocation) error
}

type Inventory interface {
	Items(ctx context.Context, skus []string) (map[string]store.InventoryItem, error)
	Reserve(ctx context.Context, sku string, units int) error
}

type Retailers interface {
	Retailer(ctx context.Context, id string) (*store.Retailer, error)
}

type TxRunner interface {
	WithTx(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service interface {
	PlaceOrder(ctx context.Context, in NewOrder) (*store.RetailOrder, error)
	ConfirmOrder(ctx context.Context, orderID string) (*store.RetailOrder, error)
	GetOrder(ctx context.Context, orderID string) (*store.RetailOrder, error)
}

type NewOrder struct {
	ID         string
	RetailerID string
	PONumber   string
	Lines      []LineInput
}

type LineInput struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
}

type Deps struct {
	Tx        TxRunner
	Orders    OrderStore
	Inventory Inventory
	Retailers Retailers
	Now       func() time.Time
}

type service struct {
	Deps
}

func New(d Deps) Service { return &service{Deps: d} }

func (s *service) PlaceOrder(ctx context.Context, in NewOrder) (*store.RetailOrder, error) {
	if in.PONumber == "" || len(in.Lines) == 0 {
		return nil, apperr.Invalid("po_number and at least one line are required")
	}
	if _, err := s.Retailers.Retailer(ctx, in.RetailerID); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, fmt.Errorf("%w: retailer %s", apperr.ErrNotFound, in.RetailerID)
		}
		return nil, err
	}
	skus := make([]string, 0, len(in.Lines))
	for _, l := range in.Lines {
		if l.Quantity <= 0 {
			return nil, apperr.Invalid("quantity of %s must be positive", l.SKU)
		}
		skus = append(skus, l.SKU)
	}
	items, err := s.Inventory.Items(ctx, skus)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	order := &store.RetailOrder{
		ID:         in.ID,
		RetailerID: in.RetailerID,
		PONumber:   in.PONumber,
		Status:     "placed",
		CreatedAt:  now,
		UpdatedAt:  now,
	}
	for _, l := range in.Lines {
		item, ok := items[l.SKU]
		if !ok {
			return nil, apperr.Invalid("unknown sku %s", l.SKU)
		}
		order.Lines = append(order.Lines, store.RetailOrderLine{
			SKU:       l.SKU,
			Quantity:  l.Quantity,
			UnitCents: item.UnitPriceCents,
		})
		order.TotalCents += int64(l.Quantity) * item.UnitPriceCents
	}
	if err := s.Orders.CreateOrder(ctx, order); err != nil {
		return nil, err
	}
	return order, nil
}

func (s *service) ConfirmOrder(ctx context.Context, orderID string) (*store.RetailOrder, error) {
	order, err := s.GetOrder(ctx, orderID)
	if err != nil {
		return nil, err
	}
	switch order.Status {
	case "confirmed":
		return order, nil
	case "placed":
	default:
		return nil, apperr.Conflict("order %s is %s", order.ID, order.Status)
	}

	allocs := allocationsFor(order)
	for _, a := range allocs {
		if err := s.Inventory.Reserve(ctx, a.SKU, a.Units); err != nil {
			if errors.Is(err, store.ErrInsufficientStock) {
				return nil, apperr.Conflict("%v", err)
			}
			return nil, err
		}
	}

	err = s.Tx.WithTx(ctx, func(ctx context.Context) error {
		ok, err := s.Orders.MarkConfirmed(ctx, order.ID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Conflict("order %s changed while confirming", order.ID)
		}
		return s.Orders.InsertAllocations(ctx, allocs)
	})
	if err != nil {
		return nil, err
	}
	order.Status = "confirmed"
	return order, nil
}

func (s *service) GetOrder(ctx context.Context, orderID string) (*store.RetailOrder, error) {
	order, err := s.Orders.GetOrder(ctx, orderID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: order %s", apperr.ErrNotFound, orderID)
	}
	return order, err
}

// allocationsFor sums the order's lines per SKU, in SKU order so that
// concurrent confirmations lock inventory rows in the same order.
func allocationsFor(o *store.RetailOrder) []store.OrderAllocation {
	units := map[string]int{}
	for _, l := range o.Lines {
		units[l.SKU] += l.Quantity
	}
	out := make([]store.OrderAllocation, 0, len(units))
	for sku, n := range units {
		out = append(out, store.OrderAllocation{OrderID: o.ID, SKU: sku, Units: n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SKU < out[j].SKU })
	return out
}
