package api

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/haulcore/wastehaul/internal/idempotency"
	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/service/dispatch"
)

// DispatchHandler serves route publishing and dispatcher-to-driver messages.
type DispatchHandler struct {
	svc dispatch.Service
}

// NewDispatchHandler returns the handler group.
func NewDispatchHandler(svc dispatch.Service) *DispatchHandler {
	return &DispatchHandler{svc: svc}
}

// Register implements Routes.
func (h *DispatchHandler) Register(r chi.Router) {
	r.Method(http.MethodPost, "/v1/routes/{routeID}/publish", httpx.Handler(h.publish))
	r.Method(http.MethodPost, "/v1/drivers/{driverID}/messages", httpx.Handler(h.message))
}

func (h *DispatchHandler) publish(w http.ResponseWriter, r *http.Request) error {
	res, err := h.svc.PublishRoute(r.Context(), chi.URLParam(r, "routeID"))
	if err != nil {
		return err
	}
	return httpx.JSON(w, http.StatusOK, res)
}

type messageReq struct {
	Body string `json:"body"`
}

func (m messageReq) Validate() error {
	if m.Body == "" || len(m.Body) > 480 {
		return errors.New("body must be 1-480 characters")
	}
	return nil
}

func (h *DispatchHandler) message(w http.ResponseWriter, r *http.Request) error {
	driverID, err := uuid.Parse(chi.URLParam(r, "driverID"))
	if err != nil {
		return httpx.BadRequest("invalid driver id")
	}
	key := r.Header.Get(idempotency.Header)
	if key == "" {
		return httpx.BadRequest("%s header is required", idempotency.Header)
	}
	req, err := httpx.DecodeValid[messageReq](r)
	if err != nil {
		return err
	}
	msg, err := h.svc.SendAdhoc(r.Context(), dispatch.Adhoc{
		DriverID:       driverID,
		Body:           req.Body,
		IdempotencyKey: key,
		Actor:          httpx.Actor(r),
	})
	if errors.Is(err, idempotency.ErrKeyReused) {
		return httpx.Conflict("%s", err.Error())
	}
	if err != nil {
		return err
	}
	return httpx.JSON(w, http.StatusCreated, msg)
}
