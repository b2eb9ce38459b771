// Package turnaround owns the lifecycle of a turnaround: it is created
// from the airline's schedule, started at on-block, closed at off-block,
// and collects the extra work the ramp crew logs from their tablets.
package turnaround

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/platform/database"
	"github.com/apronworks/groundops/internal/platform/jobs"
	"github.com/apronworks/groundops/internal/pricing"
)

const (
	JobCrewPreposition = "crew.preposition"
	JobCrewRelease     = "crew.release"
)

var (
	ErrNotFound    = errors.New("turnaround not found")
	ErrWrongStatus = errors.New("turnaround is not in a state that allows this")
)

// CrewReleaser frees crew assigned to a turnaround.
type CrewReleaser interface {
	ReleaseTurnaround(ctx context.Context, turnaroundID string) error
}

type ScheduledFlight struct {
	Key          FlightKey
	ArrStation   string
	STA          *time.Time
	STD          *time.Time
	Registration string
	Stand        string
}

type ServiceLineInput struct {
	ServiceCode string
	Quantity    float64
	DeviceID    string
}

type BaggageLoadInput struct {
	ULD      string
	Bags     int
	LoadedBy string
}

type Service struct {
	uow   database.UnitOfWork
	store *Store
	rates pricing.RateBook
	queue jobs.Queue
	crew  CrewReleaser
	now   func() time.Time
	home  string
}

type Params struct {
	UoW     database.UnitOfWork
	Store   *Store
	Rates   pricing.RateBook
	Queue   jobs.Queue
	Crew    CrewReleaser
	Station string
}

func NewService(p Params) *Service {
	return &Service{
		uow:   p.UoW,
		store: p.Store,
		rates: p.Rates,
		queue: p.Queue,
		crew:  p.Crew,
		now:   func() time.Time { return time.Now().UTC() },
		home:  p.Station,
	}
}

func (s *Service) Get(ctx context.Context, id string) (*models.Turnaround, error) {
	t, err := s.store.Turnarounds.Get(ctx, id)
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrNotFound
	}
	return t, err
}

// RegisterFlight records a newly scheduled inbound leg and opens its
// turnaround at the home station.
func (s *Service) RegisterFlight(ctx context.Context, in ScheduledFlight) (*models.Turnaround, error) {
	var out *models.Turnaround
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		airline, err := s.store.AirlineByCode(ctx, in.Key.Carrier)
		if err != nil {
			return fmt.Errorf("airline %s: %w", in.Key.Carrier, err)
		}
		date, err := time.Parse(time.DateOnly, in.Key.ScheduledDate)
		if err != nil {
			return fmt.Errorf("scheduled date: %w", err)
		}
		flight := &models.Flight{
			AirlineID:     airline.ID,
			Carrier:       in.Key.Carrier,
			FlightNumber:  in.Key.FlightNumber,
			ScheduledDate: date,
			DepStation:    in.Key.DepStation,
			ArrStation:    in.ArrStation,
			STA:           in.STA,
			STD:           in.STD,
			Registration:  in.Registration,
			Status:        models.FlightScheduled,
		}
		if err := s.store.Flights.Create(ctx, flight); err != nil {
			return fmt.Errorf("register flight %s: %w", in.Key, err)
		}
		if in.ArrStation != s.home {
			return nil
		}
		t := &models.Turnaround{
			FlightID:  flight.ID,
			AirlineID: airline.ID,
			Station:   s.home,
			Stand:     in.Stand,
			Status:    models.TurnaroundPlanned,
		}
		if _, err := s.store.Turnarounds.CreateIfAbsent(ctx, t, "flight_id"); err != nil {
			return err
		}
		out, err = s.store.TurnaroundByFlight(ctx, flight.ID)
		return err
	})
	return out, err
}

type prepositionPayload struct {
	TurnaroundID string    `json:"turnaround_id"`
	ETA          time.Time `json:"eta"`
}

