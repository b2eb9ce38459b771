package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/brightpay/lending/internal/apperr"
	"github.com/brightpay/lending/internal/httpapi/httpx"
	"github.com/brightpay/lending/internal/providers/bureau"
	"github.com/brightpay/lending/internal/providers/payout"
	"github.com/brightpay/lending/internal/service/loans"
)

func (h *Handlers) bureauDecision(w http.ResponseWriter, r *http.Request) error {
	body, err := httpx.ReadBody(r)
	if err != nil {
		return apperr.Wrap(apperr.InvalidArgument, err, "read body")
	}
	if !bureau.VerifySignature(h.secrets.Bureau, r.Header.Get("X-Bureau-Signature"), body) {
		return apperr.New(apperr.PermissionDenied, "bad signature")
	}
	var evt bureau.DecisionEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		return apperr.Wrap(apperr.InvalidArgument, err, "decode")
	}
	if evt.EventID == "" || evt.Reference == "" {
		return apperr.New(apperr.InvalidArgument, "event_id and reference are required")
	}
	if err := h.apps.ApplyDecision(r.Context(), evt); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handlers) payoutStatus(w http.ResponseWriter, r *http.Request) error {
	body, err := httpx.ReadBody(r)
	if err != nil {
		return apperr.Wrap(apperr.InvalidArgument, err, "read body")
	}
	if !validHMAC(h.secrets.Payout, r.Header.Get("X-Payout-Signature"), body) {
		return apperr.New(apperr.PermissionDenied, "bad signature")
	}
	var evt payout.StatusEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		return apperr.Wrap(apperr.InvalidArgument, err, "decode")
	}
	if err := h.disbursement.HandleStatus(r.Context(), evt); err != nil {
		return err
	}
	w.WriteHeader(http.StatusOK)
	return nil
}

func (h *Handlers) stripeEvent(w http.ResponseWriter, r *http.Request) error {
	body, err := httpx.ReadBody(r)
	if err != nil {
		return apperr.Wrap(apperr.InvalidArgument, err, "read body")
	}
	evt, err := webhook.ConstructEventWithOptions(body, r.Header.Get("Stripe-Signature"), h.secrets.Stripe,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return apperr.Wrap(apperr.InvalidArgument, err, "verify stripe event")
	}
	if err := h.cardEvents.HandleCardEvent(r.Context(), evt); err != nil {
		return err
	}
	w.WriteHeader(http.StatusOK)
	return nil
}

type merchantRefundBody struct {
	RefundRef   string `json:"refund_ref"`
	OrderRef    string `json:"order_ref"`
	AmountCents int64  `json:"amount_cents"`
}

func (h *Handlers) merchantRefund(w http.ResponseWriter, r *http.Request) error {
	merchantID := chi.URLParam(r, "merchantID")
	secret, ok := h.secrets.Merchants[merchantID]
	if !ok {
		return apperr.New(apperr.NotFound, "unknown merchant")
	}
	body, err := httpx.ReadBody(r)
	if err != nil {
		return apperr.Wrap(apperr.InvalidArgument, err, "read body")
	}
	if !validHMAC(secret, r.Header.Get("X-Merchant-Signature"), body) {
		return apperr.New(apperr.PermissionDenied, "bad signature")
	}
	var in merchantRefundBody
	if err := json.Unmarshal(body, &in); err != nil {
		return apperr.Wrap(apperr.InvalidArgument, err, "decode")
	}
	err = h.loans.ApplyMerchantRefund(r.Context(), loans.MerchantRefund{
		MerchantID:  merchantID,
		RefundRef:   in.RefundRef,
		OrderRef:    in.OrderRef,
		AmountCents: in.AmountCents,
	})
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusAccepted, map[string]string{"status": "accepted"})
	return nil
}

func validHMAC(secret, header string, body []byte) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	got, err := hex.DecodeString(header)
	return err == nil && hmac.Equal(mac.Sum(nil), got)
}
