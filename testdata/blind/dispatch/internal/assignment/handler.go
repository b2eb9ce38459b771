package assignment

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/quaymile/dispatch/internal/platform/httpserver"
)

// Handler exposes the dispatcher-console assignment API.
type Handler struct {
	svc Service
}

// NewHandler builds the Handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Routes implements httpserver.RouteRegistrar.
func (h *Handler) Routes() []httpserver.Route {
	return []httpserver.Route{
		{Method: http.MethodPost, Path: "/v1/orders/:id/assign", Handler: h.assign, Audience: "ops"},
		{Method: http.MethodPost, Path: "/v1/orders/:id/reassign", Handler: h.reassign, Audience: "ops"},
	}
}

type assignRequest struct {
	CourierID string `json:"courier_id" binding:"required"`
}

type reassignRequest struct {
	CourierID string `json:"courier_id" binding:"required"`
	Reason    string `json:"reason" binding:"required,oneof=breakdown shift_end customer_request rebalance other"`
}

func (h *Handler) assign(c *gin.Context) {
	var req assignRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	a, err := h.svc.Assign(c.Request.Context(), c.Param("id"), req.CourierID, httpserver.Actor(c))
	if err != nil {
		writeErr(c, err)
		return
	}
	c.JSON(http.StatusOK, a)
}

func (h *Handler) reassign(c *gin.Context) {
	var req reassignRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	a, err := h.svc.Reassign(c.Request.Context(), c.Param("id"), req.CourierID, req.Reason, httpserver.Actor(c))
	if err != nil {
		writeErr(c, err)
		return
	}
	c.JSON(http.StatusOK, a)
}

func writeErr(c *gin.Context, err error) {
	switch {
	case errors.Is(err, ErrNotFound):
		httpserver.Error(c, http.StatusNotFound, err)
	case errors.Is(err, ErrOrderNotAssignable), errors.Is(err, ErrCourierUnavailable):
		httpserver.Error(c, http.StatusConflict, err)
	default:
		httpserver.Error(c, http.StatusInternalServerError, err)
	}
}
