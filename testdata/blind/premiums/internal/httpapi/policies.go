package httpapi

import (
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"github.com/pawsure/premiums/internal/service/policies"
)

type bindPolicyRequest struct {
	QuoteID         string `json:"quote_id"`
	PolicyholderID  string `json:"policyholder_id"`
	PaymentMethodID string `json:"payment_method_id"`
	StartsOn        string `json:"starts_on,omitempty"`
}

type policyResponse struct {
	ID            string `json:"id"`
	Status        string `json:"status"`
	ChargeStatus  string `json:"charge_status,omitempty"`
	DeclineReason string `json:"decline_reason,omitempty"`
	RenewsOn      string `json:"renews_on"`
}

var policyErrors = map[error]int{
	policies.ErrQuoteExpired:      http.StatusGone,
	policies.ErrQuoteMismatch:     http.StatusForbidden,
	policies.ErrBindInProgress:    http.StatusConflict,
	policies.ErrAlreadyCancelled:  http.StatusConflict,
	policies.ErrNothingOwed:       http.StatusUnprocessableEntity,
	policies.ErrPaymentDeclined:   http.StatusPaymentRequired,
	policies.ErrNoVisitsLeft:      http.StatusUnprocessableEntity,
	policies.ErrPolicyNotInForce:  http.StatusConflict,
	policies.ErrMissingCustomerID: http.StatusUnprocessableEntity,
}

// BindPolicy handles POST /v1/policies.
func BindPolicy(svc policies.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key, err := idempotencyKey(r)
		if err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		var req bindPolicyRequest
		if err := decodeJSON(r, &req); err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		in := policies.BindInput{
			IdempotencyKey:  key,
			QuoteID:         req.QuoteID,
			PolicyholderID:  req.PolicyholderID,
			PaymentMethodID: req.PaymentMethodID,
		}
		if req.StartsOn != "" {
			if in.StartsOn, err = time.Parse(time.DateOnly, req.StartsOn); err != nil {
				writeError(w, r, http.StatusBadRequest, err)
				return
			}
		}
		res, err := svc.Bind(r.Context(), in)
		if err != nil {
			writeError(w, r, statusFor(err, policyErrors), err)
			return
		}
		status := http.StatusCreated
		if res.ChargeStatus == "declined" {
			status = http.StatusPaymentRequired
		}
		writeJSON(w, status, policyResponse{
			ID: res.Policy.ID, Status: res.Policy.Status, ChargeStatus: res.ChargeStatus,
			DeclineReason: res.DeclineReason, RenewsOn: res.Policy.RenewsOn.Format(time.DateOnly),
		})
	}
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

type cancelResponse struct {
	PolicyID          string `json:"policy_id"`
	Status            string `json:"status"`
	RefundID          string `json:"refund_id,omitempty"`
	RefundAmountCents int64  `json:"refund_amount_cents"`
}

// CancelPolicy handles POST /v1/policies/{id}/cancel.
func CancelPolicy(svc policies.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req cancelRequest
		if err := decodeJSON(r, &req); err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		res, err := svc.Cancel(r.Context(), mux.Vars(r)["id"], req.Reason)
		if err != nil {
			writeError(w, r, statusFor(err, policyErrors), err)
			return
		}
		writeJSON(w, http.StatusOK, cancelResponse{
			PolicyID: res.PolicyID, Status: "cancelled", RefundID: res.RefundID, RefundAmountCents: res.RefundAmount,
		})
	}
}

type arrearsRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

// PayArrears handles POST /v1/policies/{id}/arrears-payments. The router wraps
// it with the Idempotent decorator.
func PayArrears(svc policies.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req arrearsRequest
		if err := decodeJSON(r, &req); err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		res, err := svc.PayArrears(r.Context(), policies.ArrearsInput{
			PolicyID:    mux.Vars(r)["id"],
			AmountCents: req.AmountCents,
			RequestKey:  r.Header.Get("Idempotency-Key"),
		})
		if err != nil {
			writeError(w, r, statusFor(err, policyErrors), err)
			return
		}
		writeJSON(w, http.StatusCreated, res)
	}
}

type wellnessRequest struct {
	ClinicCode string    `json:"clinic_code"`
	SlotStart  time.Time `json:"slot_start"`
}

// BookWellness handles POST /v1/policies/{id}/wellness-bookings.
func BookWellness(svc policies.Service) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req wellnessRequest
		if err := decodeJSON(r, &req); err != nil {
			writeError(w, r, http.StatusBadRequest, err)
			return
		}
		if req.SlotStart.Before(time.Now()) {
			writeError(w, r, http.StatusBadRequest, errSlotInPast)
			return
		}
		booking, err := svc.BookWellness(r.Context(), policies.WellnessInput{
			PolicyID:   mux.Vars(r)["id"],
			ClinicCode: req.ClinicCode,
			SlotStart:  req.SlotStart,
		})
		if err != nil {
			writeError(w, r, statusFor(err, policyErrors), err)
			return
		}
		writeJSON(w, http.StatusCreated, booking)
	}
}
