// Package storm handles storm lifecycle events published by the city's
// dispatch bridge.
package storm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/driftline-services/snowplow/internal/domain"
	"github.com/driftline-services/snowplow/internal/jobs"
	"github.com/driftline-services/snowplow/internal/service/ports"
)

// Repository is the storm storage the service needs.
type Repository interface {
	Insert(ctx context.Context, s domain.Storm) error
	LatestByCityRef(ctx context.Context, ref string) (domain.Storm, error)
	MarkEnded(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
}

// Assignments releases routes when a storm closes.
type Assignments interface {
	ReleaseOpenForStorm(ctx context.Context, stormID uuid.UUID) (int64, error)
}

// Subcontractors lists who to call out.
type Subcontractors interface {
	All(ctx context.Context) ([]domain.Subcontractor, error)
}

// Service reacts to storm declarations and all-clears.
type Service struct {
	storms      Repository
	assignments Assignments
	subs        Subcontractors
	notes       ports.Notifications
	jobs        ports.Enqueuer
	tx          ports.TxRunner
	log         *slog.Logger
}

// Option configures a Service.
type Option func(*Service)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(s *Service) { s.log = l } }

// New returns a Service.
func New(storms Repository, assignments Assignments, subs Subcontractors, notes ports.Notifications,
	q ports.Enqueuer, runner ports.TxRunner, opts ...Option) *Service {
	s := &Service{
		storms:      storms,
		assignments: assignments,
		subs:        subs,
		notes:       notes,
		jobs:        q,
		tx:          runner,
		log:         slog.Default(),
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Declared is the city's storm declaration.
type Declared struct {
	StormRef   string    `json:"storm_ref"`
	Severity   string    `json:"severity"`
	DeclaredAt time.Time `json:"declared_at"`
}

// Declare opens a storm and queues a stand-by text to every subcontractor.
func (s *Service) Declare(ctx context.Context, e Declared) (domain.Storm, error) {
	if e.StormRef == "" {
		return domain.Storm{}, fmt.Errorf("%w: storm_ref", domain.ErrInvalidArgument)
	}
	st := domain.Storm{
		ID:           uuid.New(),
		CityStormRef: e.StormRef,
		Severity:     e.Severity,
		Status:       domain.StormActive,
		DeclaredAt:   e.DeclaredAt,
	}
	err := s.tx.Run(ctx, func(ctx context.Context) error {
		if err := s.storms.Insert(ctx, st); err != nil {
			return fmt.Errorf("insert storm: %w", err)
		}
		subs, err := s.subs.All(ctx)
		if err != nil {
			return err
		}
		body := fmt.Sprintf("SNOW EVENT %s (%s) declared. Report to your yard and stand by for route assignments.",
			st.CityStormRef, st.Severity)
		for _, sub := range subs {
			id, err := s.notes.Add(ctx, sub.Phone, body, "storm:"+st.ID.String())
			if err != nil {
				return err
			}
			if err := s.jobs.Enqueue(ctx, jobs.NotifyArgs{NotificationID: id}, nil); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return domain.Storm{}, err
	}
	s.log.InfoContext(ctx, "storm declared", "storm_id", st.ID, "city_ref", st.CityStormRef)
	return st, nil
}

// Ended is the city's all-clear for a storm.
type Ended struct {
	StormRef string    `json:"storm_ref"`
	EndedAt  time.Time `json:"ended_at"`
}

var errAlreadyEnded = errors.New("storm already ended")

// End closes a storm, releases its open routes and starts invoicing.
func (s *Service) End(ctx context.Context, e Ended) error {
	var st domain.Storm
	err := s.tx.Run(ctx, func(ctx context.Context) error {
		var err error
		st, err = s.storms.LatestByCityRef(ctx, e.StormRef)
		if err != nil {
			return err
		}
		ended, err := s.storms.MarkEnded(ctx, st.ID, e.EndedAt)
		if err != nil {
			return err
		}
		if !ended {
			return errAlreadyEnded
		}
		released, err := s.assignments.ReleaseOpenForStorm(ctx, st.ID)
		if err != nil {
			return err
		}
		s.log.InfoContext(ctx, "storm closed", "storm_id", st.ID, "released_routes", released)
		return nil
	})
	if errors.Is(err, errAlreadyEnded) {
		s.log.InfoContext(ctx, "storm already closed", "city_ref", e.StormRef)
		return nil
	}
	if err != nil {
		return err
	}
	return s.jobs.Enqueue(ctx, jobs.InvoiceArgs{StormID: st.ID}, nil)
}
