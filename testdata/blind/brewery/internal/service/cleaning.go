package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/config"
	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/store"
)

// technicians who run the draft-line cleaning van. Kept in code until the
// field-service roster moves into the database.
var technicians = []string{"d.okafor", "m.lindqvist", "r.tanaka"}

// CleaningService schedules and bills draft-line cleaning visits.
type CleaningService struct {
	db        store.Querier
	tx        store.TxRunner
	accounts  AccountStore
	cleanings CleaningStore
	rateCents int64
	now       Clock
}

// NewCleaningService constructs a CleaningService.
func NewCleaningService(cfg config.Config, db store.Querier, tx store.TxRunner, accounts AccountStore,
	cleanings CleaningStore, now Clock) *CleaningService {
	return &CleaningService{db: db, tx: tx, accounts: accounts, cleanings: cleanings, rateCents: cfg.CleaningRateCents, now: now}
}

// ScheduleInput requests a cleaning visit.
type ScheduleInput struct {
	AccountID    string    `json:"account_id"`
	TapLines     int       `json:"tap_lines"`
	ScheduledFor time.Time `json:"scheduled_for"`
	Notes        string    `json:"notes"`
}

// Schedule books a visit under the given appointment id and assigns the
// least-loaded technician for that day.
func (s *CleaningService) Schedule(ctx context.Context, id string, in ScheduleInput) (domain.CleaningAppointment, error) {
	if in.TapLines <= 0 || in.TapLines > 60 {
		return domain.CleaningAppointment{}, fmt.Errorf("tap_lines must be 1-60: %w", domain.ErrInvalid)
	}
	if in.ScheduledFor.Before(s.now()) {
		return domain.CleaningAppointment{}, fmt.Errorf("scheduled_for is in the past: %w", domain.ErrInvalid)
	}
	acct, err := s.accounts.Get(ctx, s.db, in.AccountID)
	if err != nil {
		return domain.CleaningAppointment{}, mapNotFound(err, "account")
	}
	if acct.Kind != domain.AccountBar {
		return domain.CleaningAppointment{}, fmt.Errorf("line cleaning is offered to on-premise accounts only: %w", domain.ErrInvalid)
	}
	tech, err := s.pickTechnician(ctx, in.ScheduledFor)
	if err != nil {
		return domain.CleaningAppointment{}, err
	}
	a := domain.CleaningAppointment{
		ID:           id,
		AccountID:    acct.ID,
		TapLines:     in.TapLines,
		ScheduledFor: in.ScheduledFor,
		Technician:   tech,
		Status:       "scheduled",
		Notes:        in.Notes,
	}
	if err := s.cleanings.Insert(ctx, s.db, a); err != nil {
		return domain.CleaningAppointment{}, err
	}
	return a, nil
}

func (s *CleaningService) pickTechnician(ctx context.Context, at time.Time) (string, error) {
	day := at.Truncate(24 * time.Hour)
	best, bestLoad := "", -1
	for _, t := range technicians {
		n, err := s.cleanings.CountForTechnician(ctx, s.db, t, day, day.Add(24*time.Hour))
		if err != nil {
			return "", err
		}
		if bestLoad < 0 || n < bestLoad {
			best, bestLoad = t, n
		}
	}
	return best, nil
}

// Complete closes a visit and bills the lines cleaned.
func (s *CleaningService) Complete(ctx context.Context, id string, linesCleaned int) (domain.CleaningAppointment, error) {
	var out domain.CleaningAppointment
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		a, err := s.cleanings.Get(ctx, tx, id)
		if err != nil {
			return mapNotFound(err, "appointment")
		}
		if linesCleaned <= 0 {
			linesCleaned = a.TapLines
		}
		at := s.now()
		done, err := s.cleanings.Complete(ctx, tx, id, at)
		if err != nil {
			return err
		}
		if !done {
			if a.Status != "completed" {
				return fmt.Errorf("appointment %s is %s: %w", id, a.Status, domain.ErrInvalidState)
			}
			out = a
			return nil
		}
		if _, err := s.cleanings.InsertChargeIfAbsent(ctx, tx, id, a.AccountID, linesCleaned,
			int64(linesCleaned)*s.rateCents); err != nil {
			return err
		}
		a.Status, a.CompletedAt = "completed", &at
		out = a
		return nil
	})
	return out, err
}
