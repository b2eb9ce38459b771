// Package webhooks receives callbacks from the scale-house vendor, the
// payments provider and the SMS gateway.
package webhooks

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/providers/scalehouse"
	"github.com/haulcore/wastehaul/internal/service/tickets"
)

// ScaleHandler handles one scale-house event type.
type ScaleHandler func(ctx context.Context, env scalehouse.Envelope) error

// ScaleReceiver verifies and routes scale-house webhooks.
type ScaleReceiver struct {
	secret   string
	handlers map[string]ScaleHandler
	log      *slog.Logger
}

// NewScaleReceiver builds the receiver and its event table.
func NewScaleReceiver(secret string, svc tickets.Service, log *slog.Logger) *ScaleReceiver {
	return &ScaleReceiver{
		secret: secret,
		handlers: map[string]ScaleHandler{
			scalehouse.EventTicketCompleted: svc.IngestCompleted,
			scalehouse.EventTicketAdjusted:  svc.ApplyAdjustment,
		},
		log: log,
	}
}

// Register implements api.Routes.
func (s *ScaleReceiver) Register(r chi.Router) {
	r.Method(http.MethodPost, "/webhooks/scalehouse", httpx.Handler(s.receive))
}

func (s *ScaleReceiver) receive(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return httpx.BadRequest("read body: %v", err)
	}
	if !scalehouse.Verify(s.secret, body, r.Header.Get("X-Scale-Signature")) {
		return httpx.Unauthorized("bad signature")
	}
	var env scalehouse.Envelope
	if err := json.Unmarshal(body, &env); err != nil {
		return httpx.BadRequest("invalid envelope: %v", err)
	}
	h, ok := s.handlers[env.Type]
	if !ok {
		s.log.InfoContext(r.Context(), "ignoring scale-house event", "type", env.Type, "id", env.ID)
		return httpx.NoContent(w)
	}
	if err := h(r.Context(), env); err != nil {
		return err
	}
	return httpx.NoContent(w)
}
