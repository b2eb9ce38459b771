// Package booking manages nightly berth reservations: availability, the
// booking deposit, extensions and cancellations.
package booking

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/events"
	"github.com/harbourline/marina/internal/providers/stripepay"
	"github.com/harbourline/marina/internal/service/billing"
	"github.com/harbourline/marina/internal/storage"
)

const (
	scopeCreate = "reservation.create"

	minDepositCents = 5000
	depositPercent  = 20
	maxNights       = 60
)

type Service struct {
	store   storage.Store
	billing *billing.Service
	log     *zap.Logger
	now     func() time.Time
}

func NewService(store storage.Store, b *billing.Service, log *zap.Logger) *Service {
	return &Service{store: store, billing: b, log: log.Named("booking"), now: time.Now}
}

type CreateInput struct {
	IdempotencyKey string
	RequestHash    string
	BerthID        string
	VesselID       string
	BoaterID       string
	ArriveOn       time.Time
	DepartOn       time.Time
}

func (in CreateInput) validate() error {
	if in.IdempotencyKey == "" {
		return domain.Invalid("Idempotency-Key header is required")
	}
	if !in.DepartOn.After(in.ArriveOn) {
		return domain.Invalid("depart_on must be after arrive_on")
	}
	if in.DepartOn.Sub(in.ArriveOn) > maxNights*24*time.Hour {
		return domain.Invalid(fmt.Sprintf("stays longer than %d nights need a seasonal contract", maxNights))
	}
	return nil
}

type CreateResult struct {
	Reservation *domain.Reservation
	Replayed    bool
}

type storedReservation struct {
	ReservationID string `json:"reservation_id"`
}

// Create books a berth for a nightly stay. The reservation starts pending
// and is confirmed once the deposit has been taken.
func (s *Service) Create(ctx context.Context, in CreateInput) (*CreateResult, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	out := &CreateResult{}
	err := s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		claimed, rec, err := tx.Idempotency.Claim(ctx, scopeCreate, in.IdempotencyKey, in.RequestHash)
		if err != nil {
			return err
		}
		if !claimed {
			if rec.RequestHash != in.RequestHash {
				return domain.ErrKeyReused
			}
			var ref storedReservation
			if err := json.Unmarshal(rec.Body, &ref); err != nil {
				return fmt.Errorf("stored response for %s: %w", in.IdempotencyKey, err)
			}
			res, err := tx.Reservations.Get(ctx, ref.ReservationID)
			if err != nil {
				return err
			}
			out.Reservation, out.Replayed = res, true
			return nil
		}

		berth, err := tx.Reservations.LockBerth(ctx, in.BerthID)
		if err != nil {
			return err
		}
		n, err := tx.Reservations.CountOverlapping(ctx, berth.ID, in.ArriveOn, in.DepartOn, "")
		if err != nil {
			return err
		}
		if n > 0 {
			return domain.ErrBerthUnavailable
		}

		res := &domain.Reservation{
			ID:       uuid.NewString(),
			BerthID:  berth.ID,
			VesselID: in.VesselID,
			BoaterID: in.BoaterID,
			ArriveOn: in.ArriveOn,
			DepartOn: in.DepartOn,
			Status:   domain.ReservationPending,
		}
		res.TotalCents = int64(res.Nights()) * berth.NightlyRateCents
		res.DepositCents = max(res.TotalCents*depositPercent/100, minDepositCents)
		if err := tx.Reservations.Insert(ctx, res); err != nil {
			return err
		}

		body, _ := json.Marshal(storedReservation{ReservationID: res.ID})
		if err := tx.Idempotency.Complete(ctx, scopeCreate, in.IdempotencyKey, 201, body); err != nil {
			return err
		}
		out.Reservation = res
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Service) Get(ctx context.Context, id string) (*domain.Reservation, error) {
	return s.store.Repos().Reservations.Get(ctx, id)
}

