package api

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/pipeline"
	"github.com/ridgeline-fleet/fuelcards/internal/service/alerts"
	"github.com/ridgeline-fleet/fuelcards/internal/service/authz"
)

// DeliveryLog keeps the raw body of every webhook delivery for support and
// replay investigations.
type DeliveryLog interface {
	LogWebhookDelivery(ctx context.Context, source, eventID, eventType string, payload []byte) error
}

// AuthorizationService answers authorization requests.
type AuthorizationService interface {
	Decide(ctx context.Context, req authz.Request) (authz.Response, error)
}

// CardEventService applies card lifecycle events.
type CardEventService interface {
	Apply(ctx context.Context, ev domain.CardEvent) error
}

// ReceiptService applies SMS delivery reports.
type ReceiptService interface {
	RecordReceipt(ctx context.Context, r alerts.Receipt) error
}

// WebhookHandlers receives partner webhooks.
type WebhookHandlers struct {
	deliveries DeliveryLog
	decide     pipeline.Handler[authz.Request, authz.Response]
	apply      pipeline.Handler[domain.CardEvent, pipeline.Unit]
	receipt    pipeline.Handler[alerts.Receipt, pipeline.Unit]
	log        *slog.Logger
}

// NewWebhookHandlers builds the handlers.
func NewWebhookHandlers(deliveries DeliveryLog, az AuthorizationService, ce CardEventService, rs ReceiptService, log *slog.Logger) *WebhookHandlers {
	return &WebhookHandlers{
		deliveries: deliveries,
		// The network waits about two seconds for an authorization answer
		// before standing in for us, so the handler gets less than that.
		decide: pipeline.Chain(az.Decide,
			pipeline.Logged[authz.Request, authz.Response](log, "webhook.authorization", errQuiet...),
			pipeline.Validated[authz.Request, authz.Response](),
			pipeline.WithTimeout[authz.Request, authz.Response](1500*time.Millisecond),
		),
		apply: pipeline.Chain(pipeline.Func(ce.Apply),
			pipeline.Logged[domain.CardEvent, pipeline.Unit](log, "webhook.card_event", errQuiet...),
		),
		receipt: decorate(log, "webhook.sms_receipt", pipeline.Func(rs.RecordReceipt)),
		log:     log,
	}
}

// envelope is the network's webhook wrapper.
type envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

func readEnvelope(c echo.Context) (envelope, []byte, error) {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return envelope{}, nil, echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
	}
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil || env.ID == "" {
		return envelope{}, nil, echo.NewHTTPError(http.StatusBadRequest, "malformed envelope")
	}
	return env, body, nil
}

func (h *WebhookHandlers) logDelivery(ctx context.Context, source string, env envelope, body []byte) {
	if err := h.deliveries.LogWebhookDelivery(ctx, source, env.ID, env.Type, body); err != nil {
		h.log.WarnContext(ctx, "log webhook delivery", "source", source, "event_id", env.ID, "error", err)
	}
}

// Authorization handles POST /v1/webhooks/network/authorizations.
func (h *WebhookHandlers) Authorization(c echo.Context) error {
	env, body, err := readEnvelope(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	h.logDelivery(ctx, "network", env, body)

	var req authz.Request
	if err := json.Unmarshal(env.Data, &req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed authorization")
	}
	req.EventID = env.ID
	resp, err := h.decide(ctx, req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, resp)
}

type cardEventData struct {
	CardID string `json:"card_id"`
}

// CardEvent handles POST /v1/webhooks/network/card-events.
func (h *WebhookHandlers) CardEvent(c echo.Context) error {
	env, body, err := readEnvelope(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	h.logDelivery(ctx, "network", env, body)

	var data cardEventData
	if err := json.Unmarshal(env.Data, &data); err != nil || data.CardID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed card event")
	}
	if _, err := h.apply(ctx, domain.CardEvent{
		NetworkEventID: env.ID,
		NetworkCardID:  data.CardID,
		Type:           env.Type,
		OccurredAt:     env.OccurredAt,
	}); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// SMSReceipt handles POST /v1/webhooks/sms/receipts.
func (h *WebhookHandlers) SMSReceipt(c echo.Context) error {
	var r alerts.Receipt
	if err := c.Bind(&r); err != nil {
		return err
	}
	if _, err := h.receipt(c.Request().Context(), r); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
