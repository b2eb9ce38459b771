package api

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/service"
)

// MessagingHandler serves ride reminders and coordinator broadcasts.
type MessagingHandler struct {
	svc   service.Messaging
	log   *slog.Logger
	newID func() uuid.UUID
}

// NewMessagingHandler returns a MessagingHandler.
func NewMessagingHandler(svc service.Messaging, log *slog.Logger) *MessagingHandler {
	return &MessagingHandler{svc: svc, log: log, newID: uuid.New}
}

// Mount implements Routes.
func (h *MessagingHandler) Mount(r chi.Router) {
	r.Post("/v1/vanpools/{vanpoolID}/reminders", h.ScheduleReminder)
	r.Post("/v1/vanpools/{vanpoolID}/broadcasts", h.Broadcast)
}

// ScheduleReminder handles POST /v1/vanpools/{vanpoolID}/reminders.
func (h *MessagingHandler) ScheduleReminder(w http.ResponseWriter, r *http.Request) {
	vanpoolID, err := uuidParam(r, "vanpoolID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	var in service.ReminderInput
	if err := decode(r, &in); err != nil {
		writeError(w, h.log, err)
		return
	}
	res, err := h.svc.ScheduleReminder(r.Context(), vanpoolID, in)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusAccepted, res)
}

type broadcastRequest struct {
	Body string `json:"body"`
}

type broadcastResponse struct {
	Broadcast domain.Broadcast        `json:"broadcast"`
	Delivery  service.DeliverySummary `json:"delivery"`
}

// Broadcast handles POST /v1/vanpools/{vanpoolID}/broadcasts: a coordinator's
// "van is running late" text to everyone on board.
func (h *MessagingHandler) Broadcast(w http.ResponseWriter, r *http.Request) {
	vanpoolID, err := uuidParam(r, "vanpoolID")
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	var req broadcastRequest
	if err := decode(r, &req); err != nil {
		writeError(w, h.log, err)
		return
	}
	sum, err := h.svc.SendToRiders(r.Context(), vanpoolID, req.Body)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	b := domain.Broadcast{
		ID:         h.newID(),
		VanpoolID:  vanpoolID,
		SentBy:     actor(r),
		Body:       req.Body,
		Recipients: sum.Recipients,
		Failed:     sum.Failed,
	}
	if err := h.svc.RecordBroadcast(r.Context(), b); err != nil {
		// The texts are out; a missing history row is not worth failing the call.
		h.log.Error("broadcast not recorded", "vanpool", vanpoolID, "err", err)
	}
	writeJSON(w, http.StatusCreated, broadcastResponse{Broadcast: b, Delivery: sum})
}
