// Package seatmap applies operational seat-map changes (blocked seats,
// coach swaps) and keeps station displays in step with them.
package seatmap

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"github.com/rs/xid"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/jobs"
	"github.com/meridianrail/bookings/internal/platform/database"
	"github.com/meridianrail/bookings/internal/providers/displays"
)

// Errors.
var (
	ErrUnknownTrip      = errors.New("unknown trip")
	ErrVersionConflict  = errors.New("seat map version conflict")
	ErrSeatNotEditable  = errors.New("seat is held or booked")
	ErrInvalidSeatState = errors.New("seat status must be free or blocked")
)

// SeatRepository edits and reads seats.
type SeatRepository interface {
	SetSeatStatus(ctx context.Context, tripID, seatNo, status string) (int64, error)
	Layout(ctx context.Context, tripID string) ([]domain.TripSeat, error)
}

// StationRepository lists calling points.
type StationRepository interface {
	StationsForTrip(ctx context.Context, tripID string) ([]string, error)
}

// Outbox writes events in the current transaction.
type Outbox interface {
	Add(ctx context.Context, id, topic, key string, payload any) error
}

// DisplayPusher pushes state to a station controller.
type DisplayPusher interface {
	PushSeatMap(ctx context.Context, station string, upd displays.SeatMapUpdate) (int, error)
}

// Service implements seat-map changes and display fan-out.
type Service struct {
	Tx       database.TxManager
	Maps     database.Store[domain.SeatMap]
	Attempts database.Store[domain.DisplayPushAttempt]
	Seats    SeatRepository
	Stations StationRepository
	Outbox   Outbox
	Displays DisplayPusher
	Enqueuer jobs.Enqueuer
	Log      *slog.Logger
}

// SeatChange sets one seat's status.
type SeatChange struct {
	SeatNo string `json:"seat_no"`
	Status string `json:"status"`
}

// ChangeInput is a seat-map edit from operations.
type ChangeInput struct {
	TripID          string
	ExpectedVersion int64
	Changes         []SeatChange
}

func (in ChangeInput) hash() string {
	cs := append([]SeatChange(nil), in.Changes...)
	sort.Slice(cs, func(i, j int) bool { return cs[i].SeatNo < cs[j].SeatNo })
	raw, _ := json.Marshal(cs)
	sum := sha256.Sum256(append([]byte(fmt.Sprintf("%s|%d|", in.TripID, in.ExpectedVersion)), raw...))
	return hex.EncodeToString(sum[:])
}

// Apply applies a seat-map change with optimistic versioning. The version
// row is locked for the duration, and the change event is written to the
// outbox in the same transaction.
func (s *Service) Apply(ctx context.Context, in ChangeInput) (*domain.SeatMap, error) {
	requestID := uuid.NewString()
	log := s.Log.With("request_id", requestID, "trip_id", in.TripID)
	for _, c := range in.Changes {
		if c.Status != domain.SeatFree && c.Status != domain.SeatBlocked {
			return nil, ErrInvalidSeatState
		}
	}
	hash := in.hash()

	sm, err := database.WithTx(ctx, s.Tx, func(ctx context.Context) (*domain.SeatMap, error) {
		sm, err := s.Maps.LockWhere(ctx, "trip_id = ?", in.TripID)
		if errors.Is(err, database.ErrNotFound) {
			return nil, ErrUnknownTrip
		}
		if err != nil {
			return nil, err
		}
		if sm.Version == in.ExpectedVersion+1 && sm.LastChangeHash == hash {
			log.InfoContext(ctx, "seat map change already applied", "version", sm.Version)
			return sm, nil
		}
		if sm.Version != in.ExpectedVersion {
			return nil, ErrVersionConflict
		}

		for _, c := range in.Changes {
			n, err := s.Seats.SetSeatStatus(ctx, in.TripID, c.SeatNo, c.Status)
			if err != nil {
				return nil, err
			}
			if n == 0 {
				return nil, fmt.Errorf("%w: %s", ErrSeatNotEditable, c.SeatNo)
			}
		}
		layout, err := s.Seats.Layout(ctx, in.TripID)
		if err != nil {
			return nil, err
		}
		raw, err := json.Marshal(layout)
		if err != nil {
			return nil, err
		}
		sm.Version++
		sm.Layout = raw
		sm.LastChangeHash = hash
		sm.UpdatedAt = time.Now().UTC()
		if err := s.Maps.Save(ctx, sm); err != nil {
			return nil, err
		}
		evt := domain.SeatMapChanged{TripID: sm.TripID, Version: sm.Version}
		return sm, s.Outbox.Add(ctx, fmt.Sprintf("seatmap:%s:%d", sm.TripID, sm.Version),
			domain.TopicSeatMapChanged, sm.TripID, evt)
	})
	if err != nil {
		return nil, err
	}
	log.InfoContext(ctx, "seat map updated", "version", sm.Version)
	return sm, nil
}

// FanOut schedules one display push per calling station for a seat-map
// version. Task ids are derived from (trip, station, version).
func (s *Service) FanOut(ctx context.Context, evt domain.SeatMapChanged) error {
	stations, err := s.Stations.StationsForTrip(ctx, evt.TripID)
	if err != nil {
		return err
	}
	for _, st := range stations {
		task, err := jobs.New(jobs.TypeDisplayPush, jobs.DisplayPushPayload{
			TripID: evt.TripID, StationCode: st, Version: evt.Version,
		})
		if err != nil {
			return err
		}
		id := fmt.Sprintf("display:%s:%s:%d", evt.TripID, st, evt.Version)
		if err := jobs.EnqueueUnique(ctx, s.Enqueuer, task, id, asynq.Queue(jobs.QueueLow), asynq.MaxRetry(8)); err != nil {
			return err
		}
	}
	return nil
}

// Push sends the current seat map to one station display. Controllers keep
// the newest version they have seen, so pushing a version twice is harmless.
func (s *Service) Push(ctx context.Context, p jobs.DisplayPushPayload) error {
	sm, err := s.Maps.FirstWhere(ctx, "trip_id = ?", p.TripID)
	if err != nil {
		return err
	}
	if sm.Version > p.Version {
		// A newer version has its own push task.
		return nil
	}
	var seats []domain.TripSeat
	if err := json.Unmarshal(sm.Layout, &seats); err != nil {
		return fmt.Errorf("decode layout: %w: %w", err, asynq.SkipRetry)
	}
	upd := displays.SeatMapUpdate{TripID: sm.TripID, Version: sm.Version}
	for _, seat := range seats {
		upd.Seats = append(upd.Seats, displays.SeatState{
			SeatNo: seat.SeatNo, Coach: seat.Coach, Free: seat.Status == domain.SeatFree,
		})
	}

	code, pushErr := s.Displays.PushSeatMap(ctx, p.StationCode, upd)
	attempt := &domain.DisplayPushAttempt{
		ID:          xid.New().String(),
		TripID:      p.TripID,
		StationCode: p.StationCode,
		Version:     sm.Version,
		StatusCode:  code,
		AttemptedAt: time.Now().UTC(),
	}
	if pushErr != nil {
		attempt.Error = pushErr.Error()
	}
	if err := s.Attempts.Create(ctx, attempt); err != nil {
		s.Log.WarnContext(ctx, "record display push attempt", "err", err)
	}
	return pushErr
}
