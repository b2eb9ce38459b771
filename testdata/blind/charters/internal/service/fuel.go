package service

import (
	"context"
	"fmt"

	"github.com/saltline-charters/charterhub/internal/lookup"
	"github.com/saltline-charters/charterhub/internal/marina"
	"github.com/saltline-charters/charterhub/internal/store"
)

// Fuel books deliveries from the marina fuel dock to a trip's berth.
type Fuel struct {
	q       store.Querier
	marina  MarinaGateway
	marinas *lookup.Marinas
}

func NewFuel(q store.Querier, gw MarinaGateway, marinas *lookup.Marinas) *Fuel {
	return &Fuel{q: q, marina: gw, marinas: marinas}
}

type FuelOrderResult struct {
	OrderRef   string
	PriceCents int64
}

var fuelTypes = map[string]bool{"diesel": true, "petrol": true}

func (s *Fuel) Order(ctx context.Context, tripID string, litres int32, fuelType string) (FuelOrderResult, error) {
	if litres <= 0 || litres > 5000 {
		return FuelOrderResult{}, invalid("litres %d out of range", litres)
	}
	if !fuelTypes[fuelType] {
		return FuelOrderResult{}, invalid("unknown fuel type %q", fuelType)
	}
	trip, err := s.q.GetTrip(ctx, tripID)
	if err != nil {
		return FuelOrderResult{}, notFound("trip", err)
	}
	berth, err := s.q.GetBerthRequestByTrip(ctx, trip.ID)
	if err != nil {
		return FuelOrderResult{}, notFound("berth for trip", err)
	}
	if berth.Status != "confirmed" || berth.BerthCode == nil {
		return FuelOrderResult{}, precondition("berth for trip %s is %s", trip.ID, berth.Status)
	}
	m, err := s.marinas.Get(ctx, trip.MarinaID)
	if err != nil {
		return FuelOrderResult{}, err
	}

	ack, err := s.marina.OrderFuel(ctx, marina.FuelOrder{
		MarinaCode: m.PartnerCode,
		BerthCode:  *berth.BerthCode,
		TripRef:    trip.ID,
		Litres:     litres,
		FuelType:   fuelType,
	})
	if err != nil {
		return FuelOrderResult{}, fmt.Errorf("fuel dock: %w", err)
	}

	if err := s.q.InsertFuelOrder(ctx, ack.OrderRef, trip.ID, litres, ack.PriceCents); err != nil {
		return FuelOrderResult{}, fmt.Errorf("record fuel order %s: %w", ack.OrderRef, err)
	}
	return FuelOrderResult{OrderRef: ack.OrderRef, PriceCents: ack.PriceCents}, nil
}
