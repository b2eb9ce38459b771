package api

import (
	"errors"
	"net/http"

	"github.com/gorilla/mux"

	"github.com/meridianlabs/labs/internal/platform/httpx"
	"github.com/meridianlabs/labs/internal/platform/ids"
	"github.com/meridianlabs/labs/internal/service/billing"
)

func (h *Handler) chargeSelfPay(w http.ResponseWriter, r *http.Request) error {
	patientID, ok := ids.ParseUUID(mux.Vars(r)["patient"])
	if !ok {
		return httpx.BadRequest("invalid_patient", "patient must be a UUID")
	}
	key := r.Header.Get(httpx.IdempotencyKeyHeader)
	if key == "" {
		return httpx.BadRequest("missing_idempotency_key", "Idempotency-Key header is required")
	}
	in, err := httpx.Decode[billing.ChargeInput](r)
	if err != nil {
		return err
	}
	if in.AmountCents <= 0 || in.PaymentMethod == "" {
		return httpx.BadRequest("invalid_charge", "amount_cents and payment_method are required")
	}
	intent, err := h.svc.Billing.ChargeSelfPay(r.Context(), patientID, key, in)
	switch {
	case errors.Is(err, billing.ErrAmountMismatch):
		return httpx.Conflict("idempotency_key_reused", err.Error())
	case errors.Is(err, billing.ErrChargeDeclined):
		httpx.WriteJSON(w, http.StatusPaymentRequired, map[string]any{"id": intent.ID, "status": "failed"})
		return nil
	case err != nil:
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"id":        intent.ID,
		"status":    intent.Status,
		"charge_id": intent.ProviderChargeID,
		"amount":    intent.AmountCents,
	})
	return nil
}

func (h *Handler) adjustInvoice(w http.ResponseWriter, r *http.Request) error {
	in, err := httpx.Decode[billing.AdjustmentInput](r)
	if err != nil {
		return err
	}
	adj, err := h.svc.Billing.Adjust(r.Context(), mux.Vars(r)["id"], httpx.StaffFrom(r.Context()), in)
	if errors.Is(err, billing.ErrAdjustmentTooBig) {
		return httpx.BadRequest("invalid_amount", err.Error())
	}
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, adj)
	return nil
}

func (h *Handler) resubmitClaim(w http.ResponseWriter, r *http.Request) error {
	in, err := httpx.Decode[billing.Correction](r)
	if err != nil {
		return err
	}
	c, err := h.svc.Billing.ResubmitClaim(r.Context(), mux.Vars(r)["id"], httpx.StaffFrom(r.Context()), in)
	if errors.Is(err, billing.ErrClaimNotEditable) {
		return httpx.Conflict("invalid_state", err.Error())
	}
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"id":                c.ID,
		"status":            c.Status,
		"frequency_code":    c.FrequencyCode,
		"clearinghouse_ref": c.ClearinghouseRef,
	})
	return nil
}