// PayDeposit charges the reservation deposit to the boater's saved card and
// confirms the reservation.
func (s *Service) PayDeposit(ctx context.Context, reservationID string) (*domain.Payment, error) {
	repos := s.store.Repos()
	res, err := repos.Reservations.Get(ctx, reservationID)
	if err != nil {
		return nil, err
	}
	if res.Status != domain.ReservationPending && res.Status != domain.ReservationConfirmed {
		return nil, fmt.Errorf("reservation is %s: %w", res.Status, domain.ErrInvalidState)
	}
	boater, err := repos.Boaters.Get(ctx, res.BoaterID)
	if err != nil {
		return nil, err
	}

	p, err := s.billing.Intent(ctx, repos, domain.Payment{
		OpKey:         "deposit:" + res.ID,
		Purpose:       domain.PurposeDeposit,
		BoaterID:      res.BoaterID,
		ReservationID: res.ID,
		AmountCents:   res.DepositCents,
	})
	if err != nil {
		return nil, err
	}
	p, err = s.billing.Collect(ctx, p, boater,
		fmt.Sprintf("Berth %s deposit, %s", res.BerthID, res.ArriveOn.Format("2 Jan 2006")),
		stripepay.WithIdempotencyKey(p.OpKey),
		stripepay.WithMetadata("reservation_id", res.ID))
	if err != nil {
		return nil, err
	}
	if p.Status != billing.StatusSucceeded {
		// Confirmation arrives via the payment_intent.succeeded webhook.
		return p, nil
	}

	err = s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		confirmed, err := tx.Reservations.MarkConfirmed(ctx, res.ID)
		if err != nil || !confirmed {
			return err
		}
		return events.Record(ctx, tx, events.TopicReservationConfirmed, events.ReservationConfirmed{
			ReservationID: res.ID,
			BoaterID:      res.BoaterID,
			BerthID:       res.BerthID,
			ArriveOn:      res.ArriveOn,
			DepartOn:      res.DepartOn,
		})
	})
	return p, err
}

// Cancel cancels a reservation that has not started. Refunds and the
// harbourmaster notice follow from the reservation.cancelled event.
func (s *Service) Cancel(ctx context.Context, id, reason, actor string) (*domain.Reservation, error) {
	var out *domain.Reservation
	err := s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		res, err := tx.Reservations.GetForUpdate(ctx, id)
		if err != nil {
			return err
		}
		switch res.Status {
		case domain.ReservationCancelled:
			out = res
			return nil
		case domain.ReservationArrived, domain.ReservationCompleted:
			return fmt.Errorf("reservation is %s: %w", res.Status, domain.ErrInvalidState)
		}

		ok, err := tx.Reservations.MarkCancelled(ctx, id, reason)
		if err != nil {
			return err
		}
		if !ok {
			return domain.ErrInvalidState
		}
		if err := events.Record(ctx, tx, events.TopicReservationCancelled, events.ReservationCancelled{
			ReservationID: res.ID,
			BoaterID:      res.BoaterID,
			BerthID:       res.BerthID,
			ArriveOn:      res.ArriveOn,
			Reason:        reason,
			CancelledBy:   actor,
		}); err != nil {
			return err
		}
		res.Status = domain.ReservationCancelled
		out = res
		return nil
	})
	return out, err
}

// Extend adds nights to the end of a stay and posts the extra nights to the
// boater's account.
func (s *Service) Extend(ctx context.Context, id string, nights int) (*domain.Reservation, error) {
	if nights <= 0 || nights > maxNights {
		return nil, domain.Invalid(fmt.Sprintf("nights must be between 1 and %d", maxNights))
	}
	var out *domain.Reservation
	err := s.store.Do(ctx, func(ctx context.Context, tx *storage.Tx) error {
		res, err := tx.Reservations.GetForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if res.Status != domain.ReservationConfirmed && res.Status != domain.ReservationArrived {
			return fmt.Errorf("reservation is %s: %w", res.Status, domain.ErrInvalidState)
		}
		berth, err := tx.Reservations.LockBerth(ctx, res.BerthID)
		if err != nil {
			return err
		}
		newDepart := res.DepartOn.AddDate(0, 0, nights)
		n, err := tx.Reservations.CountOverlapping(ctx, berth.ID, res.DepartOn, newDepart, res.ID)
		if err != nil {
			return err
		}
		if n > 0 {
			return domain.ErrBerthUnavailable
		}

		extra := int64(nights) * berth.NightlyRateCents
		if err := tx.Reservations.ExtendStay(ctx, res.ID, newDepart, extra); err != nil {
			return err
		}
		if err := tx.Ledger.Post(ctx, &domain.LedgerEntry{
			BoaterID:    res.BoaterID,
			SourceType:  "reservation_extension",
			SourceID:    res.ID,
			Description: fmt.Sprintf("Berth %s: %d extra night(s) to %s", berth.ID, nights, newDepart.Format("2 Jan")),
			AmountCents: extra,
		}); err != nil {
			return err
		}
		res.DepartOn = newDepart
		res.TotalCents += extra
		out = res
		return nil
	})
	return out, err
}
