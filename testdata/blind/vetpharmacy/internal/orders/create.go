package orders

import (
	"context"
	"fmt"

	"github.com/kestrelvet/refillrx/internal/apperr"
	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/ids"
)

type Item struct {
	ProductID string `json:"product_id" binding:"required"`
	Quantity  int32  `json:"quantity" binding:"required,min=1,max=20"`
}

// CreateOTC creates an order for over-the-counter items (flea and worming
// treatments, diets) and reserves stock for it.
func (s *Service) CreateOTC(ctx context.Context, ownerID string, items []Item) (db.Order, error) {
	owner, err := s.orders.Owner(ctx, ownerID)
	if err != nil {
		return db.Order{}, err
	}
	orderID := ids.New(ids.Order)
	var (
		total int64
		lines []db.InsertOrderLineParams
	)
	for _, it := range items {
		p, err := s.orders.Product(ctx, it.ProductID)
		if err != nil {
			return db.Order{}, err
		}
		if p.ControlledSchedule != nil {
			return db.Order{}, apperr.Invalid("prescription_required", p.Name+" needs a prescription")
		}
		total += p.UnitPriceCents * int64(it.Quantity)
		lines = append(lines, db.InsertOrderLineParams{
			ID: ids.New(ids.OrderLine), OrderID: orderID, ProductID: p.ID,
			Quantity: it.Quantity, UnitPriceCents: p.UnitPriceCents,
		})
	}
	params := db.InsertOrderParams{
		ID: orderID, OwnerID: owner.ID, Kind: "otc", Status: StatusAwaitingPayment,
		TotalCents: total, Currency: s.currency,
	}
	shipTo(owner)(&params)

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		for _, l := range lines {
			ok, err := s.orders.Reserve(ctx, l.ProductID, l.Quantity)
			if err != nil {
				return err
			}
			if !ok {
				return apperr.Conflict("out_of_stock", "not enough stock for "+l.ProductID)
			}
		}
		return s.orders.Create(ctx, params, lines)
	})
	if err != nil {
		return db.Order{}, err
	}
	return s.orders.Get(ctx, orderID)
}

// CreateForRefill creates the order for an approved refill. It runs on the
// caller's context so it joins the approval's transaction when there is one.
func (s *Service) CreateForRefill(ctx context.Context, rr db.RefillRequest, rx db.Prescription) (string, error) {
	owner, err := s.orders.Owner(ctx, rr.OwnerID)
	if err != nil {
		return "", err
	}
	p, err := s.orders.Product(ctx, rx.ProductID)
	if err != nil {
		return "", err
	}
	orderID := ids.New(ids.Order)
	params := db.InsertOrderParams{
		ID: orderID, OwnerID: owner.ID, RefillRequestID: &rr.ID, Kind: "refill",
		Status: StatusAwaitingPayment, TotalCents: p.UnitPriceCents * int64(rr.Quantity), Currency: s.currency,
	}
	shipTo(owner)(&params)
	line := db.InsertOrderLineParams{
		ID: ids.New(ids.OrderLine), OrderID: orderID, ProductID: p.ID, PrescriptionID: &rx.ID,
		Quantity: rr.Quantity, UnitPriceCents: p.UnitPriceCents,
	}
	if err := s.orders.Create(ctx, params, []db.InsertOrderLineParams{line}); err != nil {
		return "", fmt.Errorf("create refill order: %w", err)
	}
	return orderID, nil
}
