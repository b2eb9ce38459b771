package amenities

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/larchway/hoaops/internal/config"
	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/platform/apperr"
	"github.com/larchway/hoaops/internal/platform/txctx"
	"github.com/larchway/hoaops/internal/provider/paylane"
)

// reservationNamespace scopes reservation ids derived from client keys.
var reservationNamespace = uuid.MustParse("6f1c2a54-6b1e-4c1f-9b0a-2f7e8f3b9d11")

// Service is the amenities use-case surface.
type Service interface {
	Reserve(ctx context.Context, idempotencyKey string, req ReserveRequest) (Reservation, error)
	ScheduleDepositRefund(ctx context.Context, ev events.ReservationConfirmed) error
	RefundDeposit(ctx context.Context, reservationID uuid.UUID) error
}

// ReserveRequest books an amenity slot.
type ReserveRequest struct {
	AmenityID     uuid.UUID `json:"-"`
	AccountID     uuid.UUID `json:"account_id"`
	StartsAt      time.Time `json:"starts_at"`
	EndsAt        time.Time `json:"ends_at"`
	Guests        int       `json:"guests"`
	PaymentMethod string    `json:"payment_method"`
}

// ErrSlotTaken is returned when the slot overlaps a confirmed booking.
var ErrSlotTaken = fmt.Errorf("%w: amenity is already booked for that time", apperr.ErrConflict)

type service struct {
	uow      txctx.UnitOfWork
	store    Store
	refunds  RefundStore
	accounts Accounts
	gateway  Gateway
	pub      Publisher
	hold     time.Duration
	log      *slog.Logger
}

// New builds the amenities service.
func New(uow txctx.UnitOfWork, store Store, refunds RefundStore, accounts Accounts, gw Gateway, pub Publisher, cfg config.Config, log *slog.Logger) Service {
	return &service{
		uow: uow, store: store, refunds: refunds, accounts: accounts,
		gateway: gw, pub: pub, hold: cfg.DepositHold,
		log: log.With("component", "amenities"),
	}
}

// Reserve books the slot and takes the deposit. The reservation id is
// derived from the owner's Idempotency-Key, so a resubmitted booking finds
// its first attempt and carries on from where it stopped.
func (s *service) Reserve(ctx context.Context, idempotencyKey string, req ReserveRequest) (Reservation, error) {
	if idempotencyKey == "" {
		return Reservation{}, apperr.Invalidf("Idempotency-Key header is required")
	}
	if !req.EndsAt.After(req.StartsAt) {
		return Reservation{}, apperr.Invalidf("ends_at must be after starts_at")
	}
	am, err := s.store.GetAmenity(ctx, req.AmenityID)
	if err != nil {
		return Reservation{}, err
	}
	if req.Guests > am.MaxGuests {
		return Reservation{}, apperr.Invalidf("%s allows at most %d guests", am.Name, am.MaxGuests)
	}
	acct, err := s.accounts.Get(ctx, req.AccountID)
	if err != nil {
		return Reservation{}, err
	}
	if acct.AssociationID != am.AssociationID {
		return Reservation{}, apperr.ErrForbidden
	}

	id := uuid.NewSHA1(reservationNamespace, []byte(acct.ID.String()+":"+idempotencyKey))
	res := Reservation{
		ID:            id,
		AmenityID:     am.ID,
		AccountID:     acct.ID,
		StartsAt:      req.StartsAt.UTC(),
		EndsAt:        req.EndsAt.UTC(),
		Guests:        req.Guests,
		Status:        "pending",
		DepositCents:  am.DepositCents,
		DepositStatus: DepositNone,
	}
	if am.DepositCents > 0 {
		res.DepositStatus = DepositPending
	}
	if _, err := s.store.InsertReservation(ctx, res); err != nil {
		if errors.Is(err, apperr.ErrConflict) {
			return Reservation{}, ErrSlotTaken
		}
		return Reservation{}, err
	}
	res, err = s.store.GetReservation(ctx, id)
	if err != nil {
		return Reservation{}, err
	}
	if res.Status != "pending" {
		return res, nil
	}

	var chargeRef *string
	if res.DepositStatus == DepositPending {
		charge, err := s.gateway.CreateCharge(ctx, paylane.ChargeRequest{
			CustomerID:     acct.PaymentCustomerID,
			PaymentMethod:  req.PaymentMethod,
			AmountCents:    res.DepositCents,
			Currency:       "usd",
			Description:    "Refundable deposit: " + am.Name,
			Metadata:       map[string]string{"reservation_id": id.String(), "purpose": "deposit"},
			IdempotencyKey: "deposit:" + id.String(),
		})
		if err != nil {
			return Reservation{}, fmt.Errorf("%w: deposit: %v", apperr.ErrUpstream, err)
		}
		chargeRef = &charge.ID
	}

	err = s.uow.Do(ctx, func(ctx context.Context) error {
		depositStatus := DepositNone
		if chargeRef != nil {
			depositStatus = DepositHeld
		}
		confirmed, err := s.store.ConfirmReservation(ctx, id, chargeRef, depositStatus)
		if err != nil || !confirmed {
			return err
		}
		return s.pub.Publish(ctx, events.TopicReservationConfirmed, events.ReservationConfirmed{
			ReservationID: id,
			AccountID:     acct.ID,
			AmenityName:   am.Name,
			StartsAt:      res.StartsAt,
			EndsAt:        res.EndsAt,
			DepositCents:  res.DepositCents,
		}, events.WithMessageID(id.String()))
	})
	if err != nil {
		return Reservation{}, err
	}
	return s.store.GetReservation(ctx, id)
}

