package httpapi

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/harbourline/marina/internal/domain"
	"github.com/harbourline/marina/internal/service/notify"
)

type BroadcastService interface {
	Broadcast(ctx context.Context, in notify.BroadcastInput) (*domain.Broadcast, error)
}

type BroadcastHandler struct {
	svc BroadcastService
	log *zap.Logger
}

func NewBroadcastHandler(svc BroadcastService, log *zap.Logger) *BroadcastHandler {
	return &BroadcastHandler{svc: svc, log: log}
}

func (h *BroadcastHandler) Routes(r chi.Router) {
	r.Post("/", h.send)
}

type broadcastRequest struct {
	Title    string `json:"title"`
	Body     string `json:"body"`
	Audience string `json:"audience"`
}

func (h *BroadcastHandler) send(w http.ResponseWriter, r *http.Request) {
	var req broadcastRequest
	if _, err := decode(r, &req); err != nil {
		writeError(w, h.log, err)
		return
	}
	if req.Audience == "" {
		req.Audience = "in-harbour"
	}
	b, err := h.svc.Broadcast(r.Context(), notify.BroadcastInput{
		Title:     req.Title,
		Body:      req.Body,
		Audience:  req.Audience,
		CreatedBy: staff(r.Context()),
	})
	if err != nil {
		writeError(w, h.log, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{
		"id":                b.ID,
		"audience":          b.Audience,
		"recipient_count":   b.RecipientCount,
		"provider_batch_id": b.ProviderBatchID,
	})
}
