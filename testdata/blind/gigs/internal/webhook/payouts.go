package webhook

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/gigbridge/escrow/internal/provider/payouts"
	"github.com/gigbridge/escrow/internal/service"
)

// PayoutsHandler receives payout status events from the payouts provider.
type PayoutsHandler struct {
	secret  string
	payouts service.Payouts
	now     func() time.Time
	log     *slog.Logger
}

func NewPayoutsHandler(secret string, svc service.Payouts, now func() time.Time, log *slog.Logger) *PayoutsHandler {
	return &PayoutsHandler{secret: secret, payouts: svc, now: now, log: log.With("webhook", "payouts")}
}

func (h *PayoutsHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if err := payouts.VerifyWebhook(h.secret, r.Header.Get(payouts.SignatureHeader), body, h.now()); err != nil {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var ev payouts.Event
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if err := h.payouts.HandleProviderEvent(ctx, ev); err != nil {
		fail(ctx, w, h.log, "handle payouts event", err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
