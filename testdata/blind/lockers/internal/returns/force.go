// Package returns sends parcels back to partners: the overdue sweep that
// runs when pickup windows lapse, and operator-forced returns.
package returns

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/platform/retry"
	"github.com/quayside/lockers/internal/provider/carrier"
	"github.com/quayside/lockers/internal/store"
)

// PickupBooker books a courier collection at a locker.
type PickupBooker interface {
	BookPickup(ctx context.Context, b carrier.PickupBooking, opts ...carrier.BookingOption) (carrier.Booking, error)
}

type ForceOption func(*Forcer)

func WithRetryPolicy(p retry.Policy) ForceOption {
	return func(f *Forcer) { f.policy = p }
}

func WithWarehouse(code string) ForceOption {
	return func(f *Forcer) { f.warehouse = code }
}

// Forcer lets operations pull a parcel out of a locker ahead of its
// deadline (damaged parcel, recall, site closing) and book a collection.
type Forcer struct {
	tx        store.TxRunner
	repos     store.Repos
	booker    PickupBooker
	policy    retry.Policy
	warehouse string
	log       *slog.Logger
}

func NewForcer(tx store.TxRunner, repos store.Repos, booker PickupBooker, log *slog.Logger, opts ...ForceOption) *Forcer {
	f := &Forcer{
		tx:        tx,
		repos:     repos,
		booker:    booker,
		policy:    retry.Policy{Attempts: 3, BaseDelay: 500 * time.Millisecond, MaxDelay: 3 * time.Second, Retryable: retry.Temporary},
		warehouse: "DC-NORTH",
		log:       log,
	}
	for _, o := range opts {
		o(f)
	}
	return f
}

type ForceResult struct {
	BookingID        string    `json:"booking_id"`
	CarrierBookingID string    `json:"carrier_booking_id"`
	WindowStart      time.Time `json:"window_start,omitempty"`
}

func (f *Forcer) ForceReturn(ctx context.Context, parcelID, requestedBy string) (ForceResult, error) {
	p, err := f.repos.Parcels.Get(ctx, parcelID)
	if err != nil {
		return ForceResult{}, err
	}
	if p.Status == domain.ParcelCollected || p.Status == domain.ParcelReturned {
		return ForceResult{}, domain.ErrInvalidState
	}
	locker, err := f.repos.Lockers.Get(ctx, p.LockerID)
	if err != nil {
		return ForceResult{}, err
	}

	booking, err := store.InTx(ctx, f.tx, func(ctx context.Context, r store.Repos) (domain.ReturnBooking, error) {
		b, err := r.Returns.ClaimBooking(ctx, domain.ReturnBooking{
			ID:          "rb_" + ulid.Make().String(),
			ParcelID:    p.ID,
			RequestedBy: requestedBy,
		})
		if err != nil {
			return domain.ReturnBooking{}, err
		}
		if _, err := r.Parcels.MarkReturnPending(ctx, p.ID, time.Now().UTC()); err != nil {
			return domain.ReturnBooking{}, err
		}
		_, err = r.Shipments.Transition(ctx, p.ShipmentID, []domain.ShipmentStatus{domain.ShipmentInLocker}, domain.ShipmentReturning)
		return b, err
	})
	if err != nil {
		return ForceResult{}, err
	}
	if booking.CarrierBookingID != "" {
		return ForceResult{BookingID: booking.ID, CarrierBookingID: booking.CarrierBookingID}, nil
	}

	cb, err := retry.Value(ctx, f.policy, func(ctx context.Context) (carrier.Booking, error) {
		return f.booker.BookPickup(ctx, carrier.PickupBooking{
			SiteAddress: locker.Address,
			SiteCode:    locker.SiteCode,
			Barcode:     p.Barcode,
			ReturnTo:    f.warehouse,
			EarliestAt:  time.Now().Add(2 * time.Hour),
		})
	})
	if err != nil {
		return ForceResult{}, fmt.Errorf("book collection: %w", err)
	}
	if err := f.repos.Returns.SetCarrierBooking(ctx, booking.ID, cb.ID); err != nil {
		return ForceResult{}, err
	}
	f.log.InfoContext(ctx, "forced return booked", "parcel_id", p.ID, "booking", cb.ID, "by", requestedBy)
	return ForceResult{BookingID: booking.ID, CarrierBookingID: cb.ID, WindowStart: cb.WindowStart}, nil
}
