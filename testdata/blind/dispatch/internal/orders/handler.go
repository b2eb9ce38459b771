package orders

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"
	"go.uber.org/fx"

	"github.com/quaymile/dispatch/internal/idempotency"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
)

// Handler exposes the orders API.
type Handler struct {
	svc Service
}

// NewHandler builds the Handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Routes implements httpserver.RouteRegistrar.
func (h *Handler) Routes() []httpserver.Route {
	return []httpserver.Route{
		{Method: http.MethodPost, Path: "/v1/orders", Handler: h.create, Audience: "merchant",
			Middleware: []gin.HandlerFunc{httpserver.RequireIdempotencyKey()}},
		{Method: http.MethodPost, Path: "/v1/orders/:id/cancel", Handler: h.cancel, Audience: "merchant"},
		{Method: http.MethodGet, Path: "/v1/orders/:id", Handler: h.get, Audience: "merchant"},
	}
}

type createOrderRequest struct {
	ExternalRef    string `json:"external_ref" binding:"required,max=64"`
	RecipientName  string `json:"recipient_name" binding:"required"`
	RecipientPhone string `json:"recipient_phone" binding:"required,e164"`
	PickupAddress  string `json:"pickup_address" binding:"required"`
	DropoffAddress string `json:"dropoff_address" binding:"required"`
	CODAmountCents int64  `json:"cod_amount_cents" binding:"gte=0"`
	Currency       string `json:"currency" binding:"required,len=3"`
}

func (h *Handler) create(c *gin.Context) {
	var req createOrderRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	res, err := h.svc.Create(c.Request.Context(), CreateOrderCommand{
		MerchantID:     httpserver.MerchantID(c),
		IdempotencyKey: httpserver.IdempotencyKey(c),
		RequestHash:    httpserver.BodyHash(c),
		ExternalRef:    req.ExternalRef,
		RecipientName:  req.RecipientName,
		RecipientPhone: req.RecipientPhone,
		PickupAddress:  req.PickupAddress,
		DropoffAddress: req.DropoffAddress,
		CODAmountCents: req.CODAmountCents,
		Currency:       req.Currency,
	})
	switch {
	case errors.Is(err, idempotency.ErrMismatch):
		httpserver.Error(c, http.StatusUnprocessableEntity, err)
	case errors.Is(err, idempotency.ErrInFlight):
		httpserver.Error(c, http.StatusConflict, err)
	case err != nil:
		httpserver.Error(c, http.StatusInternalServerError, err)
	default:
		c.Data(res.StatusCode, "application/json", res.Body)
	}
}

type cancelRequest struct {
	Reason string `json:"reason" binding:"required,max=200"`
}

func (h *Handler) cancel(c *gin.Context) {
	var req cancelRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	err := h.svc.Cancel(c.Request.Context(), httpserver.MerchantID(c), c.Param("id"), req.Reason)
	switch {
	case errors.Is(err, ErrNotFound):
		httpserver.Error(c, http.StatusNotFound, err)
	case errors.Is(err, ErrNotCancellable):
		httpserver.Error(c, http.StatusConflict, err)
	case err != nil:
		httpserver.Error(c, http.StatusInternalServerError, err)
	default:
		c.JSON(http.StatusOK, gin.H{"id": c.Param("id"), "status": "cancelled"})
	}
}

func (h *Handler) get(c *gin.Context) {
	v, err := h.svc.Get(c.Request.Context(), httpserver.MerchantID(c), c.Param("id"))
	switch {
	case errors.Is(err, ErrNotFound):
		httpserver.Error(c, http.StatusNotFound, err)
	case err != nil:
		httpserver.Error(c, http.StatusInternalServerError, err)
	default:
		c.JSON(http.StatusOK, v)
	}
}

// Module wires the orders feature.
var Module = fx.Module("orders",
	fx.Provide(
		fx.Annotate(NewRepository, fx.As(new(Repository))),
		fx.Annotate(NewService, fx.As(new(Service))),
		httpserver.AsRouteRegistrar(NewHandler),
	),
)
