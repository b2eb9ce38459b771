// Package callout handles breakdown call-outs: reporting, dispatching a
// technician, and closing the job out.
package callout

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/liftwell-systems/liftcare/internal/domain"
	"github.com/liftwell-systems/liftcare/internal/jobargs"
	"github.com/liftwell-systems/liftcare/internal/platform/bus"
	"github.com/liftwell-systems/liftcare/internal/platform/keys"
	"github.com/liftwell-systems/liftcare/internal/provider/pager"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Service is the call-out use-case boundary.
type Service interface {
	Report(ctx context.Context, r Report) error
	Get(ctx context.Context, id uuid.UUID) (store.Callout, error)
	Assign(ctx context.Context, id, technicianID uuid.UUID) error
	Dispatch(ctx context.Context, id uuid.UUID) error
	MarkAnnounced(ctx context.Context, id uuid.UUID) error
	Complete(ctx context.Context, id uuid.UUID, c Completion) error
}

// Report is a breakdown reported by a building (portal or phone desk).
type Report struct {
	ID          uuid.UUID
	LiftID      uuid.UUID
	Description string
	Priority    int32
}

// Completion is filed by the technician when leaving site.
type Completion struct {
	Minutes int32
	Notes   string
}

// Repository is the persistence the service needs.
type Repository interface {
	Create(ctx context.Context, p store.CreateCalloutParams) error
	Get(ctx context.Context, id uuid.UUID) (store.Callout, error)
	Assign(ctx context.Context, id, technicianID uuid.UUID, at time.Time) (bool, error)
	Complete(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
	AddLabour(ctx context.Context, p store.InsertCalloutLabourParams) error
	MarkAnnounced(ctx context.Context, id uuid.UUID, at time.Time) error
	OnCallTechnician(ctx context.Context) (store.Technician, error)
	Technician(ctx context.Context, id uuid.UUID) (store.Technician, error)
	Lift(ctx context.Context, id uuid.UUID) (store.Lift, error)
}

// Pager sends SMS pages.
type Pager interface {
	Send(ctx context.Context, m pager.Message) (string, error)
}

// Options tunes pricing and behaviour.
type Options struct {
	LabourRateCentsPerHour int64
	MinimumBilledMinutes   int32
}

type service struct {
	repo  Repository
	pager Pager
	jobs  domain.Enqueuer
	bus   bus.Publisher
	tx    domain.TxRunner
	opts  Options
	now   func() time.Time
}

// New builds the service.
func New(repo Repository, p Pager, jobs domain.Enqueuer, pub bus.Publisher, tx domain.TxRunner, opts Options) Service {
	if opts.LabourRateCentsPerHour == 0 {
		opts.LabourRateCentsPerHour = 9500
	}
	if opts.MinimumBilledMinutes == 0 {
		opts.MinimumBilledMinutes = 60
	}
	return &service{repo: repo, pager: p, jobs: jobs, bus: pub, tx: tx, opts: opts, now: time.Now}
}

func (s *service) Report(ctx context.Context, r Report) error {
	if r.Description == "" {
		return fmt.Errorf("%w: description is required", domain.ErrInvalid)
	}
	if _, err := s.repo.Lift(ctx, r.LiftID); err != nil {
		return notFound(err, "lift")
	}
	if r.Priority == 0 {
		r.Priority = 3
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		err := s.repo.Create(ctx, store.CreateCalloutParams{
			ID:          r.ID,
			LiftID:      r.LiftID,
			Source:      "portal",
			Description: r.Description,
			Priority:    r.Priority,
			ReportedAt:  s.now(),
		})
		if err != nil {
			return fmt.Errorf("create callout: %w", err)
		}
		return s.jobs.Enqueue(ctx, jobargs.DispatchCallout{CalloutID: r.ID}, &river.InsertOpts{Priority: 1})
	})
}

func (s *service) Get(ctx context.Context, id uuid.UUID) (store.Callout, error) {
	c, err := s.repo.Get(ctx, id)
	if err != nil {
		return store.Callout{}, notFound(err, "callout")
	}
	return c, nil
}

