package httpapi

import (
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/tenantlens/screening/internal/providers/idverify"
	"github.com/tenantlens/screening/internal/providers/printmail"
	"github.com/tenantlens/screening/internal/services/billing"
	"github.com/tenantlens/screening/internal/services/webhooks"
)

// ---- landlord subscriptions ----

func (s *Server) subscribe(w http.ResponseWriter, r *http.Request) {
	var in webhooks.SubscribeInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	sub, created, err := s.d.Subscriptions.Subscribe(r.Context(), managerFrom(r.Context()).ID, in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, map[string]any{"subscription": sub, "secret": sub.Secret})
}

func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	if err := s.d.Subscriptions.Unsubscribe(r.Context(), managerFrom(r.Context()).ID, r.PathValue("id")); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) ensureBillingAccount(w http.ResponseWriter, r *http.Request) {
	customerID, err := s.d.Billing.EnsureCustomer(r.Context(), managerFrom(r.Context()).ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"stripe_customer_id": customerID})
}

// ---- provider webhooks ----

// stripeWebhook receives Stripe events. Stripe resends any event that does
// not get a 2xx, for up to three days.
func (s *Server) stripeWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	evt, err := s.d.Stripe.ParseWebhook(payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		slog.WarnContext(r.Context(), "stripe webhook rejected", "err", err)
		http.Error(w, "invalid signature", http.StatusBadRequest)
		return
	}
	first, err := s.d.Ledger.MarkStripeEventProcessed(r.Context(), evt.ID, evt.Type)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !first {
		w.WriteHeader(http.StatusOK)
		return
	}
	if err := s.d.Fees.ApplyEvent(r.Context(), evt); err != nil {
		slog.ErrorContext(r.Context(), "apply stripe event", "event", evt.ID, "type", evt.Type, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusOK)
}

// printMailWebhook receives letter tracking events.
func (s *Server) printMailWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	evt, err := printmail.ParseWebhook(s.d.PrintMailSecret, payload,
		r.Header.Get("X-PrintMail-Timestamp"), r.Header.Get("X-PrintMail-Signature"))
	if err != nil {
		http.Error(w, "invalid signature", http.StatusUnauthorized)
		return
	}
	if err := s.d.Letters.HandlePrintMailEvent(r.Context(), evt); err != nil {
		slog.ErrorContext(r.Context(), "apply printmail event", "event", evt.ID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// idVerifyWebhook receives verification outcomes.
func (s *Server) idVerifyWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	evt, err := idverify.ParseWebhook(s.d.IDVerifySecret, payload, r.Header.Get("X-IDV-Signature"))
	if errors.Is(err, idverify.ErrBadSignature) {
		http.Error(w, "invalid signature", http.StatusUnauthorized)
		return
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := s.d.Identity.HandleEvent(r.Context(), evt); err != nil {
		slog.ErrorContext(r.Context(), "apply idverify event", "event", evt.ID, "err", err)
		http.Error(w, "retry later", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// ---- internal scheduler ----

type billingRunRequest struct {
	Period string `json:"period"`
}

// billingRun is invoked by the scheduler on the first of each month for the
// previous month. The scheduler retries on timeouts and 5xx.
func (s *Server) billingRun(w http.ResponseWriter, r *http.Request) {
	var in billingRunRequest
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	p, err := billing.ParsePeriod(in.Period)
	if err != nil {
		writeError(w, r, err)
		return
	}
	sum, err := s.d.Billing.BuildInvoices(r.Context(), p)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sum)
}
