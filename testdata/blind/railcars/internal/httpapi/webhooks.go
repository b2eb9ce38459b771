package httpapi

import (
	"crypto/subtle"
	"encoding/json"
	"io"
	"net/http"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/ironbridge-leasing/railcars/internal/edi/x12"
	"github.com/ironbridge-leasing/railcars/internal/platform/httpx"
	"github.com/ironbridge-leasing/railcars/internal/provider/ach"
	"github.com/ironbridge-leasing/railcars/internal/provider/shopnet"
)

const maxWebhookBody = 4 << 20

func readBody(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody))
	if err != nil {
		return nil, httpx.BadRequest("unreadable body")
	}
	return body, nil
}

var errUnauthorized = &httpx.Error{Status: http.StatusUnauthorized, Code: "unauthorized", Message: "bad signature"}

// ediWebhook receives 322 interchanges from the railroads' VAN gateway and
// answers with a 997.
func (s *Server) ediWebhook(w http.ResponseWriter, r *http.Request) error {
	if subtle.ConstantTimeCompare([]byte(r.Header.Get("X-Gateway-Token")), []byte(s.Secrets.EDIToken)) != 1 {
		return errUnauthorized
	}
	body, err := readBody(r)
	if err != nil {
		return err
	}
	ic, err := x12.Parse(body)
	if err != nil {
		return httpx.BadRequest(err.Error())
	}
	applied, err := s.Movements.IngestEDI(r.Context(), ic.Events)
	if err != nil {
		return err
	}
	s.Log.InfoContext(r.Context(), "edi 322 received", "sender", ic.SenderID,
		"control", ic.ControlNumber, "events", len(ic.Events), "applied", applied)
	w.Header().Set("Content-Type", "application/edi-x12")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(x12.Ack(ic, true))
	return nil
}

func (s *Server) stripeWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := readBody(r)
	if err != nil {
		return err
	}
	evt, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), s.Secrets.Stripe)
	if err != nil {
		return errUnauthorized
	}
	if err := s.Payments.HandleStripeEvent(r.Context(), evt); err != nil {
		return err
	}
	w.WriteHeader(http.StatusOK)
	return nil
}

func (s *Server) clearpathWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := readBody(r)
	if err != nil {
		return err
	}
	if !ach.VerifySignature(s.Secrets.ClearPath, body, r.Header.Get("X-ClearPath-Signature")) {
		return errUnauthorized
	}
	var evt ach.WebhookEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		return httpx.BadRequest("invalid event")
	}
	if err := s.Payments.HandleACHWebhook(r.Context(), evt); err != nil {
		return err
	}
	w.WriteHeader(http.StatusOK)
	return nil
}

func (s *Server) shopnetInvoiceWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := readBody(r)
	if err != nil {
		return err
	}
	if !shopnet.VerifySignature(s.Secrets.ShopNet, body, r.Header.Get("X-ShopNet-Signature")) {
		return errUnauthorized
	}
	var in shopnet.InvoiceWebhook
	if err := json.Unmarshal(body, &in); err != nil {
		return httpx.BadRequest("invalid invoice")
	}
	id, err := s.Maintenance.ReceiveShopInvoice(r.Context(), in)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]string{"shop_invoice_id": id})
	return nil
}
