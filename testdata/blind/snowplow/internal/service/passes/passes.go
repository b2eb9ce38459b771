// Package passes applies plow passes (from truck GPS or entered by a
// supervisor) to route assignments: coverage, salt drawn and, when a route
// is fully covered, the subcontractor's payout.
package passes

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/jobs"
	"github.com/driftline-services/snowplow/internal/service/ports"
)

// Assignments tracks coverage on assignments.
type Assignments interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Assignment, error)
	OpenForTruck(ctx context.Context, truckID, routeCode string) (domain.Assignment, error)
	AddCoverage(ctx context.Context, id uuid.UUID, lengthM int, saltKg int64) (domain.Coverage, error)
	MarkCleared(ctx context.Context, id uuid.UUID) (bool, error)
}

// SaltStock draws salt out of yard inventory.
type SaltStock interface {
	AdjustOnHand(ctx context.Context, yardID string, delta int64) (int64, error)
	InsertDraw(ctx context.Context, yardID string, assignmentID uuid.UUID, source string, kg int64) error
	InsertManualPass(ctx context.Context, p domain.ManualPass) (bool, error)
}

// Fleet resolves trucks and subcontractors.
type Fleet interface {
	Truck(ctx context.Context, id string) (domain.Truck, error)
	Get(ctx context.Context, id uuid.UUID) (domain.Subcontractor, error)
	TouchTruck(ctx context.Context, id string, at time.Time) error
}

// Payouts stores payouts.
type Payouts interface {
	Create(ctx context.Context, p domain.Payout) error
}

// Outbox stores events for the JetStream relay.
type Outbox interface {
	Add(ctx context.Context, subject string, payload any) error
}

// SubjectRouteCleared is published when a route reaches full coverage.
const SubjectRouteCleared = "snowplow.route.cleared"

// Service applies passes.
type Service struct {
	assignments Assignments
	salt        SaltStock
	fleet       Fleet
	payouts     Payouts
	outbox      Outbox
	jobs        ports.Enqueuer
	tx          ports.TxRunner
	log         *slog.Logger
	// clearedAt is the share of a route's length that counts as cleared.
	clearedAt float64
}

// Option configures a Service.
type Option func(*Service)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// WithClearedThreshold sets the coverage ratio at which a route is cleared.
func WithClearedThreshold(r float64) Option { return func(s *Service) { s.clearedAt = r } }

