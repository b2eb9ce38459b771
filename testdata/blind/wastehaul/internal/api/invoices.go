package api

import (
	"errors"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"github.com/haulcore/wastehaul/internal/platform/httpx"
	"github.com/haulcore/wastehaul/internal/providers/rest"
	"github.com/haulcore/wastehaul/internal/service/billing"
	"github.com/haulcore/wastehaul/internal/store"
)

// InvoiceHandler serves the customer-portal payment endpoint.
type InvoiceHandler struct {
	billing billing.Service
}

// NewInvoiceHandler returns the handler group.
func NewInvoiceHandler(b billing.Service) *InvoiceHandler {
	return &InvoiceHandler{billing: b}
}

// Register implements Routes.
func (h *InvoiceHandler) Register(r chi.Router) {
	r.Method(http.MethodPost, "/v1/invoices/{invoiceID}/payments", httpx.Handler(h.pay))
}

type payReq struct {
	PaymentMethodID uuid.UUID `json:"payment_method_id"`
}

func (p payReq) Validate() error {
	if p.PaymentMethodID == uuid.Nil {
		return errors.New("payment_method_id is required")
	}
	return nil
}

type payResp struct {
	Payment store.Payment `json:"payment"`
	Paid    bool          `json:"paid"`
}

func (h *InvoiceHandler) pay(w http.ResponseWriter, r *http.Request) error {
	req, err := httpx.DecodeValid[payReq](r)
	if err != nil {
		return err
	}
	p, err := h.billing.PayInvoice(r.Context(), chi.URLParam(r, "invoiceID"), req.PaymentMethodID)
	var apiErr *rest.APIError
	switch {
	case errors.Is(err, billing.ErrNothingDue):
		return httpx.Conflict("%s", err.Error())
	case errors.As(err, &apiErr):
		return httpx.Upstream("paystream", err)
	case err != nil:
		return err
	}
	status := http.StatusOK
	if p.Status == store.PaymentFailed {
		status = http.StatusPaymentRequired
	}
	return httpx.JSON(w, status, payResp{Payment: p, Paid: p.Status == store.PaymentSucceeded})
}
