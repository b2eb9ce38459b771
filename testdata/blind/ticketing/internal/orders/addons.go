package orders

import (
	"context"

	"github.com/stagepass/ticketing/internal/apperr"
	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/store"
)

// AddonCatalog maps merchandise SKUs to unit prices in minor units.
type AddonCatalog map[string]int64

// DefaultCatalog is the launch merch range; collected and paid at the venue.
var DefaultCatalog = AddonCatalog{
	"PARKING-STD":   1200,
	"PARKING-VIP":   2500,
	"TEE-TOUR-M":    3000,
	"TEE-TOUR-L":    3000,
	"PROGRAMME":     1000,
	"CLOAKROOM":     300,
	"FASTLANE-PASS": 1500,
}

// AddAddon attaches a merch/parking pre-order to an order.
func (s *service) AddAddon(ctx context.Context, in AddAddonInput) (OrderView, error) {
	unit, ok := s.Catalog[in.SKU]
	if !ok {
		return OrderView{}, apperr.Invalid("unknown sku %q", in.SKU)
	}
	if in.Quantity < 1 || in.Quantity > 8 {
		return OrderView{}, apperr.Invalid("quantity must be 1-8")
	}
	var order db.Order
	err := s.Tx.InTx(ctx, func(q db.Querier) error {
		o, err := q.GetOrderForUpdate(ctx, in.OrderID)
		if store.IsNotFound(err) {
			return apperr.NotFound("order %s not found", in.OrderID)
		}
		if err != nil {
			return err
		}
		if o.FanID != in.FanID {
			return apperr.Forbidden("order belongs to another fan")
		}
		if o.Status != "paid" {
			return apperr.Conflict("add-ons can only be pre-ordered on paid orders (order is %s)", o.Status)
		}
		if err := q.InsertOrderAddon(ctx, db.InsertOrderAddonParams{
			ID:        s.IDs.New(),
			OrderID:   o.ID,
			Sku:       in.SKU,
			Quantity:  in.Quantity,
			UnitCents: unit,
		}); err != nil {
			return err
		}
		if err := q.AddOrderAddonCents(ctx, o.ID, unit*int64(in.Quantity)); err != nil {
			return err
		}
		order, err = q.GetOrder(ctx, o.ID)
		return err
	})
	if err != nil {
		return OrderView{}, err
	}
	return view(order), nil
}
