package httpapi

import (
	"net/http"
	"net/mail"
	"strings"

	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/platform/httpx"
)

// CustomerHandlers serves sign-up and account settings.
type CustomerHandlers struct {
	Service *customers.Service
}

type registerRequest struct {
	Email   string `json:"email"`
	Name    string `json:"name"`
	Company string `json:"company,omitempty"`
}

type customerResponse struct {
	ID           string `json:"id"`
	Email        string `json:"email"`
	Name         string `json:"name"`
	BalanceCents int64  `json:"balance_cents"`
	APIKey       string `json:"api_key,omitempty"`
}

// Register handles POST /v1/customers.
func (h *CustomerHandlers) Register(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	if err := httpx.Decode(r, &req); err != nil {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", err.Error())
		return
	}
	if _, err := mail.ParseAddress(req.Email); err != nil {
		httpx.Error(w, http.StatusUnprocessableEntity, "invalid_email", "email address is not valid")
		return
	}
	if strings.TrimSpace(req.Name) == "" {
		httpx.Error(w, http.StatusUnprocessableEntity, "name_required", "name is required")
		return
	}

	reg, err := h.Service.Register(r.Context(), customers.RegisterInput{Email: req.Email, Name: req.Name, Company: req.Company})
	if err != nil {
		httpx.WriteErr(w, err)
		return
	}
	status := http.StatusOK
	if reg.Created {
		status = http.StatusCreated
	}
	httpx.JSON(w, status, customerResponse{
		ID:           reg.Customer.ID.String(),
		Email:        reg.Customer.Email,
		Name:         reg.Customer.Name,
		BalanceCents: reg.Customer.BalanceCents,
		APIKey:       reg.APIKey,
	})
}

type paymentMethodRequest struct {
	PaymentMethod string `json:"payment_method"`
}

// SetPaymentMethod handles PUT /v1/payment-method.
func (h *CustomerHandlers) SetPaymentMethod(w http.ResponseWriter, r *http.Request) {
	var req paymentMethodRequest
	if err := httpx.Decode(r, &req); err != nil || !strings.HasPrefix(req.PaymentMethod, "pm_") {
		httpx.Error(w, http.StatusBadRequest, "invalid_body", "payment_method must be a Stripe payment method id")
		return
	}
	if err := h.Service.SetPaymentMethod(r.Context(), httpx.CustomerID(r.Context()), req.PaymentMethod); err != nil {
		httpx.WriteErr(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
