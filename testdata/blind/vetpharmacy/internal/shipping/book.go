package shipping

import (
	"context"
	"errors"
	"fmt"

	"github.com/kestrelvet/refillrx/internal/apperr"
	"github.com/kestrelvet/refillrx/internal/courier"
	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/ids"
	"github.com/kestrelvet/refillrx/internal/notify"
	"github.com/kestrelvet/refillrx/internal/orders"
)

// parcelFor sizes the parcel. Controlled drugs and anything cold-chain go
// signed-for; everything else can be left in a safe place.
func parcelFor(order db.Order, lines []db.OrderLine) (courier.Parcel, bool) {
	var units int32
	signed := false
	for _, l := range lines {
		units += l.Quantity
		if l.Controlled {
			signed = true
		}
	}
	weight := 150 + int(units)*40
	return courier.Parcel{WeightGrams: weight, Reference: order.ID}, signed
}

// Book creates the courier shipment for a dispensed order and tells the
// owner it is on the way.
func (s *Service) Book(ctx context.Context, orderID string) error {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if order.Status == orders.StatusShipped || order.Status == orders.StatusDelivered {
		return nil
	}
	if order.Status != orders.StatusDispensed {
		return fmt.Errorf("order %s is %s, not dispensed", order.ID, order.Status)
	}
	if _, err := s.shipments.ShipmentByOrder(ctx, order.ID); err == nil {
		return nil
	} else if apperr.KindOf(err) != apperr.KindNotFound {
		return err
	}

	lines, err := s.orders.Lines(ctx, order.ID)
	if err != nil {
		return err
	}
	parcel, signed := parcelFor(order, lines)
	to := courier.Address{
		Name: order.ShipName, Line1: order.ShipLine1, City: order.ShipCity,
		Postcode: order.ShipPostcode, Country: "GB",
	}
	if order.ShipLine2 != nil {
		to.Line2 = *order.ShipLine2
	}
	shipment, err := s.courier.CreateShipment(ctx, courier.CreateShipmentRequest{
		Service:             "next_day",
		To:                  to,
		Parcels:             []courier.Parcel{parcel},
		SignatureOnDelivery: signed,
	})
	if err != nil {
		var apiErr *courier.APIError
		if errors.As(err, &apiErr) && !apiErr.Retryable() {
			return fmt.Errorf("courier rejected shipment for %s: %w", order.ID, err)
		}
		return err
	}

	owner, err := s.orders.Owner(ctx, order.OwnerID)
	if err != nil {
		return err
	}
	label := shipment.LabelURL
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.shipments.SaveShipment(ctx, db.UpsertShipmentParams{
			ID:                ids.New(ids.Shipment),
			OrderID:           order.ID,
			CourierShipmentID: shipment.ID,
			TrackingNumber:    shipment.TrackingNumber,
			LabelURL:          &label,
		}); err != nil {
			return err
		}
		if _, err := s.orders.Transition(ctx, order.ID, orders.StatusDispensed, orders.StatusShipped); err != nil {
			return err
		}
		_, err := s.notifier.Schedule(ctx, notify.ForOwner(owner, "order_shipped", map[string]any{
			"OrderID": order.ID, "TrackingURL": s.trackURL(shipment.TrackingNumber),
		}))
		return err
	})
}
