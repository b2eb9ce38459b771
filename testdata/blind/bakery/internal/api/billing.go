package api

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/platform/httpx"
	"github.com/crumbworks/ovenline/internal/providers/directdebit"
	"github.com/crumbworks/ovenline/internal/service"
)

// BillingHandler serves invoices and credit notes.
type BillingHandler struct {
	Collections CollectionService
	Credits     CreditService
}

// PayByCard handles POST /v1/invoices/{invoiceID}/card-payments.
func (h BillingHandler) PayByCard(w http.ResponseWriter, r *http.Request) {
	id, err := pathUUID(r, "invoiceID")
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	inv, err := h.Collections.PayByCard(r.Context(), id, httpx.IdempotencyKey(r))
	if errors.Is(err, service.ErrCardDeclined) {
		httpx.JSON(w, http.StatusPaymentRequired, map[string]string{"error": err.Error(), "code": "card_declined"})
		return
	}
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, inv)
}

// IssueCredit handles POST /v1/credit-notes.
func (h BillingHandler) IssueCredit() http.HandlerFunc {
	return jsonEndpoint(http.StatusCreated, func(r *http.Request, in service.IssueCreditInput) (domain.CreditNote, error) {
		return h.Credits.Issue(r.Context(), in)
	})
}

// RefundCredit handles POST /v1/credit-notes/{creditNoteID}/refund.
func (h BillingHandler) RefundCredit() http.HandlerFunc {
	return idEndpoint("creditNoteID", http.StatusCreated, func(r *http.Request, id uuid.UUID) (domain.Refund, error) {
		return h.Credits.Refund(r.Context(), id)
	})
}

// debitlineWebhook handles POST /webhooks/debitline. Debitline batches
// events and redelivers the whole batch until it gets a 2xx.
func debitlineWebhook(svc CollectionService, secret string, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, httpx.MaxBody))
		if err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		sig := r.Header.Get("Webhook-Signature")
		batch, err := directdebit.ParseWebhook(secret, body, sig)
		if err != nil {
			log.WarnContext(r.Context(), "rejected debitline webhook", "err", err)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}

		for _, ev := range batch.Events {
			raw, _ := json.Marshal(ev)
			if err := svc.LogWebhook(r.Context(), ev.ID, sig, raw); err != nil {
				log.WarnContext(r.Context(), "webhook log write failed", "event_id", ev.ID, "err", err)
			}
		}
		for _, ev := range batch.Events {
			if err := svc.ApplyDebitlineEvent(r.Context(), ev); err != nil {
				log.ErrorContext(r.Context(), "debitline event failed", "event_id", ev.ID, "err", err)
				w.WriteHeader(http.StatusInternalServerError)
				return
			}
		}
		w.WriteHeader(http.StatusNoContent)
	}
}
