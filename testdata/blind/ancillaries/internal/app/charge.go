package app

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/skyway-air/ancillaries/internal/catalog"
	"github.com/skyway-air/ancillaries/internal/domain"
	"github.com/skyway-air/ancillaries/internal/payments"
)

// draft is an order and its single item, built from a priced offer.
type draft struct {
	order domain.Order
	item  domain.OrderItem
}

func newDraft(orderID string, p domain.PaymentProfile, pnr, pax, flight string, day time.Time, qty int, offer catalog.Offer) draft {
	o := domain.Order{
		ID:           orderID,
		PNR:          pnr,
		PassengerRef: pax,
		FlightID:     flight,
		Product:      offer.Product,
		Status:       domain.OrderPendingPayment,
		Currency:     p.Currency,
		TotalAmount:  offer.Amount,
		ContactEmail: p.ContactEmail,
		ContactPhone: p.ContactPhone,
	}
	it := domain.OrderItem{
		ID:           uuid.NewString(),
		OrderID:      orderID,
		Product:      offer.Product,
		Code:         offer.Code,
		Description:  offer.Description,
		FlightID:     flight,
		ServiceDate:  dateOnly(day),
		Quantity:     qty,
		Amount:       offer.Amount,
		Currency:     p.Currency,
		Status:       domain.ItemPending,
		Refundable:   offer.Refundable,
		PassengerRef: pax,
	}
	return draft{order: o, item: it}
}

func (d draft) withNaturalKey(k string) draft {
	d.order.NaturalKey = sql.NullString{String: k, Valid: true}
	return d
}

func (d draft) save(ctx context.Context, tx domain.Tx) error {
	if err := tx.Orders().Create(ctx, d.order); err != nil {
		return err
	}
	return tx.Items().Add(ctx, d.item)
}

// charger collects payment for orders, either by creating an intent the
// customer confirms or by charging the card saved on the booking.
type charger struct {
	store   domain.Store
	gateway payments.Gateway
	logger  *slog.Logger
}

func newCharger(d Deps) charger {
	return charger{store: d.Store, gateway: d.Payments, logger: d.log()}
}

func (c charger) profile(ctx context.Context, pnr string) (domain.PaymentProfile, error) {
	p, err := c.store.Profiles().Get(ctx, pnr)
	if errors.Is(err, domain.ErrNotFound) {
		return p, domain.ErrNoPaymentProfile
	}
	return p, err
}

// ensureIntent creates the order's PaymentIntent if it does not have one.
func (c charger) ensureIntent(ctx context.Context, orderID string) error {
	order, err := c.store.Orders().Get(ctx, orderID)
	if err != nil {
		return err
	}
	if order.HasPaymentIntent() || order.Status != domain.OrderPendingPayment {
		return nil
	}
	intent, err := c.gateway.CreateIntent(ctx, payments.NewIntent(order.TotalAmount, order.Currency,
		payments.IdempotentOn("order-intent-"+order.ID),
		payments.Described(fmt.Sprintf("%s %s", order.Product, order.PNR)),
		payments.Tagged("order_id", order.ID),
		payments.Tagged("pnr", order.PNR),
	))
	if err != nil {
		return err
	}
	return c.store.Orders().AttachPaymentIntent(ctx, order.ID, intent.ID)
}

// chargeSaved charges the booking's saved card for the order and records
// the resulting PaymentIntent. Payment success is applied from the webhook.
func (c charger) chargeSaved(ctx context.Context, order domain.Order, p domain.PaymentProfile, opts ...payments.IntentOption) error {
	base := []payments.IntentOption{
		payments.ForCustomer(p.StripeCustomer, p.PaymentMethodID),
		payments.Described(fmt.Sprintf("%s %s", order.Product, order.PNR)),
		payments.Tagged("order_id", order.ID),
		payments.Tagged("pnr", order.PNR),
	}
	req := payments.NewIntent(order.OutstandingAmount(), order.Currency, append(base, opts...)...)
	intent, err := c.gateway.Charge(ctx, req)
	if errors.Is(err, payments.ErrCardDeclined) {
		c.logger.WarnContext(ctx, "saved card declined", slog.String("order_id", order.ID))
		if merr := c.store.Orders().MarkPaymentFailed(ctx, order.ID); merr != nil {
			return merr
		}
		return err
	}
	if err != nil {
		return err
	}
	return c.store.Orders().AttachPaymentIntent(ctx, order.ID, intent.ID)
}
