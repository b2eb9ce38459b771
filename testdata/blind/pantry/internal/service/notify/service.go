// Package notify sends customer text messages.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/httpx"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// Service sends customer notifications.
type Service interface {
	OrderPacked(ctx context.Context, order domain.Order, bags int) error
	DriverOnTheWay(ctx context.Context, order domain.Order) error
	SlotReminder(ctx context.Context, orderID uuid.UUID, kind string) error
}

// Sender is the SMS gateway (implemented by *sms.Client).
type Sender interface {
	Send(ctx context.Context, to, body string) error
}

// Notifications tracks per-order notifications.
type Notifications interface {
	Claim(ctx context.Context, n domain.Notification) (domain.Notification, error)
	SetStatus(ctx context.Context, orderID uuid.UUID, kind, status string) error
}

// Orders loads orders.
type Orders interface {
	Get(ctx context.Context, id uuid.UUID) (domain.Order, error)
}

type service struct {
	tx     pg.TxManager
	sms    Sender
	notifs Notifications
	orders Orders
	log    *slog.Logger
}

// NewService wires the notification service.
func NewService(tx pg.TxManager, sms Sender, notifs Notifications, orders Orders, log *slog.Logger) Service {
	return &service{tx: tx, sms: sms, notifs: notifs, orders: orders, log: log}
}

var templates = map[string]string{
	"packed":        "Your Pantry order is packed in %d bag(s) and will be with you soon.",
	"on_the_way":    "Your Pantry driver is on the way with order %s.",
	"slot_reminder": "Reminder: your Pantry delivery %s arrives in about two hours.",
	"slot_closed":   "Sorry, your delivery slot for order %s was closed by the store. Please pick a new slot in the app.",
}

func render(kind string, args ...any) string {
	return fmt.Sprintf(templates[kind], args...)
}

// OrderPacked texts the customer that the order is packed.
func (s *service) OrderPacked(ctx context.Context, order domain.Order, bags int) error {
	return s.sms.Send(ctx, order.Phone, render("packed", bags))
}

// DriverOnTheWay texts the customer that the driver collected the order.
func (s *service) DriverOnTheWay(ctx context.Context, order domain.Order) error {
	return s.sms.Send(ctx, order.Phone, render("on_the_way", shortRef(order.ID)))
}

// SlotReminder sends at most one message per (order, kind). The row is
// moved to "sending" and committed before the gateway is called; a retry
// that finds it in any state other than "pending" does not send again.
func (s *service) SlotReminder(ctx context.Context, orderID uuid.UUID, kind string) error {
	type claim struct {
		n     domain.Notification
		order domain.Order
		send  bool
	}
	c, err := pg.WithTxResult(ctx, s.tx, func(ctx context.Context) (claim, error) {
		order, err := s.orders.Get(ctx, orderID)
		if err != nil {
			return claim{}, err
		}
		if order.Status.Terminal() && kind == "slot_reminder" {
			return claim{}, nil
		}
		n, err := s.notifs.Claim(ctx, domain.Notification{OrderID: orderID, Kind: kind, Phone: order.Phone})
		if err != nil {
			return claim{}, err
		}
		if n.Status != domain.NotificationPending {
			return claim{}, nil
		}
		if err := s.notifs.SetStatus(ctx, orderID, kind, domain.NotificationSending); err != nil {
			return claim{}, err
		}
		return claim{n: n, order: order, send: true}, nil
	})
	if err != nil || !c.send {
		return err
	}

	sendErr := s.sms.Send(ctx, c.n.Phone, render(kind, shortRef(orderID)))
	switch {
	case sendErr == nil:
		return s.notifs.SetStatus(ctx, orderID, kind, domain.NotificationSent)
	case rejectedBeforeSend(sendErr):
		// The gateway refused the request outright; nothing went out, so
		// hand the row back and let the job retry.
		if err := s.notifs.SetStatus(ctx, orderID, kind, domain.NotificationPending); err != nil {
			return errors.Join(sendErr, err)
		}
		return sendErr
	default:
		s.log.WarnContext(ctx, "sms outcome unknown; not retrying", "order_id", orderID, "kind", kind, "err", sendErr)
		return s.notifs.SetStatus(ctx, orderID, kind, domain.NotificationUnknown)
	}
}

func rejectedBeforeSend(err error) bool {
	var se *httpx.StatusError
	return errors.As(err, &se) && (se.Status == http.StatusTooManyRequests || se.Status == http.StatusServiceUnavailable)
}

func shortRef(id uuid.UUID) string { return id.String()[:8] }
