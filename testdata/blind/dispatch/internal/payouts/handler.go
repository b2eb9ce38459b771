package payouts

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"github.com/quaymile/dispatch/internal/idempotency"
	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
)

// Handler exposes payout endpoints.
type Handler struct {
	svc Service
}

// NewHandler builds the Handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Routes implements httpserver.RouteRegistrar.
func (h *Handler) Routes() []httpserver.Route {
	return []httpserver.Route{
		{Method: http.MethodPost, Path: "/v1/merchants/:id/payouts/manual", Handler: h.manual, Audience: "ops"},
		{Method: http.MethodPost, Path: "/v1/merchants/:id/payouts/instant", Handler: h.instant, Audience: "merchant",
			Middleware: []gin.HandlerFunc{httpserver.RequireIdempotencyKey()}},
	}
}

type manualRequest struct {
	Reference   string `json:"reference" binding:"required,max=64"`
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Currency    string `json:"currency" binding:"required,len=3"`
	Reason      string `json:"reason" binding:"required"`
}

func (h *Handler) manual(c *gin.Context) {
	var req manualRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	p, err := h.svc.ManualPayout(c.Request.Context(), ManualPayoutCommand{
		MerchantID:  c.Param("id"),
		Reference:   req.Reference,
		AmountCents: req.AmountCents,
		Currency:    req.Currency,
		Reason:      req.Reason,
		Actor:       httpserver.Actor(c),
	})
	if err != nil {
		writeErr(c, err)
		return
	}
	c.JSON(http.StatusOK, p)
}

type instantRequest struct {
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Currency    string `json:"currency" binding:"required,len=3"`
}

func (h *Handler) instant(c *gin.Context) {
	if c.Param("id") != httpserver.MerchantID(c) {
		httpserver.Error(c, http.StatusForbidden, errors.New("merchant mismatch"))
		return
	}
	var req instantRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	res, err := h.svc.RequestInstant(c.Request.Context(), InstantPayoutCommand{
		MerchantID:     c.Param("id"),
		IdempotencyKey: httpserver.IdempotencyKey(c),
		RequestHash:    httpserver.BodyHash(c),
		AmountCents:    req.AmountCents,
		Currency:       req.Currency,
	})
	if err != nil {
		writeErr(c, err)
		return
	}
	c.Data(res.StatusCode, "application/json", res.Body)
}

func writeErr(c *gin.Context, err error) {
	switch {
	case errors.Is(err, database.ErrNotFound):
		httpserver.Error(c, http.StatusNotFound, err)
	case errors.Is(err, ErrNoConnectedAccount):
		httpserver.Error(c, http.StatusUnprocessableEntity, err)
	case errors.Is(err, ErrReferenceReused), errors.Is(err, idempotency.ErrMismatch):
		httpserver.Error(c, http.StatusUnprocessableEntity, err)
	case errors.Is(err, idempotency.ErrInFlight):
		httpserver.Error(c, http.StatusConflict, err)
	default:
		httpserver.Error(c, http.StatusBadGateway, err)
	}
}

// Module wires the payouts feature.
var Module = fx.Module("payouts",
	fx.Provide(
		fx.Annotate(NewService, fx.As(new(Service))),
		httpserver.AsRouteRegistrar(NewHandler),
		NewTasks,
		taskqueue.AsTable(func(t *Tasks) taskqueue.Table { return t.Table() }),
	),
)
