package service

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/platform/ids"
	"github.com/fairwaylinks/teetimes/internal/posbridge"
	"github.com/fairwaylinks/teetimes/internal/store"
)

// TeeSheet publishes tee-sheet days as they come into the booking horizon.
type TeeSheet interface {
	ReleaseHorizon(ctx context.Context) (int64, error)
}

// TeeSheetParams are the dependencies of the tee-sheet service.
type TeeSheetParams struct {
	fx.In

	Config   *config.Config
	Log      *zap.Logger
	Courses  store.CourseStore
	TeeTimes store.TeeTimeStore
	POS      posbridge.Publisher
}

type teeSheetService struct {
	cfg      *config.Config
	log      *zap.Logger
	courses  store.CourseStore
	teeTimes store.TeeTimeStore
	pos      posbridge.Publisher
	now      func() time.Time
}

// NewTeeSheetService builds the tee-sheet service.
func NewTeeSheetService(p TeeSheetParams) *teeSheetService {
	return &teeSheetService{
		cfg:      p.Config,
		log:      p.Log.Named("teesheet"),
		courses:  p.Courses,
		teeTimes: p.TeeTimes,
		pos:      p.POS,
		now:      time.Now,
	}
}

// ReleaseHorizon makes sure every active course has slots for the day at
// the end of the booking horizon. Slot ids are derived from course and
// start time, and existing slots are left as they are.
func (s *teeSheetService) ReleaseHorizon(ctx context.Context) (int64, error) {
	courses, err := s.courses.ListActive(ctx)
	if err != nil {
		return 0, err
	}
	var total int64
	for _, c := range courses {
		loc, err := time.LoadLocation(c.Timezone)
		if err != nil {
			return total, fmt.Errorf("course %s: %w", c.ID, err)
		}
		day := s.now().In(loc).AddDate(0, 0, s.cfg.TeeSheetHorizonDays)
		slots, err := buildSlots(c, day, loc)
		if err != nil {
			return total, err
		}
		n, err := s.teeTimes.InsertSlots(ctx, slots)
		if err != nil {
			return total, fmt.Errorf("course %s slots: %w", c.ID, err)
		}
		total += n
		if err := s.pos.PublishTeeSheet(ctx, posbridge.TeeSheetPublished{
			CourseID: c.ID,
			PlayDate: day.Format("2006-01-02"),
			Slots:    len(slots),
		}); err != nil {
			return total, err
		}
	}
	s.log.Info("tee sheet released", zap.Int64("new_slots", total))
	return total, nil
}

func buildSlots(c domain.Course, day time.Time, loc *time.Location) ([]domain.TeeTime, error) {
	first, err := time.ParseInLocation("15:04", c.FirstTee, loc)
	if err != nil {
		return nil, fmt.Errorf("course %s first_tee: %w", c.ID, err)
	}
	last, err := time.ParseInLocation("15:04", c.LastTee, loc)
	if err != nil {
		return nil, fmt.Errorf("course %s last_tee: %w", c.ID, err)
	}
	interval := time.Duration(c.IntervalMinutes) * time.Minute
	if interval <= 0 {
		interval = 10 * time.Minute
	}
	start := time.Date(day.Year(), day.Month(), day.Day(), first.Hour(), first.Minute(), 0, 0, loc)
	end := time.Date(day.Year(), day.Month(), day.Day(), last.Hour(), last.Minute(), 0, 0, loc)
	now := time.Now().UTC()
	var slots []domain.TeeTime
	for t := start; !t.After(end); t = t.Add(interval) {
		at := t.UTC()
		slots = append(slots, domain.TeeTime{
			ID:        ids.Derive("tee-time", c.ID, at.Format(time.RFC3339)),
			CourseID:  c.ID,
			StartsAt:  at,
			Capacity:  c.MaxPlayers,
			CreatedAt: now,
			UpdatedAt: now,
		})
	}
	return slots, nil
}
