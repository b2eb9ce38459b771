package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/platform/ids"
	"github.com/larkspur-travel/tourdesk/internal/tasks"
)

// DepartureService schedules departures and runs the daily departure jobs.
type DepartureService struct {
	departures DepartureStore
	bookings   BookingStore
	log        *slog.Logger

	newID func() string
	now   Clock
	// lockDays is how long before departure the manifest freezes.
	lockDays int
}

// NewDepartureService constructs a DepartureService.
func NewDepartureService(departures DepartureStore, bookings BookingStore, log *slog.Logger) *DepartureService {
	return &DepartureService{
		departures: departures, bookings: bookings, log: log,
		newID:    ids.Departure,
		now:      time.Now,
		lockDays: 7,
	}
}

// DepartureInput schedules a tour on a date.
type DepartureInput struct {
	TourID     string `json:"tour_id"`
	StartDate  string `json:"start_date"`
	Capacity   int    `json:"capacity"`
	PriceCents int64  `json:"price_cents"`
}

// Create schedules a departure. A tour runs at most once per start date, so
// a repeated request returns the departure that already exists.
func (s *DepartureService) Create(ctx context.Context, in DepartureInput) (*domain.Departure, bool, error) {
	start, err := time.Parse("2006-01-02", in.StartDate)
	if err != nil {
		return nil, false, domain.Invalid("start_date", "must be YYYY-MM-DD")
	}
	if in.Capacity < 1 || in.Capacity > 60 {
		return nil, false, domain.Invalid("capacity", "must be between 1 and 60")
	}
	tour, err := s.departures.GetTour(ctx, in.TourID)
	if err != nil {
		return nil, false, err
	}
	price := in.PriceCents
	if price == 0 {
		price = tour.BasePriceCents
	}
	d := &domain.Departure{
		ID:             s.newID(),
		TourID:         tour.ID,
		StartDate:      start,
		EndDate:        start.AddDate(0, 0, tour.Days-1),
		Capacity:       in.Capacity,
		SeatsAvailable: in.Capacity,
		PriceCents:     price,
		Currency:       tour.Currency,
		Status:         domain.DepartureOpen,
	}
	created, err := s.departures.CreateIfAbsent(ctx, d)
	if err != nil {
		return nil, false, err
	}
	if created {
		return d, true, nil
	}
	existing, err := s.departures.GetByTourDate(ctx, tour.ID, start)
	if err != nil {
		return nil, false, err
	}
	if existing.Capacity != in.Capacity {
		return nil, false, fmt.Errorf("tour %s already departs on %s with capacity %d: %w",
			tour.ID, in.StartDate, existing.Capacity, domain.ErrConflict)
	}
	return existing, false, nil
}

// Get loads a departure.
func (s *DepartureService) Get(ctx context.Context, id string) (*domain.Departure, error) {
	return s.departures.Get(ctx, id)
}

// LockManifests freezes the manifests of departures leaving within the lock
// window.
func (s *DepartureService) LockManifests(ctx context.Context) ([]string, error) {
	cutoff := s.now().UTC().AddDate(0, 0, s.lockDays)
	locked, err := s.departures.LockManifestsStartingBefore(ctx, cutoff)
	if err != nil {
		return nil, err
	}
	if len(locked) > 0 {
		s.log.InfoContext(ctx, "manifests locked", "departures", locked)
	}
	return locked, nil
}

// preDepartureSchedule maps days-before-departure to template.
var preDepartureSchedule = []struct {
	days     int
	template string
}{
	{14, TemplatePreDeparture14},
	{3, TemplatePreDeparture3},
}

// DuePreDeparture lists the pre-departure emails due today.
func (s *DepartureService) DuePreDeparture(ctx context.Context) ([]tasks.PreDeparturePayload, error) {
	today := s.now().UTC().Truncate(24 * time.Hour)
	var out []tasks.PreDeparturePayload
	for _, step := range preDepartureSchedule {
		day := today.AddDate(0, 0, step.days)
		list, err := s.bookings.ListDueForPreDeparture(ctx, day, step.template)
		if err != nil {
			return nil, err
		}
		for _, b := range list {
			out = append(out, tasks.PreDeparturePayload{
				BookingID:   b.ID,
				Template:    step.template,
				DaysBefore:  step.days,
				DepartureID: b.DepartureID,
			})
		}
	}
	return out, nil
}

// balanceDueDays is how long before departure the balance is taken.
const balanceDueDays = 60

// DueBalances lists bookings whose balance should be charged today.
func (s *DepartureService) DueBalances(ctx context.Context) ([]string, error) {
	by := s.now().UTC().AddDate(0, 0, balanceDueDays)
	list, err := s.bookings.ListBalanceDue(ctx, by, 500)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(list))
	for _, b := range list {
		out = append(out, b.ID)
	}
	return out, nil
}