// Assign is the dispatcher's manual override. Re-assigning the technician
// who already holds the call-out is accepted and re-announces it.
func (s *service) Assign(ctx context.Context, id, technicianID uuid.UUID) error {
	if _, err := s.repo.Technician(ctx, technicianID); err != nil {
		return notFound(err, "technician")
	}
	at := s.now()
	ok, err := s.repo.Assign(ctx, id, technicianID, at)
	if err != nil {
		return err
	}
	c, err := s.repo.Get(ctx, id)
	if err != nil {
		return notFound(err, "callout")
	}
	if !ok {
		if c.TechnicianID == nil || *c.TechnicianID != technicianID {
			return fmt.Errorf("%w: callout is %s", domain.ErrConflict, c.Status)
		}
		if c.AssignedAt != nil {
			at = *c.AssignedAt
		}
	}
	evt := bus.CalloutAssigned{
		CalloutID:    id.String(),
		LiftID:       c.LiftID.String(),
		TechnicianID: technicianID.String(),
		AssignedAt:   at.UTC().Format(time.RFC3339),
	}
	msgID := keys.Derived("callout", id.String(), "assigned", technicianID.String())
	return s.bus.Publish(ctx, bus.SubjectCalloutAssigned, evt, msgID)
}

// Dispatch assigns the least-loaded on-call technician to an open
// call-out, pages them, and queues the owner announcement. A call-out that
// is already assigned is re-paged so the technician is never left without
// the page.
func (s *service) Dispatch(ctx context.Context, id uuid.UUID) error {
	c, err := s.repo.Get(ctx, id)
	if err != nil {
		return notFound(err, "callout")
	}
	var tech store.Technician
	switch c.Status {
	case "open":
		tech, err = s.repo.OnCallTechnician(ctx)
		if err != nil {
			return fmt.Errorf("no on-call technician: %w", err)
		}
		ok, err := s.repo.Assign(ctx, id, tech.ID, s.now())
		if err != nil {
			return err
		}
		if !ok {
			return nil // someone assigned it manually in the meantime
		}
	case "assigned":
		tech, err = s.repo.Technician(ctx, *c.TechnicianID)
		if err != nil {
			return err
		}
	default:
		return nil
	}

	lift, err := s.repo.Lift(ctx, c.LiftID)
	if err != nil {
		return err
	}
	body := fmt.Sprintf("LIFTCARE P%d: %s lift %s - %s", c.Priority, lift.Kind, lift.SerialNo, c.Description)
	if _, err := s.pager.Send(ctx, pager.Message{To: tech.Phone, Body: body, Priority: "high"}); err != nil {
		return fmt.Errorf("page technician: %w", err)
	}
	return s.jobs.Enqueue(ctx, jobargs.AnnounceCallout{CalloutID: id}, &river.InsertOpts{
		UniqueOpts: river.UniqueOpts{ByArgs: true},
	})
}

func (s *service) MarkAnnounced(ctx context.Context, id uuid.UUID) error {
	return s.repo.MarkAnnounced(ctx, id, s.now())
}

// Complete closes the call-out and books the technician's labour so it
// lands on the building's next invoice.
func (s *service) Complete(ctx context.Context, id uuid.UUID, in Completion) error {
	if in.Minutes <= 0 {
		return fmt.Errorf("%w: minutes must be positive", domain.ErrInvalid)
	}
	ok, err := s.repo.Complete(ctx, id, s.now())
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: callout is not active", domain.ErrConflict)
	}
	c, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	if c.TechnicianID == nil {
		return nil
	}
	billed := max(in.Minutes, s.opts.MinimumBilledMinutes)
	return s.repo.AddLabour(ctx, store.InsertCalloutLabourParams{
		CalloutID:    id,
		TechnicianID: *c.TechnicianID,
		Minutes:      billed,
		AmountCents:  int64(billed) * s.opts.LabourRateCentsPerHour / 60,
	})
}

func notFound(err error, what string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: %s", domain.ErrNotFound, what)
	}
	return err
}
