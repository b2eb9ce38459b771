package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwell/utilities/internal/domain"
	"github.com/gridwell/utilities/internal/idgen"
	"github.com/gridwell/utilities/internal/store"
)

// ReadingService stores meter readings and supply contracts.
type ReadingService struct {
	repos store.Repos
	log   *slog.Logger
	now   Clock
}

func NewReadingService(repos store.Repos, log *slog.Logger, now Clock) *ReadingService {
	return &ReadingService{repos: repos, log: log, now: now}
}

// IngestHeadEnd stores a reading from the head-end system. Repeats of the
// same interval overwrite the stored value.
func (s *ReadingService) IngestHeadEnd(ctx context.Context, evt domain.MeterReadingEvent) error {
	if evt.Quality == "invalid" {
		s.log.DebugContext(ctx, "dropping invalid read", "serial", evt.MeterSerial)
		return nil
	}
	m, err := s.repos.Meters.GetBySerial(ctx, evt.MeterSerial)
	if err != nil {
		return err
	}
	if err := s.repos.Readings.Upsert(ctx, domain.Reading{
		MeterID:    m.ID,
		Register:   evt.Register,
		ReadAt:     evt.ReadAt.UTC().Truncate(time.Second),
		Value:      evt.Value,
		Source:     domain.SourceHeadEnd,
		ReceivedAt: s.now(),
	}); err != nil {
		return err
	}
	if m.ConsecutiveEstimates > 0 {
		return s.repos.Meters.ResetEstimates(ctx, m.ID)
	}
	return nil
}

// SubmitCustomerReading stores a reading the customer typed into the portal.
func (s *ReadingService) SubmitCustomerReading(ctx context.Context, meterID, register string, readAt time.Time, value float64) (bool, error) {
	if value < 0 {
		return false, fmt.Errorf("%w: negative reading", domain.ErrInvalidState)
	}
	if readAt.After(s.now().Add(time.Hour)) {
		return false, fmt.Errorf("%w: reading in the future", domain.ErrInvalidState)
	}
	if _, err := s.repos.Meters.Get(ctx, meterID); err != nil {
		return false, err
	}
	return s.repos.Readings.InsertIfAbsent(ctx, domain.Reading{
		MeterID:    meterID,
		Register:   register,
		ReadAt:     readAt.UTC().Truncate(time.Minute),
		Value:      value,
		Source:     domain.SourceCustomer,
		ReceivedAt: s.now(),
	})
}

// MoveInCommand starts supply at a premise for an account.
type MoveInCommand struct {
	AccountID string
	PremiseID string
	Utility   domain.Utility
	StartDate time.Time
	Tariff    string
}

// MoveIn opens a supply contract for the premise from the start date.
func (s *ReadingService) MoveIn(ctx context.Context, cmd MoveInCommand) (*domain.SupplyContract, error) {
	if _, ok := defaultTariffs[cmd.Utility]; !ok {
		return nil, fmt.Errorf("%w: unknown utility %q", domain.ErrInvalidState, cmd.Utility)
	}
	if cmd.Tariff == "" {
		cmd.Tariff = "standard"
	}
	c := domain.SupplyContract{
		ID:        idgen.New(),
		AccountID: cmd.AccountID,
		PremiseID: cmd.PremiseID,
		Utility:   cmd.Utility,
		StartDate: cmd.StartDate.UTC().Truncate(24 * time.Hour),
		Tariff:    cmd.Tariff,
		CreatedAt: s.now(),
	}
	if err := s.repos.Contracts.Insert(ctx, c); err != nil {
		return nil, fmt.Errorf("open contract: %w", err)
	}
	return &c, nil
}
