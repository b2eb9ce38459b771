// Package duty keeps pilots' duty hours for the fatigue rules and payroll.
package duty

import (
	"context"
	"errors"
	"fmt"
	"time"
)

var ErrValidation = errors.New("invalid duty shift")

// MaxShift is the longest single shift the fatigue rules allow.
const MaxShift = 14 * time.Hour

// ShiftRecord is one shift logged from the pilot app. The app assigns the
// shift id when the pilot starts the shift.
type ShiftRecord struct {
	ShiftID   string
	PilotID   string
	JobID     *string
	StartedAt time.Time
	EndedAt   time.Time
}

func (s ShiftRecord) Minutes() int32 {
	return int32(s.EndedAt.Sub(s.StartedAt) / time.Minute)
}

// Repository stores shifts.
type Repository interface {
	InsertShift(ctx context.Context, s ShiftRecord) error
}

type Service struct {
	repo Repository
	now  func() time.Time
}

func NewService(repo Repository) *Service {
	return &Service{repo: repo, now: time.Now}
}

func (s *Service) RecordShift(ctx context.Context, rec ShiftRecord) error {
	switch {
	case rec.ShiftID == "":
		return fmt.Errorf("%w: shift_id is required", ErrValidation)
	case !rec.EndedAt.After(rec.StartedAt):
		return fmt.Errorf("%w: shift ends before it starts", ErrValidation)
	case rec.EndedAt.Sub(rec.StartedAt) > MaxShift:
		return fmt.Errorf("%w: shift longer than %s", ErrValidation, MaxShift)
	case rec.EndedAt.After(s.now().Add(5 * time.Minute)):
		return fmt.Errorf("%w: shift ends in the future", ErrValidation)
	}
	return s.repo.InsertShift(ctx, rec)
}
