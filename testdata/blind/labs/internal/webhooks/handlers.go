package webhooks

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"github.com/meridianlabs/labs/internal/platform/httpx"
	"github.com/meridianlabs/labs/internal/providers/payments"
	"github.com/meridianlabs/labs/internal/service/billing"
	"github.com/meridianlabs/labs/internal/service/logistics"
	"github.com/meridianlabs/labs/internal/service/orders"
	"github.com/meridianlabs/labs/internal/service/priorauth"
	"github.com/meridianlabs/labs/internal/store"
)

// Secrets are the shared webhook secrets.
type Secrets struct {
	Courier  string
	Payments string
	Payer    string
}

// Receivers holds the webhook handlers.
type Receivers struct {
	Logistics *logistics.Service
	Billing   *billing.Service
	PriorAuth *priorauth.Service
	Orders    *orders.Service
	Partners  *store.Partners
	Log       *slog.Logger
}

// Mount adds the webhook routes to r.
func Mount(r *mux.Router, rc Receivers, secrets Secrets) {
	wh := r.PathPrefix("/webhooks").Subrouter()

	wh.Handle("/courier", Verify(Signature{
		Header: "X-Courier-Signature", TimeHeader: "X-Courier-Timestamp", MaxSkew: 5 * time.Minute,
		Secret: Static(secrets.Courier),
	})(httpx.Handle(rc.courier))).Methods(http.MethodPost)

	wh.Handle("/payments", Verify(Signature{
		Header: "PayCore-Signature", TimeHeader: "PayCore-Timestamp", MaxSkew: 5 * time.Minute,
		Secret: Static(secrets.Payments),
	})(httpx.Handle(rc.payments))).Methods(http.MethodPost)

	wh.Handle("/payer/prior-auth", Verify(Signature{
		Header: "X-PayerLink-Signature", Secret: Static(secrets.Payer),
	})(httpx.Handle(rc.payerDecision))).Methods(http.MethodPost)

	wh.Handle("/ehr/{partner}", Verify(Signature{
		Header: "X-Signature", TimeHeader: "X-Timestamp", MaxSkew: 10 * time.Minute,
		Secret: rc.partnerSecret,
	})(httpx.Handle(rc.ehrEvent))).Methods(http.MethodPost)
}

func (rc Receivers) partnerSecret(r *http.Request) (string, error) {
	p, err := rc.Partners.Get(r.Context(), mux.Vars(r)["partner"])
	if err != nil {
		return "", err
	}
	return p.WebhookSecret, nil
}

func decodeBody[T any](r *http.Request) (T, error) {
	var v T
	if err := json.Unmarshal(rawBody(r), &v); err != nil {
		return v, httpx.BadRequest("invalid_body", err.Error())
	}
	return v, nil
}

func ack(w http.ResponseWriter) {
	w.WriteHeader(http.StatusNoContent)
}

func (rc Receivers) courier(w http.ResponseWriter, r *http.Request) error {
	evt, err := decodeBody[logistics.CourierEvent](r)
	if err != nil {
		return err
	}
	if err := rc.Logistics.HandleCourierEvent(r.Context(), evt); err != nil {
		return err
	}
	ack(w)
	return nil
}

func (rc Receivers) payments(w http.ResponseWriter, r *http.Request) error {
	evt, err := decodeBody[payments.Event](r)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(r.Context(), 20*time.Second)
	defer cancel()
	if err := rc.Billing.RecordHostedPayment(ctx, evt); err != nil {
		return err
	}
	ack(w)
	return nil
}

func (rc Receivers) payerDecision(w http.ResponseWriter, r *http.Request) error {
	d, err := decodeBody[priorauth.Decision](r)
	if err != nil {
		return err
	}
	if d.PayerRef == "" || d.DecidedAt.IsZero() {
		return httpx.BadRequest("missing_fields", "payer_ref and decided_at are required")
	}
	if err := rc.PriorAuth.Decide(r.Context(), d); err != nil {
		return err
	}
	ack(w)
	return nil
}

func (rc Receivers) ehrEvent(w http.ResponseWriter, r *http.Request) error {
	evt, err := decodeBody[orders.PartnerEvent](r)
	if err != nil {
		return err
	}
	if evt.ID == "" {
		return httpx.BadRequest("missing_id", "event id is required")
	}
	if err := rc.Orders.HandlePartnerEvent(r.Context(), mux.Vars(r)["partner"], evt); err != nil {
		return err
	}
	ack(w)
	return nil
}
