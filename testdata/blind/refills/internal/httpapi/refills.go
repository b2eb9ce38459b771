package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/httpapi/idem"
	"github.com/scriptline/refills/internal/ids"
	"github.com/scriptline/refills/internal/service"
)

type refillResponse struct {
	ID             string         `json:"id"`
	PrescriptionID string         `json:"prescription_id"`
	FillNumber     int            `json:"fill_number"`
	Status         string         `json:"status"`
	Source         string         `json:"source"`
	ShipTo         domain.Address `json:"shipping_address"`
}

func toRefillResponse(r *domain.RefillRequest) refillResponse {
	return refillResponse{
		ID:             r.ID.String(),
		PrescriptionID: r.PrescriptionID.String(),
		FillNumber:     r.FillNumber,
		Status:         string(r.Status),
		Source:         string(r.Source),
		ShipTo:         r.ShipTo,
	}
}

type requestRefillRequest struct {
	PrescriptionID string       `json:"prescription_id"`
	ShipTo         *addressJSON `json:"shipping_address"`
}

// RequestRefill handles POST /v1/patients/:id/refill-requests.
func (h *Handlers) RequestRefill(c echo.Context) error {
	patientID, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	raw, req, err := bindWithRaw[requestRefillRequest](c)
	if err != nil {
		return err
	}
	rxID, err := parseUUID(req.PrescriptionID, "prescription_id")
	if err != nil {
		return err
	}
	in := service.RequestRefillInput{
		PatientID:      patientID,
		PrescriptionID: rxID,
		IdempotencyKey: c.Request().Header.Get(idem.HeaderKey),
		RequestHash:    ids.Fingerprint(raw),
	}
	if req.ShipTo != nil {
		a := req.ShipTo.domain()
		in.ShipTo = &a
	}
	r, err := h.refills.Request(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toRefillResponse(r))
}

// GetRefill handles GET /v1/refills/:id.
func (h *Handlers) GetRefill(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	r, err := h.refills.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toRefillResponse(r))
}

// CheckEligibility handles POST /v1/refills/:id/eligibility.
func (h *Handlers) CheckEligibility(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	check, err := h.refills.CheckEligibility(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"id":            check.ID,
		"eligible":      check.Eligible,
		"plan_name":     check.PlanName,
		"coverage_code": check.CoverageCode,
		"checked_at":    check.CheckedAt,
	})
}

type verifyRequest struct {
	Approve bool   `json:"approve"`
	Notes   string `json:"notes"`
}

// VerifyRefill handles POST /v1/refills/:id/verify.
func (h *Handlers) VerifyRefill(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[verifyRequest](c)
	if err != nil {
		return err
	}
	if err := h.refills.Verify(c.Request().Context(), service.VerifyInput{
		RefillID:     id,
		PharmacistID: actor(c),
		Approve:      req.Approve,
		Notes:        req.Notes,
	}); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// CancelRefill handles POST /v1/refills/:id/cancel.
func (h *Handlers) CancelRefill(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[cancelRequest](c)
	if err != nil {
		return err
	}
	if err := h.refills.Cancel(c.Request().Context(), service.CancelInput{
		RefillID: id,
		Reason:   req.Reason,
		Actor:    actor(c),
	}); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}

type priorAuthRequest struct {
	DiagnosisCodes []string `json:"diagnosis_codes"`
	Justification  string   `json:"justification"`
}

// RequestPriorAuth handles POST /v1/refills/:id/prior-authorizations.
func (h *Handlers) RequestPriorAuth(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[priorAuthRequest](c)
	if err != nil {
		return err
	}
	pa, err := h.refills.RequestPriorAuth(c.Request().Context(), service.PriorAuthInput{
		RefillID:       id,
		DiagnosisCodes: req.DiagnosisCodes,
		Justification:  req.Justification,
		SubmittedBy:    actor(c),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id":          pa.ID,
		"pbm_case_id": pa.PBMCaseID,
		"status":      pa.Status,
	})
}

// ChangeShippingAddress handles PUT /v1/refills/:id/shipping-address.
func (h *Handlers) ChangeShippingAddress(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[addressJSON](c)
	if err != nil {
		return err
	}
	r, err := h.fulfillment.ChangeAddress(c.Request().Context(), id, req.domain())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toRefillResponse(r))
}

type retryPaymentRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

// RetryPayment handles POST /v1/refills/:id/payments: the patient retries a
// declined copay with another card.
func (h *Handlers) RetryPayment(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bindJSON[retryPaymentRequest](c)
	if err != nil {
		return err
	}
	patientID, err := parseUUID(actor(c), "actor")
	if err != nil {
		return err
	}
	attempt, err := h.payments.RetryCopay(c.Request().Context(), service.RetryCopayInput{
		PatientID:       patientID,
		RefillID:        id,
		PaymentMethodID: req.PaymentMethodID,
		ClientKey:       c.Request().Header.Get(idem.HeaderKey),
	})
	if err != nil {
		return err
	}
	status := http.StatusOK
	if attempt.Status == domain.PaymentFailed {
		status = http.StatusPaymentRequired
	}
	return c.JSON(status, map[string]any{
		"attempt_id":   attempt.ID,
		"status":       attempt.Status,
		"failure_code": attempt.FailureCode,
	})
}
