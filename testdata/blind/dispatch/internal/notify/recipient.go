package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/config"
	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/orders"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/kafkabus"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
	"github.com/quaymile/dispatch/internal/providers/smsgw"
)

// TaskETAReminder is the asynq type that texts the recipient an ETA once the
// courier has picked up.
const TaskETAReminder = "sms:eta_reminder"

// ETAReminderPayload is the payload of TaskETAReminder.
type ETAReminderPayload struct {
	OrderID    string    `json:"order_id"`
	EstimateAt time.Time `json:"estimate_at"`
}

// RecipientNotifier texts delivery recipients.
type RecipientNotifier struct {
	cfg       config.Config
	ledger    *Ledger
	sms       smsgw.Sender
	orders    *database.Repo[domain.Order]
	merchants *database.Repo[domain.Merchant]
	log       *zap.Logger
}

// NewRecipientNotifier builds a RecipientNotifier.
func NewRecipientNotifier(cfg config.Config, db *gorm.DB, ledger *Ledger, sms smsgw.Sender, log *zap.Logger) *RecipientNotifier {
	return &RecipientNotifier{
		cfg:       cfg,
		ledger:    ledger,
		sms:       sms,
		orders:    database.NewRepo[domain.Order](db),
		merchants: database.NewRepo[domain.Merchant](db),
		log:       log,
	}
}

// HandleOrderCreated texts the recipient that a delivery is on its way. The
// ledger row id is the TextRelay client_reference, so a redelivered message
// reuses it and TextRelay drops the duplicate.
func (r *RecipientNotifier) HandleOrderCreated(ctx context.Context, msg kafkabus.Message) error {
	var m orders.OrderCreatedMessage
	if err := json.Unmarshal(msg.Value, &m); err != nil {
		return fmt.Errorf("decode order.created: %v: %w", err, kafkabus.ErrPoison)
	}
	if m.RecipientPhone == "" {
		return nil
	}
	n, _, err := r.ledger.Claim(ctx, "sms:order_created:"+m.OrderID, "sms", m.RecipientPhone, "order_created")
	if err != nil {
		return err
	}
	if n.Status == "sent" {
		return nil
	}
	merchantName := "your retailer"
	if mer, err := r.merchants.Get(ctx, m.MerchantID); err == nil {
		merchantName = mer.Name
	}
	sms := smsgw.NewMessage(m.RecipientPhone).
		FromConfig(r.cfg).
		Text(fmt.Sprintf("Hi %s, your order from %s is booked for delivery with Quaymile. We'll text you when it's on the way.", m.RecipientName, merchantName)).
		Reference(n.ID).
		Tag("template", "order_created").
		Build()
	res, err := r.sms.Send(ctx, sms)
	if err != nil {
		return fmt.Errorf("send order_created sms: %w", err)
	}
	return r.ledger.MarkSent(ctx, n.ID, res.MessageID)
}

// HandleETAReminder texts the recipient the courier's ETA.
func (r *RecipientNotifier) HandleETAReminder(ctx context.Context, t *asynq.Task) error {
	p, err := taskqueue.Decode[ETAReminderPayload](t)
	if err != nil {
		return err
	}
	order, err := r.orders.Get(ctx, p.OrderID)
	if errors.Is(err, database.ErrNotFound) {
		return fmt.Errorf("order %s: %w", p.OrderID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	if order.Status != domain.OrderPickedUp {
		return nil
	}
	n, _, err := r.ledger.Claim(ctx, "sms:eta:"+order.ID, "sms", order.RecipientPhone, "eta_reminder")
	if err != nil {
		return err
	}
	if n.Status == "sent" {
		return nil
	}
	text := fmt.Sprintf("Your Quaymile courier is on the way and should arrive around %s.", p.EstimateAt.Format("15:04"))
	if order.CODAmountCents > 0 {
		text += fmt.Sprintf(" Please have %s %.2f ready in cash.", order.Currency, float64(order.CODAmountCents)/100)
	}
	msg := smsgw.NewMessage(order.RecipientPhone).
		FromConfig(r.cfg).
		Text(text).
		Tag("template", "eta_reminder").
		Build()
	res, err := r.sms.Send(ctx, msg)
	if err != nil {
		return fmt.Errorf("send eta sms: %w", err)
	}
	return r.ledger.MarkSent(ctx, n.ID, res.MessageID)
}
