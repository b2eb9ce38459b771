package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/result"
	"github.com/ironvault/pawnline/internal/service"
)

type customerHandlers struct {
	svc CustomerService
}

func (h *customerHandlers) register(w http.ResponseWriter, r *http.Request) {
	var in service.RegisterCustomerInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	writeResult(w, r, http.StatusCreated, result.Of(h.svc.Register(r.Context(), in)))
}

func (h *customerHandlers) get(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "customerID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeResult(w, r, http.StatusOK, result.Of(h.svc.Get(r.Context(), id)))
}

type consentRequest struct {
	Granted bool   `json:"granted"`
	Source  string `json:"source"`
}

func (h *customerHandlers) setConsent(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "customerID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var body consentRequest
	if err := decode(r, &body); err != nil {
		writeError(w, r, err)
		return
	}
	if body.Source == "" {
		body.Source = "counter"
	}
	channel := domain.Channel(chi.URLParam(r, "channel"))
	if err := h.svc.SetConsent(r.Context(), id, channel, body.Granted, body.Source); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type loanHandlers struct {
	svc LoanService
}

func (h *loanHandlers) create(w http.ResponseWriter, r *http.Request) {
	var in service.CreateLoanInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	writeResult(w, r, http.StatusCreated, result.Of(h.svc.Create(r.Context(), in)))
}

func (h *loanHandlers) get(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "loanID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeResult(w, r, http.StatusOK, result.Of(h.svc.Get(r.Context(), id)))
}

func (h *loanHandlers) forfeit(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "loanID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := h.svc.RequestForfeit(r.Context(), id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

type paymentHandlers struct {
	renewals    RenewalService
	redemptions RedemptionService
	cash        CashPaymentService
}

func (h *paymentHandlers) renew(w http.ResponseWriter, r *http.Request) {
	loanID, err := uuidParam(r, "loanID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var in service.CounterRenewalInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	in.LoanID = loanID
	writeResult(w, r, http.StatusCreated, result.Of(h.renewals.RenewAtCounter(r.Context(), in)))
}

func (h *paymentHandlers) redeem(w http.ResponseWriter, r *http.Request) {
	loanID, err := uuidParam(r, "loanID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var in service.RedeemInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	in.LoanID = loanID
	in.RequestKey = r.Header.Get("Idempotency-Key")
	writeResult(w, r, http.StatusCreated, result.Of(h.redemptions.Redeem(r.Context(), in)))
}

func (h *paymentHandlers) cashPayment(w http.ResponseWriter, r *http.Request) {
	loanID, err := uuidParam(r, "loanID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var in service.CashPaymentInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	in.LoanID = loanID
	in.RequestKey = r.Header.Get("Idempotency-Key")
	writeResult(w, r, http.StatusCreated, result.Of(h.cash.Apply(r.Context(), in)))
}

type voidRequest struct {
	Reason string `json:"reason"`
}

func (h *paymentHandlers) void(w http.ResponseWriter, r *http.Request) {
	id, err := uuidParam(r, "redemptionID")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var body voidRequest
	if err := decode(r, &body); err != nil {
		writeError(w, r, err)
		return
	}
	writeResult(w, r, http.StatusOK, result.Of(h.redemptions.Void(r.Context(), id, body.Reason)))
}
