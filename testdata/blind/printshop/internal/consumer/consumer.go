// Package consumer holds the SQS message handlers. SQS delivers at least
// once: a message whose handler fails, or whose processing outlives the
// visibility timeout, is delivered again.
package consumer

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/inkloop/printshop/internal/config"
	"github.com/inkloop/printshop/internal/queue/sqsbus"
	"github.com/inkloop/printshop/internal/service"
)

type Params struct {
	fx.In

	Config   config.Config
	Log      *zap.Logger
	Labels   service.LabelService    `optional:"true"`
	Tracking service.TrackingService `optional:"true"`
}

type Handlers struct {
	labels   service.LabelService
	tracking service.TrackingService
	log      *zap.Logger
}

func NewHandlers(p Params) *Handlers {
	return &Handlers{labels: p.Labels, tracking: p.Tracking, log: p.Log.Named("consumer")}
}

// decode is shared by all routes: a body that does not parse is dropped.
func decode[T any](m sqsbus.Message) (T, error) {
	var v T
	if err := m.Decode(&v); err != nil {
		return v, fmt.Errorf("%w: %s: %v", sqsbus.ErrDrop, m.Type, err)
	}
	return v, nil
}

// LabelRoutes is served by labeld.
func (h *Handlers) LabelRoutes() sqsbus.Routes {
	return sqsbus.Routes{
		sqsbus.TypeLabelPurchase: h.purchaseLabel,
		sqsbus.TypeLabelVoid:     h.voidLabel,
	}
}

// OrderEventRoutes is served by printd.
func (h *Handlers) OrderEventRoutes() sqsbus.Routes {
	return sqsbus.Routes{
		sqsbus.TypeShipmentDelivered: h.shipmentDelivered,
	}
}

func dropIfGone(err error) error {
	if errors.Is(err, service.ErrNotFound) || errors.Is(err, service.ErrInvalid) {
		return fmt.Errorf("%w: %v", sqsbus.ErrDrop, err)
	}
	return err
}

// RunConsumers starts each consumer with the fx lifecycle.
func RunConsumers(lc fx.Lifecycle, consumers []*sqsbus.Consumer) {
	for _, c := range consumers {
		c := c
		lc.Append(fx.Hook{
			OnStart: func(context.Context) error { c.Start(); return nil },
			OnStop: func(ctx context.Context) error {
				ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
				defer cancel()
				return c.Stop(ctx)
			},
		})
	}
}
