package httpapi

import (
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/vendgrid/fleetops/internal/adapters/providers/cardpay"
	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/domain"
)

// CardWebhookHandler receives CardPay's settlement notifications. CardPay
// retries with backoff for three days until it gets a 2xx.
type CardWebhookHandler struct {
	svc    CardWebhookUseCases
	secret string
	now    func() time.Time
}

func NewCardWebhookHandler(svc CardWebhookUseCases, secret string) *CardWebhookHandler {
	return &CardWebhookHandler{svc: svc, secret: secret, now: time.Now}
}

func (h *CardWebhookHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
		return
	}
	evt, err := cardpay.ParseEvent(body)
	if err != nil {
		http.Error(w, "bad event", http.StatusBadRequest)
		return
	}
	sigErr := cardpay.VerifySignature(h.secret, r.Header.Get(cardpay.SignatureHeader), body, h.now(), 5*time.Minute)
	h.svc.LogDelivery(r.Context(), evt.ID, evt.Type, sigErr == nil)
	if sigErr != nil {
		writeError(w, r, domain.ErrUnauthenticated)
		return
	}

	err = h.svc.HandleCardEvent(r.Context(), app.CardEvent{
		ID:          evt.ID,
		Type:        evt.Type,
		CaptureID:   evt.Data.CaptureID,
		AmountCents: domain.Cents(evt.Data.Amount),
		FeeCents:    domain.Cents(evt.Data.Fee),
		OccurredAt:  evt.Created,
	})
	if err != nil {
		slog.ErrorContext(r.Context(), "card webhook failed", "event_id", evt.ID, "type", evt.Type, "err", err)
		http.Error(w, "retry later", http.StatusServiceUnavailable)
		return
	}
	w.WriteHeader(http.StatusOK)
}
