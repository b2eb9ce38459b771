// Package recipient implements what a recipient can do from the app: open
// the compartment holding their parcel, get the pickup code again, and buy
// extra days before the parcel is returned.
package recipient

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/notify"
	"github.com/quayside/lockers/internal/pickupcode"
	"github.com/quayside/lockers/internal/provider/lockeros"
	"github.com/quayside/lockers/internal/provider/payments"
	"github.com/quayside/lockers/internal/store"
)

// DoorOpener sends open commands to locker controllers.
type DoorOpener interface {
	OpenCompartment(ctx context.Context, lockerID, label string, opts ...lockeros.CommandOption) (lockeros.CommandResult, error)
}

// Charger takes card payments.
type Charger interface {
	Charge(ctx context.Context, req payments.ChargeRequest, opts ...payments.CallOption) (payments.Charge, error)
}

type OpenResult struct {
	CompartmentLabel string
	CommandID        string
}

type ExtendInput struct {
	RequestID    string
	ParcelID     string
	Days         int
	PaymentToken string
}

type Extension struct {
	ExtensionID    string
	PickupDeadline time.Time
	ChargedCents   int64
}

type Service interface {
	OpenCompartment(ctx context.Context, parcelID, code string) (OpenResult, error)
	ResendPickupCode(ctx context.Context, parcelID, phone, requestID string) (bool, error)
	ExtendPickup(ctx context.Context, in ExtendInput) (Extension, error)
}

type Settings struct {
	ExtensionFeeCents int64
	MaxExtensionDays  int
}

type service struct {
	tx       store.TxRunner
	repos    store.Repos
	doors    DoorOpener
	charger  Charger
	notifier notify.Notifier
	settings Settings
	now      func() time.Time
}

func NewService(tx store.TxRunner, repos store.Repos, doors DoorOpener, charger Charger, notifier notify.Notifier, settings Settings) Service {
	return &service{
		tx:       tx,
		repos:    repos,
		doors:    doors,
		charger:  charger,
		notifier: notifier,
		settings: settings,
		now:      time.Now,
	}
}

func (s *service) OpenCompartment(ctx context.Context, parcelID, code string) (OpenResult, error) {
	p, err := s.repos.Parcels.Get(ctx, parcelID)
	if err != nil {
		return OpenResult{}, err
	}
	if !pickupcode.Equal(p.PickupCode, code) {
		return OpenResult{}, domain.ErrInvalidPickupCode
	}
	if p.Status != domain.ParcelDeposited {
		return OpenResult{}, domain.ErrInvalidState
	}
	comp, err := s.repos.Compartments.Get(ctx, p.CompartmentID)
	if err != nil {
		return OpenResult{}, err
	}

	sess, err := store.InTx(ctx, s.tx, func(ctx context.Context, r store.Repos) (domain.PickupSession, error) {
		return r.Pickups.ClaimSession(ctx, domain.PickupSession{
			ID:        uuid.NewString(),
			ParcelID:  p.ID,
			CommandID: "pickup-" + p.ID,
		})
	})
	if err != nil {
		return OpenResult{}, err
	}

	if _, err := s.doors.OpenCompartment(ctx, p.LockerID, comp.Label, lockeros.WithCommandID(sess.CommandID)); err != nil {
		return OpenResult{}, fmt.Errorf("open compartment: %w", err)
	}
	if err := s.repos.Pickups.MarkSessionOpened(ctx, sess.ID, s.now()); err != nil {
		return OpenResult{}, err
	}
	return OpenResult{CompartmentLabel: comp.Label, CommandID: sess.CommandID}, nil
}

func (s *service) ResendPickupCode(ctx context.Context, parcelID, phone, requestID string) (bool, error) {
	if requestID == "" {
		return false, fmt.Errorf("%w: request_id is required", domain.ErrInvalidArgument)
	}
	p, err := s.repos.Parcels.Get(ctx, parcelID)
	if err != nil {
		return false, err
	}
	if p.Status != domain.ParcelDeposited {
		return false, domain.ErrInvalidState
	}
	sh, err := s.repos.Shipments.Get(ctx, p.ShipmentID)
	if err != nil {
		return false, err
	}
	if sh.RecipientPhone != phone {
		return false, domain.ErrForbidden
	}
	locker, err := s.repos.Lockers.Get(ctx, p.LockerID)
	if err != nil {
		return false, err
	}
	first, err := s.repos.Pickups.ClaimNotification(ctx, p.ID, "pickup_code_resend", requestID)
	if err != nil {
		return false, err
	}
	if !first {
		return false, nil
	}
	err = s.notifier.PickupCodeReminder(ctx, notify.PickupReady{
		Phone:         sh.RecipientPhone,
		RecipientName: sh.RecipientName,
		LockerName:    locker.Name,
		Address:       locker.Address,
		Code:          p.PickupCode,
		Deadline:      p.PickupDeadline,
		Timezone:      locker.Timezone,
	})
	return err == nil, err
}

func (s *service) ExtendPickup(ctx context.Context, in ExtendInput) (Extension, error) {
	if in.RequestID == "" {
		return Extension{}, fmt.Errorf("%w: request_id is required", domain.ErrInvalidArgument)
	}
	if in.Days < 1 || in.Days > s.settings.MaxExtensionDays {
		return Extension{}, fmt.Errorf("%w: days must be 1..%d", domain.ErrInvalidArgument, s.settings.MaxExtensionDays)
	}
	p, err := s.repos.Parcels.Get(ctx, in.ParcelID)
	if err != nil {
		return Extension{}, err
	}
	if p.Status != domain.ParcelDeposited {
		return Extension{}, domain.ErrInvalidState
	}

	ext, err := store.InTx(ctx, s.tx, func(ctx context.Context, r store.Repos) (domain.PickupExtension, error) {
		return r.Pickups.ClaimExtension(ctx, domain.PickupExtension{
			ID:        "ext_" + ulid.Make().String(),
			ParcelID:  p.ID,
			RequestID: in.RequestID,
			Days:      in.Days,
			FeeCents:  int64(in.Days) * s.settings.ExtensionFeeCents,
		})
	})
	if err != nil {
		return Extension{}, err
	}
	if ext.Status == "paid" {
		current, err := s.repos.Parcels.Get(ctx, p.ID)
		if err != nil {
			return Extension{}, err
		}
		return Extension{ExtensionID: ext.ID, PickupDeadline: current.PickupDeadline, ChargedCents: ext.FeeCents}, nil
	}

	charge, err := s.charger.Charge(ctx, payments.ChargeRequest{
		AmountCents:  ext.FeeCents,
		PaymentToken: in.PaymentToken,
		Description:  fmt.Sprintf("Pickup extension %d day(s) for %s", ext.Days, p.Barcode),
	}, payments.WithMetadata("extension_id", ext.ID), payments.WithMetadata("parcel_id", p.ID))
	if err != nil {
		return Extension{}, fmt.Errorf("charge extension: %w", err)
	}

	deadline, err := store.InTx(ctx, s.tx, func(ctx context.Context, r store.Repos) (time.Time, error) {
		ok, err := r.Pickups.MarkExtensionPaid(ctx, ext.ID, charge.ID)
		if err != nil {
			return time.Time{}, err
		}
		if !ok {
			cur, err := r.Parcels.Get(ctx, p.ID)
			return cur.PickupDeadline, err
		}
		return r.Parcels.ExtendDeadline(ctx, p.ID, ext.Days)
	})
	if err != nil {
		return Extension{}, err
	}
	return Extension{ExtensionID: ext.ID, PickupDeadline: deadline, ChargedCents: ext.FeeCents}, nil
}
