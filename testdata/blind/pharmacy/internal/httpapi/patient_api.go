package httpapi

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5/middleware"

	"github.com/cedarleaf/pharmacy/internal/billing"
	"github.com/cedarleaf/pharmacy/internal/platform/httpx"
	"github.com/cedarleaf/pharmacy/internal/refill"
)

type refillBody struct {
	PrescriptionID string `json:"prescription_id"`
	Channel        string `json:"channel"`
	Note           string `json:"note"`
}

// RequestRefill handles POST /v1/patients/{patientID}/refills.
func (h *Handler) RequestRefill(w http.ResponseWriter, r *http.Request) {
	patientID, err := uuidParam(r, "patientID")
	if err != nil {
		fail(w, r, err)
		return
	}
	var body refillBody
	if err := httpx.Decode(r, &body); err != nil {
		fail(w, r, err)
		return
	}
	rxID, err := parseUUID(body.PrescriptionID, "prescription_id")
	if err != nil {
		fail(w, r, err)
		return
	}
	res, err := h.Refills.Request(r.Context(), refill.RequestInput{
		PatientID:      patientID,
		PrescriptionID: rxID,
		Channel:        body.Channel,
		Note:           body.Note,
	})
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, res)
}

// EnsureBillingProfile handles POST /v1/patients/{patientID}/billing-profile.
func (h *Handler) EnsureBillingProfile(w http.ResponseWriter, r *http.Request) {
	patientID, err := uuidParam(r, "patientID")
	if err != nil {
		fail(w, r, err)
		return
	}
	prof, err := h.Patients.EnsureBillingProfile(r.Context(), patientID)
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, prof)
}

// CheckCoverage handles POST /v1/patients/{patientID}/coverage-checks.
func (h *Handler) CheckCoverage(w http.ResponseWriter, r *http.Request) {
	patientID, err := uuidParam(r, "patientID")
	if err != nil {
		fail(w, r, err)
		return
	}
	reqID := w.Header().Get("X-Request-ID")
	if reqID == "" {
		reqID = middleware.GetReqID(r.Context())
	}
	cov, err := h.Patients.CheckCoverage(r.Context(), patientID, reqID)
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, cov)
}

type payBody struct {
	PaymentMethod string `json:"payment_method"`
}

// PayOrder handles POST /v1/orders/{orderID}/payments. Requires an
// Idempotency-Key header; the app generates one per checkout attempt and
// reuses it on retries.
func (h *Handler) PayOrder(w http.ResponseWriter, r *http.Request) {
	orderID, err := uuidParam(r, "orderID")
	if err != nil {
		fail(w, r, err)
		return
	}
	var body payBody
	if err := httpx.Decode(r, &body); err != nil {
		fail(w, r, err)
		return
	}
	if !strings.HasPrefix(body.PaymentMethod, "pm_") {
		fail(w, r, httpx.NewError(http.StatusBadRequest, "bad_payment_method", "payment_method must be a Stripe PaymentMethod ID"))
		return
	}
	res, status, err := h.Billing.Pay(r.Context(), billing.PayInput{
		OrderID:        orderID,
		PatientID:      patientFrom(r.Context()),
		PaymentMethod:  body.PaymentMethod,
		IdempotencyKey: r.Header.Get("Idempotency-Key"),
	})
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, status, res)
}

type cancelOrderBody struct {
	Reason string `json:"reason"`
}

// CancelOrder handles POST /v1/orders/{orderID}/cancel.
func (h *Handler) CancelOrder(w http.ResponseWriter, r *http.Request) {
	orderID, err := uuidParam(r, "orderID")
	if err != nil {
		fail(w, r, err)
		return
	}
	var body cancelOrderBody
	if err := httpx.Decode(r, &body); err != nil {
		fail(w, r, err)
		return
	}
	if body.Reason == "" {
		body.Reason = "requested_by_patient"
	}
	res, err := h.Billing.CancelOrder(r.Context(), orderID, patientFrom(r.Context()), body.Reason)
	if err != nil {
		fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, res)
}
