package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"github.com/ironvault/pawnline/internal/domain"
)

type StripeEventParser interface {
	Parse(payload []byte, signature string) (domain.StripeEvent, error)
}

type StripeEventHandler interface {
	Handle(ctx context.Context, ev domain.StripeEvent) error
}

type AuctionEventHandler interface {
	RecordSale(ctx context.Context, ev domain.LotSold) error
	RecordSettlement(ctx context.Context, ev domain.SettlementPaid) error
}

type SMSEventHandler interface {
	HandleInbound(ctx context.Context, in domain.InboundSMS) error
	RecordDeliveryStatus(ctx context.Context, providerMessageID, status string, at time.Time) error
}

// SignatureVerifier checks a provider's HMAC header against the raw body.
type SignatureVerifier interface {
	Valid(body []byte, signature string) bool
}

// Webhooks bundles the receivers' dependencies.
type Webhooks struct {
	StripeParser    StripeEventParser
	Stripe          StripeEventHandler
	AuctionVerifier SignatureVerifier
	Auction         AuctionEventHandler
	SMSVerifier     SignatureVerifier
	SMS             SMSEventHandler
	Log             *slog.Logger
}

// NewWebhookRouter serves the provider callbacks. Every provider retries on a
// non-2xx answer, so handlers only return 2xx once the event is applied.
func NewWebhookRouter(h Webhooks) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(requestLog(h.Log))
	r.Use(middleware.Recoverer)

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	r.Post("/webhooks/stripe", h.stripe)
	r.Post("/webhooks/auctionhub", h.auctionhub)
	r.Post("/webhooks/textline/inbound", h.textlineInbound)
	r.Post("/webhooks/textline/status", h.textlineStatus)
	return r
}

func readBody(r *http.Request) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r.Body, 1<<20))
}

func (h Webhooks) stripe(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	ev, err := h.StripeParser.Parse(body, r.Header.Get("Stripe-Signature"))
	if err != nil {
		h.Log.WarnContext(r.Context(), "rejected stripe webhook", "err", err)
		http.Error(w, "bad signature", http.StatusBadRequest)
		return
	}
	if err := h.Stripe.Handle(r.Context(), ev); err != nil {
		h.Log.ErrorContext(r.Context(), "stripe event failed", "event", ev.ID, "type", ev.Type, "err", err)
		http.Error(w, "event failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

type auctionEnvelope struct {
	ID   string          `json:"id"`
	Type string          `json:"type"`
	Data json.RawMessage `json:"data"`
}

// decodeInto adapts a typed event handler to the raw envelope payload.
func decodeInto[T any](fn func(context.Context, T) error) func(context.Context, json.RawMessage) error {
	return func(ctx context.Context, raw json.RawMessage) error {
		var ev T
		if err := json.Unmarshal(raw, &ev); err != nil {
			return fmt.Errorf("%w: %v", domain.ErrInvalid, err)
		}
		return fn(ctx, ev)
	}
}

func (h Webhooks) auctionRoutes() map[string]func(context.Context, json.RawMessage) error {
	return map[string]func(context.Context, json.RawMessage) error{
		"lot.sold":        decodeInto(h.Auction.RecordSale),
		"settlement.paid": decodeInto(h.Auction.RecordSettlement),
	}
}

func (h Webhooks) auctionhub(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if !h.AuctionVerifier.Valid(body, r.Header.Get("AuctionHub-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var env auctionEnvelope
	if err := json.Unmarshal(body, &env); err != nil {
		http.Error(w, "bad envelope", http.StatusBadRequest)
		return
	}
	route, ok := h.auctionRoutes()[env.Type]
	if !ok {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err := route(r.Context(), env.Data); err != nil {
		h.Log.ErrorContext(r.Context(), "auctionhub event failed", "event", env.ID, "type", env.Type, "err", err)
		status := http.StatusInternalServerError
		if errors.Is(err, domain.ErrInvalid) {
			status = http.StatusUnprocessableEntity
		}
		http.Error(w, "event failed", status)
		return
	}
	w.WriteHeader(http.StatusOK)
}

type textlineInbound struct {
	ID         string    `json:"id"`
	From       string    `json:"from"`
	To         string    `json:"to"`
	Text       string    `json:"text"`
	ReceivedAt time.Time `json:"received_at"`
}

func (h Webhooks) textlineInbound(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if !h.SMSVerifier.Valid(body, r.Header.Get("X-Textline-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var msg textlineInbound
	if err := json.Unmarshal(body, &msg); err != nil || msg.ID == "" {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if err := h.SMS.HandleInbound(r.Context(), domain.InboundSMS{
		ProviderMessageID: msg.ID,
		FromPhone:         msg.From,
		Body:              msg.Text,
		ReceivedAt:        msg.ReceivedAt,
	}); err != nil {
		h.Log.ErrorContext(r.Context(), "inbound sms failed", "message_id", msg.ID, "err", err)
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

type textlineStatus struct {
	MessageID string    `json:"message_id"`
	Status    string    `json:"status"`
	Timestamp time.Time `json:"timestamp"`
}

func (h Webhooks) textlineStatus(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	if !h.SMSVerifier.Valid(body, r.Header.Get("X-Textline-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var st textlineStatus
	if err := json.Unmarshal(body, &st); err != nil || st.MessageID == "" {
		http.Error(w, "bad payload", http.StatusBadRequest)
		return
	}
	if err := h.SMS.RecordDeliveryStatus(r.Context(), st.MessageID, st.Status, st.Timestamp); err != nil {
		h.Log.ErrorContext(r.Context(), "delivery status failed", "message_id", st.MessageID, "err", err)
		http.Error(w, "failed", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}
