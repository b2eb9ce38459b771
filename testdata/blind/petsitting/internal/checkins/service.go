// Package checkins records the GPS check-ins the sitter app posts during a
// walk and summarises them for the walk report.
package checkins

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/apperr"
	"github.com/pawtrail-labs/pawtrail/internal/jobs"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type Repo interface {
	Add(ctx context.Context, c store.NewCheckin) (store.Checkin, error)
	List(ctx context.Context, bookingID uuid.UUID) ([]store.Checkin, error)
}

type Bookings interface {
	Get(ctx context.Context, id uuid.UUID) (store.Booking, error)
}

type Transactor interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type Service struct {
	repo     Repo
	bookings Bookings
	tx       Transactor
	jobs     jobs.TxInserter
}

func NewService(repo Repo, bookings Bookings, tx Transactor, ins jobs.TxInserter) *Service {
	return &Service{repo: repo, bookings: bookings, tx: tx, jobs: ins}
}

// Input is the body the sitter app posts. The app queues check-ins while
// offline and flushes them when it reconnects.
type Input struct {
	ClientEventID string    `json:"client_event_id"`
	Kind          string    `json:"kind"`
	Lat           float64   `json:"lat"`
	Lng           float64   `json:"lng"`
	RecordedAt    time.Time `json:"recorded_at"`
	Note          string    `json:"note"`
}

func (in Input) validate() error {
	switch in.Kind {
	case "start", "ping", "end":
	default:
		return apperr.Invalid("kind must be start, ping or end")
	}
	if in.Lat < -90 || in.Lat > 90 || in.Lng < -180 || in.Lng > 180 {
		return apperr.Invalid("coordinates out of range")
	}
	if in.RecordedAt.IsZero() {
		return apperr.Invalid("recorded_at is required")
	}
	return nil
}

func (s *Service) Record(ctx context.Context, sitterID, bookingID uuid.UUID, in Input) (store.Checkin, error) {
	if err := in.validate(); err != nil {
		return store.Checkin{}, err
	}
	b, err := s.bookings.Get(ctx, bookingID)
	if errors.Is(err, store.ErrNotFound) {
		return store.Checkin{}, apperr.ErrNotFound
	}
	if err != nil {
		return store.Checkin{}, err
	}
	if b.SitterID != sitterID {
		return store.Checkin{}, apperr.ErrForbidden
	}
	if b.Status != store.BookingAccepted {
		return store.Checkin{}, apperr.Conflict("booking is " + b.Status)
	}

	var out store.Checkin
	err = s.tx.Do(ctx, func(ctx context.Context) error {
		c, err := s.repo.Add(ctx, store.NewCheckin{
			BookingID:     b.ID,
			SitterID:      sitterID,
			Kind:          in.Kind,
			Lat:           in.Lat,
			Lng:           in.Lng,
			RecordedAt:    in.RecordedAt,
			ClientEventID: in.ClientEventID,
			Note:          in.Note,
		})
		if err != nil {
			return err
		}
		out = c
		if c.Kind != "start" {
			return nil
		}
		return jobs.Enqueue(ctx, s.jobs, jobs.CheckinNotifyArgs{CheckinID: c.ID, BookingID: b.ID}, nil)
	})
	return out, err
}

// Summary is what the walk report shows the owner.
type Summary struct {
	Minutes  int
	Checkins int
}

func (s *Service) Summary(ctx context.Context, bookingID uuid.UUID) (Summary, error) {
	list, err := s.repo.List(ctx, bookingID)
	if err != nil {
		return Summary{}, err
	}
	var start, end time.Time
	for _, c := range list {
		switch c.Kind {
		case "start":
			if start.IsZero() || c.RecordedAt.Before(start) {
				start = c.RecordedAt
			}
		case "end":
			if c.RecordedAt.After(end) {
				end = c.RecordedAt
			}
		}
	}
	sum := Summary{Checkins: len(list)}
	if !start.IsZero() && end.After(start) {
		sum.Minutes = int(end.Sub(start).Round(time.Minute) / time.Minute)
	}
	return sum, nil
}
