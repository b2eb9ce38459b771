package api

import (
	"errors"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/northwind/payables/internal/platform/httpx"
	"github.com/northwind/payables/internal/service/suppliers"
)

type createSupplierRequest struct {
	Name        string `json:"name"`
	TaxID       string `json:"tax_id"`
	Email       string `json:"email"`
	Country     string `json:"country"`
	CardEnabled bool   `json:"card_enabled"`
}

func (r *createSupplierRequest) Validate() error {
	switch {
	case strings.TrimSpace(r.Name) == "":
		return errors.New("name is required")
	case strings.TrimSpace(r.TaxID) == "":
		return errors.New("tax_id is required")
	case !strings.Contains(r.Email, "@"):
		return errors.New("email is invalid")
	case len(r.Country) != 2:
		return errors.New("country must be ISO 3166-1 alpha-2")
	}
	return nil
}

func (h *Handlers) createSupplier(w http.ResponseWriter, r *http.Request) {
	req, err := decode[createSupplierRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	sup, created, err := h.Suppliers.Onboard(r.Context(), suppliers.OnboardInput{
		TenantID:    httpx.TenantFrom(r.Context()),
		Name:        req.Name,
		TaxID:       req.TaxID,
		Email:       req.Email,
		Country:     req.Country,
		CardEnabled: req.CardEnabled,
	})
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	writeJSON(w, status, sup)
}

func (h *Handlers) getSupplier(w http.ResponseWriter, r *http.Request) {
	sup, err := h.Suppliers.Get(r.Context(), httpx.TenantFrom(r.Context()), chi.URLParam(r, "supplierID"))
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sup)
}

type bankAccountRequest struct {
	Currency      string `json:"currency"`
	IBAN          string `json:"iban"`
	AccountNumber string `json:"account_number"`
	RoutingCode   string `json:"routing_code"`
	MakeDefault   bool   `json:"make_default"`
}

func (r *bankAccountRequest) Validate() error {
	if len(r.Currency) != 3 {
		return errors.New("currency is required")
	}
	if r.IBAN == "" && (r.AccountNumber == "" || r.RoutingCode == "") {
		return errors.New("iban or account_number with routing_code is required")
	}
	return nil
}

func (h *Handlers) addBankAccount(w http.ResponseWriter, r *http.Request) {
	req, err := decode[bankAccountRequest](r)
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	acct, err := h.Suppliers.AddBankAccount(r.Context(), httpx.TenantFrom(r.Context()),
		chi.URLParam(r, "supplierID"), suppliers.BankAccountInput{
			Currency:      req.Currency,
			IBAN:          req.IBAN,
			AccountNumber: req.AccountNumber,
			RoutingCode:   req.RoutingCode,
			MakeDefault:   req.MakeDefault,
		})
	if err != nil {
		h.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, acct)
}
