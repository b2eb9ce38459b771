// Package payroll pays contracted musicians per service: attendance is
// recorded per rehearsal or concert, rolled up weekly into a payroll run,
// and paid out by ACH.
package payroll

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/harborlight-symphony/encore/internal/clients/payoutbank"
	"github.com/harborlight-symphony/encore/internal/domain"
)

// Store is the payroll persistence.
type Store interface {
	Service(ctx context.Context, id string) (*domain.Service, error)
	Musicians(ctx context.Context, ids []string) (map[string]domain.Musician, error)
	Musician(ctx context.Context, id string) (*domain.Musician, error)
	InsertAttendance(ctx context.Context, lines []domain.Attendance) (int64, error)
	AttendanceForService(ctx context.Context, serviceID string) ([]domain.Attendance, error)
	CreateRun(ctx context.Context, run *domain.PayrollRun) error
	BuildPayouts(ctx context.Context, run *domain.PayrollRun, newID func() string) ([]domain.Payout, error)
	Payout(ctx context.Context, id string) (*domain.Payout, error)
	StartAttempt(ctx context.Context, a *domain.PayoutAttempt) error
	FinishAttempt(ctx context.Context, id, outcome, detail string) error
	MarkSubmitted(ctx context.Context, payoutID, transferID string) error
}

// Bank pushes ACH transfers.
type Bank interface {
	CreateTransfer(ctx context.Context, req payoutbank.TransferRequest, opts ...payoutbank.CallOption) (*payoutbank.Transfer, error)
}

// Service is the payroll office.
type Service struct {
	store Store
	bank  Bank
	log   *slog.Logger
	clock func() time.Time
}

// NewService builds the payroll service.
func NewService(store Store, bank Bank, log *slog.Logger) *Service {
	return &Service{store: store, bank: bank, log: log, clock: time.Now}
}

// RosterEntry is one musician on a service call sheet.
type RosterEntry struct {
	MusicianID string
	Doubling   bool
}

// RecordRoster records who played a service. Submitting the same roster
// again leaves existing lines alone.
func (s *Service) RecordRoster(ctx context.Context, serviceID string, entries []RosterEntry) ([]domain.Attendance, error) {
	if len(entries) == 0 {
		return nil, domain.Invalid("musicians", "roster is empty")
	}
	if _, err := s.store.Service(ctx, serviceID); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(entries))
	for _, e := range entries {
		ids = append(ids, e.MusicianID)
	}
	musicians, err := s.store.Musicians(ctx, ids)
	if err != nil {
		return nil, err
	}
	lines := make([]domain.Attendance, 0, len(entries))
	for _, e := range entries {
		m, ok := musicians[e.MusicianID]
		if !ok {
			return nil, domain.Invalid("musicians", "unknown or inactive musician "+e.MusicianID)
		}
		lines = append(lines, domain.Attendance{
			ID:          uuid.NewString(),
			ServiceID:   serviceID,
			MusicianID:  m.ID,
			AmountCents: domain.ServicePay(m.ServiceRateCents, e.Doubling),
			Doubling:    e.Doubling,
			RecordedAt:  s.clock().UTC(),
		})
	}
	inserted, err := s.store.InsertAttendance(ctx, lines)
	if err != nil {
		return nil, fmt.Errorf("record attendance: %w", err)
	}
	s.log.InfoContext(ctx, "roster recorded", "service_id", serviceID, "new_lines", inserted)
	return s.store.AttendanceForService(ctx, serviceID)
}

// ClosePeriod opens the payroll run for the week containing day and builds
// its payouts.
func (s *Service) ClosePeriod(ctx context.Context, day time.Time) (*domain.PayrollRun, []domain.Payout, error) {
	start, end := domain.PeriodFor(day)
	if !end.Before(s.clock().UTC().Truncate(24 * time.Hour)) {
		return nil, nil, fmt.Errorf("%w: period %s has not ended", domain.ErrConflict, start.Format(time.DateOnly))
	}
	run := &domain.PayrollRun{
		ID:          uuid.NewString(),
		PeriodStart: start,
		PeriodEnd:   end,
		Status:      domain.RunOpen,
	}
	if err := s.store.CreateRun(ctx, run); err != nil {
		return nil, nil, fmt.Errorf("open payroll run %s: %w", start.Format(time.DateOnly), err)
	}
	payouts, err := s.store.BuildPayouts(ctx, run, uuid.NewString)
	if err != nil {
		return nil, nil, fmt.Errorf("build payouts: %w", err)
	}
	return run, payouts, nil
}

// PayOut pushes one musician's payout to the bank.
func (s *Service) PayOut(ctx context.Context, payoutID string) error {
	p, err := s.store.Payout(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status != domain.PayoutPending {
		return nil
	}
	m, err := s.store.Musician(ctx, p.MusicianID)
	if err != nil {
		return err
	}

	attempt := &domain.PayoutAttempt{ID: uuid.NewString(), PayoutID: p.ID, StartedAt: s.clock().UTC()}
	if err := s.store.StartAttempt(ctx, attempt); err != nil {
		return err
	}
	tr, err := s.bank.CreateTransfer(ctx, payoutbank.TransferRequest{
		AccountRef:  m.PayoutAccountRef,
		AmountCents: p.AmountCents,
		Currency:    "usd",
		Memo:        "Harborlight Symphony services " + p.PayrollRunID[:8],
	}, payoutbank.WithIdempotencyKey("payout-"+p.ID))
	if err != nil {
		if ferr := s.store.FinishAttempt(ctx, attempt.ID, "error", err.Error()); ferr != nil {
			s.log.ErrorContext(ctx, "finish payout attempt", "attempt_id", attempt.ID, "err", ferr)
		}
		return err
	}
	if err := s.store.FinishAttempt(ctx, attempt.ID, "accepted", tr.ID); err != nil {
		return err
	}
	return s.store.MarkSubmitted(ctx, p.ID, tr.ID)
}
