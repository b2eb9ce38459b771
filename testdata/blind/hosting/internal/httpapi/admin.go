package httpapi

import (
	"net/http"

	"github.com/nimbusrack/hosting/internal/billing"
	"github.com/nimbusrack/hosting/internal/platform/httpx"
)

// AdminHandlers serves back-office operations used by support staff.
type AdminHandlers struct {
	Credits *billing.CreditService
	Refunds *billing.RefundService
}

// GrantCredit handles POST /v1/admin/customers/{id}/credits.
func (h *AdminHandlers) GrantCredit(w http.ResponseWriter, r *http.Request) {
	customerID, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	var in billing.GrantInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", err.Error())
		return
	}
	in.CustomerID = customerID
	in.Actor = httpx.Actor(r.Context())

	credit, err := h.Credits.Grant(r.Context(), in)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, credit)
}

// Refund handles POST /v1/admin/payments/{id}/refunds.
func (h *AdminHandlers) Refund(w http.ResponseWriter, r *http.Request) {
	paymentID, ok := pathID(w, r, "id")
	if !ok {
		return
	}
	var in billing.RefundInput
	if err := httpx.Decode(r, &in); err != nil {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", err.Error())
		return
	}
	rf, err := h.Refunds.Issue(r.Context(), paymentID, in)
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, rf)
}
