package notify

import (
	"time"

	"go.uber.org/fx"

	"github.com/quaymile/dispatch/internal/assignment"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
	"github.com/quaymile/dispatch/internal/platform/kafkabus"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
)

// TopicOrderCreated is published by the orders module via the outbox.
const TopicOrderCreated = "order.created"

// Module wires notifications.
var Module = fx.Module("notify",
	fx.Provide(
		NewLedger,
		fx.Annotate(func(l *Ledger) *Ledger { return l }, fx.As(new(assignment.NotificationLedger))),
		NewRecipientNotifier,
		NewReceiptStore,
		httpserver.AsRouteRegistrar(NewReceiptHandler),
		taskqueue.AsTable(func(r *RecipientNotifier) taskqueue.Table {
			return taskqueue.Table{{Type: TaskETAReminder, Handler: r.HandleETAReminder}}
		}),
	),
	fx.Invoke(func(router *kafkabus.Router, r *RecipientNotifier) {
		router.Handle(TopicOrderCreated, r.HandleOrderCreated, kafkabus.Retry(3, time.Second))
	}),
)
