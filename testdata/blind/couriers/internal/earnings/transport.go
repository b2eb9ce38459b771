package earnings

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/labstack/echo/v4"
	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/inbox"
	"github.com/spokechain/courierpay/internal/pkg/apperr"
	"github.com/spokechain/courierpay/internal/pkg/page"
	"github.com/spokechain/courierpay/internal/platform/httpserver"
	"github.com/spokechain/courierpay/internal/platform/messaging"
)

type consumer struct {
	svc   Service
	inbox *inbox.Store
	log   *slog.Logger
}

// NewConsumer returns the delivery-event consumer.
func NewConsumer(svc Service, store *inbox.Store, log *slog.Logger) messaging.Consumer {
	return &consumer{svc: svc, inbox: store, log: log}
}

func (c *consumer) Handlers() []messaging.Handler {
	return []messaging.Handler{
		{
			Name:  "earnings.completed",
			Topic: TopicDeliveryCompleted,
			Func: messaging.JSON(c.log, func(ctx context.Context, _ string, ev DeliveryCompleted) error {
				return c.svc.RecordCompletion(ctx, ev)
			}),
		},
		{
			Name:  "earnings.tipped",
			Topic: TopicDeliveryTipped,
			Func: messaging.JSON(c.log, func(ctx context.Context, _ string, ev DeliveryTipped) error {
				return c.svc.RecordTip(ctx, ev)
			}),
		},
		{
			Name:  "earnings.adjusted",
			Topic: TopicDeliveryAdjusted,
			Func: messaging.JSON(c.log, func(ctx context.Context, _ string, ev DeliveryAdjusted) error {
				return c.svc.ApplyAdjustment(ctx, ev)
			}),
		},
		{
			Name:  "earnings.bonus",
			Topic: TopicBonusAwarded,
			Func: messaging.JSON(c.log, func(ctx context.Context, _ string, ev BonusAwarded) error {
				return c.svc.AwardBonus(ctx, ev)
			}),
			Middleware: []message.HandlerMiddleware{inbox.Middleware(c.inbox, "earnings.bonus")},
		},
		{
			Name:  "earnings.tippool",
			Topic: TopicTipPoolClosed,
			Func: messaging.JSON(c.log, func(ctx context.Context, _ string, ev TipPoolClosed) error {
				return c.svc.DistributeTipPool(ctx, ev)
			}),
		},
	}
}

type routes struct {
	svc Service
}

// NewRoutes returns the earnings HTTP routes.
func NewRoutes(svc Service) httpserver.Registrar {
	return &routes{svc: svc}
}

func (r *routes) Register(e *echo.Echo) {
	e.GET("/v1/couriers/:id/earnings", r.list)
	e.POST("/v1/couriers/:id/bonuses", r.addBonus)
}

func (r *routes) list(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	size, _ := strconv.Atoi(c.QueryParam("limit"))
	req, err := page.NewRequest(c.QueryParam("cursor"), size)
	if err != nil {
		return apperr.Invalid("invalid cursor")
	}
	p, err := r.svc.ListEarnings(c.Request().Context(), id, req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

func (r *routes) addBonus(c echo.Context) error {
	id, err := httpserver.UUIDParam(c, "id")
	if err != nil {
		return err
	}
	in, err := httpserver.Bind[ManualBonus](c)
	if err != nil {
		return err
	}
	in.Actor = httpserver.Actor(c)
	b, err := r.svc.AddManualBonus(c.Request().Context(), id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id":           b.ID,
		"campaign":     b.Campaign,
		"amount_cents": b.AmountCents,
	})
}

// Module wires the earnings package.
var Module = fx.Module("earnings",
	fx.Provide(
		NewRepository,
		NewService,
		messaging.AsConsumer(NewConsumer),
		httpserver.AsRegistrar(NewRoutes),
	),
)