// ScheduleDepositRefund books the deposit return for after the event and
// sends the owner their confirmation.
func (s *service) ScheduleDepositRefund(ctx context.Context, ev events.ReservationConfirmed) error {
	if ev.DepositCents > 0 {
		if err := s.refunds.Insert(ctx, DepositRefund{
			ReservationID: ev.ReservationID,
			DueAt:         ev.EndsAt.Add(s.hold),
			AmountCents:   ev.DepositCents,
			Status:        "scheduled",
		}); err != nil {
			return fmt.Errorf("schedule deposit refund: %w", err)
		}
	}
	return s.pub.Publish(ctx, events.TopicNoticeRequested, events.NoticeRequested{
		SourceKey: "reservation:" + ev.ReservationID.String(),
		AccountID: ev.AccountID,
		Template:  "reservation_confirmed",
		Channels:  []string{"email"},
		Data: map[string]string{
			"amenity":   ev.AmenityName,
			"starts_at": ev.StartsAt.Format(time.RFC1123),
			"deposit":   fmt.Sprintf("%.2f", float64(ev.DepositCents)/100),
		},
	})
}

// RefundDeposit returns a held deposit once the hold period has passed and
// no damage was reported.
func (s *service) RefundDeposit(ctx context.Context, reservationID uuid.UUID) error {
	rf, err := s.refunds.Get(ctx, reservationID)
	if err != nil {
		return err
	}
	if rf.Status != "scheduled" {
		return nil
	}
	res, err := s.store.GetReservation(ctx, reservationID)
	if err != nil {
		return err
	}
	if res.DepositStatus != DepositHeld || res.DepositChargeRef == nil {
		return nil
	}

	refund, err := s.gateway.CreateRefund(ctx, paylane.RefundRequest{
		ChargeID:       *res.DepositChargeRef,
		AmountCents:    rf.AmountCents,
		Reason:         "deposit_return",
		IdempotencyKey: "deposit-refund:" + reservationID.String(),
	})
	if err != nil {
		return fmt.Errorf("refund deposit %s: %w", reservationID, err)
	}
	return s.uow.Do(ctx, func(ctx context.Context) error {
		if _, err := s.refunds.MarkRefunded(ctx, reservationID, refund.ID); err != nil {
			return err
		}
		_, err := s.store.SetDepositStatus(ctx, reservationID, DepositHeld, DepositRefunded)
		return err
	})
}
