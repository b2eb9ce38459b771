package httpapi

import (
	"errors"
	"net/http"

	"github.com/cedarleaf/pharmacy/internal/billing"
	"github.com/cedarleaf/pharmacy/internal/claims"
	"github.com/cedarleaf/pharmacy/internal/delivery"
	"github.com/cedarleaf/pharmacy/internal/inventory"
	"github.com/cedarleaf/pharmacy/internal/order"
	"github.com/cedarleaf/pharmacy/internal/patient"
	"github.com/cedarleaf/pharmacy/internal/platform/httpx"
	"github.com/cedarleaf/pharmacy/internal/prescription"
	"github.com/cedarleaf/pharmacy/internal/refill"
)

// errorTable maps domain errors to API errors. Anything not listed is a 500.
var errorTable = []struct {
	err    error
	status int
	code   string
}{
	{prescription.ErrNotFound, http.StatusNotFound, "prescription_not_found"},
	{patient.ErrNotFound, http.StatusNotFound, "patient_not_found"},
	{refill.ErrNotFound, http.StatusNotFound, "refill_not_found"},
	{refill.ErrNotRefillable, http.StatusUnprocessableEntity, "not_refillable"},
	{refill.ErrNoRefillsLeft, http.StatusUnprocessableEntity, "no_refills_left"},
	{refill.ErrNotPending, http.StatusConflict, "refill_not_pending"},
	{billing.ErrOrderNotFound, http.StatusNotFound, "order_not_found"},
	{billing.ErrNotPayable, http.StatusConflict, "order_not_payable"},
	{billing.ErrNoPaymentMethod, http.StatusUnprocessableEntity, "no_payment_method"},
	{billing.ErrKeyReused, http.StatusUnprocessableEntity, "idempotency_key_reused"},
	{billing.ErrRequestInFlight, http.StatusConflict, "request_in_progress"},
	{billing.ErrTooLateToCancel, http.StatusConflict, "too_late_to_cancel"},
	{billing.ErrMissingIdempoKey, http.StatusBadRequest, "idempotency_key_required"},
	{order.ErrNotFound, http.StatusNotFound, "order_not_found"},
	{order.ErrInvalidState, http.StatusConflict, "invalid_order_state"},
	{order.ErrOutOfStock, http.StatusConflict, "out_of_stock"},
	{claims.ErrNotFound, http.StatusNotFound, "claim_not_found"},
	{claims.ErrNotRejected, http.StatusConflict, "claim_not_rejected"},
	{delivery.ErrNotFound, http.StatusNotFound, "shipment_not_found"},
	{delivery.ErrInvalidState, http.StatusConflict, "invalid_shipment_state"},
	{inventory.ErrUnknownNDC, http.StatusNotFound, "unknown_ndc"},
	{inventory.ErrBadReason, http.StatusBadRequest, "bad_reason"},
	{inventory.ErrZeroDelta, http.StatusBadRequest, "zero_delta"},
	{inventory.ErrNegativeQty, http.StatusConflict, "negative_stock"},
}

func apiError(err error) error {
	for _, e := range errorTable {
		if errors.Is(err, e.err) {
			return httpx.NewError(e.status, e.code, e.err.Error())
		}
	}
	return err
}

func fail(w http.ResponseWriter, r *http.Request, err error) {
	httpx.Fail(w, r, apiError(err))
}
