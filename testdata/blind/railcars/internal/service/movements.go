package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/platform/ids"
	"github.com/ironbridge-leasing/railcars/internal/provider/railswitch"
)

// MovementQueue publishes movement events onto the movement queue.
type MovementQueue interface {
	Publish(ctx context.Context, group, dedupID string, body any) error
}

// ReleaseOrderer places release orders with a railroad.
type ReleaseOrderer interface {
	SubmitReleaseOrder(ctx context.Context, o railswitch.ReleaseOrder) (*railswitch.OrderAck, error)
}

// MovementService applies railroad car movement events.
type MovementService struct {
	tx       *db.TxRunner
	moves    MovementStore
	cars     CarStore
	leases   LeaseStore
	events   EventStore
	queue    MovementQueue
	switches func(scac string) (ReleaseOrderer, error)
	now      Clock
	log      *slog.Logger

	appliers map[string]func(ctx context.Context, e domain.MovementEvent) error
}

// MovementDeps are the MovementService's collaborators.
type MovementDeps struct {
	Tx       *db.TxRunner
	Moves    MovementStore
	Cars     CarStore
	Leases   LeaseStore
	Events   EventStore
	Queue    MovementQueue
	Switches func(scac string) (ReleaseOrderer, error)
	Clock    Clock
	Log      *slog.Logger
}

// NewMovementService wires a MovementService.
func NewMovementService(d MovementDeps) *MovementService {
	if d.Clock == nil {
		d.Clock = SystemClock
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	s := &MovementService{tx: d.Tx, moves: d.Moves, cars: d.Cars, leases: d.Leases, events: d.Events,
		queue: d.Queue, switches: d.Switches, now: d.Clock, log: d.Log}
	s.appliers = map[string]func(context.Context, domain.MovementEvent) error{
		domain.MovePlacement:   s.applyPlacement,
		domain.MoveRelease:     s.applyRelease,
		domain.MoveInterchange: s.applyInterchange,
	}
	return s
}

// Apply applies one movement event in its own transaction.
func (s *MovementService) Apply(ctx context.Context, e domain.MovementEvent) error {
	fn, ok := s.appliers[e.Type]
	if !ok {
		s.log.Info("ignoring movement event", "type", e.Type, "event_id", e.EventID)
		return nil
	}
	e.CarMark = normalizeMark(e.CarMark)
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		return fn(ctx, e)
	})
}

// IngestEDI records the events of an EDI 322 interchange in the movement
// inbox and applies the new ones.
func (s *MovementService) IngestEDI(ctx context.Context, events []domain.MovementEvent) (applied int, err error) {
	for _, e := range events {
		fn, ok := s.appliers[e.Type]
		if !ok {
			continue
		}
		e.CarMark = normalizeMark(e.CarMark)
		err := s.tx.InTx(ctx, func(ctx context.Context) error {
			fresh, err := s.moves.Inbox(ctx, s.tx.Q(ctx), "edi322", e.EventID, e)
			if err != nil || !fresh {
				return err
			}
			applied++
			return fn(ctx, e)
		})
		if err != nil {
			return applied, fmt.Errorf("event %s for %s: %w", e.EventID, e.CarMark, err)
		}
	}
	return applied, nil
}

func (s *MovementService) applyPlacement(ctx context.Context, e domain.MovementEvent) error {
	q := s.tx.Q(ctx)
	p := &domain.Placement{
		ID:            ids.Prefixed("plc"),
		EventID:       e.EventID,
		CarMark:       e.CarMark,
		Railroad:      e.Railroad,
		Location:      e.Location,
		PlacedAt:      e.OccurredAt,
		FreeTimeHours: 48,
	}
	lease, err := s.leases.ActiveForCar(ctx, q, e.CarMark)
	switch {
	case err == nil:
		p.LeaseID, p.CustomerID, p.FreeTimeHours = lease.ID, lease.CustomerID, lease.FreeTimeHours
	case !errors.Is(err, db.ErrNotFound):
		return err
	}
	inserted, err := s.moves.InsertPlacement(ctx, q, p)
	if err != nil || !inserted {
		return err
	}
	if err := s.moves.CloseTrips(ctx, q, e.CarMark, e.Location, e.OccurredAt); err != nil {
		return err
	}
	if err := s.cars.UpdatePosition(ctx, q, e.CarMark, e.Railroad, e.Location); err != nil {
		return err
	}
	if p.CustomerID == "" {
		return nil
	}
	return emit(ctx, s.tx, s.events, domain.EventCarPlaced, p.ID, domain.CarPlaced{
		PlacementID: p.ID, CarMark: p.CarMark, CustomerID: p.CustomerID,
		Location: p.Location, PlacedAt: p.PlacedAt,
	})
}

