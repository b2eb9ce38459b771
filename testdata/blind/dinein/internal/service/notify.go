package service

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/push"
	"github.com/dinein/platform/internal/queue"
	"github.com/dinein/platform/internal/sms"
	"github.com/dinein/platform/internal/store"
)

// Notifier renders and sends customer-facing texts and pushes.
type Notifier struct {
	sms  sms.Sender
	push push.Sender
	log  *zap.Logger
}

// NewNotifier builds a Notifier.
func NewNotifier(s sms.Sender, p push.Sender, log *zap.Logger) *Notifier {
	return &Notifier{sms: s, push: p, log: log.Named("notifier")}
}

// TextOption adjusts an outbound SMS.
type TextOption func(*sms.Message)

// WithRef sets the provider client reference for the message.
func WithRef(ref string) TextOption {
	return func(m *sms.Message) { m.ClientRef = ref }
}

// Text sends an SMS to a phone number.
func (n *Notifier) Text(ctx context.Context, to, body string, opts ...TextOption) (*sms.Receipt, error) {
	m := sms.Message{To: to, Body: body}
	for _, o := range opts {
		o(&m)
	}
	rc, err := n.sms.Send(ctx, m)
	if err != nil {
		return nil, err
	}
	n.log.Debug("sms sent", zap.String("message_id", rc.MessageID), zap.String("ref", m.ClientRef))
	return rc, nil
}

// Push sends a push notification if the customer has a device registered.
func (n *Notifier) Push(ctx context.Context, c *store.Customer, title, body string, data map[string]string) error {
	if c.PushToken == nil || *c.PushToken == "" {
		return nil
	}
	ticket, err := n.push.Send(ctx, push.Notification{
		DeviceToken: *c.PushToken,
		Title:       title,
		Body:        body,
		Data:        data,
	})
	if err != nil {
		return err
	}
	n.log.Debug("push sent", zap.String("ticket", ticket), zap.Stringer("customer", c.ID))
	return nil
}

// NotificationService sends queued notifications and receipts.
type NotificationService interface {
	SendQueued(ctx context.Context, notificationID uuid.UUID) error
	ResendReceipt(ctx context.Context, customerID, orderID uuid.UUID) error
	SendReceipt(ctx context.Context, orderID uuid.UUID, ref string) error
}

type notificationService struct {
	db            store.DB
	notifications store.NotificationRepository
	orders        store.OrderRepository
	directory     store.Directory
	queue         queue.Enqueuer
	notifier      *Notifier
}

// NewNotificationService builds the NotificationService.
func NewNotificationService(
	db store.DB,
	notifications store.NotificationRepository,
	orders store.OrderRepository,
	directory store.Directory,
	q queue.Enqueuer,
	notifier *Notifier,
) *notificationService {
	return &notificationService{db: db, notifications: notifications, orders: orders, directory: directory, queue: q, notifier: notifier}
}

func (s *notificationService) SendQueued(ctx context.Context, notificationID uuid.UUID) error {
	n, err := s.notifications.Get(ctx, s.db, notificationID)
	if err != nil {
		return err
	}
	if n.Status == "sent" {
		return nil
	}
	if n.Channel != "sms" {
		return fmt.Errorf("notification %s: unsupported channel %q", n.ID, n.Channel)
	}
	rc, err := s.notifier.Text(ctx, n.Recipient, n.Body, WithRef(n.ID.String()))
	if err != nil {
		return err
	}
	return s.notifications.MarkSent(ctx, s.db, n.ID, rc.MessageID)
}

func (s *notificationService) ResendReceipt(ctx context.Context, customerID, orderID uuid.UUID) error {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return err
	}
	if o.CustomerID != customerID {
		return ErrForbidden
	}
	if o.Status == store.OrderPendingPayment {
		return ErrInvalidState
	}
	_, err = s.queue.Enqueue(ctx, queue.ReceiptArgs{
		OrderID:   o.ID,
		RequestID: xid.New().String(),
	})
	return err
}

func (s *notificationService) SendReceipt(ctx context.Context, orderID uuid.UUID, ref string) error {
	o, err := s.orders.Get(ctx, s.db, orderID)
	if err != nil {
		return err
	}
	c, err := s.directory.Customer(ctx, s.db, o.CustomerID)
	if err != nil {
		return err
	}
	r, err := s.directory.Restaurant(ctx, s.db, o.RestaurantID)
	if err != nil {
		return err
	}
	items, err := s.orders.Items(ctx, s.db, o.ID)
	if err != nil {
		return err
	}
	_, err = s.notifier.Text(ctx, c.PhoneE164, renderReceipt(o, r, items), WithRef(ref))
	return err
}

func renderReceipt(o *store.Order, r *store.Restaurant, items []store.OrderItem) string {
	var b strings.Builder
	fmt.Fprintf(&b, "DineIn receipt - %s\n", r.Name)
	qty := 0
	for _, it := range items {
		qty += it.Quantity
	}
	fmt.Fprintf(&b, "%d item(s), subtotal %s\n", qty, money(o.SubtotalCents))
	fmt.Fprintf(&b, "Delivery %s, service %s", money(o.DeliveryFeeCents), money(o.ServiceFeeCents))
	if o.TipCents > 0 {
		fmt.Fprintf(&b, ", tip %s", money(o.TipCents))
	}
	if o.CreditAppliedCents > 0 {
		fmt.Fprintf(&b, ", credit -%s", money(o.CreditAppliedCents))
	}
	fmt.Fprintf(&b, "\nTotal %s. Order %s", money(o.TotalCents+o.TipCents), shortID(o.ID))
	return b.String()
}

func money(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s$%d.%02d", sign, cents/100, cents%100)
}

func shortID(id uuid.UUID) string { return strings.ToUpper(id.String()[:8]) }
