package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/segmentio/ksuid"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
)

const maxSMSBody = 480

// MessageHandler lets staff text a family directly (gate closures, weather
// delays on the day of a service).
type MessageHandler struct {
	svc service.Messaging
	sms provider.SMS
	log *zap.Logger
}

func NewMessageHandler(svc service.Messaging, sms provider.SMS, log *zap.Logger) *MessageHandler {
	return &MessageHandler{svc: svc, sms: sms, log: log}
}

func (h *MessageHandler) Mount(r chi.Router) {
	r.With(requireStaff).Post("/v1/families/{familyID}/messages", h.broadcast)
}

type broadcastRequest struct {
	Body string `json:"body"`
}

func (h *MessageHandler) broadcast(w http.ResponseWriter, r *http.Request) {
	var req broadcastRequest
	if err := decodeJSON(r, &req); err != nil {
		badRequest(w, err.Error())
		return
	}
	body := strings.TrimSpace(req.Body)
	if body == "" || len(body) > maxSMSBody {
		badRequest(w, "body must be 1 to 480 characters")
		return
	}
	familyID := chi.URLParam(r, "familyID")
	ctx := r.Context()

	recipients, err := h.svc.Recipients(ctx, familyID)
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	for _, c := range recipients {
		if _, err := h.sms.Send(ctx, c.Phone, body); err != nil {
			h.log.Warn("broadcast send failed", zap.String("contact_id", c.ID), zap.Error(err))
			writeJSON(w, http.StatusBadGateway, errorBody{Error: "sms provider unavailable", Code: "upstream"})
			return
		}
	}

	msg := domain.FamilyMessage{
		ID:         "msg_" + ksuid.New().String(),
		FamilyID:   familyID,
		Body:       body,
		SentBy:     staffUser(r),
		Recipients: len(recipients),
		SentAt:     time.Now().UTC(),
	}
	if err := h.svc.RecordBroadcast(ctx, msg); err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"id": msg.ID, "recipients": msg.Recipients})
}
