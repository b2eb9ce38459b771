package saga

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/folios"
	"github.com/harbourline/hotels/internal/inventory"
	"github.com/harbourline/hotels/internal/payments"
	"github.com/harbourline/hotels/internal/platform/amqpx"
	"github.com/harbourline/hotels/internal/providers/ota"
	"github.com/harbourline/hotels/internal/providers/stripepay"
	"github.com/harbourline/hotels/internal/relocations"
	"github.com/harbourline/hotels/internal/reservations"
)

// Activities are registered with the worker as a struct; each exported
// method is an activity.
type Activities struct {
	Reservations reservations.Repository
	Inventory    inventory.Service
	Gateway      stripepay.Gateway
	Payments     payments.Repository
	Folios       folios.Service
	OTA          ota.Client
	Relocations  relocations.Repository
	Publisher    amqpx.Publisher
}

// PreauthResult is returned by PreauthoriseCard.
type PreauthResult struct {
	PaymentIntentID string `json:"payment_intent_id"`
	Status          string `json:"status"`
}

// HoldInventory takes the nights of the stay off sale until the hold expires.
func (a *Activities) HoldInventory(ctx context.Context, in domain.BookingRequest) error {
	ttl := time.Duration(in.HoldMinutes) * time.Minute
	if _, err := a.Inventory.Hold(ctx, in.ReservationID, in.Stay, ttl); err != nil {
		if errors.Is(err, domain.ErrSoldOut) {
			return temporal.NewNonRetryableApplicationError("sold out", "SoldOut", err)
		}
		return err
	}
	return nil
}

// PreauthoriseCard places the guarantee hold on the guest's card.
func (a *Activities) PreauthoriseCard(ctx context.Context, in domain.BookingRequest) (*PreauthResult, error) {
	info := activity.GetInfo(ctx)
	key := info.WorkflowExecution.ID + "/" + info.ActivityID
	auth, err := a.Gateway.Authorize(ctx, stripepay.AuthorizeRequest{
		ReservationID:  in.ReservationID,
		CustomerID:     in.CustomerID,
		PaymentMethod:  in.PaymentMethodID,
		AmountMinor:    in.Total.Minor,
		Currency:       in.Total.Currency,
		Description:    "Booking guarantee " + in.ReservationID,
		IdempotencyKey: key,
	})
	if errors.Is(err, stripepay.ErrDeclined) {
		return nil, temporal.NewNonRetryableApplicationError("card declined", "CardDeclined", err)
	}
	if err != nil {
		return nil, err
	}
	err = a.Payments.InsertPayment(ctx, &payments.Payment{
		ID:            uuid.NewString(),
		ReservationID: in.ReservationID,
		ProviderRef:   auth.PaymentIntentID,
		Kind:          "preauth",
		Amount:        domain.Money{Minor: auth.AmountMinor, Currency: in.Total.Currency},
		Status:        auth.Status,
	})
	if err != nil {
		return nil, err
	}
	return &PreauthResult{PaymentIntentID: auth.PaymentIntentID, Status: auth.Status}, nil
}

// OpenFolio opens the guest folio and posts the deposit.
func (a *Activities) OpenFolio(ctx context.Context, in domain.BookingRequest) (string, error) {
	f, err := a.Folios.Open(ctx, folios.OpenRequest{
		ReservationID: in.ReservationID,
		Currency:      in.Total.Currency,
		DepositMinor:  in.DepositMinor,
	})
	if err != nil {
		return "", err
	}
	return f.ID, nil
}

// ConfirmReservation flips the reservation to confirmed and announces it.
func (a *Activities) ConfirmReservation(ctx context.Context, in domain.BookingRequest) error {
	held, err := a.Inventory.ConfirmHold(ctx, in.ReservationID)
	if err != nil {
		return err
	}
	if !held {
		return temporal.NewNonRetryableApplicationError("inventory hold expired", "HoldExpired", nil)
	}
	if _, err := a.Reservations.TransitionStatus(ctx, in.ReservationID, domain.StatusConfirmed, domain.StatusPending); err != nil {
		return err
	}
	res, err := a.Reservations.Get(ctx, in.ReservationID)
	if err != nil {
		return err
	}
	info := activity.GetInfo(ctx)
	return a.Publisher.Publish(ctx, amqpx.Message{
		ID:            info.WorkflowExecution.ID + "/confirmed",
		CorrelationID: info.WorkflowExecution.RunID,
		RoutingKey:    domain.EventReservationConfirmed,
		Payload: domain.ReservationEvent{
			ReservationID: res.ID, Channel: res.Channel, ChannelRef: res.ChannelRef, Version: res.Version,
		},
	})
}

// ReleaseInventory is the compensation step: it puts the nights back on sale
// and moves the reservation to its final status.
func (a *Activities) ReleaseInventory(ctx context.Context, in ReleaseInput) error {
	if in.InventoryHeld {
		if err := a.Inventory.Release(ctx, in.ReservationID, in.Reason); err != nil {
			return fmt.Errorf("release %s: %w", in.ReservationID, err)
		}
	}
	_, err := a.Reservations.TransitionStatus(ctx, in.ReservationID, in.FinalStatus,
		domain.StatusPending, domain.StatusConfirmed)
	return err
}

var relocationNamespace = uuid.MustParse("6f1c1f4e-3b0e-4a53-9d51-0c1e6f0a9b77")

// RelocateGuest books the guest into the partner property.
func (a *Activities) RelocateGuest(ctx context.Context, in domain.RelocationRequest) (string, error) {
	res, err := a.Reservations.Get(ctx, in.ReservationID)
	if err != nil {
		return "", err
	}
	booking, err := a.OTA.CreatePartnerBooking(ctx, in.Channel, ota.PartnerBookingRequest{
		PartnerPropertyID: in.PartnerPropertyID,
		GuestName:         res.Guest.Name,
		GuestEmail:        res.Guest.Email,
		CheckIn:           res.Stay.CheckIn.Format(time.DateOnly),
		CheckOut:          res.Stay.CheckOut.Format(time.DateOnly),
		Rooms:             1,
		OriginalRef:       res.ChannelRef,
	})
	if err != nil {
		return "", err
	}
	info := activity.GetInfo(ctx)
	err = a.Relocations.Insert(ctx, &relocations.Relocation{
		ID:              uuid.NewSHA1(relocationNamespace, []byte(info.WorkflowExecution.ID)).String(),
		ReservationID:   res.ID,
		PartnerProperty: in.PartnerPropertyID,
		PartnerBooking:  booking.BookingRef,
		Reason:          in.Reason,
	})
	if err != nil {
		return "", err
	}
	return booking.BookingRef, nil
}
