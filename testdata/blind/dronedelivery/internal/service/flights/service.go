// Package flights files and withdraws flight plans with the airspace authority.
package flights

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/skyhop-logistics/dronedelivery/internal/domain"
	"github.com/skyhop-logistics/dronedelivery/internal/providers/airspace"
	"github.com/skyhop-logistics/dronedelivery/internal/store"
)

// Authority is the slice of the airspace client used for plan lifecycle.
type Authority interface {
	SubmitPlan(ctx context.Context, sub airspace.PlanSubmission) (*airspace.PlanReceipt, error)
	CancelPlan(ctx context.Context, planID string) error
}

// Service manages flight plans.
type Service struct {
	store       store.Store
	authority   Authority
	log         *slog.Logger
	maxAltitude int
	maxWindow   time.Duration
	refPrefix   string
}

// Option configures a Service.
type Option func(*Service)

// WithMaxAltitude caps the filed altitude in metres AGL.
func WithMaxAltitude(m int) Option { return func(s *Service) { s.maxAltitude = m } }

// WithMaxWindow caps how long a plan's window may be.
func WithMaxWindow(d time.Duration) Option { return func(s *Service) { s.maxWindow = d } }

// WithReferencePrefix sets the operator prefix on plan references.
func WithReferencePrefix(p string) Option { return func(s *Service) { s.refPrefix = p } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New returns a flights Service.
func New(st store.Store, authority Authority, opts ...Option) *Service {
	s := &Service{
		store:       st,
		authority:   authority,
		log:         slog.Default(),
		maxAltitude: 120,
		maxWindow:   90 * time.Minute,
		refPrefix:   "SKH",
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// FilePlanCmd asks for a plan covering one delivery flight.
type FilePlanCmd struct {
	OrderID      uuid.UUID
	DroneID      string
	WindowStart  time.Time
	WindowEnd    time.Time
	MaxAltitudeM int
	Route        []domain.Point
}

// Subject implements command.Subjecter.
func (c FilePlanCmd) Subject() string { return c.OrderID.String() }

// FilePlan submits a plan to the authority and records it.
func (s *Service) FilePlan(ctx context.Context, cmd FilePlanCmd) (*domain.FlightPlan, error) {
	if len(cmd.Route) < 2 {
		return nil, fmt.Errorf("%w: route needs at least two points", domain.ErrInvalidArgument)
	}
	if !cmd.WindowEnd.After(cmd.WindowStart) || cmd.WindowEnd.Sub(cmd.WindowStart) > s.maxWindow {
		return nil, fmt.Errorf("%w: invalid window", domain.ErrInvalidArgument)
	}
	if cmd.MaxAltitudeM <= 0 || cmd.MaxAltitudeM > s.maxAltitude {
		cmd.MaxAltitudeM = s.maxAltitude
	}
	o, err := s.store.Orders().Get(ctx, cmd.OrderID)
	if err != nil {
		return nil, err
	}
	if o.Status != domain.OrderScheduled {
		return nil, fmt.Errorf("%w: order is %s", domain.ErrInvalidTransition, o.Status)
	}

	ref := fmt.Sprintf("%s-%s", s.refPrefix, xid.New().String())
	waypoints := make([]airspace.Waypoint, len(cmd.Route))
	for i, p := range cmd.Route {
		waypoints[i] = airspace.Waypoint{Lat: p.Lat, Lng: p.Lng, AltitudeM: cmd.MaxAltitudeM}
	}
	rec, err := s.authority.SubmitPlan(ctx, airspace.PlanSubmission{
		OperatorReference: ref,
		AircraftID:        cmd.DroneID,
		WindowStart:       cmd.WindowStart.UTC(),
		WindowEnd:         cmd.WindowEnd.UTC(),
		MaxAltitudeM:      cmd.MaxAltitudeM,
		Route:             waypoints,
		Purpose:           "parcel_delivery",
	})
	if err != nil {
		return nil, err
	}

	status := domain.PlanFiled
	if rec.Status == "approved" {
		status = domain.PlanApproved
	}
	plan := &domain.FlightPlan{
		ID:              uuid.New(),
		OrderID:         o.ID,
		DroneID:         cmd.DroneID,
		OperatorRef:     ref,
		AuthorityPlanID: rec.PlanID,
		Status:          status,
		WindowStart:     cmd.WindowStart,
		WindowEnd:       cmd.WindowEnd,
		MaxAltitudeM:    cmd.MaxAltitudeM,
		Route:           cmd.Route,
	}
	if err := s.store.FlightPlans().Insert(ctx, plan); err != nil {
		return nil, fmt.Errorf("record plan %s: %w", rec.PlanID, err)
	}
	s.log.InfoContext(ctx, "flight plan filed", "order", o.ID, "plan", plan.ID, "authority_plan", rec.PlanID, "status", status)
	return plan, nil
}

// CancelPlanCmd withdraws a plan.
type CancelPlanCmd struct {
	PlanID uuid.UUID
	Reason string
}

// Subject implements command.Subjecter.
func (c CancelPlanCmd) Subject() string { return c.PlanID.String() }

// CancelPlan withdraws the plan at the authority and marks it cancelled.
func (s *Service) CancelPlan(ctx context.Context, cmd CancelPlanCmd) (*domain.FlightPlan, error) {
	p, err := s.store.FlightPlans().Get(ctx, cmd.PlanID)
	if err != nil {
		return nil, err
	}
	switch p.Status {
	case domain.PlanCancelled, domain.PlanRejected, domain.PlanCompleted:
		return p, nil
	case domain.PlanActive:
		return nil, fmt.Errorf("%w: plan is active, land the aircraft first", domain.ErrInvalidTransition)
	}
	if p.AuthorityPlanID != "" {
		if err := s.authority.CancelPlan(ctx, p.AuthorityPlanID); err != nil {
			return nil, fmt.Errorf("withdraw plan at authority: %w", err)
		}
	}
	ok, err := s.store.FlightPlans().SetStatus(ctx, p.ID,
		[]domain.FlightPlanStatus{domain.PlanFiled, domain.PlanApproved}, domain.PlanCancelled)
	if err != nil {
		return nil, err
	}
	if !ok {
		s.log.InfoContext(ctx, "plan changed state during cancel", "plan", p.ID)
	}
	return s.store.FlightPlans().Get(ctx, p.ID)
}
