package cod

import (
	"time"

	"go.uber.org/fx"

	"github.com/quaymile/dispatch/internal/platform/httpserver"
	"github.com/quaymile/dispatch/internal/platform/kafkabus"
	"github.com/quaymile/dispatch/internal/platform/legacybus"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
	"github.com/quaymile/dispatch/internal/pod"
)

// Module wires the COD feature.
var Module = fx.Module("cod",
	fx.Provide(
		NewObligationStore,
		fx.Annotate(func(s *ObligationStore) *ObligationStore { return s }, fx.As(new(pod.ObligationOpener))),
		NewCollectionService,
		NewRemittanceService,
		httpserver.AsRouteRegistrar(NewRemittanceHandler),
		NewInbox,
		fx.Annotate(NewLegacyAdjustmentHandler, fx.As(new(legacybus.Handler))),
		legacybus.NewConsumer,
		NewHubBatchRepo,
		NewBatchTasks,
		taskqueue.AsTable(func(t *BatchTasks) taskqueue.Table { return t.Table() }),
	),
	fx.Invoke(func(r *kafkabus.Router, s *CollectionService) {
		r.Handle(TopicCashCollected, s.HandleCashCollected, kafkabus.Retry(3, 2*time.Second))
	}),
	fx.Invoke(func(*legacybus.Consumer) {}),
)