// UpdateETA stores a revised estimate and, while the turnaround is still
// planned, asks the worker to page the stand lead so the crew is in
// position at the new time.
func (s *Service) UpdateETA(ctx context.Context, key FlightKey, eta time.Time) error {
	return s.uow.Do(ctx, func(ctx context.Context) error {
		flight, err := s.store.FlightByKey(ctx, key)
		if err != nil {
			return fmt.Errorf("flight %s: %w", key, err)
		}
		if err := s.store.Flights.Update(ctx, flight.ID, map[string]any{"eta": eta}); err != nil {
			return err
		}
		t, err := s.store.TurnaroundByFlight(ctx, flight.ID)
		if errors.Is(err, database.ErrNotFound) {
			return nil // not one of ours
		}
		if err != nil {
			return err
		}
		if t.Status != models.TurnaroundPlanned {
			return nil
		}
		// Every revision gets its own page, so every revision is its own job.
		jobKey := fmt.Sprintf("preposition:%s:%d", t.ID, s.now().UnixNano())
		_, err = s.queue.Enqueue(ctx, JobCrewPreposition,
			prepositionPayload{TurnaroundID: t.ID, ETA: eta},
			jobs.Key(jobKey), jobs.At(eta.Add(-40*time.Minute)))
		return err
	})
}

// OnBlock starts the turnaround and generates its task list.
func (s *Service) OnBlock(ctx context.Context, key FlightKey, at time.Time, stand string) error {
	return s.uow.Do(ctx, func(ctx context.Context) error {
		flight, err := s.store.FlightByKey(ctx, key)
		if err != nil {
			return fmt.Errorf("flight %s: %w", key, err)
		}
		t, err := s.store.TurnaroundByFlight(ctx, flight.ID)
		if err != nil {
			return err
		}
		if err := s.store.Turnarounds.Update(ctx, t.ID, map[string]any{
			"status":      models.TurnaroundInProgress,
			"on_block_at": at,
			"stand":       stand,
		}); err != nil {
			return err
		}
		for _, tpl := range standardTasks {
			task := &models.Task{
				TurnaroundID: t.ID,
				Kind:         tpl.Kind,
				ServiceCode:  tpl.ServiceCode,
				Status:       models.TaskOpen,
			}
			if err := s.store.Tasks.Create(ctx, task); err != nil {
				return err
			}
		}
		return nil
	})
}

// OffBlock closes the turnaround, bills the handling package and queues the
// crew release.
func (s *Service) OffBlock(ctx context.Context, key FlightKey, at time.Time) error {
	return s.uow.Do(ctx, func(ctx context.Context) error {
		flight, err := s.store.FlightByKey(ctx, key)
		if err != nil {
			return fmt.Errorf("flight %s: %w", key, err)
		}
		t, err := s.store.TurnaroundByFlight(ctx, flight.ID)
		if err != nil {
			return err
		}
		n, err := s.store.Turnarounds.UpdateWhere(ctx,
			map[string]any{"status": models.TurnaroundDeparted, "off_block_at": at},
			"id = ? AND status = ?", t.ID, models.TurnaroundInProgress)
		if err != nil || n == 0 {
			return err
		}
		for _, code := range handlingPackage {
			if err := s.billLine(ctx, t, code, 1, "offblock", t.ID); err != nil {
				return err
			}
		}
		_, err = s.queue.Enqueue(ctx, JobCrewRelease,
			map[string]string{"turnaround_id": t.ID},
			jobs.Key("crew.release:"+t.ID))
		return err
	})
}

// RecordDelay stores a delay code reported by the airline.
func (s *Service) RecordDelay(ctx context.Context, key FlightKey, messageID, code string, minutes int) error {
	flight, err := s.store.FlightByKey(ctx, key)
	if err != nil {
		return fmt.Errorf("flight %s: %w", key, err)
	}
	_, err = s.store.Delays.CreateIfAbsent(ctx, &models.FlightDelay{
		FlightID:  flight.ID,
		MessageID: messageID,
		DelayCode: code,
		Minutes:   minutes,
	}, "flight_id", "message_id")
	return err
}

