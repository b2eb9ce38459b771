package compensation

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/veinline/plasmaops/internal/config"
	"github.com/veinline/plasmaops/internal/platform/apperr"
	"github.com/veinline/plasmaops/internal/platform/httpx"
	"github.com/veinline/plasmaops/internal/platform/webhook"
	"github.com/veinline/plasmaops/internal/providers/cardissuer"
)

const providerCardIssuer = "cardissuer"

// EventInbox remembers processed issuer deliveries.
type EventInbox interface {
	Seen(ctx context.Context, provider, eventID string) (bool, error)
	Mark(ctx context.Context, provider, eventID, eventType string) error
}

func issuerVerifier(cfg config.Config) webhook.Verifier {
	return webhook.Verifier{Secret: []byte(cfg.CardIssuer.WebhookSecret), Header: "Issuer-Signature"}
}

func decodeEvent(body []byte) (cardissuer.Event, error) {
	var evt cardissuer.Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return evt, apperr.Invalid("malformed event: %v", err)
	}
	if evt.ID == "" || evt.Type == "" {
		return evt, apperr.Invalid("event id and type are required")
	}
	return evt, nil
}

// TransactionsWebhook receives load.* events from the issuer.
type TransactionsWebhook struct {
	verifier webhook.Verifier
	inbox    EventInbox
	svc      Service
	log      *slog.Logger
}

// NewTransactionsWebhook builds the handler.
func NewTransactionsWebhook(cfg config.Config, inbox EventInbox, svc Service, log *slog.Logger) *TransactionsWebhook {
	return &TransactionsWebhook{verifier: issuerVerifier(cfg), inbox: inbox, svc: svc, log: log}
}

func (h *TransactionsWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	body, err := h.verifier.ReadAndVerify(r)
	if err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	evt, err := decodeEvent(body)
	if err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	seen, err := h.inbox.Seen(ctx, providerCardIssuer, evt.ID)
	if err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	if seen {
		w.WriteHeader(http.StatusOK)
		return
	}

	switch evt.Type {
	case cardissuer.EventLoadSettled, cardissuer.EventLoadFailed:
		var data cardissuer.LoadEventData
		if err := json.Unmarshal(evt.Data, &data); err != nil {
			httpx.WriteError(w, h.log, apperr.Invalid("malformed load event: %v", err))
			return
		}
		if err := h.svc.ApplyLoadEvent(ctx, evt.Type, data); err != nil {
			httpx.WriteError(w, h.log, err)
			return
		}
	default:
		h.log.Debug("ignoring issuer event", "type", evt.Type, "id", evt.ID)
	}

	if err := h.inbox.Mark(ctx, providerCardIssuer, evt.ID, evt.Type); err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// CardsWebhook receives card.* status events from the issuer.
type CardsWebhook struct {
	verifier webhook.Verifier
	svc      Service
	log      *slog.Logger
}

// NewCardsWebhook builds the handler.
func NewCardsWebhook(cfg config.Config, svc Service, log *slog.Logger) *CardsWebhook {
	return &CardsWebhook{verifier: issuerVerifier(cfg), svc: svc, log: log}
}

func (h *CardsWebhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := h.verifier.ReadAndVerify(r)
	if err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	evt, err := decodeEvent(body)
	if err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	switch evt.Type {
	case cardissuer.EventCardActivated, cardissuer.EventCardBlocked, cardissuer.EventCardClosed:
	default:
		w.WriteHeader(http.StatusOK)
		return
	}
	var data cardissuer.CardEventData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		httpx.WriteError(w, h.log, apperr.Invalid("malformed card event: %v", err))
		return
	}
	if err := h.svc.ApplyCardEvent(r.Context(), data, evt.Created); err != nil {
		httpx.WriteError(w, h.log, err)
		return
	}
	w.WriteHeader(http.StatusOK)
}
