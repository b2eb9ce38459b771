package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/vendgrid/fleetops/internal/domain"
)

// PaymentHandlers serves the card reader and the support console.
type PaymentHandlers struct {
	svc PaymentUseCases
}

func NewPaymentHandlers(svc PaymentUseCases) *PaymentHandlers { return &PaymentHandlers{svc: svc} }

// authorize is called by the machine's reader after a contactless tap.
// The reader retries on timeout with the same txn_ref.
func (h *PaymentHandlers) authorize(w http.ResponseWriter, r *http.Request) {
	var cmd domain.AuthorizeCard
	if err := decode(r, &cmd); err != nil {
		writeError(w, r, err)
		return
	}
	cmd.MachineID = chi.URLParam(r, "machineID")
	p, err := h.svc.Authorize(r.Context(), cmd)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPaymentView(p))
}

// vendResult is called by the machine once the product dropped or failed to.
func (h *PaymentHandlers) vendResult(w http.ResponseWriter, r *http.Request) {
	var v domain.VendResult
	if err := decode(r, &v); err != nil {
		writeError(w, r, err)
		return
	}
	v.PaymentID = chi.URLParam(r, "paymentID")
	if err := h.svc.RecordVendResult(r.Context(), v); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *PaymentHandlers) get(w http.ResponseWriter, r *http.Request) {
	p, err := h.svc.Get(r.Context(), chi.URLParam(r, "paymentID"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, toPaymentView(p))
}

// refund is the support console's manual refund.
func (h *PaymentHandlers) refund(w http.ResponseWriter, r *http.Request) {
	var cmd domain.RequestRefund
	if err := decode(r, &cmd); err != nil {
		writeError(w, r, err)
		return
	}
	cmd.PaymentID = chi.URLParam(r, "paymentID")
	cmd.RequestKey = r.Header.Get("Idempotency-Key")
	cmd.AgentID = principalFrom(r.Context()).Subject
	ref, err := h.svc.RefundPayment(r.Context(), cmd)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, refundView{
		ID:          ref.ID,
		PaymentID:   ref.PaymentID,
		Status:      string(ref.Status),
		AmountCents: ref.AmountCents,
	})
}
