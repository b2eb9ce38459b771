package service

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/dispatch"
	"github.com/dinein/platform/internal/result"
	"github.com/dinein/platform/internal/store"
)

// DispatchService books couriers through the delivery partner.
type DispatchService interface {
	RequestCourier(ctx context.Context, orderID uuid.UUID, attempt int) (*store.DispatchRequest, error)
	Redispatch(ctx context.Context, orderID uuid.UUID, reason string) (*dispatch.Delivery, error)
	ForwardTip(ctx context.Context, tipID string) error
	SweepUnassigned(ctx context.Context, readyFor time.Duration) []result.Result[string]
}

type dispatchService struct {
	db        store.DB
	orders    store.OrderRepository
	requests  store.DispatchRepository
	payments  store.PaymentRepository
	directory store.Directory
	partner   CourierPartner
	log       *zap.Logger
	now       func() time.Time
}

// NewDispatchService builds the DispatchService.
func NewDispatchService(
	db store.DB,
	orders store.OrderRepository,
	requests store.DispatchRepository,
	pays store.PaymentRepository,
	directory store.Directory,
	partner CourierPartner,
	log *zap.Logger,
) *dispatchService {
	return &dispatchService{
		db: db, orders: orders, requests: requests, payments: pays, directory: directory,
		partner: partner, log: log.Named("dispatch"), now: time.Now,
	}
}

// deliveryRequest builds the partner request for an order.
func (s *dispatchService) deliveryRequest(ctx context.Context, o *store.Order) (dispatch.DeliveryRequest, error) {
	rest, err := s.directory.Restaurant(ctx, s.db, o.RestaurantID)
	if err != nil {
		return dispatch.DeliveryRequest{}, err
	}
	cust, err := s.directory.Customer(ctx, s.db, o.CustomerID)
	if err != nil {
		return dispatch.DeliveryRequest{}, err
	}
	items, err := s.orders.Items(ctx, s.db, o.ID)
	if err != nil {
		return dispatch.DeliveryRequest{}, err
	}
	count := 0
	for _, it := range items {
		count += it.Quantity
	}
	return dispatch.DeliveryRequest{
		ExternalRef:     o.ID.String(),
		Pickup:          dispatch.Location{Address: rest.Address, Phone: rest.PhoneE164, Name: rest.Name},
		Dropoff:         dispatch.Location{Address: o.DropoffAddress, Phone: cust.PhoneE164, Name: cust.DisplayName, Notes: o.DropoffNotes},
		OrderValueCents: o.SubtotalCents,
		ReadyAt:         s.now().Add(15 * time.Minute),
		Items:           count,
	}, nil
}

func (s *dispatchService) RequestCourier(ctx context.Context, orderID uuid.UUID, attempt int) (*store.DispatchRequest, error) {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return nil, err
	}
	switch o.Status {
	case store.OrderCancelled, store.OrderRejected, store.OrderDelivered:
		s.log.Info("order no longer needs a courier", zap.Stringer("order", o.ID), zap.String("status", o.Status))
		return nil, nil
	}
	dr, err := s.requests.OpenAttempt(ctx, s.db, &store.DispatchRequest{
		ID:      uuid.New(),
		OrderID: o.ID,
		Attempt: attempt,
	})
	if err != nil {
		return nil, err
	}
	if dr.PartnerDeliveryID != nil {
		return dr, nil
	}

	req, err := s.deliveryRequest(ctx, o)
	if err != nil {
		return nil, err
	}
	req.IdempotencyKey = dr.ID.String()
	d, err := s.partner.CreateDelivery(ctx, req, dispatch.WithTraceID(o.ID.String()))
	if err != nil {
		return nil, err
	}

	err = store.WithTx(ctx, s.db, func(tx pgx.Tx) error {
		if err := s.requests.MarkBooked(ctx, tx, dr.ID, d.ID, d.FeeCents); err != nil {
			return err
		}
		return s.orders.SetCourierDelivery(ctx, tx, o.ID, d.ID)
	})
	if err != nil {
		return nil, err
	}
	dr.PartnerDeliveryID = &d.ID
	dr.Status = "booked"
	return dr, nil
}

func (s *dispatchService) Redispatch(ctx context.Context, orderID uuid.UUID, reason string) (*dispatch.Delivery, error) {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return nil, err
	}
	switch o.Status {
	case store.OrderAccepted, store.OrderReady, "courier_assigned":
	default:
		return nil, ErrInvalidState
	}
	if o.CourierDeliveryID != nil {
		err := s.partner.CancelDelivery(ctx, *o.CourierDeliveryID, reason)
		if err != nil && !errors.Is(err, dispatch.ErrNotFound) {
			return nil, err
		}
	}
	req, err := s.deliveryRequest(ctx, o)
	if err != nil {
		return nil, err
	}
	d, err := s.partner.CreateDelivery(ctx, req, dispatch.WithIdempotencyKey(uuid.NewString()))
	if err != nil {
		return nil, err
	}
	if err := s.orders.SetCourierDelivery(ctx, s.db, o.ID, d.ID); err != nil {
		return nil, err
	}
	s.log.Info("order redispatched", zap.Stringer("order", o.ID), zap.String("delivery", d.ID), zap.String("reason", reason))
	return d, nil
}

func (s *dispatchService) ForwardTip(ctx context.Context, tipID string) error {
	tip, err := s.payments.GetTip(ctx, s.db, tipID)
	if err != nil {
		return err
	}
	if tip.ForwardedAt != nil {
		return nil
	}
	o, err := s.orders.Get(ctx, s.db, tip.OrderID)
	if err != nil {
		return err
	}
	if o.CourierDeliveryID == nil {
		return ErrNoCourierDelivery
	}
	if err := s.partner.AddTip(ctx, *o.CourierDeliveryID, dispatch.Tip{
		AmountCents: tip.AmountCents,
		Currency:    o.Currency,
		Note:        "Tip from your DineIn customer",
	}); err != nil {
		return err
	}
	return s.payments.MarkTipForwarded(ctx, s.db, tip.ID)
}

// SweepUnassigned books couriers for ready orders that never got one, for
// example because their dispatch job was discarded.
func (s *dispatchService) SweepUnassigned(ctx context.Context, readyFor time.Duration) []result.Result[string] {
	orders, err := s.orders.ListAwaitingCourier(ctx, s.db, s.now().Add(-readyFor), 100)
	if err != nil {
		return []result.Result[string]{result.Fail[string]("list", err)}
	}
	out := make([]result.Result[string], 0, len(orders))
	for i := range orders {
		o := &orders[i]
		id, err := s.bookDirect(ctx, o)
		if err != nil {
			s.log.Warn("sweep booking failed", zap.Stringer("order", o.ID), zap.Error(err))
		}
		out = append(out, result.From(o.ID.String(), id, err))
	}
	return out
}

func (s *dispatchService) bookDirect(ctx context.Context, o *store.Order) (string, error) {
	req, err := s.deliveryRequest(ctx, o)
	if err != nil {
		return "", err
	}
	d, err := s.partner.CreateDelivery(ctx, req)
	if err != nil {
		return "", err
	}
	if err := s.orders.SetCourierDelivery(ctx, s.db, o.ID, d.ID); err != nil {
		return "", err
	}
	return d.ID, nil
}
