package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/segmentio/ksuid"

	"github.com/acornlane-childcare/nursery/internal/platform/httpx"
	"github.com/acornlane-childcare/nursery/internal/service/messaging"
)

type MessagingService interface {
	Broadcast(ctx context.Context, cmd messaging.BroadcastCommand) (int, error)
}

// MessageHandler serves the "message all parents" screen.
type MessageHandler struct {
	messaging MessagingService
	log       *slog.Logger
}

func NewMessageHandler(m MessagingService, log *slog.Logger) *MessageHandler {
	return &MessageHandler{messaging: m, log: log}
}

type broadcastRequest struct {
	Channel string `json:"channel" binding:"required,oneof=sms email"`
	Subject string `json:"subject"`
	Body    string `json:"body" binding:"required,max=1000"`
}

// Broadcast handles POST /v1/nurseries/:nurseryID/messages.
func (h *MessageHandler) Broadcast(c *gin.Context) {
	nurseryID, ok := httpx.UUIDParam(c, "nurseryID")
	if !ok {
		return
	}
	var req broadcastRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	cmd := messaging.BroadcastCommand{
		ID:        "bc_" + ksuid.New().String(),
		NurseryID: nurseryID,
		Channel:   req.Channel,
		Subject:   req.Subject,
		Body:      req.Body,
		CreatedBy: httpx.Actor(c),
	}
	n, err := h.messaging.Broadcast(c.Request.Context(), cmd)
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"broadcast_id": cmd.ID, "recipients": n})
}
