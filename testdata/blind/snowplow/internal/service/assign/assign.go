// Package assign accepts route assignments from the city and lets the
// operations desk move a route to another truck.
package assign

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/jobs"
	"github.com/driftline-services/snowplow/internal/provider/citydispatch"
	"github.com/driftline-services/snowplow/internal/service/ports"
)

// Assignments stores route assignments.
type Assignments interface {
	Insert(ctx context.Context, a domain.Assignment) error
	Get(ctx context.Context, id uuid.UUID) (domain.Assignment, error)
	Release(ctx context.Context, id uuid.UUID) (bool, error)
}

// Routes stores the route catalogue.
type Routes interface {
	Upsert(ctx context.Context, r domain.Route) (domain.Route, error)
}

// Storms looks up storms by the city's reference.
type Storms interface {
	LatestByCityRef(ctx context.Context, ref string) (domain.Storm, error)
}

// Fleet resolves trucks and their owners.
type Fleet interface {
	Truck(ctx context.Context, id string) (domain.Truck, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Subcontractor, error)
}

// Acknowledger tells the city an assignment was taken.
type Acknowledger interface {
	AcknowledgeAssignment(ctx context.Context, cityAssignmentID, truckID string, opts ...citydispatch.AckOption) error
}

// Service owns route assignments.
type Service struct {
	assignments Assignments
	routes      Routes
	storms      Storms
	fleet       Fleet
	notes       ports.Notifications
	jobs        ports.Enqueuer
	tx          ports.TxRunner
	city        Acknowledger
	log         *slog.Logger
}

// Option configures a Service.
type Option func(*Service)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New returns a Service.
func New(a Assignments, r Routes, st Storms, f Fleet, n ports.Notifications, q ports.Enqueuer, runner ports.TxRunner,
	city Acknowledger, opts ...Option) *Service {
	s := &Service{assignments: a, routes: r, storms: st, fleet: f, notes: n, jobs: q, tx: runner, city: city, log: slog.Default()}
	for _, o := range opts {
		o(s)
	}
	return s
}

// CityAssignment is the payload of the city's assignment webhook.
type CityAssignment struct {
	AssignmentID string `json:"assignment_id"`
	StormRef     string `json:"storm_ref"`
	TruckID      string `json:"truck_id"`
	Route        struct {
		Code     string `json:"code"`
		Name     string `json:"name"`
		LengthM  int    `json:"length_m"`
		Priority int    `json:"priority"`
	} `json:"route"`
}

func (c CityAssignment) validate() error {
	if c.AssignmentID == "" || c.StormRef == "" || c.TruckID == "" || c.Route.Code == "" {
		return fmt.Errorf("%w: assignment_id, storm_ref, truck_id and route.code are required", domain.ErrInvalidArgument)
	}
	if c.Route.LengthM <= 0 {
		return fmt.Errorf("%w: route.length_m", domain.ErrInvalidArgument)
	}
	return nil
}

// Accept records a city assignment, texts the driver's company and
// acknowledges it back to the city.
func (s *Service) Accept(ctx context.Context, in CityAssignment) (domain.Assignment, error) {
	if err := in.validate(); err != nil {
		return domain.Assignment{}, err
	}
	var a domain.Assignment
	err := s.tx.Run(ctx, func(ctx context.Context) error {
		route, err := s.routes.Upsert(ctx, domain.Route{
			ID:            uuid.New(),
			CityRouteCode: in.Route.Code,
			Name:          in.Route.Name,
			LengthM:       in.Route.LengthM,
			Priority:      in.Route.Priority,
		})
		if err != nil {
			return fmt.Errorf("upsert route: %w", err)
		}
		storm, err := s.storms.LatestByCityRef(ctx, in.StormRef)
		if err != nil {
			return fmt.Errorf("storm %s: %w", in.StormRef, err)
		}
		truck, err := s.fleet.Truck(ctx, in.TruckID)
		if err != nil {
			return fmt.Errorf("truck %s: %w", in.TruckID, err)
		}
		sub, err := s.fleet.Get(ctx, truck.SubcontractorID)
		if err != nil {
			return err
		}
		a = domain.Assignment{
			ID:               uuid.New(),
			CityAssignmentID: in.AssignmentID,
			StormID:          storm.ID,
			RouteID:          route.ID,
			SubcontractorID:  sub.ID,
			TruckID:          truck.ID,
			Status:           domain.AssignmentAssigned,
		}
		if err := s.assignments.Insert(ctx, a); err != nil {
			return fmt.Errorf("insert assignment: %w", err)
		}
		return s.queueText(ctx, sub.Phone, a.ID,
			fmt.Sprintf("Truck %s assigned route %s (%s) for storm %s.", truck.ID, route.CityRouteCode, route.Name, storm.CityStormRef))
	})
	if err != nil {
		return domain.Assignment{}, err
	}

	if err := s.city.AcknowledgeAssignment(ctx, in.AssignmentID, in.TruckID,
		citydispatch.WithIdempotencyKey("ack:"+in.AssignmentID)); err != nil {
		return a, fmt.Errorf("acknowledge %s: %w", in.AssignmentID, err)
	}
	return a, nil
}

// queueText stores a text and queues its delivery on the caller's
// transaction.
func (s *Service) queueText(ctx context.Context, phone string, assignmentID uuid.UUID, body string) error {
	id, err := s.notes.Add(ctx, phone, body, "assignment:"+assignmentID.String())
	if err != nil {
		return err
	}
	return s.jobs.Enqueue(ctx, jobs.NotifyArgs{NotificationID: id}, nil)
}

// Reassign moves an open assignment to another truck. The old row is ended
// and a new revision is opened for the new truck.
func (s *Service) Reassign(ctx context.Context, id uuid.UUID, truckID string) (domain.Assignment, error) {
	cur, err := s.assignments.Get(ctx, id)
	if err != nil {
		return domain.Assignment{}, err
	}
	if cur.EndedAt != nil || cur.Status == domain.AssignmentCleared {
		return domain.Assignment{}, domain.ErrNotActive
	}
	truck, err := s.fleet.Truck(ctx, truckID)
	if err != nil {
		return domain.Assignment{}, err
	}

	released, err := s.assignments.Release(ctx, cur.ID)
	if err != nil {
		return domain.Assignment{}, err
	}
	if !released {
		return domain.Assignment{}, domain.ErrNotActive
	}

	next := domain.Assignment{
		ID:               uuid.New(),
		CityAssignmentID: cur.CityAssignmentID,
		Revision:         cur.Revision + 1,
		StormID:          cur.StormID,
		RouteID:          cur.RouteID,
		SubcontractorID:  truck.SubcontractorID,
		TruckID:          truck.ID,
		Status:           domain.AssignmentAssigned,
	}
	if err := s.assignments.Insert(ctx, next); err != nil {
		return domain.Assignment{}, fmt.Errorf("open revision %d: %w", next.Revision, err)
	}
	s.log.InfoContext(ctx, "route reassigned", "from", cur.TruckID, "to", truck.ID, "assignment", next.ID)
	return next, nil
}
