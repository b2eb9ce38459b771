package settlement

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
)

const registrationConsumer = "registration-changes"

// RegistrationRepository is what RegistrationService needs inside its
// transaction.
type RegistrationRepository interface {
	MarkProcessed(ctx context.Context, consumer, eventID string) (bool, error)
	CurrentRegistration(ctx context.Context, mpan string) (*model.Registration, error)
	CloseRegistration(ctx context.Context, mpan string, effectiveTo time.Time) (int64, error)
	InsertRegistration(ctx context.Context, r *model.Registration) error
}

// RegistrationChange is a supply start (gain) or end (loss) for an MPAN.
type RegistrationChange struct {
	ChangeRef     string
	Kind          string // gain or loss
	MPAN          string
	AccountID     string
	BMUnitID      string
	EffectiveFrom time.Time
}

// RegistrationService keeps the MPAN-to-account mapping current as
// customers switch supplier.
type RegistrationService struct {
	uow txn.Runner[RegistrationRepository]
	now func() time.Time
	log *slog.Logger
}

// NewRegistrationService wires a RegistrationService.
func NewRegistrationService(uow txn.Runner[RegistrationRepository], now func() time.Time, log *slog.Logger) *RegistrationService {
	return &RegistrationService{uow: uow, now: now, log: log}
}

// Apply applies a registration change exactly once; the processed-event
// row and the registration rows commit together.
func (s *RegistrationService) Apply(ctx context.Context, ch RegistrationChange) error {
	if ch.ChangeRef == "" || ch.MPAN == "" {
		return fmt.Errorf("%w: registration change without reference or MPAN", ErrInvalid)
	}
	return s.uow.Do(ctx, func(r RegistrationRepository) error {
		fresh, err := r.MarkProcessed(ctx, registrationConsumer, ch.ChangeRef)
		if err != nil {
			return err
		}
		if !fresh {
			s.log.Info("registration change already applied", "change_ref", ch.ChangeRef)
			return nil
		}
		switch ch.Kind {
		case "gain":
			if _, err := r.CloseRegistration(ctx, ch.MPAN, ch.EffectiveFrom); err != nil {
				return err
			}
			return r.InsertRegistration(ctx, &model.Registration{
				MPAN:          ch.MPAN,
				AccountID:     ch.AccountID,
				BMUnitID:      ch.BMUnitID,
				EffectiveFrom: ch.EffectiveFrom,
				ChangeRef:     ch.ChangeRef,
				CreatedAt:     s.now(),
			})
		case "loss":
			cur, err := r.CurrentRegistration(ctx, ch.MPAN)
			if errors.Is(err, model.ErrNotFound) {
				s.log.Warn("loss for MPAN we do not supply", "mpan", ch.MPAN, "change_ref", ch.ChangeRef)
				return nil
			}
			if err != nil {
				return err
			}
			_, err = r.CloseRegistration(ctx, cur.MPAN, ch.EffectiveFrom)
			return err
		default:
			return fmt.Errorf("%w: registration change kind %q", ErrInvalid, ch.Kind)
		}
	})
}
