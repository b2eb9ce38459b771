package httpapi

import (
	"encoding/json"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/northgate-museums/visitor-platform/internal/app/donations"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
)

type DonationHandlers struct {
	donate cqrs.CommandHandler[donations.Donate]
	resend cqrs.CommandHandler[donations.ResendReceipt]
}

func NewDonationHandlers(donate cqrs.CommandHandler[donations.Donate], resend cqrs.CommandHandler[donations.ResendReceipt]) *DonationHandlers {
	return &DonationHandlers{donate: donate, resend: resend}
}

type donateRequest struct {
	Name          string          `json:"name"`
	Email         string          `json:"email"`
	AmountMinor   int64           `json:"amount_minor"`
	Fund          string          `json:"fund"`
	GiftAid       bool            `json:"gift_aid"`
	AddressLine1  string          `json:"address_line1"`
	Postcode      string          `json:"postcode"`
	PaymentMethod json.RawMessage `json:"payment_method"`
}

func (h *DonationHandlers) Donate(w http.ResponseWriter, r *http.Request) {
	key, err := httpx.RequireIdempotencyKey(r)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	var req donateRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Error(w, r, err)
		return
	}
	res := &cqrs.Result{}
	err = h.donate.Handle(r.Context(), donations.Donate{
		IdempotencyKey: key,
		DonorName:      req.Name,
		DonorEmail:     req.Email,
		AmountMinor:    req.AmountMinor,
		Fund:           req.Fund,
		GiftAid:        req.GiftAid,
		AddressLine1:   req.AddressLine1,
		Postcode:       req.Postcode,
		PaymentMethod:  req.PaymentMethod,
		Result:         res,
	})
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	created(w, res)
}

func (h *DonationHandlers) ResendReceipt(w http.ResponseWriter, r *http.Request) {
	key, err := httpx.RequireIdempotencyKey(r)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	cmd := donations.ResendReceipt{IdempotencyKey: key, DonationID: chi.URLParam(r, "donationID")}
	if err := h.resend.Handle(r.Context(), cmd); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}