// CancelFlight cancels a planned turnaround and frees its crew.
func (s *Service) CancelFlight(ctx context.Context, key FlightKey) error {
	return s.uow.Do(ctx, func(ctx context.Context) error {
		flight, err := s.store.FlightByKey(ctx, key)
		if err != nil {
			return fmt.Errorf("flight %s: %w", key, err)
		}
		if err := s.store.Flights.Update(ctx, flight.ID, map[string]any{"status": models.FlightCancelled}); err != nil {
			return err
		}
		t, err := s.store.TurnaroundByFlight(ctx, flight.ID)
		if errors.Is(err, database.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		n, err := s.store.Turnarounds.UpdateWhere(ctx,
			map[string]any{"status": models.TurnaroundCancelled},
			"id = ? AND status = ?", t.ID, models.TurnaroundPlanned)
		if err != nil || n == 0 {
			return err
		}
		return s.crew.ReleaseTurnaround(ctx, t.ID)
	})
}

// AddServiceLine records an extra billable service logged by the crew from
// a tablet (extra baggage cart, GPU hours, wheelchair assistance).
func (s *Service) AddServiceLine(ctx context.Context, turnaroundID string, in ServiceLineInput) (*models.ServiceLine, error) {
	t, err := s.Get(ctx, turnaroundID)
	if err != nil {
		return nil, err
	}
	if t.Status == models.TurnaroundCancelled {
		return nil, ErrWrongStatus
	}
	price, err := s.rates.UnitPrice(ctx, t.AirlineID, t.Station, in.ServiceCode, s.now())
	if err != nil {
		return nil, err
	}
	id := uuid.NewString()
	line := &models.ServiceLine{
		Base:           models.Base{ID: id},
		TurnaroundID:   t.ID,
		AirlineID:      t.AirlineID,
		ServiceCode:    in.ServiceCode,
		Quantity:       in.Quantity,
		UnitPriceCents: price,
		Source:         "tablet",
		SourceRef:      in.DeviceID + ":" + id,
		ServiceDate:    s.now().Truncate(24 * time.Hour),
	}
	if err := s.store.Lines.Create(ctx, line); err != nil {
		return nil, err
	}
	return line, nil
}

// RecordBaggageLoad logs a loaded ULD or bulk-hold batch and keeps the
// running bag count on the turnaround.
func (s *Service) RecordBaggageLoad(ctx context.Context, turnaroundID string, in BaggageLoadInput) (*models.BaggageLoad, error) {
	load := &models.BaggageLoad{
		TurnaroundID: turnaroundID,
		ULD:          in.ULD,
		Bags:         in.Bags,
		LoadedBy:     in.LoadedBy,
	}
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		t, err := s.store.Turnarounds.GetForUpdate(ctx, turnaroundID)
		if err != nil {
			return err
		}
		if t.Status != models.TurnaroundInProgress {
			return ErrWrongStatus
		}
		if err := s.store.Loads.Create(ctx, load); err != nil {
			return err
		}
		return s.store.AddBags(ctx, turnaroundID, in.Bags)
	})
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrNotFound
	}
	return load, err
}

// SignOff records the crew lead's sign-off of the load sheet, after which
// the turnaround is ready for pushback.
func (s *Service) SignOff(ctx context.Context, turnaroundID, signedBy, loadsheetRef string) error {
	return s.uow.Do(ctx, func(ctx context.Context) error {
		t, err := s.store.Turnarounds.Get(ctx, turnaroundID)
		if err != nil {
			return err
		}
		if t.Status != models.TurnaroundInProgress {
			return ErrWrongStatus
		}
		if err := s.store.InsertSignoff(ctx, turnaroundID, signedBy, loadsheetRef); err != nil {
			return err
		}
		return s.store.Turnarounds.Update(ctx, turnaroundID, map[string]any{"signed_off_at": s.now()})
	})
}

func (s *Service) billLine(ctx context.Context, t *models.Turnaround, code string, qty float64, source, ref string) error {
	price, err := s.rates.UnitPrice(ctx, t.AirlineID, t.Station, code, s.now())
	if err != nil {
		return err
	}
	return s.store.Lines.Create(ctx, &models.ServiceLine{
		TurnaroundID:   t.ID,
		AirlineID:      t.AirlineID,
		ServiceCode:    code,
		Quantity:       qty,
		UnitPriceCents: price,
		Source:         source,
		SourceRef:      ref,
		ServiceDate:    s.now().Truncate(24 * time.Hour),
	})
}
