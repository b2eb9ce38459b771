// Package inspection plans routine maintenance visits and statutory
// inspections, books city inspectors and records results.
package inspection

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
	"github.com/liftwell-systems/liftcare/internal/platform/keys"
	"github.com/liftwell-systems/liftcare/internal/provider/cityauth"
	"github.com/liftwell-systems/liftcare/internal/provider/pager"
	"github.com/liftwell-systems/liftcare/internal/store"
)

// Service is the inspection use-case boundary.
type Service interface {
	PlanMonth(ctx context.Context, year int, month time.Month) (int, error)
	BookAuthorityVisit(ctx context.Context, visitID uuid.UUID, preferred time.Time) (cityauth.Booking, error)
	RecordResult(ctx context.Context, visitID uuid.UUID, result Result) error
	SendReminders(ctx context.Context, day time.Time) (int, error)
}

// Result of a statutory inspection.
type Result string

const (
	ResultPassed     Result = "passed"
	ResultFailed     Result = "failed"
	ResultConditions Result = "passed_with_conditions"
)

// Repository is the persistence the service needs.
type Repository interface {
	ActiveContracts(ctx context.Context) ([]store.Contract, error)
	ContractLifts(ctx context.Context, contractID uuid.UUID) ([]store.Lift, error)
	CreateServiceVisit(ctx context.Context, contractID, liftID uuid.UUID, plannedFor time.Time) error
	Visit(ctx context.Context, id uuid.UUID) (store.InspectionVisit, error)
	Lift(ctx context.Context, id uuid.UUID) (store.Lift, error)
	BuildingAddress(ctx context.Context, liftID uuid.UUID) (string, error)
	SaveBooking(ctx context.Context, visitID uuid.UUID, ref string, slot time.Time) error
	RecordResult(ctx context.Context, visitID uuid.UUID, result string) (bool, error)
	ScheduleInspection(ctx context.Context, liftID, contractID uuid.UUID, dueOn time.Time) error
	Reminders(ctx context.Context, day time.Time) ([]store.InspectionReminder, error)
}

// Authority is the part of the city client used here.
type Authority interface {
	BookInspection(ctx context.Context, b cityauth.BookingRequest) (cityauth.Booking, error)
}

// Pager sends SMS.
type Pager interface {
	Send(ctx context.Context, m pager.Message) (string, error)
}

type service struct {
	repo      Repository
	authority Authority
	pager     Pager
	jobs      domain.Enqueuer
	tx        domain.TxRunner
	// visitDay picks the day of the month a lift is serviced; spreading
	// lifts over the month keeps the technicians' routes even.
	visitDay func(l store.Lift) int
}

// New builds the service.
func New(repo Repository, a Authority, p Pager, jobs domain.Enqueuer, tx domain.TxRunner) Service {
	return &service{repo: repo, authority: a, pager: p, jobs: jobs, tx: tx, visitDay: spreadBySerial}
}

func spreadBySerial(l store.Lift) int {
	sum := 0
	for _, r := range l.SerialNo {
		sum += int(r)
	}
	return 1 + sum%27
}

// PlanMonth creates one routine service visit per lift under an active
// contract.
func (s *service) PlanMonth(ctx context.Context, year int, month time.Month) (int, error) {
	contracts, err := s.repo.ActiveContracts(ctx)
	if err != nil {
		return 0, err
	}
	planned := 0
	for _, c := range contracts {
		lifts, err := s.repo.ContractLifts(ctx, c.ID)
		if err != nil {
			return planned, err
		}
		for _, l := range lifts {
			day := time.Date(year, month, s.visitDay(l), 0, 0, 0, 0, time.UTC)
			if day.After(c.EndsOn) {
				continue
			}
			if err := s.repo.CreateServiceVisit(ctx, c.ID, l.ID, day); err != nil {
				return planned, fmt.Errorf("plan visit for lift %s: %w", l.SerialNo, err)
			}
			planned++
		}
	}
	return planned, nil
}

// BookAuthorityVisit books a city inspector to witness the inspection.
func (s *service) BookAuthorityVisit(ctx context.Context, visitID uuid.UUID, preferred time.Time) (cityauth.Booking, error) {
	v, err := s.repo.Visit(ctx, visitID)
	if err != nil {
		return cityauth.Booking{}, notFound(err, "inspection")
	}
	if v.AuthorityBookingRef != nil {
		return cityauth.Booking{Ref: *v.AuthorityBookingRef}, nil
	}
	if v.Status != "scheduled" {
		return cityauth.Booking{}, fmt.Errorf("%w: inspection is %s", domain.ErrConflict, v.Status)
	}
	lift, err := s.repo.Lift(ctx, v.LiftID)
	if err != nil {
		return cityauth.Booking{}, err
	}
	addr, err := s.repo.BuildingAddress(ctx, v.LiftID)
	if err != nil {
		return cityauth.Booking{}, err
	}
	booking, err := s.authority.BookInspection(ctx, cityauth.BookingRequest{
		LiftSerial: lift.SerialNo,
		Address:    addr,
		Preferred:  preferred,
	})
	if err != nil {
		return cityauth.Booking{}, fmt.Errorf("book city inspector: %w", err)
	}
	if err := s.repo.SaveBooking(ctx, visitID, booking.Ref, booking.Slot); err != nil {
		return cityauth.Booking{}, err
	}
	return booking, nil
}

// RecordResult stores the inspector's result. A pass schedules next
// year's inspection and queues the certificate filing in the same
// transaction.
func (s *service) RecordResult(ctx context.Context, visitID uuid.UUID, result Result) error {
	switch result {
	case ResultPassed, ResultFailed, ResultConditions:
	default:
		return fmt.Errorf("%w: unknown result %q", domain.ErrInvalid, result)
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.Visit(ctx, visitID)
		if err != nil {
			return notFound(err, "inspection")
		}
		changed, err := s.repo.RecordResult(ctx, visitID, string(result))
		if err != nil {
			return err
		}
		if !changed {
			if v.Result != nil && *v.Result == string(result) {
				return nil
			}
			return fmt.Errorf("%w: inspection already has a result", domain.ErrConflict)
		}
		if result == ResultFailed {
			return nil
		}
		if err := s.repo.ScheduleInspection(ctx, v.LiftID, v.ContractID, v.DueOn.AddDate(1, 0, 0)); err != nil {
			return err
		}
		return s.jobs.Enqueue(ctx, jobargs.FileCertificate{InspectionID: visitID}, &river.InsertOpts{
			UniqueOpts: river.UniqueOpts{ByArgs: true},
		})
	})
}

// SendReminders texts each building's site contact the day before an
// inspection so the machine room is unlocked.
func (s *service) SendReminders(ctx context.Context, day time.Time) (int, error) {
	due, err := s.repo.Reminders(ctx, day)
	if err != nil {
		return 0, err
	}
	sent := 0
	var errs []error
	for _, r := range due {
		if r.SitePhone == nil || *r.SitePhone == "" {
			continue
		}
		_, err := s.pager.Send(ctx, pager.Message{
			To:              *r.SitePhone,
			Body:            fmt.Sprintf("LiftWell: statutory inspection of lift %s at %s on %s. Please arrange machine-room access.", r.SerialNo, r.BuildingName, r.DueOn.Format("Mon 2 Jan")),
			ClientReference: keys.Derived("inspection-reminder", r.VisitID.String(), r.DueOn.Format(time.DateOnly)),
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("remind %s: %w", r.VisitID, err))
			continue
		}
		sent++
	}
	return sent, errors.Join(errs...)
}

func notFound(err error, what string) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: %s", domain.ErrNotFound, what)
	}
	return err
}
