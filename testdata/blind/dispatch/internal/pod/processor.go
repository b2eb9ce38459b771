package pod

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/notify"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
	"github.com/quaymile/dispatch/internal/platform/kafkabus"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
)

// maxFailedAttempts is how many failed attempts send a parcel back to the
// merchant.
const maxFailedAttempts = 3

// ObligationOpener records the cash a courier must collect.
type ObligationOpener interface {
	Open(ctx context.Context, o domain.CODObligation) error
}

// AssignmentCompleter closes the courier's active assignment.
type AssignmentCompleter interface {
	CompleteActive(ctx context.Context, orderID string) error
}

// WebhookPublisher queues merchant webhooks.
type WebhookPublisher interface {
	Publish(ctx context.Context, merchantID, eventType string, data any) error
}

// Processor applies pod.events messages to orders.
type Processor struct {
	tx          database.Transactor
	orders      *database.Repo[domain.Order]
	attempts    *database.Repo[domain.DeliveryAttempt]
	obligations ObligationOpener
	assignments AssignmentCompleter
	webhooks    WebhookPublisher
	tasks       taskqueue.Enqueuer
	log         *zap.Logger
}

// ProcessorParams is the fx input of NewProcessor.
type ProcessorParams struct {
	fx.In

	Tx          database.Transactor
	DB          *gorm.DB
	Obligations ObligationOpener
	Assignments AssignmentCompleter
	Webhooks    WebhookPublisher
	Tasks       taskqueue.Enqueuer
	Log         *zap.Logger
}

// NewProcessor builds the Processor.
func NewProcessor(p ProcessorParams) *Processor {
	return &Processor{
		tx:          p.Tx,
		orders:      database.NewRepo[domain.Order](p.DB),
		attempts:    database.NewRepo[domain.DeliveryAttempt](p.DB),
		obligations: p.Obligations,
		assignments: p.Assignments,
		webhooks:    p.Webhooks,
		tasks:       p.Tasks,
		log:         p.Log,
	}
}

// Handle dispatches one pod.events message by kind.
func (p *Processor) Handle(ctx context.Context, msg kafkabus.Message) error {
	var ev PODMessage
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return fmt.Errorf("decode pod event: %v: %w", err, kafkabus.ErrPoison)
	}
	switch ev.Kind {
	case "picked_up":
		return p.pickedUp(ctx, ev)
	case "delivered":
		return p.delivered(ctx, ev)
	case "failed_attempt":
		return p.failedAttempt(ctx, ev)
	default:
		p.log.Warn("unknown pod event kind", zap.String("kind", ev.Kind), zap.String("event_id", ev.EventID))
		return nil
	}
}

func (p *Processor) pickedUp(ctx context.Context, ev PODMessage) error {
	n, err := p.orders.UpdateWhere(ctx, map[string]any{"status": domain.OrderPickedUp, "updated_at": time.Now().UTC()},
		"id = ? AND status = ?", ev.OrderID, domain.OrderAssigned)
	if err != nil {
		return err
	}
	if n == 0 {
		// Either a redelivery after the update committed, or the order has
		// moved on. Only the former still needs its reminder queued.
		order, err := p.orders.Get(ctx, ev.OrderID)
		if err != nil {
			return err
		}
		if order.Status != domain.OrderPickedUp {
			return nil
		}
	}
	err = p.tasks.Enqueue(ctx, notify.TaskETAReminder,
		notify.ETAReminderPayload{OrderID: ev.OrderID, EstimateAt: ev.OccurredAt.Add(35 * time.Minute)},
		asynq.TaskID("eta:"+ev.OrderID), asynq.ProcessIn(10*time.Minute), asynq.MaxRetry(5))
	if errors.Is(err, taskqueue.ErrDuplicate) {
		return nil
	}
	return err
}

func (p *Processor) delivered(ctx context.Context, ev PODMessage) error {
	order, err := p.orders.Get(ctx, ev.OrderID)
	if err != nil {
		return err
	}
	if order.Status == domain.OrderDelivered {
		p.log.Info("order already delivered", zap.String("order_id", order.ID))
		return nil
	}
	if order.Status != domain.OrderPickedUp {
		return fmt.Errorf("deliver order %s in status %s: %w", order.ID, order.Status, kafkabus.ErrPoison)
	}

	if _, err := p.orders.UpdateWhere(ctx, map[string]any{
		"status": domain.OrderDelivered, "delivered_at": ev.OccurredAt, "updated_at": time.Now().UTC(),
	}, "id = ? AND status = ?", order.ID, domain.OrderPickedUp); err != nil {
		return err
	}
	if order.CODAmountCents > 0 {
		if err := p.obligations.Open(ctx, domain.CODObligation{
			OrderID:     order.ID,
			CourierID:   ev.CourierID,
			MerchantID:  order.MerchantID,
			AmountCents: order.CODAmountCents,
			Currency:    order.Currency,
			Status:      "open",
			CreatedAt:   time.Now().UTC(),
		}); err != nil {
			return fmt.Errorf("open cod obligation: %w", err)
		}
	}
	if err := p.assignments.CompleteActive(ctx, order.ID); err != nil {
		return err
	}
	return p.webhooks.Publish(ctx, order.MerchantID, "order.delivered", map[string]any{
		"order_id":     order.ID,
		"external_ref": order.ExternalRef,
		"delivered_at": ev.OccurredAt,
		"pod_event_id": ev.EventID,
	})
}

func (p *Processor) failedAttempt(ctx context.Context, ev PODMessage) error {
	attempt := &domain.DeliveryAttempt{
		ID:          uuid.NewString(),
		OrderID:     ev.OrderID,
		CourierID:   ev.CourierID,
		Reason:      ev.FailureReason,
		AttemptedAt: ev.OccurredAt,
	}
	return p.tx.WithinTransaction(ctx, func(txCtx context.Context) error {
		order, err := p.orders.LockOne(txCtx, "id = ?", ev.OrderID)
		if err != nil {
			return err
		}
		if err := p.attempts.Create(txCtx, attempt); err != nil {
			return err
		}
		fields := map[string]any{"failed_attempts": gorm.Expr("failed_attempts + 1"), "updated_at": time.Now().UTC()}
		if order.FailedAttempts+1 >= maxFailedAttempts {
			fields["status"] = domain.OrderReturned
		}
		_, err = p.orders.UpdateWhere(txCtx, fields, "id = ?", order.ID)
		return err
	})
}

// Module wires the pod feature.
var Module = fx.Module("pod",
	fx.Provide(
		fx.Annotate(NewService, fx.As(new(Service))),
		httpserver.AsRouteRegistrar(NewHandler),
		NewProcessor,
	),
	fx.Invoke(func(r *kafkabus.Router, p *Processor) {
		r.Handle(TopicPODEvents, p.Handle, kafkabus.Retry(3, time.Second))
	}),
)