// New returns a Service.
func New(a Assignments, salt SaltStock, fleet Fleet, payouts Payouts, outbox Outbox, q ports.Enqueuer, runner ports.TxRunner, opts ...Option) *Service {
	s := &Service{
		assignments: a, salt: salt, fleet: fleet, payouts: payouts, outbox: outbox, jobs: q, tx: runner,
		log:       slog.Default(),
		clearedAt: 0.95,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// GPSPass is a pass detected by the truck's telematics unit.
type GPSPass struct {
	TruckID   string    `json:"truck_id"`
	RouteCode string    `json:"route_code"`
	LengthM   int       `json:"length_m"`
	SaltKg    int64     `json:"salt_kg"`
	StartedAt time.Time `json:"started_at"`
	EndedAt   time.Time `json:"ended_at"`
}

// ApplyGPS applies a telematics pass to the truck's open assignment.
func (s *Service) ApplyGPS(ctx context.Context, p GPSPass) error {
	if p.LengthM <= 0 || p.SaltKg < 0 {
		return fmt.Errorf("%w: pass length %d salt %d", domain.ErrInvalidArgument, p.LengthM, p.SaltKg)
	}
	truck, err := s.fleet.Truck(ctx, p.TruckID)
	if err != nil {
		return err
	}
	return s.tx.Run(ctx, func(ctx context.Context) error {
		a, err := s.assignments.OpenForTruck(ctx, p.TruckID, p.RouteCode)
		if err != nil {
			return fmt.Errorf("open assignment for %s on %s: %w", p.TruckID, p.RouteCode, err)
		}
		if err := s.fleet.TouchTruck(ctx, truck.ID, p.EndedAt); err != nil {
			return err
		}
		return s.apply(ctx, a, truck.YardID, p.LengthM, p.SaltKg, "gps")
	})
}

// ManualPass is a pass entered by a supervisor when a truck's GPS was down.
type ManualPass struct {
	PassID       uuid.UUID `json:"pass_id"`
	AssignmentID uuid.UUID `json:"-"`
	LengthM      int       `json:"length_m"`
	SaltKg       int64     `json:"salt_kg"`
	RecordedBy   string    `json:"recorded_by"`
}

// RecordManual applies a supervisor-entered pass. The tablet generates the
// pass ID when the supervisor saves the form and resends it until the
// server answers.
func (s *Service) RecordManual(ctx context.Context, p ManualPass) error {
	if p.PassID == uuid.Nil || p.LengthM <= 0 {
		return fmt.Errorf("%w: pass_id and length_m are required", domain.ErrInvalidArgument)
	}
	return s.tx.Run(ctx, func(ctx context.Context) error {
		a, err := s.assignments.Get(ctx, p.AssignmentID)
		if err != nil {
			return err
		}
		if a.EndedAt != nil {
			return domain.ErrNotActive
		}
		fresh, err := s.salt.InsertManualPass(ctx, domain.ManualPass{
			ID: p.PassID, AssignmentID: a.ID, LengthM: p.LengthM, SaltKg: p.SaltKg, RecordedBy: p.RecordedBy,
		})
		if err != nil || !fresh {
			return err
		}
		truck, err := s.fleet.Truck(ctx, a.TruckID)
		if err != nil {
			return err
		}
		return s.apply(ctx, a, truck.YardID, p.LengthM, p.SaltKg, "manual")
	})
}

// apply must run inside a transaction.
func (s *Service) apply(ctx context.Context, a domain.Assignment, yardID string, lengthM int, saltKg int64, source string) error {
	if saltKg > 0 {
		if _, err := s.salt.AdjustOnHand(ctx, yardID, -saltKg); err != nil {
			return fmt.Errorf("draw salt at %s: %w", yardID, err)
		}
		if err := s.salt.InsertDraw(ctx, yardID, a.ID, source, saltKg); err != nil {
			return err
		}
	}
	cov, err := s.assignments.AddCoverage(ctx, a.ID, lengthM, saltKg)
	if err != nil {
		return err
	}
	if float64(cov.CoveredM) < s.clearedAt*float64(cov.RouteLengthM) {
		return nil
	}
	return s.clear(ctx, cov)
}

// clear closes out a fully covered route: the first caller to flip the
// assignment to cleared creates the payout, queues it and announces the
// route to the dispatch bridge.
func (s *Service) clear(ctx context.Context, cov domain.Coverage) error {
	won, err := s.assignments.MarkCleared(ctx, cov.AssignmentID)
	if err != nil || !won {
		return err
	}
	sub, err := s.fleet.Get(ctx, cov.SubcontractorID)
	if err != nil {
		return err
	}
	p := domain.Payout{
		ID:              uuid.New(),
		AssignmentID:    cov.AssignmentID,
		SubcontractorID: sub.ID,
		AmountCents:     sub.RatePerRouteCents,
		Currency:        "USD",
	}
	if err := s.payouts.Create(ctx, p); err != nil {
		return fmt.Errorf("create payout: %w", err)
	}
	if err := s.jobs.Enqueue(ctx, jobs.PayoutArgs{PayoutID: p.ID}, nil); err != nil {
		return fmt.Errorf("queue payout: %w", err)
	}
	s.log.InfoContext(ctx, "route cleared", "assignment", cov.AssignmentID, "route", cov.CityRouteCode)
	return s.outbox.Add(ctx, SubjectRouteCleared, map[string]any{
		"assignment_id": cov.AssignmentID,
		"route_code":    cov.CityRouteCode,
		"covered_m":     cov.CoveredM,
		"cleared_at":    time.Now().UTC(),
	})
}
