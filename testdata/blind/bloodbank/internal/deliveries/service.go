package deliveries

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/hemolink-systems/bloodbank/internal/domain"
	"github.com/hemolink-systems/bloodbank/internal/inventory"
	"github.com/hemolink-systems/bloodbank/internal/notify"
	"github.com/hemolink-systems/bloodbank/internal/orders"
	"github.com/hemolink-systems/bloodbank/internal/platform/database"
	"github.com/hemolink-systems/bloodbank/internal/providers/courier"
)

// Courier books pickups.
type Courier interface {
	Book(ctx context.Context, req courier.BookingRequest) (courier.Booking, error)
}

// Texter sends operational SMS.
type Texter interface {
	Send(ctx context.Context, o notify.Outbound) error
}

// Options for the dispatch service.
type Options struct {
	PickupSite string
	// Bands maps product kind to the courier's temperature band.
	Bands map[domain.ComponentKind]string
}

type Service interface {
	Dispatch(ctx context.Context, orderID uuid.UUID) (domain.Delivery, error)
	ConfirmReceipt(ctx context.Context, hospitalID, deliveryID uuid.UUID, receivedBy string) error
}

type service struct {
	repo    Repository
	orders  orders.Repository
	stock   inventory.Repository
	tx      database.TxRunner
	courier Courier
	texter  Texter
	opts    Options
	now     func() time.Time
}

func NewService(repo Repository, ordersRepo orders.Repository, stock inventory.Repository, tx database.TxRunner,
	c Courier, t Texter, opts Options) Service {
	return &service{repo: repo, orders: ordersRepo, stock: stock, tx: tx, courier: c, texter: t, opts: opts, now: time.Now}
}

// Dispatch books the courier for an allocated order and records the
// delivery. Operations staff trigger it from the console once the units are
// packed.
func (s *service) Dispatch(ctx context.Context, orderID uuid.UUID) (domain.Delivery, error) {
	order, err := s.orders.GetOrder(ctx, orderID)
	if err != nil {
		return domain.Delivery{}, err
	}
	if order.Status != "allocated" {
		return domain.Delivery{}, fmt.Errorf("order %s is %s: %w", orderID, order.Status, domain.ErrConflict)
	}
	hospital, err := s.orders.GetHospital(ctx, order.HospitalID)
	if err != nil {
		return domain.Delivery{}, err
	}

	booking, err := s.courier.Book(ctx, courier.BookingRequest{
		PickupSite:      s.opts.PickupSite,
		DropoffName:     hospital.Name + " transfusion laboratory",
		DropoffAddress:  hospital.Address,
		Priority:        order.Priority,
		TemperatureBand: s.band(order),
		Parcels:         parcels(order),
		ReadyAt:         s.now().Add(15 * time.Minute),
		Notes:           "order " + order.ID.String(),
	})
	s.logAttempt(ctx, orderID, booking, err)
	if err != nil {
		return domain.Delivery{}, err
	}

	d := domain.Delivery{
		ID:                uuid.New(),
		OrderID:           orderID,
		CourierBookingRef: booking.BookingRef,
		Status:            "dispatched",
		DispatchedAt:      s.now().UTC(),
	}
	err = s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		ok, err := s.orders.SetStatus(ctx, tx, orderID, []string{"allocated"}, "dispatched")
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("order %s changed during dispatch: %w", orderID, domain.ErrConflict)
		}
		if err := s.repo.InsertDelivery(ctx, tx, d); err != nil {
			return err
		}
		return s.repo.AppendEvent(ctx, tx, d.ID, "dispatched", map[string]any{"booking_ref": booking.BookingRef, "eta": booking.ETA})
	})
	if err != nil {
		return domain.Delivery{}, err
	}

	if hospital.SMSContact != "" {
		msg := notify.NewOutbound(hospital.SMSContact, notify.OrderDispatchedText(order.Reference, booking.ETA)).
			WithRef("dispatch:" + orderID.String())
		if err := s.texter.Send(ctx, msg); err != nil {
			slog.WarnContext(ctx, "dispatch text failed", "order", orderID, "err", err)
		}
	}
	return d, nil
}

func (s *service) logAttempt(ctx context.Context, orderID uuid.UUID, b courier.Booking, callErr error) {
	a := Attempt{ID: uuid.New(), OrderID: orderID, AttemptedAt: s.now().UTC(), Outcome: "booked", Detail: b.BookingRef}
	if callErr != nil {
		a.Outcome, a.Detail = "failed", callErr.Error()
	}
	if err := s.repo.LogAttempt(ctx, a); err != nil {
		slog.WarnContext(ctx, "dispatch attempt log", "order", orderID, "err", err)
	}
}

// ConfirmReceipt records the hospital's sign-off. The units move to issued in
// the same transaction; repeating the confirmation is a no-op.
func (s *service) ConfirmReceipt(ctx context.Context, hospitalID, deliveryID uuid.UUID, receivedBy string) error {
	d, err := s.repo.GetDelivery(ctx, deliveryID)
	if err != nil {
		return err
	}
	order, err := s.orders.GetOrder(ctx, d.OrderID)
	if err != nil {
		return err
	}
	if order.HospitalID != hospitalID {
		return fmt.Errorf("delivery %s: %w", deliveryID, domain.ErrNotFound)
	}
	return s.tx.WithTx(ctx, func(ctx context.Context, tx *sqlx.Tx) error {
		orderID, changed, err := s.repo.MarkDelivered(ctx, tx, deliveryID, receivedBy, s.now().UTC())
		if err != nil || !changed {
			return err
		}
		if _, err := s.stock.IssueOrder(ctx, tx, orderID); err != nil {
			return err
		}
		if _, err := s.orders.SetStatus(ctx, tx, orderID, []string{"dispatched"}, "delivered"); err != nil {
			return err
		}
		return s.repo.AppendEvent(ctx, tx, deliveryID, "received", map[string]string{"received_by": receivedBy})
	})
}

func (s *service) band(o domain.Order) string {
	band := "2-6C"
	for _, l := range o.Lines {
		if b, ok := s.opts.Bands[l.Kind]; ok && b != band {
			// Mixed orders travel in the strictest band; platelets never
			// share a box with red cells.
			band = b
		}
	}
	return band
}

func parcels(o domain.Order) int {
	kinds := map[domain.ComponentKind]bool{}
	for _, l := range o.Lines {
		kinds[l.Kind] = true
	}
	return len(kinds)
}