func (s *MovementService) applyRelease(ctx context.Context, e domain.MovementEvent) error {
	q := s.tx.Q(ctx)
	p, err := s.moves.OpenPlacement(ctx, q, e.CarMark)
	switch {
	case errors.Is(err, db.ErrNotFound):
		// Released from a siding we never saw a placement for (cars coming
		// on lease mid-trip); the trip still starts here.
		p = nil
	case err != nil:
		return err
	}
	trip := &domain.Trip{
		ID:        ids.Sortable(e.OccurredAt),
		CarMark:   e.CarMark,
		Origin:    e.Location,
		Loaded:    e.Loaded,
		StartedAt: e.OccurredAt,
	}
	if p != nil {
		if err := s.moves.ReleasePlacement(ctx, q, p.ID, e.OccurredAt); err != nil {
			return err
		}
		trip.LeaseID = p.LeaseID
	}
	if err := s.moves.InsertTrip(ctx, q, trip); err != nil {
		return err
	}
	return s.cars.UpdatePosition(ctx, q, e.CarMark, e.Railroad, e.Location)
}

func (s *MovementService) applyInterchange(ctx context.Context, e domain.MovementEvent) error {
	q := s.tx.Q(ctx)
	if err := s.moves.InsertInterchange(ctx, q, &domain.Interchange{
		EventID:    e.EventID,
		CarMark:    e.CarMark,
		FromRoad:   e.FromRoad,
		ToRoad:     e.ToRoad,
		Junction:   e.Junction,
		OccurredAt: e.OccurredAt,
	}); err != nil {
		return fmt.Errorf("record interchange: %w", err)
	}
	return s.cars.UpdatePosition(ctx, q, e.CarMark, e.ToRoad, e.Junction)
}

// ManualMovement is a movement reported to the operations desk by phone or
// email rather than by EDI.
type ManualMovement struct {
	Type       string    `json:"type"`
	Railroad   string    `json:"railroad"`
	Location   string    `json:"location"`
	OccurredAt time.Time `json:"occurred_at"`
	Loaded     bool      `json:"loaded"`
	FromRoad   string    `json:"from_road,omitempty"`
	ToRoad     string    `json:"to_road,omitempty"`
	Junction   string    `json:"junction,omitempty"`
}

// SubmitManual queues a manually entered movement for the movement consumer,
// so it is applied in order with the railroad feed for the same car.
func (s *MovementService) SubmitManual(ctx context.Context, carMark string, m ManualMovement) (string, error) {
	if _, ok := s.appliers[m.Type]; !ok {
		return "", invalid("type must be PLACEMENT, RELEASE or INTERCHANGE")
	}
	if m.OccurredAt.IsZero() || m.Railroad == "" {
		return "", invalid("railroad and occurred_at are required")
	}
	carMark = normalizeMark(carMark)
	if _, err := s.cars.Get(ctx, s.tx.Q(ctx), carMark); err != nil {
		return "", err
	}
	e := domain.MovementEvent{
		EventID:    "manual-" + ids.New(),
		Type:       m.Type,
		CarMark:    carMark,
		Railroad:   m.Railroad,
		Location:   m.Location,
		OccurredAt: m.OccurredAt.UTC(),
		Loaded:     m.Loaded,
		FromRoad:   m.FromRoad,
		ToRoad:     m.ToRoad,
		Junction:   m.Junction,
	}
	if err := s.queue.Publish(ctx, carMark, e.EventID, e); err != nil {
		return "", fmt.Errorf("queue movement: %w", err)
	}
	return e.EventID, nil
}

// ReleaseInput asks for a car to be pulled from the customer's siding.
type ReleaseInput struct {
	RequestedFor time.Time `json:"requested_for"`
	Loaded       bool      `json:"loaded"`
	Remarks      string    `json:"remarks"`
	RequestedBy  string    `json:"-"`
}

// RequestRelease places a release order with the serving railroad for a
// placed car and records it.
func (s *MovementService) RequestRelease(ctx context.Context, carMark string, in ReleaseInput) (*domain.ReleaseRequest, error) {
	carMark = normalizeMark(carMark)
	p, err := s.moves.OpenPlacement(ctx, s.tx.Q(ctx), carMark)
	if errors.Is(err, db.ErrNotFound) {
		return nil, ErrNoOpenPlacement
	}
	if err != nil {
		return nil, err
	}
	if in.RequestedFor.IsZero() {
		in.RequestedFor = s.now()
	}
	client, err := s.switches(p.Railroad)
	if err != nil {
		return nil, err
	}
	load := "E"
	if in.Loaded {
		load = "L"
	}
	ack, err := client.SubmitReleaseOrder(ctx, railswitch.ReleaseOrder{
		CarMark:      carMark,
		SidingCode:   p.Location,
		LoadStatus:   load,
		RequestedFor: in.RequestedFor.Format("2006-01-02"),
		Remarks:      in.Remarks,
	})
	if err != nil {
		return nil, fmt.Errorf("release order to %s: %w", p.Railroad, err)
	}
	rr := &domain.ReleaseRequest{
		ID:              ids.New(),
		CarMark:         carMark,
		PlacementID:     p.ID,
		Railroad:        p.Railroad,
		RailroadOrderNo: ack.OrderNumber,
		RequestedFor:    in.RequestedFor,
		RequestedBy:     in.RequestedBy,
	}
	if err := s.tx.InTx(ctx, func(ctx context.Context) error {
		return s.moves.InsertReleaseRequest(ctx, s.tx.Q(ctx), rr)
	}); err != nil {
		return nil, err
	}
	return rr, nil
}
