package webhooks

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/providers/payments"
	"github.com/haulcore/wastehaul/internal/service/billing"
)

// PaymentsReceiver handles Paystream webhooks. Paystream retries any
// non-2xx for three days.
type PaymentsReceiver struct {
	secret   string
	handlers map[string]billing.EventHandler
	log      *slog.Logger
	now      func() time.Time
}

// NewPaymentsReceiver builds the receiver from billing's handler table.
func NewPaymentsReceiver(secret string, b billing.Service, log *slog.Logger) *PaymentsReceiver {
	return &PaymentsReceiver{secret: secret, handlers: b.EventHandlers(), log: log, now: time.Now}
}

// Register implements api.Routes.
func (p *PaymentsReceiver) Register(r chi.Router) {
	r.Method(http.MethodPost, "/webhooks/paystream", httpx.Handler(p.receive))
}

func (p *PaymentsReceiver) receive(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		return httpx.BadRequest("read body: %v", err)
	}
	if err := payments.VerifySignature(p.secret, r.Header.Get("Paystream-Signature"), body, 5*time.Minute, p.now()); err != nil {
		return httpx.Unauthorized(err.Error())
	}
	var evt payments.Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return httpx.BadRequest("invalid event: %v", err)
	}
	h, ok := p.handlers[evt.Type]
	if !ok {
		return httpx.NoContent(w)
	}
	if err := h(r.Context(), evt); err != nil {
		p.log.ErrorContext(r.Context(), "paystream event failed", "type", evt.Type, "id", evt.ID, "err", err)
		return err
	}
	return httpx.NoContent(w)
}
