package api

import (
	"net/http"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/service"
)

type supplierRequest struct {
	RegistrationNumber string `json:"registration_number"`
	Country            string `json:"country"`
	LegalName          string `json:"legal_name"`
	ContactEmail       string `json:"contact_email"`
	PayoutIBAN         string `json:"payout_iban"`
	PayoutAccountName  string `json:"payout_account_name"`
}

type supplierResponse struct {
	ID               string `json:"id"`
	Status           string `json:"status"`
	LegalName        string `json:"legal_name"`
	CreditLimitMinor int64  `json:"credit_limit_minor"`
}

func toSupplierResponse(s *domain.Supplier) supplierResponse {
	return supplierResponse{ID: s.ID.String(), Status: s.Status, LegalName: s.LegalName, CreditLimitMinor: s.CreditLimitMinor}
}

// POST /v1/suppliers
func (h *Handlers) onboardSupplier(w http.ResponseWriter, r *http.Request) {
	var req supplierRequest
	if err := decodeJSON(r, &req); err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	sup, created, err := h.Suppliers.Onboard(r.Context(), service.OnboardSupplierCmd(req))
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, toSupplierResponse(sup))
}

type creditCheckResponse struct {
	ID         string `json:"id"`
	Status     string `json:"status"`
	Score      *int   `json:"score,omitempty"`
	LimitMinor *int64 `json:"limit_minor,omitempty"`
}

// POST /v1/admin/suppliers/{supplierID}/credit-checks
func (h *Handlers) refreshSupplierCredit(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "supplierID")
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	check, err := h.Suppliers.RefreshCredit(r.Context(), id, operatorFrom(r.Context()))
	if err != nil {
		writeError(w, r, h.Log, err)
		return
	}
	writeJSON(w, http.StatusCreated, creditCheckResponse{
		ID: check.ID.String(), Status: check.Status, Score: check.Score, LimitMinor: check.LimitMinor,
	})
}
