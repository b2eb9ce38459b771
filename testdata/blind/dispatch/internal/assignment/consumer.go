package assignment

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/orders"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
	"github.com/quaymile/dispatch/internal/platform/kafkabus"
	"github.com/quaymile/dispatch/internal/providers/pushgw"
)

// NotificationLedger records which notifications have been attempted.
type NotificationLedger interface {
	// Claim inserts a notification keyed by dedupKey. claimed is false when a
	// notification with that key already exists.
	Claim(ctx context.Context, dedupKey, channel, recipient, template string) (n *domain.Notification, claimed bool, err error)
	MarkSent(ctx context.Context, id, providerRef string) error
	MarkFailed(ctx context.Context, id, reason string) error
}

// PushNotifier tells couriers about new jobs. The push gateway cannot
// deduplicate, so each assignment is claimed in the ledger first and pushed
// at most once; the courier app also polls its job list, so a lost push only
// delays pickup.
type PushNotifier struct {
	couriers *database.Repo[domain.Courier]
	ledger   NotificationLedger
	push     pushgw.Pusher
	log      *zap.Logger
}

// NewPushNotifier builds the consumer.
func NewPushNotifier(db *gorm.DB, ledger NotificationLedger, push pushgw.Pusher, log *zap.Logger) *PushNotifier {
	return &PushNotifier{couriers: database.NewRepo[domain.Courier](db), ledger: ledger, push: push, log: log}
}

// Handle processes one courier.assignment.changed message.
func (n *PushNotifier) Handle(ctx context.Context, msg kafkabus.Message) error {
	var ev AssignmentChanged
	if err := json.Unmarshal(msg.Value, &ev); err != nil {
		return fmt.Errorf("decode assignment change: %v: %w", err, kafkabus.ErrPoison)
	}
	if ev.Kind != "assigned" {
		return nil
	}
	courier, err := n.couriers.Get(ctx, ev.CourierID)
	if err != nil {
		return err
	}
	rec, claimed, err := n.ledger.Claim(ctx, "push:assignment:"+ev.AssignmentID, "push", courier.ID, "job_assigned")
	if err != nil {
		return err
	}
	if !claimed {
		n.log.Debug("assignment push already attempted", zap.String("assignment_id", ev.AssignmentID), zap.String("status", rec.Status))
		return nil
	}
	ref, err := n.push.Send(ctx, pushgw.Notification{
		Token: courier.PushToken,
		Title: "New job",
		Body:  "You have a new pickup. Open the app for details.",
		Data:  map[string]string{"order_id": ev.OrderID, "assignment_id": ev.AssignmentID},
	})
	if err != nil {
		n.log.Warn("assignment push failed", zap.String("assignment_id", ev.AssignmentID), zap.Error(err))
		return n.ledger.MarkFailed(ctx, rec.ID, err.Error())
	}
	return n.ledger.MarkSent(ctx, rec.ID, ref)
}

// Module wires the assignment feature.
var Module = fx.Module("assignment",
	fx.Provide(
		fx.Annotate(NewService, fx.As(new(Service))),
		httpserver.AsRouteRegistrar(NewHandler),
		NewReleaser,
		func(r *Releaser) orders.AssignmentReleaser { return r },
		NewPushNotifier,
	),
	fx.Invoke(func(r *kafkabus.Router, n *PushNotifier) {
		r.Handle(TopicAssignmentChanged, n.Handle, kafkabus.Retry(3, 500*time.Millisecond))
	}),
)
