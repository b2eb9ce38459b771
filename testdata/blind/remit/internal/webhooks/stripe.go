// Package webhooks receives provider callbacks: Stripe payment events and
// payout partners' status notifications. Both providers retry any non-2xx
// response with backoff for up to three days.
package webhooks

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/gorilla/mux"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/fundingintent"
	enttransfer "github.com/sendhome/remit/ent/transfer"
	"github.com/sendhome/remit/internal/config"
	"github.com/sendhome/remit/internal/events"
	"github.com/sendhome/remit/internal/httpx"
	"github.com/sendhome/remit/internal/platform/db"
	"github.com/sendhome/remit/internal/store"
)

type StripeHandler struct {
	client *ent.Client
	secret string
	pub    events.Publisher
	log    *slog.Logger
}

func NewStripeHandler(client *ent.Client, cfg *config.Config, pub events.Publisher, log *slog.Logger) *StripeHandler {
	return &StripeHandler{client: client, secret: cfg.StripeWebhookSecret, pub: pub, log: log}
}

func (h *StripeHandler) Mount(r *mux.Router) {
	r.HandleFunc("/webhooks/stripe", h.ServeHTTP).Methods(http.MethodPost)
}

func (h *StripeHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	ev, err := webhook.ConstructEvent(payload, r.Header.Get("Stripe-Signature"), h.secret)
	if err != nil {
		h.log.Warn("stripe signature rejected", "err", err)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	switch ev.Type {
	case "payment_intent.succeeded", "payment_intent.payment_failed":
	default:
		w.WriteHeader(http.StatusNoContent)
		return
	}
	var pi stripe.PaymentIntent
	if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	transferID, err := uuid.Parse(pi.Metadata["transfer_id"])
	if err != nil {
		h.log.Info("payment intent without transfer metadata", "payment_intent", pi.ID)
		w.WriteHeader(http.StatusNoContent)
		return
	}

	succeeded := ev.Type == "payment_intent.succeeded"
	var funded bool
	err = db.WithTx(r.Context(), h.client, func(tx *ent.Tx) error {
		if _, err := tx.FundingEvent.Create().
			SetProviderEventID(ev.ID).
			SetType(string(ev.Type)).
			SetTransferID(transferID).
			SetProviderRef(pi.ID).
			SetPayload(payload).
			Save(r.Context()); err != nil {
			return err
		}
		status := fundingintent.StatusFailed
		if succeeded {
			status = fundingintent.StatusSucceeded
		}
		if _, err := tx.FundingIntent.Update().
			Where(fundingintent.TransferID(transferID), fundingintent.ProviderRef(pi.ID)).
			SetStatus(status).
			Save(r.Context()); err != nil {
			return err
		}
		if !succeeded {
			return tx.Transfer.UpdateOneID(transferID).
				SetStatus(enttransfer.StatusFailed).
				SetFailureReason("card_payment_failed").
				Exec(r.Context())
		}
		funded, err = store.NewTransferRepo(tx.Client()).SetStatusFrom(r.Context(), transferID,
			[]enttransfer.Status{enttransfer.StatusCreated, enttransfer.StatusFunding}, enttransfer.StatusFunded)
		if err != nil || !funded {
			return err
		}
		return store.NewLedgerRepo(tx.Client()).Post(r.Context(),
			store.Pair(transferID, "stripe_clearing", "customer_funds_held", pi.AmountReceived, string(pi.Currency), "funding")...)
	})
	if err != nil {
		h.log.Error("stripe event not applied", "event_id", ev.ID, "err", err)
		httpx.JSON(w, http.StatusInternalServerError, map[string]string{"error": "not applied"})
		return
	}
	if funded {
		if _, err := h.pub.Publish(r.Context(), events.TransferFunded, events.Fields{"transfer_id": transferID.String()}); err != nil {
			h.log.Error("publish transfer.funded", "transfer_id", transferID, "err", err)
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
	}
	w.WriteHeader(http.StatusOK)
}
