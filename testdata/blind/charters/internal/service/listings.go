package service

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/rs/xid"

	"github.com/saltline-charters/charterhub/internal/ids"
	"github.com/saltline-charters/charterhub/internal/lookup"
	"github.com/saltline-charters/charterhub/internal/pagination"
	"github.com/saltline-charters/charterhub/internal/store"
)

// Listings owns boats and the trips skippers schedule on them.
type Listings struct {
	q          store.Querier
	categories *lookup.BoatCategories
	marinas    *lookup.Marinas
	now        Clock
}

func NewListings(q store.Querier, categories *lookup.BoatCategories, marinas *lookup.Marinas, now Clock) *Listings {
	return &Listings{q: q, categories: categories, marinas: marinas, now: now}
}

type NewBoat struct {
	SkipperID    string
	Name         string
	Registration string
	Category     string
	LengthCm     int32
	HomeMarinaID string
}

func (b NewBoat) validate() error {
	switch {
	case b.SkipperID == "":
		return invalid("skipper_id is required")
	case strings.TrimSpace(b.Name) == "":
		return invalid("name is required")
	case b.LengthCm < 300 || b.LengthCm > 6000:
		return invalid("length_cm %d outside 3m-60m", b.LengthCm)
	}
	return nil
}

// CreateListing puts a skipper's boat on the marketplace.
func (s *Listings) CreateListing(ctx context.Context, in NewBoat) (store.Boat, error) {
	if err := in.validate(); err != nil {
		return store.Boat{}, err
	}
	if _, err := s.categories.Get(ctx, in.Category); err != nil {
		return store.Boat{}, notFound("boat category", err)
	}
	if _, err := s.marinas.Get(ctx, in.HomeMarinaID); err != nil {
		return store.Boat{}, notFound("home marina", err)
	}

	boat, err := s.q.InsertBoat(ctx, store.InsertBoatParams{
		ID:           "boat_" + xid.New().String(),
		SkipperID:    in.SkipperID,
		Name:         strings.TrimSpace(in.Name),
		Registration: strings.ToUpper(strings.TrimSpace(in.Registration)),
		Category:     in.Category,
		LengthCm:     in.LengthCm,
		HomeMarinaID: in.HomeMarinaID,
	})
	if err != nil {
		return store.Boat{}, fmt.Errorf("insert boat: %w", err)
	}
	return boat, nil
}

type NewTrip struct {
	BoatID     string
	MarinaID   string
	DepartsAt  time.Time
	ReturnsAt  time.Time
	Capacity   int32
	PriceCents int64
	DepositPct int32
}

// ScheduleTrip adds a departure for a boat. A boat cannot leave twice at
// the same minute, so scheduling the same departure again returns the
// trip that is already there.
func (s *Listings) ScheduleTrip(ctx context.Context, in NewTrip) (store.Trip, error) {
	if !in.ReturnsAt.After(in.DepartsAt) {
		return store.Trip{}, invalid("returns_at must be after departs_at")
	}
	if in.DepartsAt.Before(s.now()) {
		return store.Trip{}, invalid("departure is in the past")
	}
	boat, err := s.q.GetBoat(ctx, in.BoatID)
	if err != nil {
		return store.Trip{}, notFound("boat", err)
	}
	cat, err := s.categories.Get(ctx, boat.Category)
	if err != nil {
		return store.Trip{}, err
	}
	if in.Capacity <= 0 || in.Capacity > cat.MaxPassengers {
		return store.Trip{}, invalid("capacity %d exceeds %s limit of %d", in.Capacity, cat.Label, cat.MaxPassengers)
	}
	if in.MarinaID == "" {
		in.MarinaID = boat.HomeMarinaID
	}
	if in.DepositPct == 0 {
		in.DepositPct = 30
	}

	departs := in.DepartsAt.UTC().Truncate(time.Minute)
	trip, err := s.q.InsertTrip(ctx, store.InsertTripParams{
		ID:         ids.New("trip"),
		BoatID:     boat.ID,
		SkipperID:  boat.SkipperID,
		MarinaID:   in.MarinaID,
		DepartsAt:  departs,
		ReturnsAt:  in.ReturnsAt.UTC().Truncate(time.Minute),
		Capacity:   in.Capacity,
		PriceCents: in.PriceCents,
		DepositPct: in.DepositPct,
	})
	if store.IsNotFound(err) {
		return s.q.GetTripByBoatDeparture(ctx, boat.ID, departs)
	}
	return trip, err
}

type TripQuery struct {
	MarinaID string
	From     time.Time
	Cursor   string
	Limit    int32
}

// ListTrips pages through bookable departures at a marina.
func (s *Listings) ListTrips(ctx context.Context, in TripQuery) (pagination.Page[store.Trip], error) {
	limit := pagination.ClampLimit(in.Limit, 20, 100)
	afterDeparts, afterID := time.Time{}, ""
	parts, err := pagination.DecodeCursor(in.Cursor, 2)
	if err != nil {
		return pagination.Page[store.Trip]{}, invalid("cursor: %v", err)
	}
	if parts != nil {
		if afterDeparts, err = time.Parse(time.RFC3339Nano, parts[0]); err != nil {
			return pagination.Page[store.Trip]{}, invalid("cursor: %v", err)
		}
		afterID = parts[1]
	}
	if in.From.IsZero() {
		in.From = s.now()
	}
	rows, err := s.q.ListTrips(ctx, store.ListTripsParams{
		MarinaID:     in.MarinaID,
		From:         in.From,
		AfterDeparts: afterDeparts,
		AfterID:      afterID,
		Limit:        limit + 1,
	})
	if err != nil {
		return pagination.Page[store.Trip]{}, err
	}
	return pagination.Paginate(rows, int(limit), func(t store.Trip) []string {
		return []string{t.DepartsAt.Format(time.RFC3339Nano), t.ID}
	}), nil
}
