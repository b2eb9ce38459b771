package carrier

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
	"github.com/quaymile/dispatch/internal/platform/kafkabus"
)

// TopicHandoffRequested is produced by the routing service when an order is
// out of our delivery zone.
const TopicHandoffRequested = "carrier.handoff.requested"

// Consumer handles TopicHandoffRequested.
type Consumer struct {
	svc Service
}

// NewConsumer builds the Consumer.
func NewConsumer(svc Service) *Consumer { return &Consumer{svc: svc} }

// Handle books the handoff.
func (c *Consumer) Handle(ctx context.Context, msg kafkabus.Message) error {
	var m HandoffRequested
	if err := json.Unmarshal(msg.Value, &m); err != nil {
		return fmt.Errorf("decode handoff request: %v: %w", err, kafkabus.ErrPoison)
	}
	if m.HandoffID == "" || m.OrderID == "" {
		return fmt.Errorf("handoff request without ids: %w", kafkabus.ErrPoison)
	}
	return c.svc.BookHandoff(ctx, m)
}

// Handler exposes the hub console's carrier endpoints.
type Handler struct {
	svc Service
}

// NewHandler builds the Handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Routes implements httpserver.RouteRegistrar.
func (h *Handler) Routes() []httpserver.Route {
	return []httpserver.Route{
		{Method: http.MethodPost, Path: "/v1/carrier/handoffs/:id/pickup", Handler: h.pickup, Audience: "ops"},
	}
}

type pickupRequest struct {
	WindowStart time.Time `json:"window_start" binding:"required"`
	WindowEnd   time.Time `json:"window_end" binding:"required"`
	Notes       string    `json:"notes"`
}

func (h *Handler) pickup(c *gin.Context) {
	var req pickupRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	p, err := h.svc.SchedulePickup(c.Request.Context(), c.Param("id"), PickupWindow{Start: req.WindowStart, End: req.WindowEnd, Notes: req.Notes})
	switch {
	case errors.Is(err, database.ErrNotFound):
		httpserver.Error(c, http.StatusNotFound, err)
	case errors.Is(err, ErrNotBooked), errors.Is(err, ErrBadWindow):
		httpserver.Error(c, http.StatusConflict, err)
	case err != nil:
		httpserver.Error(c, http.StatusBadGateway, err)
	default:
		c.JSON(http.StatusCreated, p)
	}
}

// Module wires the carrier feature.
var Module = fx.Module("carrier",
	fx.Provide(
		fx.Annotate(NewService, fx.As(new(Service))),
		NewConsumer,
		httpserver.AsRouteRegistrar(NewHandler),
	),
	fx.Invoke(func(r *kafkabus.Router, c *Consumer) {
		r.Handle(TopicHandoffRequested, c.Handle, kafkabus.Retry(2, 3*time.Second))
	}),
)
