package httpapi

import (
	"crypto/subtle"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/northmill/procure/internal/bankpay"
	"github.com/northmill/procure/internal/partners"
	"github.com/northmill/procure/internal/platform/config"
	"github.com/northmill/procure/internal/platform/httpx"
)

// BankWebhookHandler receives payment status notifications. The bank
// redelivers any notification not answered with a 2xx.
type BankWebhookHandler struct {
	svc      BankEventService
	verifier *bankpay.Verifier
	log      *slog.Logger
}

// NewBankWebhookHandler builds the handler.
func NewBankWebhookHandler(svc BankEventService, v *bankpay.Verifier, log *slog.Logger) *BankWebhookHandler {
	return &BankWebhookHandler{svc: svc, verifier: v, log: log}
}

// Routes mounts the handler.
func (h *BankWebhookHandler) Routes(r chi.Router) {
	r.Post("/payment-status", h.PaymentStatus)
}

// PaymentStatus handles POST /webhooks/bank/payment-status.
func (h *BankWebhookHandler) PaymentStatus(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		httpx.JSON(w, http.StatusBadRequest, map[string]string{"code": "unreadable_body"})
		return
	}
	ev, err := h.verifier.Parse(body, r.Header.Get(bankpay.SignatureHeader))
	if errors.Is(err, bankpay.ErrBadSignature) {
		httpx.JSON(w, http.StatusUnauthorized, map[string]string{"code": "bad_signature"})
		return
	}
	if err != nil {
		fail(w, h.log, httpx.BadRequest("invalid_event", "%v", err))
		return
	}
	if err := h.svc.HandleBankEvent(r.Context(), ev); err != nil {
		fail(w, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// EDIWebhookHandler receives inbound documents from the EDI partner. The
// partner retries a delivery with backoff until it gets a 2xx, for up to
// 24 hours.
type EDIWebhookHandler struct {
	svc   PartnerService
	token []byte
	log   *slog.Logger
}

// NewEDIWebhookHandler builds the handler.
func NewEDIWebhookHandler(cfg config.Config, svc PartnerService, log *slog.Logger) *EDIWebhookHandler {
	return &EDIWebhookHandler{svc: svc, token: []byte(cfg.EDIWebhookToken), log: log}
}

// Routes mounts the handler.
func (h *EDIWebhookHandler) Routes(r chi.Router) {
	r.Use(h.authenticate)
	r.Post("/order-responses", h.OrderResponse)
	r.Post("/despatch-advices", h.DespatchAdvice)
	r.Post("/charge-notices", h.ChargeNotice)
}

func (h *EDIWebhookHandler) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("X-EDI-Token"))
		if len(h.token) == 0 || subtle.ConstantTimeCompare(got, h.token) != 1 {
			httpx.JSON(w, http.StatusUnauthorized, map[string]string{"code": "unauthorized"})
			return
		}
		next.ServeHTTP(w, r)
	})
}

// OrderResponse handles POST /webhooks/edi/order-responses.
func (h *EDIWebhookHandler) OrderResponse(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[partners.Inbound](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	if err := h.svc.RecordOrderResponse(r.Context(), in); err != nil {
		fail(w, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// DespatchAdvice handles POST /webhooks/edi/despatch-advices.
func (h *EDIWebhookHandler) DespatchAdvice(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[partners.Inbound](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	if err := h.svc.RecordDespatchAdvice(r.Context(), in); err != nil {
		fail(w, h.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// ChargeNotice handles POST /webhooks/edi/charge-notices.
func (h *EDIWebhookHandler) ChargeNotice(w http.ResponseWriter, r *http.Request) {
	in, err := httpx.Decode[partners.Inbound](r)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	ch, err := h.svc.RecordCharge(r.Context(), in)
	if err != nil {
		fail(w, h.log, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, ch)
}
