package pod

import (
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/httpserver"
)

// Handler is the courier-app proof-of-delivery endpoint.
type Handler struct {
	svc Service
}

// NewHandler builds the Handler.
func NewHandler(svc Service) *Handler { return &Handler{svc: svc} }

// Routes implements httpserver.RouteRegistrar.
func (h *Handler) Routes() []httpserver.Route {
	return []httpserver.Route{
		{Method: http.MethodPost, Path: "/v1/courier/pod", Handler: h.submit, Audience: "courier"},
	}
}

type submitRequest struct {
	EventID       string    `json:"event_id" binding:"required,uuid"`
	OrderID       string    `json:"order_id" binding:"required"`
	Kind          string    `json:"kind" binding:"required,oneof=picked_up delivered failed_attempt"`
	PhotoURL      string    `json:"photo_url"`
	SignatureURL  string    `json:"signature_url"`
	RecipientName string    `json:"recipient_name"`
	FailureReason string    `json:"failure_reason"`
	Lat           float64   `json:"lat"`
	Lng           float64   `json:"lng"`
	OccurredAt    time.Time `json:"occurred_at" binding:"required"`
}

func (h *Handler) submit(c *gin.Context) {
	var req submitRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpserver.Error(c, http.StatusBadRequest, err)
		return
	}
	if req.Kind == "delivered" && req.PhotoURL == "" && req.SignatureURL == "" {
		httpserver.Error(c, http.StatusBadRequest, errors.New("delivered events need a photo or signature"))
		return
	}
	dup, err := h.svc.Submit(c.Request.Context(), SubmitCommand{
		EventID:       req.EventID,
		CourierID:     httpserver.CourierID(c),
		OrderID:       req.OrderID,
		Kind:          req.Kind,
		PhotoURL:      req.PhotoURL,
		SignatureURL:  req.SignatureURL,
		RecipientName: req.RecipientName,
		FailureReason: req.FailureReason,
		Lat:           req.Lat,
		Lng:           req.Lng,
		OccurredAt:    req.OccurredAt,
	})
	switch {
	case errors.Is(err, database.ErrNotFound):
		httpserver.Error(c, http.StatusNotFound, err)
	case errors.Is(err, ErrNotAssigned), errors.Is(err, ErrEventConflict):
		httpserver.Error(c, http.StatusConflict, err)
	case err != nil:
		httpserver.Error(c, http.StatusInternalServerError, err)
	default:
		c.JSON(http.StatusAccepted, gin.H{"event_id": req.EventID, "duplicate": dup})
	}
}
